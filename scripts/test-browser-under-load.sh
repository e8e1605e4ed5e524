#!/usr/bin/env bash
# The browser suite three times in a row beside a CPU hog on every core
# (`npm run test:browser:under-load`). A newcomer's machine may be busy: no
# browser test may depend on the host keeping up (they count the frames the
# host delivered, never frames per real second), and this shows it.
#
# Prints, for each pass, whether it passed, its test count, its wall time and
# the load average beside it; logs go to $UNDER_LOAD_LOGS (default
# /tmp/tickflow-under-load). Exits non-zero when any pass failed.
# UNDER_LOAD_PASSES changes the number of passes (default 3).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh || exit 1

passes="${UNDER_LOAD_PASSES:-3}"
logs="${UNDER_LOAD_LOGS:-/tmp/tickflow-under-load}"
mkdir -p "$logs"

run_passes() {
  local failed=0
  for ((pass = 1; pass <= passes; pass++)); do
    local log="$logs/pass-$pass.log"
    local before after start end rc summary
    before="$(cut -d' ' -f1-3 /proc/loadavg)"
    start="$(date +%s)"
    npx vitest run --project browser >"$log" 2>&1
    rc=$?
    end="$(date +%s)"
    after="$(cut -d' ' -f1-3 /proc/loadavg)"
    summary="$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ *Tests ' | tail -1 | sed 's/^ *//')"
    if [ "$rc" -eq 0 ]; then verdict=passed; else verdict=FAILED; failed=1; fi
    echo "pass $pass: $verdict ($summary) in $((end - start)) s; load average $before before, $after after; log $log"
    if [ "$rc" -ne 0 ]; then sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ *(FAIL|×)' | head -20; fi
  done
  return "$failed"
}

export -f run_passes
export passes logs
bash scripts/cpu-hog.sh -- bash -c run_passes
