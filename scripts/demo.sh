#!/usr/bin/env bash
# Runs every Lightbox subcommand on the bundled fixtures and writes the results into a folder.
set -euo pipefail
bin=${1:-.build/release/lightbox}
out=${2:-out}
cd "$(dirname "$0")/.."
rm -rf "$out"
mkdir -p "$out/crop"
"$bin" crop Fixtures/photo.jpg --rect 0.1,0.2,0.5,0.6 --rect 0.55,0.1,0.4,0.4 -o "$out/crop/{stem}-{n}.jpg" --json
"$bin" crop Fixtures/pattern.png Fixtures/alpha.png --rect 0,0,0.5,0.5 --rect 0.5,0.5,0.5,0.5 -o "$out/crop/{stem}-{n}.png"
"$bin" crop Fixtures/cmyk.jpg Fixtures/icc.jpg Fixtures/deep16.png --rect 0.25,0.25,0.5,0.5 -o "$out/crop/{stem}-centre.{ext}"
echo "Wrote $(find "$out" -type f | wc -l) files into $(cd "$out" && pwd):"
find "$out" -type f | sort | sed 's/^/  /'
