#!/usr/bin/env bash
# Round trip of a small crop job (640x480 JPEG, sequential request and answer) in `lightbox batch`,
# against one `lightbox crop` process per crop and one `vips crop` per crop; memory over the batch.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work
python3 bench/make-images.py "$work/batch-input" 1 640 480
photo=$(ls "$work"/batch-input/*.jpg | head -1)
echo "## batch: round trip of a small crop job (640x480 JPEG)"
echo
python3 bench/batch-client.py "$bin" "$photo" "$work/batch-out" "${BENCH_BATCH_JOBS:-20000}" "${BENCH_BATCH_RUNS:-50}"
