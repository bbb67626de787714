#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on a private loopback port and prints its URL.
#   scripts/pg-throwaway.sh start DIR [PORT]   -> prints postgresql://...
#   scripts/pg-throwaway.sh stop DIR
# Loopback only (listen_addresses=127.0.0.1); the data lives in DIR.
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
cmd=${1:?start|stop}
dir=${2:?data folder}
port=${3:-}

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  # Below Linux's ephemeral range (32768..60999), so a client socket of a busy
  # test cannot be holding the port we pick.
  for p in $(seq 25432 25532); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "no free port in 25432..25532" >&2; exit 1
}

case "$cmd" in
start)
  [ -n "$port" ] || port=$(free_port)
  mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
  if [ ! -f "$dir/PG_VERSION" ]; then
    as_pg "$PGBIN/initdb" -D "$dir" -U postgres -A trust --no-sync >/dev/null
  fi
  as_pg "$PGBIN/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=${PG_FSYNC:-off} -c synchronous_commit=${PG_SYNC_COMMIT:-off} -c full_page_writes=${PG_FSYNC:-off} -c max_connections=200 -c shared_buffers=256MB" \
    start >/dev/null
  echo "postgresql://postgres@127.0.0.1:$port/postgres"
  ;;
stop)
  as_pg "$PGBIN/pg_ctl" -D "$dir" -m fast -w stop >/dev/null || true
  ;;
*) echo "usage: $0 start|stop DIR [PORT]" >&2; exit 2 ;;
esac
