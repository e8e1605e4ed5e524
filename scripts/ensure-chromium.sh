#!/usr/bin/env bash
# The browser tests drive a real Chromium: Debian's /usr/bin/chromium, or the
# one $CHROMIUM_PATH names. Never a browser download. When it is missing and
# this is a Debian machine we are root on, install it; otherwise say how.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "tickflow: $chromium is missing; installing Debian's chromium for the browser tests (about a minute)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "tickflow: the browser tests need Chromium at $chromium." >&2
echo "  Debian/Ubuntu: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
