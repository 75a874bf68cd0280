#!/usr/bin/env bash
# Benchmarks `lightbox view`: 20 snapshots at 1170x2532 (390x844 points at 3x) of 24-megapixel JPEGs,
# against a vipsthumbnail loop making the fitted image and ImageMagick doing the same fit and extent.
# Prints one table: wall time, ratio to lightbox and peak RSS of each, all measured in this run.
#
# Usage: bench/view.sh            (LIGHTBOX=path/to/lightbox to pick the binary; WORK=folder for files)
set -euo pipefail

cd "$(dirname "$0")/.."
LIGHTBOX=${LIGHTBOX:-.build/release/lightbox}
WORK=${WORK:-/tmp/lightbox-view-bench}
COUNT=20
WIDTH=1170
HEIGHT=2532

command -v vipsthumbnail >/dev/null || { echo "bench: vipsthumbnail is missing (apt-get install libvips-tools)" >&2; exit 1; }
command -v convert >/dev/null || { echo "bench: ImageMagick is missing (apt-get install imagemagick)" >&2; exit 1; }
[ -x "$LIGHTBOX" ] || { echo "bench: no lightbox at $LIGHTBOX (swift build -c release, or set LIGHTBOX)" >&2; exit 1; }
LIGHTBOX=$(realpath "$LIGHTBOX")

# Inputs: 6000x4000 JPEGs (24 megapixels), gradients under noise, made once.
mkdir -p "$WORK/in"
for i in $(seq -w 1 $COUNT); do
    input="$WORK/in/photo-$i.jpg"
    [ -f "$input" ] && continue
    python3 - "$input" <<'PY'
import sys, pyvips
noise = pyvips.Image.gaussnoise(6000, 4000, sigma=24, mean=0)
xy = pyvips.Image.xyz(6000, 4000)
red = xy[0] * (255 / 6000) + noise
green = xy[1] * (255 / 4000) + noise
blue = (xy[0] + xy[1]) * (255 / 10000) + noise
red.bandjoin([green, blue]).cast("uchar").copy(interpretation="srgb").write_to_file(sys.argv[1] + "[Q=90]")
PY
done

# Runs one tool over every input under /usr/bin/time; prints "seconds rss_kb".
measure() {
    local name=$1 out="$WORK/out-$1"
    rm -rf "$out" && mkdir -p "$out"
    local log="$WORK/time-$name.txt"
    if ! /usr/bin/time -v bash -ec "$2" _ "$WORK/in" "$out" 2>"$log" >/dev/null; then
        echo "bench: $name failed; see $log" >&2
        exit 1
    fi
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    echo "$wall $rss"
}

lightbox_loop="for f in \"\$1\"/*.jpg; do \"$LIGHTBOX\" view \"\$f\" --screen 390x844 --scale 3 -o \"\$2/\$(basename \"\$f\")\"; done"
thumbnail_loop="for f in \"\$1\"/*.jpg; do vipsthumbnail \"\$f\" --size ${WIDTH}x${HEIGHT} -o \"\$2/%s.jpg\"; done"
magick_loop="for f in \"\$1\"/*.jpg; do convert \"\$f\" -resize ${WIDTH}x${HEIGHT} -background black -gravity center -extent ${WIDTH}x${HEIGHT} \"\$2/\$(basename \"\$f\")\"; done"

read -r lb_wall lb_rss < <(measure lightbox "$lightbox_loop")
read -r vt_wall vt_rss < <(measure vipsthumbnail "$thumbnail_loop")
read -r im_wall im_rss < <(measure imagemagick "$magick_loop")

echo "$COUNT snapshots at ${WIDTH}x${HEIGHT} from 6000x4000 JPEGs, $(nproc) cores"
printf '%-34s %9s %14s %12s\n' "tool" "wall (s)" "vs lightbox" "peak RSS"
row() { printf '%-34s %9.2f %13.2fx %9d MB\n' "$1" "$2" "$(echo "$2 / $lb_wall" | bc -l)" "$(($3 / 1024))"; }
row "lightbox view (fit + extent)" "$lb_wall" "$lb_rss"
row "vipsthumbnail (fit only)" "$vt_wall" "$vt_rss"
row "ImageMagick convert (fit + extent)" "$im_wall" "$im_rss"
