#!/usr/bin/env bash
# The whole test suite: unit, property, end-to-end and browser tests.
# The browser tests drive Debian's headless Chromium; it is installed here if missing
# (set CHROMIUM=/path/to/chromium to use another build). The store tests run on SQLite and
# on PostgreSQL: a throw-away PostgreSQL is started for them (Debian's `postgresql` package,
# installed if missing) and stopped at exit (.ci/postgres.sh; set ADJUTANT_TEST_POSTGRES to
# use another server, or to `skip` to leave PostgreSQL out).
set -euo pipefail
cd "$(dirname "$0")"

if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium for the browser tests"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium
fi

# shellcheck source=.ci/postgres.sh
. .ci/postgres.sh

# Not exec: the PostgreSQL started above is stopped when this shell exits.
cargo test --workspace "$@"

