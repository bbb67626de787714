#!/usr/bin/env bash
# The console benchmark (bench/README.md, "The console at a million jobs"):
# builds the release preset, starts a throwaway PostgreSQL 15 on a free
# loopback port, seeds 100,000 and 1,000,000 jobs in bulk, times every console
# query against its baseline, and prints the plan of each (auto_explain) from
# the server log. Loopback only.
#   scripts/bench-console.sh                 # --jobs 1000000 --small-jobs 100000
#   scripts/bench-console.sh --jobs 200000 --small-jobs 20000
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release >/dev/null
cmake --build --preset release --target jobdesk-bench-console jobdesk
PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-console.XXXXXX")
cleanup() { scripts/pg-throwaway.sh stop "$PGDIR" || true; rm -rf "$PGDIR"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
URL=$(scripts/pg-throwaway.sh start "$PGDIR")
build/release/bench/jobdesk-bench-console --pg "$URL" --keep --explain "$@" | tee "$PGDIR/bench.txt"
BIG_URL=$(sed -n 's/^BIG_URL=//p' "$PGDIR/bench.txt")
# The console's peak memory on the big store: offscreen, live for 20 s.
if [ -x build/release/app/jobdesk ] && [ -n "$BIG_URL" ]; then
  QT_QPA_PLATFORM=offscreen build/release/app/jobdesk --database "$BIG_URL" >/dev/null 2>&1 &
  PID=$!
  sleep 20
  echo "console peak memory (VmHWM) on the big store: $(grep VmHWM /proc/$PID/status | awk '{print $2, $3}') (target < 250 MB)"
  kill $PID 2>/dev/null || true
  wait $PID 2>/dev/null || true
fi
echo
echo "== plans (auto_explain: each console query once more at the big size) =="
sed -n "/plan of: /,\$p" "$PGDIR/server.log" | grep -v "^\s*$" || true
