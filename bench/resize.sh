#!/usr/bin/env bash
# Training-size crops: Lightbox's `crop --resize 224` (shrink-on-load, one resample) against a
# pyvips loop that loads sequentially, crops and thumbnail_images, on twenty 24-megapixel JPEGs.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work
count=${BENCH_COUNT:-20}
size=${BENCH_RESIZE:-224}
python3 bench/make-images.py "$work/big" "$count" 6000 4000
{
    echo "input,x,y,width,height"
    for f in "$work/big"/*.jpg; do echo "$(basename "$f"),0.1,0.2,0.5,0.6"; done
} > "$work/big/crops.csv"

export RESULTS=$work/resize.txt
: > "$RESULTS"
rm -rf "$work/resize-out-"*; mkdir -p "$work/resize-out-pyvips"
bench/measure.sh lightbox "$bin" crop --manifest "$work/big/crops.csv" --out-dir "$work/resize-out-lightbox" --resize "$size" -q
bench/measure.sh pyvips-loop python3 bench/pyvips-resize.py "$work/big" "$work/resize-out-pyvips" 0.1 0.2 0.5 0.6 "$size"
echo "## Resize: $count JPEGs of 6000x4000, rect 0.1,0.2,0.5,0.6 (3000x2400) to ${size}x${size} ($(nproc) cores)"
python3 bench/report.py "$RESULTS" "$count"
python3 - "$work" "$size" <<'PY'
import os, sys, pyvips
work, size = sys.argv[1], int(sys.argv[2])
for tool in ("lightbox", "pyvips"):
    folder = f"{work}/resize-out-{tool}"
    sizes = {(i.width, i.height) for i in (pyvips.Image.new_from_file(f"{folder}/{n}") for n in os.listdir(folder) if n.endswith(".jpg"))}
    print(f"{tool}: output sizes {sorted(sizes)}")
PY
