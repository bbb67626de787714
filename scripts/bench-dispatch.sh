#!/usr/bin/env bash
# The dispatcher benchmark (bench/README.md, "Dispatcher"): starts a throwaway
# PostgreSQL 15 with fsync ON on a free loopback port and runs
# jobdesk-bench-dispatch on it and on an SQLite file, the fake provider
# answering after 0 ms, 2 s and 10 s, then stops everything whatever happens.
# Loopback only: no other host is contacted.
#   scripts/bench-dispatch.sh                      # the dev build, 2000 jobs per run
#   JOBS=5000 BUILD_DIR=build/release scripts/bench-dispatch.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${BUILD_DIR:-build/dev}
JOBS=${JOBS:-2000}
cmake --build "$BUILD_DIR" --target jobdesk-bench-dispatch -j2 >/dev/null

WORK=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-dispatch.XXXXXX")
PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-dispatch-pg.XXXXXX")
cleanup() {
  scripts/pg-throwaway.sh stop "$PGDIR" >/dev/null 2>&1 || true
  rm -rf "$WORK" "$PGDIR"
}
trap cleanup EXIT
URL=$(PG_FSYNC=on PG_SYNC_COMMIT=on scripts/pg-throwaway.sh start "$PGDIR")
echo "throwaway PostgreSQL (fsync=on, synchronous_commit=on): $URL" >&2
BENCH="$BUILD_DIR/bench/jobdesk-bench-dispatch"
export QT_LOGGING_RULES="jobdesk.*.info=false"
for delay in 0 2000 10000; do
  n=$JOBS
  [ "$delay" = 10000 ] && n=$(( JOBS > 5000 ? JOBS : 5000 ))
  m=1000
  [ "$delay" = 10000 ] && m=$n
  "$BENCH" --database "$URL" --jobs "$n" --delay-ms "$delay" --max-in-flight "$m"
  rm -f "$WORK/s.db"*
  "$BENCH" --database "sqlite:$WORK/s.db" --jobs "$n" --delay-ms "$delay" --max-in-flight "$m" --no-bare
done
# Submit-to-send at 100 jobs/s (PostgreSQL, 2 s provider).
"$BENCH" --database "$URL" --jobs 1000 --delay-ms 2000 --rate 100 --no-bare
