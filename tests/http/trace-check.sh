#!/usr/bin/env bash
# Trace context and structured logs, on real processes (jobdesk-server,
# jobdesk-fake-provider --print-requests), on SQLite and, when
# JOBDESK_TEST_PG_URL is set, PostgreSQL (a fresh schema):
#   - a create's valid traceparent is kept in the job's client_meta and its
#     attempt is sent with the same trace id and flags and a parent id of its
#     own; an invalid one (upper case, an all-zero trace id) is not kept and
#     nothing is sent;
#   - --log-format json: every stderr line is a JSON object; the create's and
#     the attempt's lines carry job_id, attempt_id and trace_id.
#   trace-check.sh SERVER_BINARY FAKE_PROVIDER_BINARY
set -uo pipefail
SERVER=${1:?jobdesk-server binary}
FAKE=${2:?jobdesk-fake-provider binary}
WORK=$(mktemp -d /tmp/jobdesk-trace.XXXXXX)
# shellcheck source=check-lib.sh
source "$(cd "$(dirname "$0")" && pwd)/check-lib.sh"

start_fake --print-requests
cat >"$WORK/routes.json" <<JSON
{"providers": [{"name": "fake", "kind": "fake", "base_url": "$FAKE_URL", "model": "fake-1", "status_lookup": true}],
 "routes": [{"name": "summarize", "prompt_template": "Summarise: {{text}}",
             "output_schema": {"type": "object", "properties": {"summary": {"type": "string"}}},
             "provider_chain": ["fake"]}]}
JSON

"$SERVER" --database "sqlite:$WORK/x.db" --routes "$WORK/routes.json" --log-format yaml 2>/dev/null
[ $? = 2 ] && ok "--log-format yaml is refused" || fail "--log-format yaml was not refused"

stores_for trace

TRACE=4bf92f3577b34da6a3ce929d0e0e4736
TP=00-$TRACE-00f067aa0ba902b7-01
for DB in "${stores[@]}"; do
  store=${DB%%:*}
  lines_before=$(wc -l <"$WORK/fake.out")
  TOKEN=$("$SERVER" token create --owner trace --role client --database "$DB" 2>/dev/null | tail -n 1)
  rm -f "$WORK/server.out"
  QT_LOGGING_RULES='jobdesk.dispatch.debug=true;jobdesk.http.debug=true' \
    "$SERVER" --database "$DB" --routes "$WORK/routes.json" --port 0 --poll-ms 50 --log-format json >"$WORK/server.out" 2>"$WORK/server.err" &
  pid=$!
  PIDS+=("$pid")
  until_true 30 grep -qs 'listening on http://127.0.0.1:' "$WORK/server.out" || { cat "$WORK/server.err" >&2; fail "$store: server start"; continue; }
  URL=http://127.0.0.1:$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$WORK/server.out" | head -n 1)
  create() { # KEY TRACEPARENT: the job's id
    curl -s --max-time 40 -X POST "$URL/v1/jobs" -H "Authorization: Bearer $TOKEN" -H "Idempotency-Key: $1" -H 'Prefer: wait=20' \
      -H 'Content-Type: application/json' ${2:+-H "traceparent: $2"} --data-binary '{"route": "summarize", "input": {"text": "t"}}' |
      python3 -c 'import json, sys; j = json.load(sys.stdin); print(j["id"] if j.get("state") == "succeeded" else "not-succeeded")'
  }
  id=$(create "$store-traced" "$TP")
  bad1=$(create "$store-upper" "00-${TRACE^^}-00f067aa0ba902b7-01")
  bad2=$(create "$store-zero" "00-00000000000000000000000000000000-00f067aa0ba902b7-01")
  kill -TERM "$pid"; wait "$pid" 2>/dev/null
  [[ "$id" =~ ^[0-9]+$ && "$bad1" =~ ^[0-9]+$ && "$bad2" =~ ^[0-9]+$ ]] || { fail "$store: creates: $id $bad1 $bad2"; continue; }

  kept=$(sql "SELECT client_meta FROM jobs WHERE id IN ($id, $bad1, $bad2) ORDER BY id" |
    python3 -c 'import json, sys; print(" ".join(json.loads(l).get("traceparent", "-") for l in sys.stdin))')
  [ "$kept" = "$TP - -" ] && ok "$store: the valid traceparent is kept, the invalid ones are not" || fail "$store: client_meta traceparent: $kept"

  attempt=$(sql "SELECT id FROM attempts WHERE job_id = $id")
  span=$(sql "SELECT provider_key FROM attempts WHERE job_id = $id" | tr -d '\n' | sha256sum | cut -c1-16)
  sent=$(tail -n +$((lines_before + 1)) "$WORK/fake.out" | sed -n 's/^request .* traceparent=//p' | sort)
  if [ "$(echo "$sent" | wc -l)" = 3 ] && [ "$(echo "$sent" | grep -c '^$')" = 2 ] \
     && [ "$(echo "$sent" | tail -n 1)" = "00-$TRACE-$span-01" ]; then
    ok "$store: attempt $attempt sent with 00-$TRACE-$span-01 (its own span); the others with none"
  else
    fail "$store: traceparents sent: $(echo "$sent" | tr '\n' '|') (want 00-$TRACE-$span-01)"
  fi

  python3 - "$WORK/server.err" "$id" "$attempt" "$TRACE" <<'PY' && ok "$store: JSON logs carry job $id, attempt $attempt, trace $TRACE" || fail "$store: JSON logs"
import json, sys
path, job, attempt, trace = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
lines = [json.loads(l) for l in open(path) if l.strip()]  # every line is JSON, or this throws
assert all({"ts", "level", "category", "msg"} <= l.keys() for l in lines), "a line without ts/level/category/msg"
http = [l for l in lines if l["category"] == "jobdesk.http" and l.get("job_id") == job]
disp = [l for l in lines if l["category"] == "jobdesk.dispatch" and l.get("job_id") == job and l.get("attempt_id") == attempt]
assert http and all(l.get("trace_id") == trace for l in http), ("create line", http)
assert disp and all(l.get("trace_id") == trace for l in disp), ("attempt line", disp)
assert not any(l.get("trace_id") for l in lines if l.get("job_id") not in (None, job)), "a trace id on another job's line"
PY
done

((failures == 0)) || { echo "$failures check(s) failed" >&2; exit 1; }
echo "all trace checks passed"
