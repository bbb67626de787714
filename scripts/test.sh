#!/usr/bin/env bash
# The one test command: installs what is needed, starts a throwaway
# PostgreSQL on a private loopback port, builds with the given preset
# (default: dev) and runs every test on both stores with CTest, verbosely,
# then the failover suite on a Patroni cluster of its own (label "ha").
# With JOBDESK_CI_ASAN=1 (CI sets it: .ci/run) the store and dispatch suites
# (CTest labels "store" and "dispatch", not "scale") then run again under the
# asan preset, LeakSanitizer on with tests/lsan.supp; only their targets are
# built.
set -euo pipefail
cd "$(dirname "$0")/.."
PRESET=${1:-dev}
scripts/install-deps.sh

PGDIR=$(mktemp -d /tmp/jobdesk-pg.XXXXXX)
cleanup() { scripts/pg-throwaway.sh stop "$PGDIR"; rm -rf "$PGDIR"; }
trap cleanup EXIT
export JOBDESK_TEST_PG_URL=$(scripts/pg-throwaway.sh start "$PGDIR")
echo "throwaway PostgreSQL: $JOBDESK_TEST_PG_URL"

cmake --preset "$PRESET"
cmake --build --preset "$PRESET" -j "$(nproc)"
# The libFuzzer targets (HTTP request validation, canonical JSON) for a
# bounded time each (clang, ASan + UBSan). A finding is printed with its input
# (build/fuzz/findings/) and ends the run with a failure after CTest has run,
# so one run reports both.
fuzz_status=0
bash scripts/fuzz.sh "${JOBDESK_FUZZ_SECONDS:-30}" || fuzz_status=$?
# The Linux packages: built, linted, installed, run (the installed demo writes
# jobs), purged, nothing left behind. It installs packages, so only as root
# (CI runs as root); elsewhere run scripts/package-check.sh with sudo.
if [ "$(id -u)" -eq 0 ]; then
  bash scripts/package-check.sh
else
  echo "package check skipped: not root (run: sudo bash scripts/package-check.sh)"
fi
# The OpenAPI document is linted, and every answer the HTTP tests receive is
# recorded and checked against it (status, headers, body schema).
openapi_status=0
bash scripts/openapi-check.sh lint || openapi_status=$?
export JOBDESK_HTTP_RECORD="$PWD/build/http-responses.jsonl"
rm -f "$JOBDESK_HTTP_RECORD"
ctest_status=0
ctest --preset "$PRESET" -LE ha || ctest_status=$?
bash scripts/openapi-check.sh responses "$JOBDESK_HTTP_RECORD" || openapi_status=$?
unset JOBDESK_HTTP_RECORD
# The failover suite (label "ha": tests/ha/tst_failover.cpp) on a Patroni
# cluster of its own (scripts/pg-ha.sh: etcd and two PostgreSQL nodes):
# kill -9 of the primary under load at three points, a switchover, a lost
# standby. Its figures are in its output; its time is reported here.
ha_start=$SECONDS
ctest --preset "$PRESET" -L ha || ctest_status=$?
echo "ha: the failover suite ran in $(( SECONDS - ha_start )) s"
asan_status=0
if [ "${JOBDESK_CI_ASAN:-0}" = 1 ] && [ "$PRESET" != asan ]; then
  asan_start=$SECONDS
  cmake --preset asan
  asan_labels=(-L 'store|dispatch' -LE scale)
  asan_suites=$(ctest --preset asan -N "${asan_labels[@]}" | sed -n 's/^ *Test *#[0-9]*: //p')
  [ -n "$asan_suites" ] || { echo "asan: no store or dispatch suites found" >&2; exit 1; }
  # shellcheck disable=SC2086 # one target per suite
  cmake --build --preset asan -j "$(nproc)" --target $asan_suites
  echo "asan: built the store and dispatch suites in $(( SECONDS - asan_start )) s"
  ctest --preset asan "${asan_labels[@]}" || asan_status=$?
  echo "asan: built and ran the store and dispatch suites in $(( SECONDS - asan_start )) s"
fi
if [ "$fuzz_status" -ne 0 ]; then
  echo "FUZZ FINDING: scripts/fuzz.sh exited $fuzz_status; inputs in build/fuzz/findings/" >&2
fi
if [ "$asan_status" -ne 0 ]; then
  echo "ASAN: the store and dispatch suites under the asan preset exited $asan_status" >&2
fi
if [ "$openapi_status" -ne 0 ]; then
  echo "OPENAPI: docs/openapi.yaml fails its lint, or an HTTP test's answer does not match it" >&2
fi
for status in "$ctest_status" "$asan_status" "$fuzz_status" "$openapi_status"; do
  [ "$status" -eq 0 ] || exit "$status"
done
exit 0
