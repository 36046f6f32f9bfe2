# Sourced by ./test.sh: a throw-away PostgreSQL for the store tests, unless
# ADJUTANT_TEST_POSTGRES already names one (postgres://user@host:port/db; the tests create a
# database of their own in it for each test) or is `skip`.
#
# Debian's `postgresql` package is installed if no server is found. The cluster lives in a
# fresh temporary directory, listens on 127.0.0.1 on a free port with trust authentication,
# and is stopped and removed when the calling shell exits. PostgreSQL refuses to run as root:
# as root the cluster runs as the `postgres` system user. Clusters left by killed runs (their
# owning shell gone) are stopped and removed first.

adjutant_pg_stop() {
  local dir=$1
  [ -f "$dir/data/postmaster.pid" ] &&
    $ADJUTANT_PG_AS "$ADJUTANT_PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

adjutant_pg_start() {
  local bin dir port tries
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
    echo "== installing Debian's postgresql for the store tests"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  ADJUTANT_PG_BIN=$bin
  ADJUTANT_PG_AS=""
  [ "$(id -u)" = 0 ] && ADJUTANT_PG_AS="runuser -u postgres --"

  # Clusters of earlier runs whose shell is gone (killed before its trap ran).
  for old in "${TMPDIR:-/tmp}"/adjutant-pg.*; do
    [ -d "$old" ] || continue
    if ! kill -0 "$(cat "$old/owner" 2>/dev/null || echo 0)" 2>/dev/null; then
      adjutant_pg_stop "$old"
    fi
  done

  dir=$(mktemp -d "${TMPDIR:-/tmp}/adjutant-pg.XXXXXX")
  echo $$ >"$dir/owner"
  chmod 755 "$dir"
  [ -n "$ADJUTANT_PG_AS" ] && chown postgres "$dir"
  $ADJUTANT_PG_AS "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 \
    --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log"; return 1; }
  for tries in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 40000))
    # Taken if something answers there.
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
    if $ADJUTANT_PG_AS "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $dir -c max_connections=400 -c fsync=on" start >/dev/null; then
      ADJUTANT_PG_DIR=$dir
      trap 'adjutant_pg_stop "$ADJUTANT_PG_DIR"' EXIT
      export ADJUTANT_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port/postgres"
      echo "== PostgreSQL $("$bin/postgres" --version | awk '{print $3}') for the store tests at $ADJUTANT_TEST_POSTGRES ($dir)"
      return 0
    fi
  done
  cat "$dir/postgres.log"
  adjutant_pg_stop "$dir"
  return 1
}

if [ -z "${ADJUTANT_TEST_POSTGRES:-}" ]; then
  adjutant_pg_start
fi
