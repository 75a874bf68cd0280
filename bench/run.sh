#!/usr/bin/env bash
# `make bench`: installs the peers (pyvips, ImageMagick, GNU time, libvips-tools, perf) when missing, then runs every benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
[ -x /usr/bin/convert ] || need+=(imagemagick)
[ -x /usr/bin/time ] || need+=(time)
command -v vips >/dev/null || need+=(libvips-tools)
command -v perf >/dev/null || need+=(linux-perf)
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
python3 -c "import pyvips" 2>/dev/null || python3 -m pip install -q pyvips
for bench in bench/coldstart.sh bench/crop.sh bench/resize.sh bench/memory.sh bench/worker-memory.sh bench/view.sh \
    bench/board.sh bench/region.sh bench/heif.sh bench/batch.sh bench/lossless.sh bench/ray.sh bench/png.sh \
    bench/restart.sh bench/dataset.sh bench/stream.sh; do
    [ -x "$bench" ] && "$bench"
    echo
done
