#!/usr/bin/env bash
# Dataset crops: every box of a COCO-like YOLO dataset to a JPEG (quality 95, 4:4:4), Lightbox
# against the loops users write instead (Pillow, OpenCV), side by side in one run, interleaved
# ROUNDS times. Reports the median wall and CPU time (user + system), the ratio to the Pillow loop
# and peak memory; the floor is libjpeg-turbo's decode of every photo plus the encode of every crop.
#
# usage: bench/dataset.sh [COUNT BOXES ROUNDS]   (needs python3 -m venv; installs Pillow and OpenCV
# into bench/work/venv)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work
count=${1:-256}
boxes=${2:-7}
rounds=${3:-3}
venv=$work/venv
mkdir -p "$work"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import PIL, cv2" 2>/dev/null || "$venv/bin/pip" install -q pillow opencv-python-headless
ds=$work/dataset-$count-$boxes
"$venv/bin/python" bench/make-dataset.py "$ds" "$count" "$boxes"
results=$work/dataset.txt
: > "$results"

# run NAME COMMAND...: one timed run into a fresh output folder; appends "NAME wall cpu peak_kb".
run() {
    local name=$1
    shift
    rm -rf "$work/dataset-out"
    mkdir -p "$work/dataset-out"
    /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" \
        || { echo "bench: $name failed:" >&2; tail -3 "$work/err.txt" >&2; exit 1; }
    read -r wall user system peak < "$work/time.txt"
    echo "$name $wall $(echo "$user + $system" | bc) $peak" >> "$results"
}

for _ in $(seq "$rounds"); do
    run pillow-loop "$venv/bin/python" bench/pillow-dataset.py "$ds" "$work/dataset-out"
    run opencv-loop "$venv/bin/python" bench/opencv-dataset.py "$ds" "$work/dataset-out"
    for jobs in 1 2; do
        run "lightbox-jobs-$jobs" "$bin" crop --yolo "$ds/data.yaml" --splits train --out-dir "$work/dataset-out" \
            --quality 95 -q --jobs "$jobs"
    done
    LIGHTBOX_JPEG_WRITER=libvips run lightbox-libvips-writer "$bin" crop --yolo "$ds/data.yaml" --splits train \
        --out-dir "$work/dataset-out" --quality 95 -q --jobs 1
done
echo "## Dataset crops: $count photos of 640x480, $boxes boxes each, JPEG Q95 4:4:4 ($(nproc) cores, median of $rounds)"
python3 - "$results" "$((count * boxes))" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, wall, cpu, peak = line.split()
    rows.setdefault(name, []).append((float(wall), float(cpu), int(peak)))
base = statistics.median(r[0] for r in rows["pillow-loop"])
base_cpu = statistics.median(r[1] for r in rows["pillow-loop"])
print("| way | wall s | CPU s | wall / Pillow | CPU / Pillow | crops/s | peak RSS MB |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for name, runs in rows.items():
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    peak = max(r[2] for r in runs) / 1024
    print(f"| {name} | {wall:.2f} | {cpu:.2f} | {wall / base:.2f}x | {cpu / base_cpu:.2f}x | {int(sys.argv[2]) / wall:.0f} | {peak:.0f} |")
PY
