#!/usr/bin/env bash
# Runs every Lightbox subcommand on the bundled fixtures and writes the results into a folder.
set -euo pipefail
bin=${1:-.build/release/lightbox}
out=${2:-out}
cd "$(dirname "$0")/.."
rm -rf "$out"
mkdir -p "$out/crop" "$out/view" "$out/board"

echo "== crop: rects, a manifest, previews and a contact sheet"
"$bin" crop Fixtures/photo.jpg --rect 0.1,0.2,0.5,0.6 --rect 0.55,0.1,0.4,0.4 -o "$out/crop/{stem}-{n}.jpg" \
    --preview "$out/crop/{stem}-{n}-preview.jpg" --json
"$bin" crop Fixtures/pattern.png Fixtures/alpha.png --rect 0,0,0.5,0.5 --rect 0.5,0.5,0.5,0.5 -o "$out/crop/{stem}-{n}.png"
"$bin" crop Fixtures/cmyk.jpg Fixtures/icc.jpg Fixtures/deep16.png --rect 0.25,0.25,0.5,0.5 -o "$out/crop/{stem}-centre.{ext}"
fixtures=$(pwd)/Fixtures
cat > "$out/crops.csv" <<CSV
input,x,y,width,height,output
$fixtures/photo.jpg,0,0,0.5,0.5,manifest/photo-top-left.jpg
$fixtures/photo.jpg,0.5,0.5,0.5,0.5,manifest/photo-bottom-right.jpg
$fixtures/pattern.png,0.25,0.25,0.5,0.5,manifest/pattern-middle.png
CSV
"$bin" crop --manifest "$out/crops.csv" --out-dir "$out/crop" --contact-sheet "$out/crop/contact-sheet.jpg"

echo "== view: at rest with the header, zoomed, pulled, the dismiss page, an animation, a manifest"
pages=(Fixtures/pattern.png Fixtures/photo.jpg Fixtures/icc.jpg)
"$bin" view "${pages[@]}" --page 1 --screen 390x844 --scale 2 --chrome -o "$out/view/rest.png" --json
"$bin" view "${pages[@]}" --page 1 --screen 390x844 --scale 2 --zoom 2.5 --offset 120,0 -o "$out/view/zoomed.jpg"
"$bin" view "${pages[@]}" --page 1 --screen 390x844 --scale 2 --pull 160 -o "$out/view/pulled.png"
"$bin" view "${pages[@]}" --page 1 --screen 390x844 --style screen --pull 100 --chrome --under '#2a2a40' -o "$out/view/screen.png"
"$bin" view Fixtures/photo.jpg --screen 390x844 --animate zoom --frames 8 -o "$out/view/zoom.gif"
"$bin" view "${pages[@]}" --page 1 --device iphone-15 --scale 1 --zoom 3 --chrome -o "$out/view/phone.png"
cat > "$out/states.jsonl" <<JSONL
{"input":"$fixtures/photo.jpg","output":"manifest/fit.jpg"}
{"inputs":["$fixtures/pattern.png","$fixtures/photo.jpg"],"page":0,"zoom":3,"offset":[-200,80],"output":"manifest/pattern-zoom.png"}
JSONL
"$bin" view --manifest "$out/states.jsonl" --out-dir "$out/view" --screen 390x844 --scale 2

echo "== board: the fixtures as cards"
"$bin" board Fixtures/photo.jpg Fixtures/pattern.png Fixtures/icc.jpg Fixtures/cmyk.jpg Fixtures/alpha.png \
    --captions Waterfall,Pattern,Profile,CMYK,Alpha --size 600x800 --scale 2 -o "$out/board/board.jpg" \
    --print-layout "$out/board/layout.json"
"$bin" board --layout "$out/board/layout.json" -o "$out/board/from-layout.png"
"$bin" board --layout "$out/board/layout.json" --dragging Fixtures/pattern.png:40,-30 -o "$out/board/dragging.png"

echo
echo "Wrote $(find "$out" -type f | wc -l) files into $(cd "$out" && pwd):"
find "$out" -type f | sort | sed 's/^/  /'
