#!/usr/bin/env bash
# Keeps every core busy, to run tests beside (issue 21: "Show the browser
# suite passing three times in a row beside a CPU hog on both cores").
#
#   bash scripts/cpu-hog.sh                 # hog until Ctrl-C
#   bash scripts/cpu-hog.sh -- npm run test:browser   # run a command beside the hog, then stop it
#
# HOG_PROCESSES sets how many busy loops run (defaults to the number of cores,
# `nproc`). Each is a plain `node -e 'for(;;){}'`; they are killed, by their
# process ids, when this script exits however it exits (the command finishing,
# Ctrl-C, a kill).
set -uo pipefail

count="${HOG_PROCESSES:-$(nproc)}"
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${pids[@]}" 2>/dev/null
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for ((i = 0; i < count; i++)); do
  node -e 'for (;;) {}' &
  pids+=("$!")
done
echo "cpu-hog: ${count} busy loops (pids ${pids[*]}) on $(nproc) cores" >&2

if [ "${1:-}" = "--" ]; then
  shift
  "$@"
  exit $?
fi
wait
