# Sourced by test.sh: starts a local PostgreSQL cluster (when none is given) and exports TEST_DATABASE_URL.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$pgbin" ] && [ "$(id -u)" = 0 ]; then
    pgdata=/tmp/atelier-pg
    if [ ! -f "$pgdata/PG_VERSION" ]; then
      rm -rf "$pgdata" && mkdir -p "$pgdata" && chown postgres:postgres "$pgdata"
      runuser -u postgres -- "$pgbin/initdb" -D "$pgdata" -A trust -U postgres >/dev/null
    fi
    if ! runuser -u postgres -- "$pgbin/pg_ctl" -D "$pgdata" status >/dev/null 2>&1; then
      runuser -u postgres -- "$pgbin/pg_ctl" -D "$pgdata" -l "$pgdata/server.log" -w \
        -o "-p 55432 -k /tmp -c listen_addresses=127.0.0.1" start >/dev/null
    fi
    runuser -u postgres -- "$pgbin/psql" -h 127.0.0.1 -p 55432 -U postgres -tAc \
      "SELECT 1 FROM pg_database WHERE datname='atelier_test'" | grep -q 1 ||
      runuser -u postgres -- "$pgbin/createdb" -h 127.0.0.1 -p 55432 -U postgres atelier_test
    export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:55432/atelier_test"
    echo "== PostgreSQL at $TEST_DATABASE_URL"
  fi
fi
