#!/usr/bin/env bash
# Installs what is needed, builds the console (release preset) and starts it
# on its embedded default: the demo, on an SQLite file in the user's data
# folder, with the dispatcher, fake providers and simulated users in the same
# process, all on 127.0.0.1. Extra arguments go to jobdesk, e.g.
#   scripts/run-console.sh --reset                     start the demo over
#   scripts/run-console.sh --screenshots /tmp/shots    write screenshots and exit
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset release --target jobdesk -j "$(nproc)"
console=build/release/app/jobdesk
if [ ! -x "$console" ]; then
  echo "the console was not built: $console is missing" >&2
  exit 1
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  # No screen: run on a virtual one (nothing to see, but --screenshots works).
  echo "no display found: running on a virtual X server (xvfb-run); pass --screenshots DIR to see what it shows" >&2
  exec xvfb-run -a -s '-screen 0 1600x1000x24' "$console" --demo "$@"
fi
exec "$console" --demo "$@"
