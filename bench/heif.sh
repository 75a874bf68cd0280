#!/usr/bin/env bash
# The HEIF tile path (issue 25), side by side in one run, on the real 12 MP iPhone photo in
# Fixtures/heif (3024x4032, 48 tiles of 512x512) and on grids of its tiles (bench/make-heics.py):
# 1. a 0.1 x 0.1 crop of the middle: Lightbox (tiles under the rect) against `vips crop` of the
#    same pixels and Lightbox's libvips path (LIGHTBOX_NO_REGION=1);
# 2. `view --zoom 4` against `view --zoom 1` of the same photo, on a 390x844 screen at scale 1
#    and 3, with the zoom 4 also through the libvips path;
# 3. boards of four photos of one shape each (4:3, 3:4, 16:9, 1:1, panorama), tiles against the
#    libvips path, with the tiles each card's centre square needs; then the board of all twenty.
# Each crop and view command runs BENCH_HEIF_RUNS times (default 15), each board a fifth as many
# (at least 3), interleaved after a warm-up run; bench/tree.py reports the
# median and minimum time and the memory of the whole process tree (supervisor and worker).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=$(pwd)/bench/work/heif
runs=${BENCH_HEIF_RUNS:-15}
board_runs=$(( runs / 5 > 3 ? runs / 5 : 3 ))
phone=Fixtures/heif/IMG_2927.HEIC
mkdir -p "$work"

rect=0.45,0.45,0.1,0.1
pixels=$("$bin" crop "$phone" --rect "$rect" -o "$work/crop.jpg" --dry-run --force | python3 -c '
import json, sys
p = json.loads(sys.stdin.readline())["pixels"]
print(p["left"], p["top"], p["width"], p["height"])')
echo "## HEIF: a 0.1 x 0.1 crop ($pixels) of the middle of a 12 MP iPhone HEIC ($runs runs each, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo
python3 bench/tree.py "$runs" \
    "lightbox=$bin crop $phone --rect $rect -o $work/crop-tiles.jpg --force" \
    "vips-crop=vips crop $phone $work/crop-vips.jpg $pixels" \
    "lightbox-libvips-path=LIGHTBOX_NO_REGION=1 $bin crop $phone --rect $rect -o $work/crop-libvips.jpg --force"
echo

for scale in 1 3; do
    view="$bin view $phone --screen 390x844 --scale $scale --force"
    echo "## HEIF: view --zoom 4 against --zoom 1 of the iPhone photo, 390x844 at scale $scale ($runs runs each, load $(cut -d' ' -f1-3 /proc/loadavg))"
    echo
    python3 bench/tree.py "$runs" \
        "zoom-4=$view --zoom 4 -o $work/view-4.jpg" \
        "zoom-1=$view --zoom 1 -o $work/view-1.jpg" \
        "zoom-4-libvips-path=LIGHTBOX_NO_REGION=1 $view --zoom 4 -o $work/view-4-libvips.jpg"
    echo
done

python3 bench/make-heics.py "$work/photos" 20
board="--size 1000x800 --scale 2 --force"
echo "## HEIF: boards of four iPhone-tile HEICs of one shape, 1000x800 at scale 2 ($board_runs runs each, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo
python3 - "$bin" "$work/photos" <<'PY'
import json, subprocess, sys
# The tiles each card's centre square and its margin need (CardPhoto.centreArea), of the grid's.
binary, folder = sys.argv[1], sys.argv[2]
shapes = {"4x3": (8, 6, 4032, 3024), "3x4": (6, 8, 3024, 4032), "16x9": (8, 5, 4032, 2268),
          "1x1": (6, 6, 3024, 3024), "pano": (16, 4, 8064, 2048)}
layout = json.loads(subprocess.run([binary, "board", f"{folder}/4x3-00.heic", "--size", "1000x800", "--scale", "2",
                                    "-o", f"{folder}/dry.jpg", "--dry-run", "--force"], capture_output=True,
                                   text=True).stdout)
side = round((layout["card"]["width"] - 16) * layout["scale"])
print(f"Each card's photo square is {side} pixels.\n")
print("| shape | size | tiles | tiles the square needs |")
print("| --- | --- | ---: | ---: |")
for name, (columns, rows, w, h) in shapes.items():
    square = min(w, h)
    margin = 4 * square // side + 20
    left, right = max(0, (w - square) // 2 - margin), min(w, (w + square) // 2 + margin + 1)
    top, bottom = max(0, (h - square) // 2 - margin), min(h, (h + square) // 2 + margin + 1)
    needed = ((right - 1) // 512 - left // 512 + 1) * ((bottom - 1) // 512 - top // 512 + 1)
    print(f"| {name} | {w}x{h} | {columns * rows} | {needed} |")
print()
PY
for shape in 4x3 3x4 16x9 1x1 pano; do
    photos=$(ls "$work"/photos/"$shape"-*.heic | tr '\n' ' ')
    echo "### $shape"
    echo
    python3 bench/tree.py "$board_runs" \
        "tiles=$bin board $photos $board -o $work/board-$shape.jpg" \
        "libvips-path=LIGHTBOX_NO_REGION=1 $bin board $photos $board -o $work/board-$shape-libvips.jpg"
    echo
done
photos=$(ls "$work"/photos/*.heic | tr '\n' ' ')
echo "### all twenty"
echo
python3 bench/tree.py "$board_runs" \
    "tiles=$bin board $photos $board -o $work/board-all.jpg" \
    "libvips-path=LIGHTBOX_NO_REGION=1 $bin board $photos $board -o $work/board-all-libvips.jpg"
