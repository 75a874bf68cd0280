#!/usr/bin/env bash
# JPEG restart markers (issue 32), side by side in one run, on JPEGs as an iPhone 6 writes them:
# 3264x2448, 4:2:0, a restart marker at every MCU row (DRI 204), made from a photo-like picture.
# 1. crops of the top tenth and of the bottom tenth of 20 such photos (one manifest, one job),
#    with restart markers used and without (LIGHTBOX_NO_RESTART=1: every row above entropy-decoded).
#    Target: the bottom tenth within 1.3x of the top tenth.
# 2. `view --zoom 4` of one, 390x844 at scale 1 and 3, with and without, with libvips' affine instead
#    of the two-pass scale (LIGHTBOX_AFFINE=libvips: the same bytes, checked) and, with BASE_BIN=a
#    lightbox binary, that build too (docs/benchmarks.md: the build before sealed jobs). Target: 1.5x faster.
# 3. with RESTART_CORPUS=DIR, how many of that folder's JPEGs have a restart interval and how many
#    Lightbox starts at (bench/RestartProbe; docs/benchmarks.md counts drewnoakes/metadata-extractor-images).
# BENCH_RESTART_RUNS runs each (default 7; views 3 times as many), after a warm-up; bench/tree.py.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=$(pwd)/bench/work/restart
runs=${BENCH_RESTART_RUNS:-7}
mkdir -p "$work/photos"
python3 bench/make-images.py "$work/source" 1 3264 2448 smooth
python3 - "$work/source/img00000.jpg" "$work/photos" <<'PY'
import os, sys
import pyvips
source, folder = sys.argv[1], sys.argv[2]
image = pyvips.Image.new_from_file(source)
first = os.path.join(folder, "p00.jpg")
if not os.path.exists(first):
    image.jpegsave(first, Q=92, subsample_mode="on", restart_interval=204)
for n in range(1, 20):
    path = os.path.join(folder, f"p{n:02d}.jpg")
    if not os.path.exists(path):
        os.link(first, path)
PY
for part in top:0 bottom:0.9; do
    echo "input,x,y,width,height" > "$work/${part%:*}.csv"
    for f in "$work"/photos/p*.jpg; do echo "$f,0,${part#*:},1,0.1" >> "$work/${part%:*}.csv"; done
done
crop="crop --jobs 1 -q --force --manifest"
echo "## Restart markers: the top and the bottom tenth of 20 JPEGs of 3264x2448 with a marker every MCU row, --jobs 1 ($runs runs each, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo
python3 bench/tree.py "$runs" \
    "bottom=$bin $crop $work/bottom.csv --out-dir $work/out-bottom" \
    "top=$bin $crop $work/top.csv --out-dir $work/out-top" \
    "bottom-without-restarts=LIGHTBOX_NO_RESTART=1 $bin $crop $work/bottom.csv --out-dir $work/out-bottom-plain" \
    "top-without-restarts=LIGHTBOX_NO_RESTART=1 $bin $crop $work/top.csv --out-dir $work/out-top-plain"
echo
diff -r "$work/out-bottom" "$work/out-bottom-plain" >/dev/null || { echo "bench: the crops with and without restarts differ" >&2; exit 1; }
echo "The crops with and without restart markers are the same files."
echo

for scale in 1 3; do
    view="$bin view $work/photos/p00.jpg --screen 390x844 --scale $scale --zoom 4 --force"
    echo "## Restart markers: view --zoom 4 of one, 390x844 at scale $scale ($((runs * 3)) runs each, load $(cut -d' ' -f1-3 /proc/loadavg))"
    echo
    rows=("restarts=$view -o $work/view-$scale.jpg"
        "without-restarts=LIGHTBOX_NO_RESTART=1 $view -o $work/view-$scale-plain.jpg"
        "libvips-affine=LIGHTBOX_AFFINE=libvips $view -o $work/view-$scale-affine.jpg")
    if [ -n "${BASE_BIN:-}" ]; then
        rows+=("base=${view/#$bin/$BASE_BIN} -o $work/view-$scale-base.jpg")
    fi
    python3 bench/tree.py "$((runs * 3))" "${rows[@]}"
    cmp "$work/view-$scale.jpg" "$work/view-$scale-affine.jpg" || { echo "bench: the two-pass scale differs from libvips' affine" >&2; exit 1; }
    echo
done

if [ -n "${RESTART_CORPUS:-}" ]; then
    # The same restart.h Lightbox uses, asked for an interval near each file's bottom.
    cc -O2 -o "$work/probe" bench/RestartProbe/probe.c -ljpeg
    find "$RESTART_CORPUS" -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) -print0 | xargs -0 "$work/probe" > "$work/corpus.txt"
    echo "## Restart markers in $RESTART_CORPUS"
    echo
    grep -v ' JPEGs read' "$work/corpus.txt" | sed 's/^.*: //' | sort | uniq -c | sed 's/^ *\([0-9]*\) \(.*\)$/- \2: \1/'
    tail -1 "$work/corpus.txt"
fi
