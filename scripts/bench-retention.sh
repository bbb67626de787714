#!/usr/bin/env bash
# The retention benchmark (bench/README.md, "Retention"): builds the release
# preset, starts a throwaway PostgreSQL 15 with fsync on, on a free loopback
# port, seeds --jobs jobs in bulk and removes them while 8 connections submit.
#   scripts/bench-retention.sh                 # --jobs 1000000
#   scripts/bench-retention.sh --jobs 200000 --seconds 10
#   JOBDESK_BENCH_BUILD_DIR=build/my-release scripts/bench-retention.sh   # an existing release build folder
set -euo pipefail
cd "$(dirname "$0")/.."
# JOBDESK_BENCH_BUILD_DIR: an existing release build folder instead of the preset's build/release
# (JOBDESK_BENCH_NO_BUILD=1: run what it holds, without building).
if [ -n "${JOBDESK_BENCH_BUILD_DIR:-}" ]; then
  BUILD=$JOBDESK_BENCH_BUILD_DIR
  [ -n "${JOBDESK_BENCH_NO_BUILD:-}" ] || cmake --build "$BUILD" -j"${JOBDESK_BENCH_JOBS:-2}" --target jobdesk-bench-retention
else
  BUILD=build/release
  cmake --preset release >/dev/null
  cmake --build --preset release --target jobdesk-bench-retention
fi
PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-retention.XXXXXX")
cleanup() { scripts/pg-throwaway.sh stop "$PGDIR" || true; rm -rf "$PGDIR"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
URL=$(PG_FSYNC=on PG_SYNC_COMMIT=on scripts/pg-throwaway.sh start "$PGDIR")
"$BUILD"/bench/jobdesk-bench-retention --pg "$URL" "$@"
