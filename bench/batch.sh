#!/usr/bin/env bash
# Round trip of a small crop job (640x480 JPEG, sequential request and answer) in `lightbox batch`,
# against one `lightbox crop` process per crop and one `vips crop` per crop; memory over the batch.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LIGHTBOX_BIN:-.build/release/lightbox}
work=bench/work
python3 bench/make-images.py "$work/batch-noisy" 1 640 480
python3 bench/make-images.py "$work/batch-smooth" 1 640 480 smooth
echo "## batch: round trip of a small crop job (640x480 JPEG, noisy: entropy-bound)"
echo
python3 bench/batch-client.py "$bin" "$work/batch-noisy/img00000.jpg" "$work/batch-out" "${BENCH_BATCH_JOBS:-2000}" "${BENCH_BATCH_RUNS:-50}"
echo
echo "## batch: the same with a smooth, photo-like 640x480 JPEG, and memory over 20,000 jobs"
echo
python3 bench/batch-client.py "$bin" "$work/batch-smooth/img00000.jpg" "$work/batch-out" "${BENCH_BATCH_LONG:-20000}" "${BENCH_BATCH_RUNS:-50}"
