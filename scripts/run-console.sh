#!/usr/bin/env bash
# Installs what is needed, builds, and starts the console on its embedded
# default store (SQLite) with the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset release -j "$(nproc)"
if [ ! -x build/release/app/jobdesk ]; then
  echo "The console (jobdesk) is not built yet: it is the subject of a later issue." >&2
  exit 1
fi
exec build/release/app/jobdesk --demo "$@"
