#!/usr/bin/env bash
# PNG output (issue 32), side by side in one run:
# 1. a 1170x2532 snapshot (390x844 points at 3x) written as JPEG and as PNG, one process each,
#    interleaved: the real 12 MP iPhone HEIC of Fixtures/heif at zoom 4 (as the issue measured it),
#    and a smooth 24 MP photo-like JPEG fitted; the PNG by Lightbox's encoder and by libvips'
#    writer (LIGHTBOX_PNG_WRITER=libvips). Target: PNG at most 1.4x the JPEG's time.
# 2. the same pixels (that snapshot, saved first as a .v file) written as PNG by Lightbox (`crop`
#    of the whole image), by Lightbox with libvips' writer, by `vips copy` (libvips' pngsave) and by
#    ImageMagick's `convert`: time, CPU and the file's size. Target: no larger than libvips'.
# BENCH_PNG_RUNS runs each (default 11), after a warm-up; bench/tree.py reports medians and CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=$(pwd)/bench/work/png
runs=${BENCH_PNG_RUNS:-11}
convert=${CONVERT:-/usr/bin/convert}
phone=Fixtures/heif/IMG_2927.HEIC
mkdir -p "$work"
python3 bench/make-images.py "$work/photo" 1 6000 4000 smooth
photo=$work/photo/img00000.jpg

for input in "$phone:4" "$photo:1"; do
    file=${input%:*} zoom=${input##*:}
    view="$bin view $file --screen 390x844 --scale 3 --zoom $zoom --force"
    echo "## PNG: a 1170x2532 snapshot of $(basename "$file") at zoom $zoom, as JPEG and as PNG ($runs runs each, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
    echo
    python3 bench/tree.py "$runs" \
        "jpeg=$view -o $work/shot.jpg" \
        "png=$view -o $work/shot.png" \
        "png-libvips-writer=LIGHTBOX_PNG_WRITER=libvips $view -o $work/shot-libvips.png"
    echo
    echo "Sizes: JPEG $(stat -c %s "$work/shot.jpg") bytes, PNG $(stat -c %s "$work/shot.png"), PNG by libvips' writer $(stat -c %s "$work/shot-libvips.png")."
    echo
done

# The same pixels as PNG: the HEIC snapshot at zoom 4, as a .v file (and a PPM for ImageMagick).
LIGHTBOX_PNG_WRITER=libvips "$bin" view "$phone" --screen 390x844 --scale 3 --zoom 4 -o "$work/pixels.png" --force
vips copy "$work/pixels.png" "$work/pixels.v"
vips copy "$work/pixels.png" "$work/pixels.ppm"
echo "## PNG: writing the same 1170x2532 pixels as PNG ($runs runs each, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo
python3 bench/tree.py "$runs" \
    "lightbox=$bin crop $work/pixels.v --rect 0,0,1,1 -o $work/out-lightbox.png --force" \
    "lightbox-libvips-writer=LIGHTBOX_PNG_WRITER=libvips $bin crop $work/pixels.v --rect 0,0,1,1 -o $work/out-libvips-writer.png --force" \
    "vips-copy=vips copy $work/pixels.v $work/out-vips.png" \
    "convert=$convert $work/pixels.ppm $work/out-convert.png"
echo
echo "| writer | bytes | against libvips' |"
echo "| --- | ---: | ---: |"
for name in lightbox libvips-writer vips convert; do
    size=$(stat -c %s "$work/out-$name.png")
    echo "| $name | $size | $(python3 -c "print(f'{$size / $(stat -c %s "$work/out-vips.png"):.2f}x')") |"
done
python3 - "$work" <<'PY'
import sys
import pyvips
folder = sys.argv[1]
reference = pyvips.Image.new_from_file(f"{folder}/pixels.v")
for name in ["lightbox", "libvips-writer", "vips", "convert"]:
    image = pyvips.Image.new_from_file(f"{folder}/out-{name}.png")
    difference = (image.cast("int") - reference.cast("int")).abs().max()
    if difference != 0:
        sys.exit(f"bench: {name}'s PNG differs from the pixels by {difference}")
print("\nEvery PNG decodes to the same pixels.")
PY
