#!/usr/bin/env bash
# `make test-engines` (part of `make test`): the tests that need an engine, each with what it needs
# installed first (Debian's packages as root, PyPI into a venv under .build/engines).
#
#   scripts/test-engines.sh [python] [kubernetes] [slurm] [image] [ray]   (default: all five)
#
# An engine whose packages cannot be installed (not root, no network) is skipped with one line
# saying why; a test that fails fails the run. LIGHTBOX_BIN picks the binary (default
# .build/debug/lightbox); the image test builds `make image` from the release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(python kubernetes slurm image ray)
export LIGHTBOX_BIN=${LIGHTBOX_BIN:-$root/.build/debug/lightbox}
work=$root/.build/engines
mkdir -p "$work"
declare -A outcome=()
# The test venv's PyPI packages: the test runner, the offline Kubernetes validator, the type checker, and
# numpy (the client takes its numbers; the package itself never imports it), and what builds its wheel.
tools=(pytest kubernetes-validate mypy numpy setuptools wheel)

# Installs the Debian packages named when a command of theirs is missing; fails with a reason.
apt_install() {
    local need=() pair
    for pair in "$@"; do
        command -v "${pair%%:*}" >/dev/null 2>&1 || need+=("${pair#*:}")
    done
    [ ${#need[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        reason="needs ${need[*]} from Debian, and installing them needs root"
        return 1
    fi
    echo "engines: installing ${need[*]} from Debian" >&2
    # With their recommends, as tested here (podman's and mmdebstrap's helpers among them).
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; } \
        2>"$work/apt.log"; then
        reason="apt-get install ${need[*]} failed: $(tail -1 "$work/apt.log")"
        return 1
    fi
}

# Makes the venv $1 with the PyPI packages after it, once (a stamp names what it holds).
venv() {
    local folder=$1
    shift
    local stamp="$folder/.lightbox-stamp" wanted="$*"
    [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ] && return 0
    rm -rf "$folder"
    if ! python3 -m venv "$folder" 2>"$work/venv.log"; then
        reason="python3 -m venv failed (Debian: python3-venv): $(tail -1 "$work/venv.log")"
        return 1
    fi
    echo "engines: pip install $* into ${folder#"$root"/}" >&2
    if ! "$folder/bin/pip" install -q "$@" >"$work/pip.log" 2>&1; then
        reason="pip install $* failed: $(tail -1 "$work/pip.log")"
        return 1
    fi
    echo "$wanted" >"$stamp"
}

# Runs pytest from venv $1 over the files after it, with the repo's Python package importable.
run_pytest() {
    local folder=$1
    shift
    PYTHONPATH="$root/python" "$folder/bin/python" -m pytest -q -rs -p no:cacheprovider "$@"
}

# Each engine: 0 passed, 1 failed, 2 skipped (with $reason).
engine_python() {
    venv "$work/venv" "${tools[@]}" || return 2
    run_pytest "$work/venv" python/tests --ignore=python/tests/test_ray.py || return 1
}

engine_kubernetes() {
    venv "$work/venv" "${tools[@]}" || return 2
    run_pytest "$work/venv" Tests/Engines/test_kubernetes.py || return 1
}

engine_slurm() {
    apt_install slurmctld:slurm-wlm munged:munge || return 2
    venv "$work/venv" "${tools[@]}" || return 2
    run_pytest "$work/venv" Tests/Engines/test_slurm.py || return 1
}

engine_image() {
    apt_install podman:podman mmdebstrap:mmdebstrap runc:runc || return 2
    venv "$work/venv" "${tools[@]}" || return 2
    make --no-print-directory image || return 1
    run_pytest "$work/venv" Tests/Engines/test_image.py || return 1
}

engine_ray() {
    venv "$work/ray-venv" pytest 'ray[data]' "$root/python" || return 2
    HOME=$work/ray-home run_pytest "$work/ray-venv" python/tests/test_ray.py || return 1
}

failed=0
for engine in "${engines[@]}"; do
    reason=""
    echo "engines: $engine" >&2
    status=0
    "engine_$engine" || status=$?
    case $status in
        0) outcome[$engine]="passed" ;;
        2)
            outcome[$engine]="SKIPPED ($reason)"
            echo "engines: SKIPPED $engine: $reason" >&2
            ;;
        *)
            outcome[$engine]="FAILED"
            failed=1
            ;;
    esac
done
echo "engines:" >&2
for engine in "${engines[@]}"; do echo "  $engine: ${outcome[$engine]}" >&2; done
exit $failed
