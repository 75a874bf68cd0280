#!/usr/bin/env bash
# measure NAME COMMAND...: runs COMMAND under GNU time and appends "NAME seconds peak_kb" to $RESULTS.
set -euo pipefail
name=$1
shift
log=$(mktemp)
/usr/bin/time -f "%e %M" -o "$log" "$@" >/dev/null 2>"$log.err" || { echo "bench: $name failed:" >&2; tail -3 "$log.err" >&2; exit 1; }
read -r seconds peak < "$log"
echo "$name $seconds $peak" >> "$RESULTS"
rm -f "$log" "$log.err"
