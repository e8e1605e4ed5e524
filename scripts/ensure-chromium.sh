#!/usr/bin/env bash
# Run before `npm test` (the "pretest" script). The browser tests drive a real
# Chromium: Debian's /usr/bin/chromium, or the one $CHROMIUM_PATH names; never
# a browser download. When it is missing on a Debian machine we are root on,
# this installs it, saying so first (why, and about how long) and after (how
# long it took); anywhere else, or when the install fails, it says what to run
# (scripts/debian-package.sh).
set -uo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
present() { [ -x "$chromium" ]; }
package=chromium
thing=Chromium
need="the browser tests (spec/browser/) need"
where=$chromium
took="about a minute (longer on a slow mirror)"
override="CHROMIUM_PATH=/path/to/chromium npm test"
source "$(dirname "${BASH_SOURCE[0]}")/debian-package.sh"
ensure_debian_package
