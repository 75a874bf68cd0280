#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer target and runs each of the ten parsers for FUZZ_SECONDS (default 30),
# then drives `lightbox batch --root` with hostile lines while its folders are swapped for links
# (scripts/fuzz-batch.py) for as long. Crashes land in Fuzz/Regressions/<target>/, which the test suite replays.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-30}
export LIGHTBOX_FUZZ=1
# Leaks in the libraries under the parsers, not Lightbox's own (each explained in the file).
export LSAN_OPTIONS=suppressions=$(pwd)/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}
swift build --scratch-path .build/fuzz --product LightboxFuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
bin=.build/fuzz/debug/LightboxFuzz
# A target that finds something does not stop the others; the run fails at the end, naming them.
failed=()
for target in rect csv jsonl yolo yaml layout states coco voc heif; do
    corpus=.build/fuzz/corpus/$target
    found=Fuzz/Regressions/$target
    mkdir -p "$corpus" "$found"
    cp -n Fuzz/Seeds/$target/* "$corpus"/ 2>/dev/null || true
    echo "fuzzing $target for ${seconds}s"
    LIGHTBOX_FUZZ_TARGET=$target "$bin" "$corpus" -max_total_time="$seconds" -max_len=4096 \
        -artifact_prefix="$found/" -print_final_stats=1 2>&1 | grep -E "^(#|stat::number_of_executed_units|==|SUMMARY)" | tail -3 \
        || failed+=("$target")
done

# The batch server as hostile clients drive it (one answer per line, no crash, nothing outside the root).
LIGHTBOX_FUZZ= swift build --product lightbox
echo "fuzzing lightbox batch for ${seconds}s"
python3 scripts/fuzz-batch.py .build/debug/lightbox --seconds "$seconds" || failed+=(batch)
if ((${#failed[@]})); then
    echo "found something: ${failed[*]} (see Fuzz/Regressions/)" >&2
    exit 1
fi
