#!/usr/bin/env bash
# The monitoring files against the tools that read them:
#   - promtool check rules and promtool test rules (packaging/prometheus/);
#   - promtool check metrics on a real GET /metrics of jobdesk-server (SQLite,
#     after a create, a replay and a conflict), which must carry every series
#     the alerts and the Grafana dashboard use;
#   - the Grafana dashboard (packaging/grafana/jobdesk.json) is JSON, and every
#     jobdesk_* name in it is exported.
#   prometheus-check.sh SERVER_BINARY
set -uo pipefail
SERVER=${1:?jobdesk-server binary}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PROM=$ROOT/packaging/prometheus
DASHBOARD=$ROOT/packaging/grafana/jobdesk.json
WORK=$(mktemp -d /tmp/jobdesk-prometheus.XXXXXX)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
command -v promtool >/dev/null || { echo "promtool missing: scripts/install-deps.sh installs Debian's prometheus" >&2; exit 1; }

(cd "$PROM" && promtool check rules alerts.yml && promtool test rules alerts_test.yml) || fail "alerting rules"

cat >"$WORK/routes.json" <<'JSON'
{"providers": [{"name": "fake", "kind": "fake", "base_url": "http://127.0.0.1:9/v1", "model": "m"}],
 "routes": [{"name": "summarize", "prompt_template": "Summarise: {{text}}",
             "output_schema": {"type": "object", "properties": {"summary": {"type": "string"}}}, "provider_chain": ["fake"]}]}
JSON
DB=sqlite:$WORK/jobdesk.db
TOKEN=$("$SERVER" token create --owner metrics --role client --database "$DB" 2>/dev/null | tail -n 1)
"$SERVER" --database "$DB" --routes "$WORK/routes.json" --port 0 --no-dispatch >"$WORK/server.out" 2>"$WORK/server.err" &
server_pid=$!
deadline=$((SECONDS + 30))
until grep -qs 'listening on http://127.0.0.1:' "$WORK/server.out"; do
  ((SECONDS < deadline)) || { cat "$WORK/server.err" >&2; echo "the server did not start" >&2; exit 1; }
  sleep 0.1
done
URL=$(sed -n 's|.*listening on \(http://127.0.0.1:[0-9]*\).*|\1|p' "$WORK/server.out" | head -n 1)
post() {
  curl -s -o /dev/null -w '%{http_code}' "$URL/v1/jobs" -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: application/json' -H 'Idempotency-Key: metrics-1' -d "{\"route\": \"summarize\", \"input\": {\"text\": \"$1\"}}"
}
[ "$(post a)$(post a)$(post b)" = 201200409 ] || fail "create, replay, conflict"
curl -s "$URL/metrics" >"$WORK/metrics.txt"
# promtool check metrics reads the exposition on stdin and lints it (names,
# units, types, HELP); its exit status is non-zero on any problem.
promtool check metrics <"$WORK/metrics.txt" || fail "promtool check metrics on GET /metrics"

exported=$(sed -n 's/^# TYPE \([a-z_]*\) \([a-z]*\)$/\1 \2/p' "$WORK/metrics.txt")
exported_name() {
  local name=$1 base
  base=$(sed -E 's/_(bucket|sum|count)$//' <<<"$name")
  grep -qE "^($name|$base histogram)( |$)" <<<"$exported"
}
for file in "$PROM/alerts.yml" "$DASHBOARD"; do
  for name in $(grep -oE 'jobdesk_[a-z_]+' "$file" | sort -u); do
    exported_name "$name" || fail "$(basename "$file") uses $name, which GET /metrics does not export"
  done
done
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["panels"] and all(p.get("targets") for p in d["panels"] if p.get("type") != "row")' \
  "$DASHBOARD" || fail "the Grafana dashboard is not a dashboard JSON with a query per panel"

((failures == 0)) || { echo "$failures check(s) failed" >&2; exit 1; }
echo "prometheus: rules checked and tested, /metrics passes promtool check metrics, dashboard series exported"
