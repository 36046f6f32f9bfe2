#!/usr/bin/env bash
# The whole test suite: unit, property, end-to-end and browser tests.
# The browser tests drive Debian's headless Chromium; it is installed here if missing
# (set CHROMIUM=/path/to/chromium to use another build).
set -euo pipefail
cd "$(dirname "$0")"

if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium for the browser tests"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium
fi

exec cargo test --workspace "$@"
