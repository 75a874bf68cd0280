#!/usr/bin/env bash
# JPEG region decoding (issue 15), side by side in one run:
# 1. a 30000x30000 (900-megapixel) baseline JPEG, rect 0,0.8,0.1,0.1 (a 3000x3000 crop near the
#    bottom): Lightbox against `vips crop` and a sequential pyvips crop;
# 2. 24-megapixel JPEGs, smooth photo-like and noisy, rect 0.1,0.2,0.5,0.6, one job: Lightbox
#    (region decoder) against the pyvips loop, and Lightbox's libvips path (LIGHTBOX_NO_REGION=1)
#    for today's figure;
# 3. view --zoom 3 of the same JPEGs against today's view, on both screen orientations.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=$(pwd)/bench/work
count=${BENCH_REGION_COUNT:-10}
mkdir -p "$work/region"
huge=$work/region/huge.jpg
if [ ! -s "$huge" ]; then
    python3 -c "
import pyvips, sys
xy = pyvips.Image.xyz(30000, 30000)
image = (xy[0] * (255 / 30000)).bandjoin([xy[1] * (255 / 30000), (xy[0] + xy[1]) * (127 / 60000)])
image.cast('uchar').copy(interpretation='srgb').jpegsave(sys.argv[1], Q=85)
" "$huge"
fi

export RESULTS=$work/region/huge.txt
: > "$RESULTS"
rm -rf "$work/region/out"; mkdir -p "$work/region/out"
bench/measure.sh lightbox "$bin" crop "$huge" --rect 0,0.8,0.1,0.1 --max-pixels 0 -o "$work/region/out/lightbox.jpg"
bench/measure.sh vips-crop vips crop "$huge" "$work/region/out/vips.jpg" 0 24000 3000 3000
bench/measure.sh pyvips-sequential python3 -c "
import pyvips, sys
pyvips.Image.new_from_file(sys.argv[1], access='sequential').crop(0, 24000, 3000, 3000).write_to_file(sys.argv[2])
" "$huge" "$work/region/out/pyvips.jpg"
echo "## Region: one 3000x3000 crop of a 30000x30000 JPEG, rect 0,0.8,0.1,0.1 ($(nproc) cores)"
echo
python3 bench/report.py "$RESULTS" 1
echo

for kind in smooth noisy; do
    folder=$work/region/$kind
    python3 bench/make-images.py "$folder" "$count" 6000 4000 $([ "$kind" = smooth ] && echo smooth)
    { echo "input,x,y,width,height"; for f in "$folder"/img*.jpg; do echo "$(basename "$f"),0.1,0.2,0.5,0.6"; done; } > "$folder/crops.csv"
    export RESULTS=$work/region/$kind.txt
    : > "$RESULTS"
    rm -rf "$work/region/out-"*; mkdir -p "$work/region/out-pyvips"
    bench/measure.sh lightbox-region "$bin" crop --manifest "$folder/crops.csv" --out-dir "$work/region/out-region" --jobs 1 -q
    bench/measure.sh pyvips-loop python3 bench/pyvips-crop.py "$folder" "$work/region/out-pyvips" 0.1 0.2 0.5 0.6
    LIGHTBOX_NO_REGION=1 bench/measure.sh lightbox-libvips-path "$bin" crop --manifest "$folder/crops.csv" --out-dir "$work/region/out-libvips" --jobs 1 -q
    echo "## Region: $count $kind JPEGs of 6000x4000, rect 0.1,0.2,0.5,0.6, --jobs 1 ($(nproc) cores)"
    echo
    python3 bench/report.py "$RESULTS" "$count"
    echo
done

# 3. view --zoom 3 of the 24-megapixel JPEGs at 3x on a phone held upright (390x844: every
#    row of a landscape photo on screen) and turned (844x390: a third of the rows): the part on
#    screen only (region decoder) against today's whole decode (LIGHTBOX_NO_REGION=1), one job each.
for kind in smooth noisy; do
    folder=$work/region/$kind
    for f in "$folder"/img*.jpg; do
        echo "{\"input\":\"$f\",\"output\":\"$(basename "$f")\"}"
    done > "$folder/view.jsonl"
    export RESULTS=$work/region/view-$kind.txt
    : > "$RESULTS"
    for screen in 390x844 844x390; do
        rm -rf "$work/region/view-"{region,libvips}
        bench/measure.sh "view-$screen-region" "$bin" view --manifest "$folder/view.jsonl" --out-dir "$work/region/view-region" \
            --screen "$screen" --scale 3 --zoom 3 --offset 150,0 --jobs 1 -q
        LIGHTBOX_NO_REGION=1 bench/measure.sh "view-$screen-libvips-path" "$bin" view --manifest "$folder/view.jsonl" \
            --out-dir "$work/region/view-libvips" --screen "$screen" --scale 3 --zoom 3 --offset 150,0 --jobs 1 -q
    done
    echo "## Region: view --zoom 3 of $count $kind JPEGs of 6000x4000 at 3x, --jobs 1 ($(nproc) cores)"
    echo
    python3 bench/report.py "$RESULTS" "$count"
    echo
done
