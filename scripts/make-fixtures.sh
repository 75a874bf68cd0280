#!/usr/bin/env bash
# Remakes Fixtures/ from scripts/make-fixtures.py and make-heif-fixtures.py (needs libvips, pyvips and
# heif-enc from libheif-examples; a dev-time tool only).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
python3 -c "import pyvips" 2>/dev/null || python3 -m pip install -q pyvips
if ! command -v heif-enc >/dev/null; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get install -y -qq libheif-examples >/dev/null
fi
python3 scripts/make-fixtures.py
python3 scripts/make-heif-fixtures.py
ls -l Fixtures Fixtures/heif
