#!/usr/bin/env bash
# Remakes Fixtures/ from scripts/make-fixtures.py (needs libvips and pyvips; a dev-time tool only).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
python3 -c "import pyvips" 2>/dev/null || python3 -m pip install -q pyvips
python3 scripts/make-fixtures.py
ls -l Fixtures
