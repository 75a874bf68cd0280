#!/usr/bin/env bash
# `make sanitize`: every test under AddressSanitizer, then the batch runner's tests (several jobs) under ThreadSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --sanitize=address --scratch-path .build/asan
# Leak checking is off: GLib, fontconfig and Foundation keep process-wide caches that LeakSanitizer reports at exit.
ASAN_OPTIONS=detect_leaks=0 swift test --skip-build --sanitize=address --scratch-path .build/asan
swift build --build-tests --sanitize=thread --scratch-path .build/tsan
TSAN_OPTIONS="suppressions=$(pwd)/scripts/tsan.supp" \
    swift test --skip-build --sanitize=thread --scratch-path .build/tsan --filter 'BatchCropTests|CropSafetyTests|CropPixelTests|ViewBatchTests'
