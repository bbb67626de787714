#!/usr/bin/env bash
# The HTTP API benchmark (bench/README.md, "HTTP API"): builds the release
# preset, starts a throwaway PostgreSQL 15 with fsync ON on a free loopback
# port, makes a client token, starts jobdesk-server on it (API only, any free
# loopback port), runs jobdesk-bench-http (HTTP creates/s and core-direct
# submits/s at 8 and 32 clients, unique keys and 50% replays; then batch
# items/s against single creates/s at 8 clients), and stops
# everything whatever happens. Loopback only: no other host is contacted.
#   scripts/bench-http.sh                         # 10 s or 20000 ops per phase
#   scripts/bench-http.sh --rounds 3 --seconds 10 # medians of 3 alternating rounds
#   scripts/bench-http.sh --batch-only --rounds 3 # batch items/s against single creates/s only
#   BUILD_DIR=build/my-release scripts/bench-http.sh   # another release build folder
#   HTTP_THREADS=32 scripts/bench-http.sh         # the server's handler threads (default 32)
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${BUILD_DIR:-build/release}
if [ "$BUILD_DIR" = build/release ]; then
  cmake --preset release >/dev/null
else
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$BUILD_DIR" --target jobdesk-server jobdesk-bench-http

WORK=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-http.XXXXXX")
PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-bench-http-pg.XXXXXX") # its own folder: the server runs as postgres
SERVER_PID=
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  scripts/pg-throwaway.sh stop "$PGDIR" || true
  rm -rf "$WORK" "$PGDIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

URL=$(PG_FSYNC=on PG_SYNC_COMMIT=on scripts/pg-throwaway.sh start "$PGDIR")
case "$URL" in
  postgresql://*@127.0.0.1:*) ;;
  *) echo "bench-http.sh: unexpected server URL '$URL'" >&2; exit 1 ;;
esac
echo "throwaway PostgreSQL (fsync=on, synchronous_commit=on): $URL" >&2

SERVER="$BUILD_DIR/app/server/jobdesk-server"
TOKEN=$("$SERVER" token create --owner bench --role client --label benchmark --database "$URL" 2>/dev/null | tail -n 1)
cat > "$WORK/routes.json" <<'JSON'
{"providers": [{"name": "bench", "kind": "fake", "base_url": "http://127.0.0.1:9/v1", "model": "none"}],
 "routes": [{"name": "bench", "prompt_template": "Summarise: {{text}}",
             "input_schema": {"type": "object", "required": ["text"],
                              "properties": {"text": {"type": "string", "minLength": 1}}},
             "output_schema": {"type": "object", "properties": {"summary": {"type": "string"}}},
             "provider_chain": ["bench"]}]}
JSON

QT_LOGGING_RULES="jobdesk.*.info=false" "$SERVER" --database "$URL" --routes "$WORK/routes.json" --listen 127.0.0.1 --port 0 \
  --no-dispatch --http-threads "${HTTP_THREADS:-32}" > "$WORK/server.out" &
SERVER_PID=$!
PORT=
for _ in $(seq 1 100); do
  PORT=$(sed -n 's|^jobdesk-server: listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$WORK/server.out")
  [ -n "$PORT" ] && break
  kill -0 "$SERVER_PID" 2>/dev/null || { echo "bench-http.sh: the server did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$PORT" ] || { echo "bench-http.sh: the server did not say its port" >&2; exit 1; }
echo "jobdesk-server (API only, ${HTTP_THREADS:-32} handler threads): http://127.0.0.1:$PORT" >&2

"$BUILD_DIR/bench/jobdesk-bench-http" --url "http://127.0.0.1:$PORT" --token "$TOKEN" --pg "$URL" "$@"
