#!/usr/bin/env bash
# Ray Data against the command line on the same 192 rows: 12 smooth 12-megapixel JPEGs with 16
# boxes each. The command line runs `lightbox crop --manifest --jobs 2 --report` and then a
# `--resume` of it (the journal's skip pass); Ray runs docs/ray.md's script as it is written
# there (`python crops_with_ray.py MANIFEST OUT 2`), twice: a first run, then a re-run with
# every output done. Times: the command line's wall time; the script's pipeline (what it
# prints: from reading the manifest to the result, without Ray's start-up, `import ray` and
# `ray.init`) and its whole wall time (Python's start, Ray's start-up, the pipeline, Ray's
# shutdown), each run a fresh process and a fresh Ray, as a user runs it. BENCH_ROUNDS (default 5) rounds, side by side; the
# medians' ratios are printed against the targets of issue 41 (pipeline at most 1.3x the
# command line, a done re-run at most 2x its `--resume`).
# Ray runs from a venv with ray[data] (RAY_PYTHON, default .build/engines/ray-venv, which
# `make test-engines ENGINES=ray` makes, or this script when it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=$(realpath "${LIGHTBOX_BIN:-.build/release/lightbox}")
python=${RAY_PYTHON:-.build/engines/ray-venv/bin/python}
work=$root/bench/work/ray
rounds=${BENCH_ROUNDS:-5}
mkdir -p "$work"
if [ ! -x "$python" ]; then
    python3 -m venv .build/engines/ray-venv && .build/engines/ray-venv/bin/pip install -q pytest 'ray[data]' ./python
    python=.build/engines/ray-venv/bin/python
fi
python3 bench/make-images.py "$work/photos" 12 4000 3000 smooth

# 16 boxes per photo, a 4x4 grid of overlapping 30% squares, each photo's rows together.
{
    echo "input,x,y,width,height,output"
    for f in $(ls "$work/photos"/*.jpg | head -n 12); do
        stem=$(basename "$f" .jpg)
        for n in $(seq 0 15); do
            echo "photos/$stem.jpg,0.$((n % 4 * 2))3,0.$((n / 4 * 2))1,0.3,0.3,$stem-$n.jpg"
        done
    done
} > "$work/rows.csv"
# docs/ray.md's script, as the tests take it.
python3 - "$work/crops_with_ray.py" <<'PY'
import re
import sys
code = re.search(r"```python\n(.*?)\n```", open("docs/ray.md").read(), re.S)
open(sys.argv[1], "w").write(code.group(1) + "\n")
PY

now() { date +%s.%N; }
# Runs the docs' script once; prints "PIPELINE_SECONDS WALL_SECONDS" (its output's "in S s", and the whole run).
ray_run() {
    local start said
    start=$(now)
    said=$(cd "$work" && env HOME="$work" PYTHONPATH="$root/python" LIGHTBOX_BIN="$bin" RAY_TMPDIR="$work/ray-tmp" \
        "$python" crops_with_ray.py rows.csv ray-out 2 2>"$work/ray.log") || {
        echo "bench/ray.sh: the Ray script failed: $(tail -3 "$work/ray.log")" >&2
        exit 1
    }
    echo "$(echo "$said" | sed -n 's/.* in \([0-9.]*\) s (Ray.s start-up.*/\1/p') $(echo "$(now) - $start" | bc)"
}

results=$work/results.txt
: > "$results"
for round in $(seq 1 "$rounds"); do
    rm -rf "$work/cli" "$work/cli.jsonl" "$work/ray-out"
    start=$(now)
    "$bin" crop --manifest "$work/rows.csv" --out-dir "$work/cli" --jobs 2 -q --report "$work/cli.jsonl"
    cli=$(echo "$(now) - $start" | bc)
    start=$(now)
    "$bin" crop --manifest "$work/rows.csv" --out-dir "$work/cli" --jobs 2 -q --report "$work/cli.jsonl" --resume
    resume=$(echo "$(now) - $start" | bc)
    read -r pipeline wall < <(ray_run)
    read -r again again_wall < <(ray_run)
    [ "$(ls "$work/ray-out" | grep -c '\.jpg$')" = 192 ] || { echo "bench/ray.sh: Ray made no 192 crops" >&2; exit 1; }
    echo "$round $cli $resume $pipeline $wall $again $again_wall" >> "$results"
done

# Memory of the command line's process tree on the same rows, for sizing a pod or a Slurm task.
for jobs in 1 2; do
    rm -rf "$work/cli"
    echo "cli-memory jobs=$jobs $(python3 bench/tree-rss.py "$bin" crop --manifest "$work/rows.csv" \
        --out-dir "$work/cli" --jobs "$jobs" -q 2>&1 | tail -1)"
done
echo

python3 - "$results" "$(uptime | sed 's/.*load average: //')" <<'PY'
import statistics
import sys

rounds = [[float(field) for field in line.split()[1:]] for line in open(sys.argv[1])]
medians = [statistics.median(column) for column in zip(*rounds)]
print(f"## Ray Data vs the command line: 192 rows, 12 MP JPEGs, 16 boxes each (load average at the end: {sys.argv[2]})")
print()
print("| round | cli s | cli --resume s | ray pipeline s | ray script s | ray re-run pipeline s | ray re-run script s "
      "| pipeline / cli | script / cli | re-run / --resume | re-run script / --resume |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")


def row(name, cli, resume, pipeline, wall, again, again_wall):
    print(f"| {name} | {cli:.2f} | {resume:.3f} | {pipeline:.2f} | {wall:.2f} | {again:.3f} | {again_wall:.2f} "
          f"| {pipeline / cli:.2f}x | {wall / cli:.2f}x | {again / resume:.2f}x | {again_wall / resume:.2f}x |")


for n, times in enumerate(rounds):
    row(str(n + 1), *times)
row("median", *medians)
cli, resume, pipeline, wall, again, again_wall = medians
print()
for what, ratio, target in (("pipeline / cli", pipeline / cli, 1.3), ("done re-run / cli --resume", again / resume, 2.0)):
    print(f"{what}: {ratio:.2f}x (target at most {target}x: {'met' if ratio <= target else 'MISSED'})")
PY
