#!/usr/bin/env bash
# Board benchmark: `lightbox board` against a straightforward pyvips script drawing the same cards and
# ImageMagick's +polaroid pipeline, side by side in one run: twenty 24-megapixel JPEGs on a board at
# scale 2. Then the peak memory of a 200-photo board. Prints Markdown tables (time, ratio, peak RSS).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work
count=${BENCH_COUNT:-20}
# /usr/local/bin may hold a stand-in `convert`; use the real ImageMagick 6.
export CONVERT=${CONVERT:-/usr/bin/convert}
# A rerun starts clean: the dry run below would refuse the last run's board, as the real run would.
rm -rf "$work/board"; mkdir -p "$work/board"
python3 bench/make-images.py "$work/big" "$count" 6000 4000
photos=("$work"/big/img*.jpg)
photos=("${photos[@]:0:$count}")

# The cards as Lightbox places them, so the peers draw the very same board.
"$bin" board "${photos[@]}" --size 1000x800 --scale 2 -o "$work/board/lightbox.jpg" --dry-run > "$work/board/layout.json"

cat > "$work/board/pyvips-board.py" <<'PY'
"""Draws the cards of a printed layout one after another with pyvips: the plain way to do it."""
import json, math, sys
import pyvips

layout = json.load(open(sys.argv[1]))
k = layout["scale"]
bw, bh = round(layout["board"]["width"] * k), round(layout["board"]["height"] * k)
cw, ch = layout["card"]["width"] * k, layout["card"]["height"] * k
m = math.ceil(12 * k) + 2
side = round((layout["card"]["width"] - 16) * k)
svg = f'''<svg xmlns="http://www.w3.org/2000/svg" width="{math.ceil(cw) + 2 * m}" height="{math.ceil(ch) + 2 * m}">
<defs><filter id="s" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="{3 * k}"/></filter></defs>
<rect x="{m}" y="{m + 3 * k}" width="{cw}" height="{ch}" rx="{4 * k}" fill="black" fill-opacity="0.25" filter="url(#s)"/>
<rect x="{m}" y="{m}" width="{cw}" height="{ch}" rx="{4 * k}" fill="white"/></svg>'''
top = [0.72 * 255, 0.55 * 255, 0.38 * 255]
bottom = [0.55 * 255, 0.39 * 255, 0.25 * 255]
y = pyvips.Image.xyz(bw, bh)[1] / bh
board = (y * [b - t for t, b in zip(top, bottom)] + top).cast("uchar").copy(interpretation="srgb")
paths = {p["id"]: (p["path"], p["caption"]) for p in layout["photos"]}
for card in layout["cards"]:
    path, caption = paths[card["id"]]
    photo = pyvips.Image.thumbnail(path, side, height=side, crop="centre")
    base = pyvips.Image.svgload_buffer(svg.encode())
    text = pyvips.Image.text(caption, font=f"DejaVu Sans {12 * k}", dpi=72)
    ink = (pyvips.Image.black(text.width, text.height, bands=3).bandjoin(text * 0.75)).cast("uchar").copy(interpretation="srgb")
    face = base.composite([photo, ink], "over", x=[m + round(8 * k), m + (math.ceil(cw) - text.width) // 2],
                          y=[m + round(8 * k), round(m + 8 * k + side + 6 * k + 4 * k)])
    turned = face.rotate(card["angle"], background=[0, 0, 0, 0])
    x = round(card["center"]["x"] * k - turned.width / 2)
    y = round(card["center"]["y"] * k - turned.height / 2)
    board = board.composite2(turned, "over", x=x, y=y).flatten().cast("uchar")
board.write_to_file(sys.argv[2])
PY

# ImageMagick: each photo cut square, +polaroid'ed at its angle with its caption, then all laid on the board.
magick_board() {
    local out=$1 dir=$work/board/magick
    rm -rf "$dir"; mkdir -p "$dir"
    local args=(-size 2000x1600 gradient:'#b88c61-#8c6340')
    python3 - "$work/board/layout.json" > "$dir/cards.txt" <<'PY'
import json, sys
layout = json.load(open(sys.argv[1]))
paths = {p["id"]: (p["path"], p["caption"]) for p in layout["photos"]}
for n, card in enumerate(layout["cards"]):
    path, caption = paths[card["id"]]
    print(n, path, caption, card["angle"], round(card["center"]["x"] * 2), round(card["center"]["y"] * 2))
PY
    while read -r n path caption angle x y; do
        "$CONVERT" "$path" -thumbnail 268x268^ -gravity center -extent 268x268 -set caption "$caption" \
            -bordercolor white -background black -polaroid "$angle" "$dir/card$n.png"
        args+=(\( "$dir/card$n.png" -set page "+$((x - 150))+$((y - 180))" \))
    done < "$dir/cards.txt"
    "$CONVERT" "${args[@]}" -flatten "$out"
}
export -f magick_board
export work

# Each tool runs BENCH_RUNS times, interleaved; the fastest time and the largest peak are kept
# (a shared machine only ever makes a run slower).
runs=${BENCH_RUNS:-3}
raw=$work/board/raw.txt
export RESULTS=$raw
: > "$raw"
for _ in $(seq "$runs"); do
    bench/measure.sh lightbox "$bin" board "${photos[@]}" --size 1000x800 --scale 2 -o "$work/board/lightbox.jpg" --force
    bench/measure.sh pyvips python3 "$work/board/pyvips-board.py" "$work/board/layout.json" "$work/board/pyvips.jpg"
    bench/measure.sh imagemagick bash -c "magick_board $work/board/magick.jpg"
done
results=$work/board/results.txt
awk '!($1 in t) { order[++n] = $1; t[$1] = $2; m[$1] = $3 }
     { if ($2 < t[$1]) t[$1] = $2; if ($3 > m[$1]) m[$1] = $3 }
     END { for (i = 1; i <= n; i++) print order[i], t[order[i]], m[order[i]] }' "$raw" > "$results"
echo "## Board: $count JPEGs of 6000x4000 on a 1000x800 board at scale 2 ($(nproc) cores, best of $runs)"
python3 bench/report.py "$results" "$count"

# How many cores the board keeps busy (issue 32: its photos had been decoded by one worker): the
# CPUs perf counts as used, with the default workers (one per core) and with --jobs 1, side by side.
if command -v perf >/dev/null; then
    echo
    echo "| board of $count photos | CPUs used (perf stat), 3 runs | seconds (CPU time / CPUs) |"
    echo "| --- | --- | --- |"
    for jobs in default 1; do
        used="" seconds=""
        for _ in 1 2 3; do
            extra=$([ "$jobs" = 1 ] && echo "--jobs 1" || true)
            perf stat -x, -e task-clock -o "$work/board/perf.txt" "$bin" board "${photos[@]}" --size 1000x800 --scale 2 \
                -o "$work/board/cpus.jpg" --force $extra
            used="$used $(awk -F, '/task-clock/ { printf "%.2f", $6 }' "$work/board/perf.txt")"
            seconds="$seconds $(awk -F, '/task-clock/ { printf "%.2f", $1 / 1000 / $6 }' "$work/board/perf.txt")"
        done
        echo "| --jobs $jobs |$used |$seconds |"
    done
    cmp -s "$work/board/cpus.jpg" "$work/board/lightbox.jpg" || { echo "bench: the boards differ" >&2; exit 1; }
fi
for jobs in default 1; do
    extra=$([ "$jobs" = 1 ] && echo "--jobs 1" || true)
    echo "--jobs $jobs: $(python3 bench/busy.py "$bin" board "${photos[@]}" --size 1000x800 --scale 2 -o "$work/board/busy.jpg" \
        --force $extra)"
done

# 200 photos (links to the same files under other names) on a 3000x2400 board at scale 2: 6000x4800 pixels.
rm -rf "$work/board/many"; mkdir -p "$work/board/many"
for n in $(seq 0 199); do ln -s "$PWD/${photos[$((n % count))]}" "$work/board/many/p$n.jpg"; done
export RESULTS=$work/board/many.txt
: > "$RESULTS"
# Each card's centre square through the JPEG region decoder, against the libvips path
# (LIGHTBOX_NO_REGION=1: libvips' thumbnail, as before), interleaved in the same run.
for round in 1 2; do
    bench/measure.sh "lightbox-200-region-$round" "$bin" board "$work"/board/many/p*.jpg --size 3000x2400 --scale 2 \
        -o "$work/board/many.jpg" --force
    LIGHTBOX_NO_REGION=1 bench/measure.sh "lightbox-200-libvips-path-$round" "$bin" board "$work"/board/many/p*.jpg \
        --size 3000x2400 --scale 2 -o "$work/board/many-libvips.jpg" --force
done
echo
echo "## Board: 200 photos on a 3000x2400 board at scale 2 (6000x4800 pixels)"
python3 bench/report.py "$RESULTS" 200
