#!/usr/bin/env bash
# Ray Data against the command line on the same rows: 12-megapixel JPEGs with 16 boxes each,
# `lightbox crop --manifest --jobs 2` against lightbox.ray.Crops on two actors (one job each),
# at 192 and 576 rows. The marginal throughput, (576 - 192) rows over the difference of the two
# times, leaves out what both pay once (Ray's and the actors' start-up, a process's start).
# Ray runs from a venv with ray[data] (RAY_PYTHON, default .build/engines/ray-venv, which
# `make test-engines ENGINES=ray` makes, or this script when it is missing). BENCH_ROUNDS
# (default 5) rounds, each side by side; the last row is the ratio of the median times.
# RAY_JOBS (default 1) and RAY_BATCH (64) set each actor's jobs and Ray's batch size.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${LIGHTBOX_BIN:-.build/release/lightbox}")
python=${RAY_PYTHON:-.build/engines/ray-venv/bin/python}
work=bench/work/ray
rounds=${BENCH_ROUNDS:-5}
mkdir -p "$work"
if [ ! -x "$python" ]; then
    python3 -m venv .build/engines/ray-venv && .build/engines/ray-venv/bin/pip install -q pytest 'ray[data]' ./python
    python=.build/engines/ray-venv/bin/python
fi
python3 bench/make-images.py "$work/photos" 36 4000 3000 smooth

# 16 boxes per photo, a 4x4 grid of overlapping 30% squares, each photo's rows together.
manifest() {
    echo "input,x,y,width,height,output"
    for f in $(ls "$work/photos"/*.jpg | head -n "$1"); do
        stem=$(basename "$f" .jpg)
        for n in $(seq 0 15); do
            echo "photos/$stem.jpg,0.$((n % 4 * 2))3,0.$((n / 4 * 2))1,0.3,0.3,$stem-$n.jpg"
        done
    done
}
manifest 12 > "$work/rows192.csv"
manifest 36 > "$work/rows576.csv"

results=$work/results.txt
: > "$results"
for round in $(seq 1 "$rounds"); do
    for rows in 192 576; do
        rm -rf "$work/cli"
        start=$(date +%s.%N)
        "$bin" crop --manifest "$work/rows$rows.csv" --out-dir "$work/cli" --jobs 2 -q
        echo "cli $rows $(echo "$(date +%s.%N) - $start" | bc)" >> "$results"
    done
    rm -rf "$work/ray-out"
    PYTHONPATH=python HOME=$PWD/$work "$python" bench/ray-crops.py "$bin" "$work/ray-out" \
        "$work/rows192.csv" "$work/rows576.csv" >> "$results"
done

# Memory of the command line's process tree on the same rows, for sizing a pod or a Slurm task.
for jobs in 1 2; do
    rm -rf "$work/cli"
    echo "cli-memory jobs=$jobs $(python3 bench/tree-rss.py "$bin" crop --manifest "$work/rows192.csv" \
        --out-dir "$work/cli" --jobs "$jobs" -q 2>&1 | tail -1)"
done
echo

python3 - "$results" "$(uptime | sed 's/.*load average: //')" <<'PY'
import statistics
import sys
from collections import defaultdict

times = defaultdict(list)
for line in open(sys.argv[1]):
    side, rows, seconds = line.split()
    times[side, int(rows)].append(float(seconds))
print(f"## Ray Data vs the command line: 12 MP JPEGs, 16 boxes each (load average at the end: {sys.argv[2]})")
print()
print("| round | cli 192 rows s | cli 576 rows s | cli marginal rows/s | ray 192 rows s | ray 576 rows s | ray marginal rows/s | ray / cli |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
rounds = [tuple(times[key][n] for key in (("cli", 192), ("cli", 576), ("ray", 192), ("ray", 576)))
          for n in range(len(times["cli", 192]))]
medians = tuple(statistics.median(column) for column in zip(*rounds))


def row(name, c192, c576, r192, r576):
    cli, ray = 384 / (c576 - c192), 384 / (r576 - r192)
    print(f"| {name} | {c192:.2f} | {c576:.2f} | {cli:.1f} | {r192:.2f} | {r576:.2f} | {ray:.1f} | {ray / cli:.2f}x |")


for n, times_of_round in enumerate(rounds):
    row(str(n + 1), *times_of_round)
row("median", *medians)
PY
