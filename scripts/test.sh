#!/usr/bin/env bash
# The one test command: installs what is needed, starts a throwaway
# PostgreSQL on a private loopback port, builds with the given preset
# (default: dev) and runs every test on both stores with CTest, verbosely.
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
ctest_status=0
ctest --preset "$PRESET" || ctest_status=$?
if [ "$fuzz_status" -ne 0 ]; then
  echo "FUZZ FINDING: scripts/fuzz.sh exited $fuzz_status; inputs in build/fuzz/findings/" >&2
fi
exit $(( ctest_status != 0 ? ctest_status : fuzz_status ))
