#!/usr/bin/env bash
# Run before `npm test` (the "pretest" script) and by .ci/run. The scale-out
# test (spec/colyseus/scale-out.spec.ts) starts a redis-server of its own on
# 127.0.0.1: Debian's package, or the binary $REDIS_SERVER names. When it is
# missing on a Debian machine we are root on, this installs it, saying so
# first and after; anywhere else, or when the install fails, it says what to
# run (scripts/debian-package.sh). It starts no Redis service: the test starts
# and stops its own.
set -uo pipefail
redis="${REDIS_SERVER:-redis-server}"
present() { command -v "$redis" >/dev/null 2>&1; }
package=redis-server
thing=redis-server
need="the scale-out test (spec/colyseus/scale-out.spec.ts) needs"
where=${REDIS_SERVER:-"redis-server on the PATH"}
took="under a minute"
override="REDIS_SERVER=/path/to/redis-server npm test"
source "$(dirname "${BASH_SOURCE[0]}")/debian-package.sh"
ensure_debian_package
