#!/usr/bin/env bash
# The load generator against three servers on one PostgreSQL, with the players of each pair
# on different servers, one server killed with SIGKILL mid-run (issue 18; the figures are in
# docs/performance.md, "Three servers, one killed"). Uses the release builds:
#
#   cargo build --release -p adjutant-tests -p adjutant-cli
#   tests/load-nodes.sh [PAIRS] [SECONDS] [KILL_AFTER_SECONDS] [THINK_MS]
#
# THINK_MS (default 0, flat out) paces the bots: each pauses about that long before each of
# its actions, so the run stands for live games at a chosen pace rather than a closed loop
# that saturates the machine (whose p99 then only measures queueing).
#
# A throw-away PostgreSQL is started as for the tests (.ci/postgres.sh; or set
# ADJUTANT_TEST_POSTGRES to a server where a database may be created) and stopped at exit,
# with the three servers. Three runs: one server on SQLite (the single process, for
# comparison on the same machine at the same time), three servers on PostgreSQL all alive,
# then three with the first one killed KILL_AFTER seconds in (its players move to the next
# server). The PostgreSQL runs read every game back afterwards and report any acknowledged
# action missing.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-100}
seconds=${2:-20}
kill_after=${3:-10}
think_ms=${4:-0}
bin=${ADJUTANT_BIN_DIR:-${CARGO_TARGET_DIR:-target}/release}
for b in adjutant-test-server adjutant; do
  [ -x "$bin/$b" ] || { echo "no $bin/$b: cargo build --release -p adjutant-tests -p adjutant-cli"; exit 1; }
done

# shellcheck source=../.ci/postgres.sh
. .ci/postgres.sh
psql_bin=psql
[ -n "${ADJUTANT_PG_BIN:-}" ] && psql_bin=$ADJUTANT_PG_BIN/psql
work=$(mktemp -d "${TMPDIR:-/tmp}/adjutant-load-nodes.XXXXXX")
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
  echo "== the servers' logs are kept in $work"
  [ -n "${ADJUTANT_PG_DIR:-}" ] && adjutant_pg_stop "$ADJUTANT_PG_DIR"
  return 0
}
trap cleanup EXIT

# Starts a server on a free port; sets `url` and `pid`.
start_server() {
  local log=$work/server$1.log
  "$bin/adjutant-test-server" --db "$db" --listen 127.0.0.1:0 --log-format json \
    --ws-rate 100000 --ws-burst 100000 --http-rate 100000 --http-burst 100000 \
    --max-open-games 100000 --max-connections-per-address 0 2>"$log" >/dev/null &
  pid=$!
  pids+=("$pid")
  local deadline=$((SECONDS + 120))
  url=""
  while [ -z "$url" ]; do
    url=$(grep -m1 'adjutant is listening' "$log" 2>/dev/null |
      sed -n 's/.*"address":"\([^"]*\)".*/http:\/\/\1/p' || true)
    [ $SECONDS -lt $deadline ] || { cat "$log"; echo "server $1 did not start"; exit 1; }
    [ -n "$url" ] || sleep 0.1
  done
}

run() {
  local name=$1
  shift
  db="${ADJUTANT_TEST_POSTGRES%/*}/adj_load_$name"
  "$psql_bin" -q "$ADJUTANT_TEST_POSTGRES" -c "DROP DATABASE IF EXISTS adj_load_$name" \
    -c "CREATE DATABASE adj_load_$name"
  local urls=() spids=()
  for i in 0 1 2; do
    start_server "$name$i"
    urls+=("$url")
    spids+=("$pid")
  done
  echo "== $name: servers ${urls[*]} (pids ${spids[*]}), load average $(cut -d' ' -f1-3 /proc/loadavg)"
  nice "$bin/adjutant" --server "${urls[0]}" load --node "${urls[1]}" --node "${urls[2]}" \
    --pairs "$pairs" --seconds "$seconds" --game outpost --scenario skirmish --think-ms "$think_ms" \
    --server-pid "${spids[0]}" --server-pid "${spids[1]}" --server-pid "${spids[2]}" \
    --check-acked "$@" ${kill_pid:+--kill-pid "${spids[0]}" --kill-after "$kill_after"}
  echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  for p in "${spids[@]}"; do kill -KILL "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  for i in 0 1 2; do
    echo "== $name server $i log: $(grep -c '"level":"WARN"' "$work/server$name$i.log" || true) warnings," \
      "$(grep -c '"level":"ERROR"' "$work/server$name$i.log" || true) errors, $(grep -c 'panicked' "$work/server$name$i.log" || true) panics"
  done
}

# One server on SQLite, the same load (both players of a pair on it).
db=$work/load.db
start_server sqlite
echo "== sqlite: one server $url (pid $pid), load average $(cut -d' ' -f1-3 /proc/loadavg)"
nice "$bin/adjutant" --server "$url" load --pairs "$pairs" --seconds "$seconds" \
  --game outpost --scenario skirmish --think-ms "$think_ms" --server-pid "$pid"
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true

kill_pid="" run alive
kill_pid=1 run killed
