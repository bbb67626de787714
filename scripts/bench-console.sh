#!/usr/bin/env bash
# The console benchmark (bench/README.md, "The console at ten million jobs"):
# builds the release preset, starts a throwaway PostgreSQL 15 on a free
# loopback port, seeds 1,000,000 and 10,000,000 jobs in bulk, times the first
# page and the idle poll at 10M against 1M and every console query, and prints
# the plan of each (auto_explain) from the server log. Loopback only.
#   scripts/bench-console.sh                                # --jobs 10000000 --small-jobs 1000000 (~45 GB of disk)
#   scripts/bench-console.sh --jobs 1000000 --small-jobs 100000
#   scripts/bench-console.sh --jobs 20000 --small-jobs 2000 --repeat 5   # a quick check (seconds)
#   JOBDESK_BENCH_BUILD_DIR=build/my-release scripts/bench-console.sh   # an existing release build folder
set -euo pipefail
cd "$(dirname "$0")/.."
# JOBDESK_BENCH_BUILD_DIR: an existing release build folder instead of the preset's build/release
# (JOBDESK_BENCH_NO_BUILD=1: run what it holds, without building).
if [ -n "${JOBDESK_BENCH_BUILD_DIR:-}" ]; then
  BUILD=$JOBDESK_BENCH_BUILD_DIR
  [ -n "${JOBDESK_BENCH_NO_BUILD:-}" ] || cmake --build "$BUILD" -j"${JOBDESK_BENCH_JOBS:-2}" --target jobdesk-bench-console jobdesk
else
  BUILD=build/release
  cmake --preset release >/dev/null
  cmake --build --preset release --target jobdesk-bench-console jobdesk
fi
PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-console.XXXXXX")
cleanup() { scripts/pg-throwaway.sh stop "$PGDIR" || true; rm -rf "$PGDIR"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
URL=$(scripts/pg-throwaway.sh start "$PGDIR")
"$BUILD"/bench/jobdesk-bench-console --pg "$URL" --keep --explain "$@" | tee "$PGDIR/bench.txt"
BIG_URL=$(sed -n 's/^BIG_URL=//p' "$PGDIR/bench.txt")
# The console's peak memory on the big store: offscreen, live for 20 s.
if [ -x "$BUILD"/app/jobdesk ] && [ -n "$BIG_URL" ]; then
  QT_QPA_PLATFORM=offscreen "$BUILD"/app/jobdesk --database "$BIG_URL" >/dev/null 2>&1 &
  PID=$!
  sleep 20
  echo "console peak memory (VmHWM) on the big store: $(grep VmHWM /proc/$PID/status | awk '{print $2, $3}') (target < 250 MB)"
  kill $PID 2>/dev/null || true
  wait $PID 2>/dev/null || true
fi
echo
echo "== plans (auto_explain: each console query once more at the big size) =="
sed -n "/plan of: /,\$p" "$PGDIR/server.log" | grep -v "^\s*$" || true
