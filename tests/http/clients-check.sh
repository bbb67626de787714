#!/usr/bin/env bash
# The example clients (examples/clients/: curl, Python, Node) against real
# jobdesk-server processes and jobdesk-fake-provider, on SQLite and, when
# JOBDESK_TEST_PG_URL is set, on PostgreSQL (a fresh schema):
#   - a create waits (Prefer: wait) for the job's result; the same key again is
#     the same job; the same key with another input (409) and an unknown route
#     (422) are final: one request each, exit 1;
#   - 429 and 503 with Retry-After (a stub server): retried with the same key,
#     never sooner than Retry-After;
#   - the server is killed (SIGKILL) while the client waits on its create and
#     restarted on the same port: the client's retry with the same key ends
#     with the job done and exactly one job for that key in the store.
#   clients-check.sh SERVER_BINARY FAKE_PROVIDER_BINARY
# Every wait is bounded (deadline polls); exit 0 only when every check passed.
set -uo pipefail
SERVER=${1:?jobdesk-server binary}
FAKE=${2:?jobdesk-fake-provider binary}
HERE=$(cd "$(dirname "$0")" && pwd)
CLIENTS=$HERE/../../examples/clients
WORK=$(mktemp -d /tmp/jobdesk-clients.XXXXXX)
# shellcheck source=check-lib.sh
source "$HERE/check-lib.sh"

stop_server() { kill -TERM "$1" 2>/dev/null; wait "$1" 2>/dev/null; }

# run_client NAME KEY INPUT ROUTE WAIT: runs one client; its stdout in $WORK/NAME.out, stderr in .err.
run_client() {
  local name=$1 key=$2 input=$3 route=$4 wait=$5
  case $name in
    curl) JOBDESK_URL=$URL JOBDESK_TOKEN=$TOKEN JOBDESK_WAIT=$wait timeout 120 "$CLIENTS/create-job.sh" "$route" "$input" "$key" ;;
    python) timeout 120 python3 "$CLIENTS/jobdesk_client.py" --url "$URL" --token "$TOKEN" --route "$route" --input "$input" --key "$key" --wait "$wait" ;;
    node) timeout 120 node "$CLIENTS/create-job.mjs" --url "$URL" --token "$TOKEN" --route "$route" --input "$input" --key "$key" --wait "$wait" ;;
  esac >"$WORK/$name.out" 2>"$WORK/$name.err"
}

field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2]))' "$1" "$2" 2>/dev/null; }
tries() { grep -c '^try ' "$1"; }
metric() { curl -s "$URL/metrics" | sed -n "s/^$1 //p"; }
created_once() { [ "$(metric jobdesk_jobs_created_total)" = 1 ]; }

count_jobs_with_key() { sql "SELECT count(*) FROM jobs WHERE idempotency_key = '$1'"; }

start_fake
cat >"$WORK/routes.json" <<JSON
{"providers": [{"name": "fake", "kind": "fake", "base_url": "$FAKE_URL", "model": "fake-1", "status_lookup": true}],
 "routes": [{"name": "summarize", "prompt_template": "Summarise: {{text}}",
             "input_schema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "minLength": 1}}},
             "output_schema": {"type": "object", "properties": {"summary": {"type": "string"}}},
             "provider_chain": ["fake"]}]}
JSON

stores_for clients

# A stub that answers 429 (Retry-After: 1), then 503 (Retry-After: 1), then 201, and logs
# each request's time and Idempotency-Key.
cat >"$WORK/stub.py" <<'PY'
import http.server, json, sys, time
answers = [(429, "1"), (503, "1"), (201, None)]
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        with open(sys.argv[1], "a") as log:
            log.write(f"{time.monotonic()} {self.headers['Idempotency-Key']}\n")
        status, after = answers.pop(0) if answers else (201, None)
        body = json.dumps({"id": 7, "state": "succeeded"} if status == 201 else {"type": "urn:jobdesk:problem:overloaded"}).encode()
        self.send_response(status)
        if after:
            self.send_header("Retry-After", after)
        self.send_header("Content-Type", "application/json" if status == 201 else "application/problem+json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a): pass
s = http.server.HTTPServer(("127.0.0.1", 0), H)
print(s.server_address[1], flush=True)
s.serve_forever()
PY

for client in curl python node; do
  : >"$WORK/stub-$client.log"
  python3 "$WORK/stub.py" "$WORK/stub-$client.log" >"$WORK/stub-$client.port" &
  stub=$!
  PIDS+=("$stub")
  until_true 10 test -s "$WORK/stub-$client.port"
  URL=http://127.0.0.1:$(cat "$WORK/stub-$client.port") TOKEN=jdt_stub
  run_client "$client" "stub-key-$client" '{"text": "x"}' summarize 1
  rc=$?
  kill "$stub"
  gaps_ok=$(python3 -c '
import sys
rows = [l.split() for l in open(sys.argv[1])]
keys = {r[1] for r in rows}
t = [float(r[0]) for r in rows]
print(int(len(rows) == 3 and keys == {sys.argv[2]} and all(b - a >= 0.95 for a, b in zip(t, t[1:]))))' "$WORK/stub-$client.log" "stub-key-$client")
  if [ "$rc" = 0 ] && [ "$gaps_ok" = 1 ]; then ok "$client: 429 and 503 retried with the same key after Retry-After"
  else fail "$client: Retry-After (exit $rc, log: $(tr '\n' ';' <"$WORK/stub-$client.log"))"; fi
done

for DB in "${stores[@]}"; do
  store=${DB%%:*}
  TOKEN=$("$SERVER" token create --owner clients --role client --database "$DB" 2>"$WORK/token.err" | tail -n 1)
  [ -n "$TOKEN" ] || { cat "$WORK/token.err" >&2; fail "$store: token create"; continue; }
  start_server "$WORK/server.out" --database "$DB" --routes "$WORK/routes.json" --port 0 --poll-ms 50 || { fail "$store: server start"; continue; }
  URL=http://127.0.0.1:$PORT
  for client in curl python node; do
    key="$store-$client-intent-1"
    run_client "$client" "$key" '{"text": "one intent"}' summarize 30
    rc=$? state=$(field "$WORK/$client.out" state) id=$(field "$WORK/$client.out" id)
    if [ "$rc" = 0 ] && [ "$state" = succeeded ]; then ok "$store/$client: created and waited: job $id succeeded"
    else fail "$store/$client: create (exit $rc, state $state): $(cat "$WORK/$client.err")"; fi
    run_client "$client" "$key" '{"text": "one intent"}' summarize 30
    rc=$? again=$(field "$WORK/$client.out" id)
    if [ "$rc" = 0 ] && [ "$again" = "$id" ]; then ok "$store/$client: the same key again is job $id"
    else fail "$store/$client: replay (exit $rc, id $again, first $id)"; fi
    run_client "$client" "$key" '{"text": "another intent"}' summarize 30
    rc=$?
    if [ "$rc" = 1 ] && grep -q 'idempotency-conflict' "$WORK/$client.err" && [ "$(tries "$WORK/$client.err")" = 0 ]; then
      ok "$store/$client: 409 is final"
    else fail "$store/$client: conflict (exit $rc): $(cat "$WORK/$client.err")"; fi
    run_client "$client" "$store-$client-intent-2" '{"text": "x"}' no-such-route 30
    rc=$?
    if [ "$rc" = 1 ] && grep -q 'unknown-route' "$WORK/$client.err" && [ "$(tries "$WORK/$client.err")" = 0 ]; then
      ok "$store/$client: 422 is final"
    else fail "$store/$client: unknown route (exit $rc): $(cat "$WORK/$client.err")"; fi
    [ "$(count_jobs_with_key "$key")" = 1 ] || fail "$store/$client: not one job for $key"
  done
  stop_server "$SERVER_PID"

  # Killed mid-request: the first server dispatches nothing, so the create waits
  # (Prefer: wait=20) on a queued job until the server is killed; the second one,
  # on the same port, dispatches it and answers the retry.
  for client in curl python node; do
    key="$store-$client-killed"
    start_server "$WORK/server-a.out" --database "$DB" --routes "$WORK/routes.json" --port 0 --no-dispatch || { fail "$store: server start"; continue; }
    URL=http://127.0.0.1:$PORT
    run_client "$client" "$key" '{"text": "killed mid-request"}' summarize 20 &
    client_pid=$!
    if ! until_true 20 created_once; then
      fail "$store/$client: the create did not arrive"; kill "$client_pid"; stop_server "$SERVER_PID"; continue
    fi
    kill -9 "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null
    start_server "$WORK/server-b.out" --database "$DB" --routes "$WORK/routes.json" --port "$PORT" --poll-ms 50 || { fail "$store: restart on $PORT"; continue; }
    wait "$client_pid"
    rc=$? state=$(field "$WORK/$client.out" state)
    replays=$(metric jobdesk_idempotent_replays_total) created=$(metric jobdesk_jobs_created_total)
    jobs=$(count_jobs_with_key "$key")
    if [ "$rc" = 0 ] && [ "$state" = succeeded ] && [ "$jobs" = 1 ] && [ "$created" = 0 ] && [ "${replays:-0}" -ge 1 ] \
       && [ "$(tries "$WORK/$client.err")" -ge 1 ]; then
      ok "$store/$client: killed mid-request, retried $(tries "$WORK/$client.err") time(s): one job, succeeded"
    else
      fail "$store/$client: killed mid-request (exit $rc, state $state, jobs $jobs, created $created, replays $replays): $(cat "$WORK/$client.err")"
    fi
    stop_server "$SERVER_PID"
  done
done

((failures == 0)) || { echo "$failures check(s) failed" >&2; exit 1; }
echo "all client checks passed"
