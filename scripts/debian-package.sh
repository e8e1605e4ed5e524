# Sourced by scripts/ensure-chromium.sh and scripts/ensure-redis.sh: what both
# do when a program the tests need is missing. On a Debian machine we are root
# on, install its package, saying so first (why, and about how long) and
# after (how long it took); anywhere else, or when the install fails, say
# what to run and fail. Messages go to stderr, so they show even when the
# tests' output is piped. The sourcing script sets
#   package   the Debian package (chromium, redis-server)
#   thing     what the messages call the program (Chromium, redis-server)
#   need      who needs it, with the verb ("the browser tests (spec/browser/) need")
#   where     where it is looked for (a path, or a name on the PATH)
#   took      about how long an install takes ("about a minute")
#   override  how to point the tests at another copy ("CHROMIUM_PATH=/path/to/chromium npm test")
# and a function `present` that succeeds once the program is there, then
# calls ensure_debian_package, which exits.

say() { echo "tickflow: $*" >&2; }

fail() {
  say "$1"
  say "  To install it: sudo apt-get update && sudo apt-get install -y $package   (Debian/Ubuntu)"
  say "  Or point the tests at a $thing you have: $override"
  exit 1
}

ensure_debian_package() {
  if present; then exit 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    say "$need $thing, and $where is missing."
    say "installing Debian's $package package with apt-get now: once, $took..."
    local started=$SECONDS
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || fail "apt-get update failed (see above), so $thing was not installed."
    apt-get install -y -qq "$package" >/dev/null || fail "apt-get install $package failed (see above)."
    present || fail "apt-get installed $package, but there is still nothing at $where."
    say "$thing installed in $((SECONDS - started)) s ($where); running the tests."
    exit 0
  fi
  fail "$need $thing at $where, and it is missing."
}
