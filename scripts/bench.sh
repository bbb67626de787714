#!/usr/bin/env bash
# The store benchmark (bench/README.md): builds the release preset, starts a
# throwaway PostgreSQL 15 with fsync ON (honest commit costs) on a free
# loopback port in a temporary folder, runs jobdesk-bench-store against it and
# stops the server whatever happens. Loopback only: no other host is contacted.
#   scripts/bench.sh                      # 1, 8 and 32 connections + SQLite
#   scripts/bench.sh --rounds 3           # any jobdesk-bench-store options
#   scripts/bench.sh --conns 8 --seconds 5 | tee bench.txt
#   JOBDESK_BENCH_BUILD_DIR=build/perf-release scripts/bench.sh   # an existing RelWithDebInfo build dir instead of the preset
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${JOBDESK_BENCH_BUILD_DIR:-}" ]; then
  BUILD=$JOBDESK_BENCH_BUILD_DIR
  cmake --build "$BUILD" --target jobdesk-bench-store
else
  BUILD=build/release
  cmake --preset release >/dev/null
  cmake --build --preset release --target jobdesk-bench-store
fi

PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-pg.XXXXXX")
cleanup() {
  scripts/pg-throwaway.sh stop "$PGDIR" || true
  rm -rf "$PGDIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

URL=$(PG_FSYNC=on PG_SYNC_COMMIT=on scripts/pg-throwaway.sh start "$PGDIR")
case "$URL" in
  postgresql://*@127.0.0.1:*) ;;
  *) echo "bench.sh: unexpected server URL '$URL'" >&2; exit 1 ;;
esac
echo "throwaway PostgreSQL (fsync=on, synchronous_commit=on): $URL" >&2

"$BUILD/bench/jobdesk-bench-store" --pg "$URL" "$@"
