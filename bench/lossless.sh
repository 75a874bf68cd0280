#!/usr/bin/env bash
# Lossless JPEG cuts (issue 23), side by side in one run: the same rect 0.1,0.2,0.5,0.6 of
# 1. ten 24-megapixel (6000x4000) photo-like JPEGs, one process each tool: the lossless cut, the
#    default crop (region decoder, re-encoded at libvips' Q75) through the same driver, and
#    `jpegtran -crop` (libjpeg-turbo's own tool, one process per file); then the lossless cut and
#    the default crop of the same files tagged EXIF orientation 6 (the lossless cut turns the
#    blocks in the DCT domain, so it holds the rect's coefficients);
# 2. one 192-megapixel (16000x12000) JPEG, the same three;
# 3. the ten 24-megapixel files through `lightbox crop` itself (see below).
# The driver (bench/CutBench, built with LIGHTBOX_BENCH=1) crops through `Cropper` as a worker does.
# Each row: wall seconds, CPU seconds (user + system, steadier than wall on a busy machine) and
# peak RSS, with both ratios against the lossless cut.
set -euo pipefail
cd "$(dirname "$0")/.."
export PKG_CONFIG_PATH="$(pwd)/.build/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" LIGHTBOX_VIPS_PC=lightbox-vips
need=()
command -v jpegtran >/dev/null || need+=(libjpeg-turbo-progs)
command -v exiftool >/dev/null || need+=(libimage-exiftool-perl)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
python3 -c "import pyvips" 2>/dev/null || python3 -m pip install -q pyvips
LIGHTBOX_BENCH=1 swift build -c release --product lightbox-cut-bench >/dev/null
bin=.build/release/lightbox-cut-bench
work=$(pwd)/bench/work/lossless
count=${BENCH_LOSSLESS_COUNT:-10}
rect=0.1,0.2,0.5,0.6

# measure NAME COMMAND...: appends "NAME wall cpu peak_kb" to $RESULTS.
measure() {
    local name=$1 log
    shift
    log=$(mktemp)
    /usr/bin/time -f "%e %U %S %M" -o "$log" "$@" >/dev/null 2>"$log.err" || { echo "bench: $name failed:" >&2; tail -3 "$log.err" >&2; exit 1; }
    read -r wall user system peak < "$log"
    echo "$name $wall $(awk "BEGIN { print $user + $system }") $peak" >> "$RESULTS"
    rm -f "$log" "$log.err"
}

# report ITEMS: the table of $RESULTS, ratios against its first row.
report() {
    python3 - "$RESULTS" "$1" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
items = int(sys.argv[2])
wall0, cpu0 = float(rows[0][1]), float(rows[0][2])
print(f"| tool | wall s | CPU s | items/s | {rows[0][0]} is faster by (wall) | (CPU) | peak RSS (MB) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for name, wall, cpu, peak in rows:
    wall, cpu = float(wall), float(cpu)
    print(f"| {name} | {wall:.2f} | {cpu:.2f} | {items / wall:.1f} | {wall / wall0:.2f}x | {cpu / cpu0:.2f}x | {int(peak) / 1024:.0f} |")
PY
}

# Runs the three tools over `files`, pixel rect `crop` (jpegtran's WxH+X+Y), into $RESULTS.
compare() {
    local crop=$1
    shift
    rm -rf "$work/out"
    mkdir -p "$work/out/lossless" "$work/out/default" "$work/out/jpegtran"
    measure lossless "$bin" --lossless "$rect" "$work/out/lossless" "$@"
    measure default-crop "$bin" "$rect" "$work/out/default" "$@"
    measure jpegtran-crop bash -c 'crop=$1; out=$2; shift 2; for f; do jpegtran -crop "$crop" -outfile "$out/$(basename "$f")" "$f"; done' \
        _ "$crop" "$work/out/jpegtran" "$@"
}

python3 bench/make-images.py "$work/p24" "$count" 6000 4000 smooth
export RESULTS=$work/p24.txt
: > "$RESULTS"
compare 3000x2400+600+800 "$work"/p24/img*.jpg
mkdir -p "$work/p24-turned"
for f in "$work"/p24/img*.jpg; do
    turned=$work/p24-turned/$(basename "$f")
    [ -s "$turned" ] || exiftool -q -n -Orientation=6 -o "$turned" "$f"
done
rm -rf "$work/out/turned"; mkdir -p "$work/out/turned/lossless" "$work/out/turned/default"
measure lossless-orientation-6 "$bin" --lossless "$rect" "$work/out/turned/lossless" "$work"/p24-turned/img*.jpg
measure default-crop-orientation-6 "$bin" "$rect" "$work/out/turned/default" "$work"/p24-turned/img*.jpg
echo "## Lossless cuts: $count JPEGs of 6000x4000, rect $rect ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo
report "$count"
echo

# 3. The same ten files through the command line (the release build): one manifest run of each
#    way with --jobs 1 and 2 (start-up paid once, as in bulk), and one process per file.
make release >/dev/null
lightbox=.build/release/lightbox
{
    echo "input,x,y,width,height,output"
    for f in "$work"/p24/img*.jpg; do echo "$f,${rect},$(basename "$f")"; done
} > "$work/p24.csv"
export RESULTS=$work/p24-cli.txt
: > "$RESULTS"
for jobs in 1 2; do
    rm -rf "$work/out/cli"
    measure "lossless-manifest-jobs-$jobs" "$lightbox" crop --manifest "$work/p24.csv" --out-dir "$work/out/cli/l" \
        --jobs "$jobs" --lossless -q
    measure "default-manifest-jobs-$jobs" "$lightbox" crop --manifest "$work/p24.csv" --out-dir "$work/out/cli/d" \
        --jobs "$jobs" -q
done
rm -rf "$work/out/cli"; mkdir -p "$work/out/cli"
measure lossless-one-process-each bash -c 'b=$1; r=$2; o=$3; shift 3; for f; do "$b" crop "$f" --rect "$r" --lossless -o "$o/l.jpg" --force; done' \
    _ "$lightbox" "$rect" "$work/out/cli" "$work"/p24/img*.jpg
measure default-one-process-each bash -c 'b=$1; r=$2; o=$3; shift 3; for f; do "$b" crop "$f" --rect "$r" -o "$o/d.jpg" --force; done' \
    _ "$lightbox" "$rect" "$work/out/cli" "$work"/p24/img*.jpg
echo "## Lossless cuts through lightbox crop: $count JPEGs of 6000x4000 ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo
report "$count"
echo

python3 bench/make-images.py "$work/p192" 1 16000 12000 smooth
export RESULTS=$work/p192.txt
: > "$RESULTS"
compare 8000x7200+1600+2400 "$work"/p192/img*.jpg
echo "## Lossless cuts: one JPEG of 16000x12000, rect $rect ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo
report 1
