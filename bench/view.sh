#!/usr/bin/env bash
# View benchmark: 20 snapshots at 1170x2532 (390x844 points at 3x) of twenty 24-megapixel JPEGs,
# side by side in one run: Lightbox's manifest (one process, --jobs = cores), Lightbox once per
# snapshot, a vipsthumbnail loop making the fitted image, and ImageMagick doing the fit and extent.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=$(pwd)/bench/work
count=${BENCH_COUNT:-20}
convert=${CONVERT:-/usr/bin/convert}
python3 bench/make-images.py "$work/big" "$count" 6000 4000
photos=("$work"/big/img*.jpg)
photos=("${photos[@]:0:$count}")
for photo in "${photos[@]}"; do
    echo "{\"input\":\"$(realpath "$photo")\",\"output\":\"$(basename "$photo")\"}"
done > "$work/view-states.jsonl"

export RESULTS=$work/view.txt
: > "$RESULTS"
rm -rf "$work"/view-out-*; mkdir -p "$work/view-out-loop" "$work/view-out-thumb" "$work/view-out-magick"
bench/measure.sh lightbox-manifest "$bin" view --manifest "$work/view-states.jsonl" --out-dir "$work/view-out-manifest" \
    --screen 390x844 --scale 3 -q
bench/measure.sh lightbox-per-snapshot bash -c "for f in ${photos[*]}; do $bin view \"\$f\" --screen 390x844 --scale 3 -o $work/view-out-loop/\$(basename \"\$f\"); done"
bench/measure.sh vipsthumbnail-loop bash -c "for f in ${photos[*]}; do vipsthumbnail \"\$f\" --size 1170x2532 -o $work/view-out-thumb/%s.jpg; done"
bench/measure.sh imagemagick bash -c "for f in ${photos[*]}; do $convert \"\$f\" -resize 1170x2532 -background black -gravity center -extent 1170x2532 $work/view-out-magick/\$(basename \"\$f\"); done"
echo "## View: $count snapshots at 1170x2532 from 6000x4000 JPEGs ($(nproc) cores)"
echo
python3 bench/report.py "$RESULTS" "$count"
