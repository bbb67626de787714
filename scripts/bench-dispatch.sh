#!/usr/bin/env bash
# The dispatcher benchmark (bench/README.md, "Dispatcher"): starts a throwaway
# PostgreSQL 15 with fsync ON on a free loopback port and a jobdesk-fake-provider
# process per latency, runs jobdesk-bench-dispatch on PostgreSQL and on an SQLite
# file with one and two jobdesk-server processes (jobs submitted over HTTP), the
# provider answering after 0 ms, 2 s and 10 s, then the sustained run (400 jobs/s
# fed for 60 s, 2 s provider) and the latency run (100 jobs/s), and stops
# everything whatever happens. IN_PROCESS=1: dispatchers and submits in the
# benchmark's own process instead (through JobService).
# Loopback only: no other host is contacted.
#   scripts/bench-dispatch.sh                                # the release build
#   JOBS=5000 JOBDESK_BENCH_BUILD_DIR=build/my-release scripts/bench-dispatch.sh
#   ONLY=sustained scripts/bench-dispatch.sh                 # matrix | sustained | latency
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${JOBDESK_BENCH_BUILD_DIR:-${BUILD_DIR:-build/release}}
JOBS=${JOBS:-4000}
WORKERS=${WORKERS:-4}
ONLY=${ONLY:-all}
cmake --build "$BUILD_DIR" --target jobdesk-bench-dispatch jobdesk-fake-provider jobdesk-server -j2 >/dev/null

WORK=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-dispatch.XXXXXX")
PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-dispatch-pg.XXXXXX")
FAKES=()
cleanup() {
  for p in "${FAKES[@]}"; do kill "$p" 2>/dev/null || true; done
  scripts/pg-throwaway.sh stop "$PGDIR" >/dev/null 2>&1 || true
  rm -rf "$WORK" "$PGDIR"
}
trap cleanup EXIT
URL=$(PG_FSYNC=on PG_SYNC_COMMIT=on scripts/pg-throwaway.sh start "$PGDIR")
echo "throwaway PostgreSQL (fsync=on, synchronous_commit=on): $URL" >&2
BENCH="$BUILD_DIR/bench/jobdesk-bench-dispatch"
FAKE="$BUILD_DIR/app/fake-provider/jobdesk-fake-provider"
SERVER="$BUILD_DIR/app/server/jobdesk-server"
# Over HTTP to K jobdesk-server processes, or K dispatchers in the benchmark's process.
servers() { if [ "${IN_PROCESS:-0}" = 1 ]; then echo --dispatchers "$1"; else echo --server-binary "$SERVER" --servers "$1"; fi; }
export QT_LOGGING_RULES="jobdesk.*.info=false"

# A fake provider process answering after $1 ms; its base URL in $P (not a
# subshell, so that cleanup knows its pid).
fake() {
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  "$FAKE" --port "$port" --delay-ms "$1" >/dev/null 2>&1 &
  FAKES+=("$!")
  for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
  P="http://127.0.0.1:$port/v1"
}

run() { echo; echo "== $* ($(uptime))"; timeout "${RUN_TIMEOUT:-900}" "$BENCH" --workers "$WORKERS" "$@" || echo "(exit $?)"; }

if [ "$ONLY" = all ] || [ "$ONLY" = matrix ]; then
  for delay in 0 2000 10000; do
    fake "$delay"
    n=$JOBS; m=2000
    [ "$delay" = 10000 ] && n=$(( JOBS > 8000 ? JOBS : 8000 )) && m=$n
    for k in 1 2; do
      run --database "$URL" --jobs "$n" --delay-ms "$delay" --max-in-flight "$m" $(servers "$k") --provider-url "$P"
      rm -f "$WORK/s.db"*
      run --database "sqlite:$WORK/s.db" --jobs "$n" --delay-ms "$delay" --max-in-flight "$m" $(servers "$k") \
          --provider-url "$P" --no-bare
    done
  done
fi
if [ "$ONLY" = all ] || [ "$ONLY" = sustained ]; then
  fake 2000
  run --database "$URL" --jobs 24000 --rate 400 --delay-ms 2000 --max-in-flight 2000 $(servers 1) --provider-url "$P" --no-bare
fi
if [ "$ONLY" = all ] || [ "$ONLY" = latency ]; then
  fake 2000
  run --database "$URL" --jobs 1000 --rate 100 --delay-ms 2000 --max-in-flight 1000 $(servers 1) --provider-url "$P" --no-bare
fi
