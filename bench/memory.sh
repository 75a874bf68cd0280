#!/usr/bin/env bash
# Memory over a long batch: samples the resident memory of Lightbox and its workers while it crops 10,000 small images
# (twice through the manifest: 20,000 items), and prints the samples at each tenth of the run.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work
small=${BENCH_SMALL:-10000}
python3 bench/make-images.py "$work/small" "$small" 64 64
{
    echo "input,x,y,width,height,output"
    for f in "$work"/small/*.jpg; do
        name=$(basename "$f" .jpg)
        echo "$name.jpg,0.1,0.2,0.5,0.6,a/$name.png"
        echo "$name.jpg,0.2,0.1,0.6,0.5,b/$name.png"
    done
} > "$work/small/memory.csv"
rm -rf "$work/memory-out"
"$bin" crop --manifest "$work/small/memory.csv" --out-dir "$work/memory-out" -q &
pid=$!
samples=()
while kill -0 "$pid" 2>/dev/null; do
    # Lightbox and its worker processes together (the workers hold the decoded images).
    procs="$pid $(cat /proc/"$pid"/task/*/children 2>/dev/null || true)"
    rss=$(for p in $procs; do awk '/VmRSS/ { print $2 }' "/proc/$p/status" 2>/dev/null; done | awk '{ s += $1 } END { if (NR) print s }')
    [ -n "$rss" ] && samples+=("$rss")
    sleep 0.2
done
wait "$pid"
count=${#samples[@]}
echo "## Memory over $((small * 2)) items ($count samples of resident memory, MB)"
echo
echo "| point in the run | RSS (MB) |"
echo "| --- | ---: |"
for tenth in 1 2 3 4 5 6 7 8 9 10; do
    index=$(( (count - 1) * tenth / 10 ))
    echo "| $((tenth * 10))% | $(( samples[index] / 1024 )) |"
done
