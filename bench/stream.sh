#!/usr/bin/env bash
# Streaming (issue 39): a 200,000-line crop manifest, a COCO file of 860,000 annotations and a
# --resume over a 1,000,000-line journal, each run by this build and, when BASE names another
# lightbox binary (an older build), by that one beside it in the same run. Reports the seconds
# to the first record, the whole run's seconds and the peak memory. The manifest and COCO runs
# plan every line and run one shard in a thousand (--dry-run), so they measure the planner.
#
# usage: [BASE=path/to/old/lightbox] bench/stream.sh [LINES ANNOTATIONS JOURNAL]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work/stream
lines=${1:-200000}
annotations=${2:-860000}
journal=${3:-1000000}
python3 bench/make-stream.py "$work" "$lines" "$annotations" "$journal"
mkdir -p "$work/images"

# run NAME BINARY ARGS...: the first record's and the whole run's seconds, and the peak memory.
run() {
    local name=$1 binary=$2
    shift 2
    rm -rf "$work/out"
    [ -f "$work/journal.jsonl" ] && cp "$work/journal.jsonl" "$work/report.jsonl"
    python3 - "$name" "$(realpath "$binary")" "$@" <<'PY'
import subprocess, sys, time, resource
name, binary, args = sys.argv[1], sys.argv[2], sys.argv[3:]
start = time.time()
child = subprocess.Popen([binary] + args, cwd="bench/work/stream", stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
first = None
for line in child.stdout:
    first = first or time.time() - start
child.wait()
total = time.time() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"{name:28} first {first or total:7.2f} s   whole {total:7.2f} s   peak {peak / 1024:8.0f} MB")
PY
}

for binary in ${BASE:+"$BASE"} "$bin"; do
    label=$([ "$binary" = "$bin" ] && echo this || echo base)
    run "manifest $lines ($label)" "$binary" crop --manifest manifest.csv --out-dir out --dry-run --shard 1/1000
    run "coco $annotations ($label)" "$binary" crop --coco instances.json --images images --out-dir out \
        --dry-run --shard 1/1000
    run "resume $journal ($label)" "$binary" crop --manifest one.csv --out-dir out --report report.jsonl --resume
done
