#!/usr/bin/env bash
# Memory per worker for the common jobs, the numbers --max-memory's default and a container's memory are set by.
# For each job: the peak resident memory of the largest process (GNU time's %M over Lightbox and its one worker,
# which it waits for; the worker's, except for a board, which the supervisor composes), and the smallest
# --max-memory (RLIMIT_DATA of each worker, in MB) under which the job is still done, found by bisection.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work/worker-memory
mkdir -p "$work/out"
python3 bench/make-images.py "$work/small" 1 640 480 smooth
python3 bench/make-images.py "$work/24mp" 1 6000 4000 smooth
small=$work/small/img00000.jpg
photo=$work/24mp/img00000.jpg
[ -f "$work/24mp.png" ] || vips copy "$photo" "$work/24mp.png"
# The issue's file: 15000x15000 RGB, interlaced (decoded whole), 657 KB.
[ -f "$work/big.png" ] || vips black "$work/big.png[interlace,compression=9]" 15000 15000 --bands 3

out=$work/out
one="--force --quiet --jobs 1"
jobs=(
    "small crop (640x480 JPEG)|crop $small --rect 0.1,0.1,0.5,0.5 -o $out/small.jpg $one"
    "24 MP JPEG crop (a quarter)|crop $photo --rect 0.1,0.1,0.5,0.5 -o $out/quarter.jpg $one"
    "24 MP JPEG crop (whole, to PNG)|crop $photo --rect 0,0,1,1 -o $out/whole.png $one"
    "24 MP PNG crop (a quarter)|crop $work/24mp.png --rect 0.1,0.1,0.5,0.5 -o $out/png-quarter.jpg $one"
    "24 MP view snapshot (390x844 @3)|view $photo --screen 390x844 --scale 3 -o $out/view.png $one"
    "24 MP view, zoom 2.5, chrome|view $photo --screen 390x844 --scale 3 --zoom 2.5 --chrome -o $out/zoom.png $one"
    "board of 4 24 MP photos (390x844 @3)|board $photo $photo $photo $photo --size 390x844 --scale 3 -o $out/board.jpg --force"
    "225 MP interlaced PNG crop|crop $work/big.png --rect 0,0,0.01,0.01 -o $out/big.png $one"
)

# Whether the job is done under a limit of $2 MB.
passes() {
    # shellcheck disable=SC2086
    "$bin" $1 --max-memory "$2" >/dev/null 2>&1
}

echo "## Memory per worker (\`bench/worker-memory.sh\`)"
echo
echo "| job | peak RSS, largest process (MB) | smallest --max-memory that does it (MB) | seconds |"
echo "| --- | ---: | ---: | ---: |"
for entry in "${jobs[@]}"; do
    name=${entry%%|*}
    command=${entry#*|}
    log=$(mktemp)
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e %M" -o "$log" "$bin" $command --max-memory 0 >/dev/null
    read -r seconds peak < "$log"
    rm -f "$log"
    low=16
    high=4096
    if passes "$command" "$low"; then
        limit="16 or less"
    else
        while [ $((high - low)) -gt 4 ]; do
            middle=$(((low + high) / 2))
            if passes "$command" "$middle"; then high=$middle; else low=$middle; fi
        done
        limit=$high
    fi
    echo "| $name | $((peak / 1024)) | $limit | $seconds |"
done
