#!/usr/bin/env bash
# The image's provenance as OCI labels, one KEY=VALUE a line, for build.sh (`make image`) and the Containerfile:
#
#   org.opencontainers.image.source    the repository: IMAGE_SOURCE, else git's origin remote as an https URL
#                                      (never its user or password); left out when neither gives one
#   org.opencontainers.image.revision  the commit checked out (git rev-parse HEAD), with -dirty after it when
#                                      tracked files differ from it; left out outside a git checkout
#   org.opencontainers.image.created   the build's time, RFC 3339 in UTC: SOURCE_DATE_EPOCH if set, else now
#   org.opencontainers.image.licenses  IMAGE_LICENSES (an SPDX expression), else NOASSERTION (SPDX's "not said"):
#                                      the repository declares no licence of its own yet
#
#   deploy/image/labels.sh               KEY=VALUE lines
#   deploy/image/labels.sh --build-args  --build-arg=NAME=VALUE lines, the Containerfile's SOURCE, REVISION,
#                                        CREATED and LICENSES (read them with mapfile: a value may hold spaces)
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=org.opencontainers.image

# An origin remote as a URL a browser opens: scp-like and ssh:// forms become https://, credentials and .git go.
source_url() {
    local remote
    remote=${IMAGE_SOURCE:-$(git config --get remote.origin.url 2>/dev/null || true)}
    case $remote in
        *://*) ;;
        *@*:*) remote="ssh://${remote%%:*}/${remote#*:}" ;;
        *) return 0 ;;  # a local path, or nothing: no URL to give
    esac
    local scheme=${remote%%://*} rest=${remote#*://}
    local host=${rest%%/*}
    local path=${rest#"$host"}
    host=${host##*@}  # user[:password]@ goes
    case $scheme in
        ssh | git | git+ssh) scheme=https host=${host%%:*} ;;  # and an ssh port
    esac
    echo "$scheme://$host${path%.git}"
}

revision() {
    local commit
    commit=$(git rev-parse --verify -q HEAD 2>/dev/null) || return 0
    git diff --quiet HEAD -- 2>/dev/null || commit="$commit-dirty"
    echo "$commit"
}

source=$(source_url)
commit=$(revision)
created=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%Y-%m-%dT%H:%M:%SZ)
licenses=${IMAGE_LICENSES:-NOASSERTION}

if [ "${1:-}" = --build-args ]; then
    echo "--build-arg=SOURCE=$source"
    echo "--build-arg=REVISION=${commit:-unknown}"
    echo "--build-arg=CREATED=$created"
    echo "--build-arg=LICENSES=$licenses"
    exit 0
fi
[ -z "$source" ] || echo "$prefix.source=$source"
[ -z "$commit" ] || echo "$prefix.revision=$commit"
echo "$prefix.created=$created"
echo "$prefix.licenses=$licenses"
