#!/usr/bin/env bash
# Crop benchmark: Lightbox's manifest crop against a pyvips loop, a `vips crop` loop and ImageMagick,
# side by side in one run, on twenty 24-megapixel JPEGs; then 10,000 small images for per-image overhead.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work
count=${BENCH_COUNT:-20}
small=${BENCH_SMALL:-10000}
mkdir -p "$work"
python3 bench/make-images.py "$work/big" "$count" 6000 4000
python3 bench/make-images.py "$work/small" "$small" 64 64

# The rect of the libvips notes: 0.1, 0.2, 0.5, 0.6 of 6000x4000 is 600, 800, 3000x2400.
manifest() {
    echo "input,x,y,width,height"
    for f in "$1"/*.jpg; do echo "$(basename "$f"),0.1,0.2,0.5,0.6"; done
}
manifest "$work/big" > "$work/big/crops.csv"
manifest "$work/small" > "$work/small/crops.csv"

run_big() {
    export RESULTS=$1
    : > "$RESULTS"
    rm -rf "$work/out-"*; mkdir -p "$work/out-pyvips" "$work/out-vips" "$work/out-magick"
    bench/measure.sh lightbox "$bin" crop --manifest "$work/big/crops.csv" --out-dir "$work/out-lightbox" -q
    bench/measure.sh pyvips-loop python3 bench/pyvips-crop.py "$work/big" "$work/out-pyvips" 0.1 0.2 0.5 0.6
    bench/measure.sh vips-crop-loop bash -c "for f in $work/big/*.jpg; do vips crop \"\$f\" $work/out-vips/\$(basename \"\$f\") 600 800 3000 2400; done"
    bench/measure.sh imagemagick bash -c "for f in $work/big/*.jpg; do ${CONVERT:-/usr/bin/convert} \"\$f\" -crop 3000x2400+600+800 +repage $work/out-magick/\$(basename \"\$f\"); done"
}

run_small() {
    export RESULTS=$1
    : > "$RESULTS"
    rm -rf "$work/small-out-"*; mkdir -p "$work/small-out-pyvips"
    bench/measure.sh lightbox "$bin" crop --manifest "$work/small/crops.csv" --out-dir "$work/small-out-lightbox" -q
    bench/measure.sh pyvips-loop python3 bench/pyvips-crop.py "$work/small" "$work/small-out-pyvips" 0.1 0.2 0.5 0.6
}

echo "## Crop: $count JPEGs of 6000x4000, rect 0.1,0.2,0.5,0.6 ($(nproc) cores)"
run_big "$work/big.txt"
python3 bench/report.py "$work/big.txt" "$count"
echo
echo "## Crop: $small JPEGs of 64x64 (per-image overhead)"
run_small "$work/small.txt"
python3 bench/report.py "$work/small.txt" "$small"
awk -v n="$small" '{ printf "%s: %.2f ms per image\n", $1, $2 * 1000 / n }' "$work/small.txt"
