#!/usr/bin/env bash
# Cold start (issues 11 and 14): one crop of a 640x480 JPEG per process, `lightbox crop` against
# `vips crop` and, when LIGHTBOX_PREWORK_BIN names a build of 976f0b5 (the last commit before the
# worker processes), that build; interleaved in one run, medians and minimums.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work
runs=${BENCH_COLD_RUNS:-40}
python3 bench/make-images.py "$work/batch-smooth" 1 640 480 smooth
python3 bench/make-images.py "$work/batch-noisy" 1 640 480
rect="--rect 0.25,0.25,0.5,0.5"
for kind in smooth noisy; do
    commands=("lightbox=$bin crop {in} $rect -o {out}" "vips=vips crop {in} {out} 160 120 320 240")
    if [ -n "${LIGHTBOX_PREWORK_BIN:-}" ] && [ -x "$LIGHTBOX_PREWORK_BIN" ]; then
        commands+=("lightbox-976f0b5=$LIGHTBOX_PREWORK_BIN crop {in} $rect -o {out}")
    fi
    echo "## cold start: one crop of a $kind 640x480 JPEG per process ($runs interleaved runs each)"
    echo
    python3 bench/coldstart.py "$work/batch-$kind/img00000.jpg" "$work/cold-out" "$runs" "${commands[@]}"
    echo
done
