#!/usr/bin/env bash
# Run before `npm test` (the "pretest" script). The browser tests drive a real
# Chromium: Debian's /usr/bin/chromium, or the one $CHROMIUM_PATH names; never
# a browser download. When it is missing on a Debian machine we are root on,
# this installs it, saying so first (why, and about how long) and after (how
# long it took); anywhere else, or when the install fails, it says what to run.
# Messages go to stderr, so they show even when the tests' output is piped.
set -uo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi

say() { echo "tickflow: $*" >&2; }
fail() {
  say "$1"
  say "  To install it: sudo apt-get update && sudo apt-get install -y chromium   (Debian/Ubuntu)"
  say "  Or point the tests at a Chromium you have: CHROMIUM_PATH=/path/to/chromium npm test"
  exit 1
}

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  say "the browser tests (spec/browser/) need Chromium, and $chromium is missing."
  say "installing Debian's chromium package with apt-get now: once, about a minute (longer on a slow mirror)..."
  started=$SECONDS
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || fail "apt-get update failed (see above), so Chromium was not installed."
  apt-get install -y -qq chromium >/dev/null || fail "apt-get install chromium failed (see above)."
  [ -x "$chromium" ] || fail "apt-get installed chromium, but there is still nothing at $chromium."
  say "Chromium installed in $((SECONDS - started)) s ($chromium); running the tests."
  exit 0
fi
fail "the browser tests (spec/browser/) need Chromium at $chromium, and it is missing."
