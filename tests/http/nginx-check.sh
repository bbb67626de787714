#!/usr/bin/env bash
# jobdesk-server behind nginx with TLS, as packaging/nginx/jobdesk.conf sets it
# up: a certificate made here (openssl), nginx on a free loopback port with the
# packaged config (its ports, certificate paths and a proxy_bind rewritten by
# sed; nginx runs as this user with its own prefix), two jobdesk-servers on one
# store behind it (SQLite and, when JOBDESK_TEST_PG_URL is set, PostgreSQL in a
# fresh schema). Through nginx, with curl --cacert:
#   - create (201), replay (200, Idempotent-Replayed, the same id), conflict (409);
#   - a body over client_max_body_size: 413 with a problem document;
#   - a slow client (its body sent at 64 KB/s for ~3 s): answered 201;
#   - Prefer: wait: answered with Preference-Applied and the decided job;
#   - creates reach both servers;
#   - the client address in client_meta (jobs and idempotency events) is the
#     one nginx saw (127.0.0.3), not the proxy's (127.0.0.2) nor what the
#     client wrote into X-Forwarded-For; a client talking to a server directly
#     with a forged X-Forwarded-For is recorded as its socket's address.
#   nginx-check.sh SERVER_BINARY FAKE_PROVIDER_BINARY
# Every wait is bounded; exit 0 only when every check passed.
set -uo pipefail
SERVER=${1:?jobdesk-server binary}
FAKE=${2:?jobdesk-fake-provider binary}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CONF=$ROOT/packaging/nginx/jobdesk.conf
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
WORK=$(mktemp -d /tmp/jobdesk-nginx.XXXXXX)
# shellcheck source=check-lib.sh
source "$ROOT/tests/http/check-lib.sh"
[ -x "$NGINX" ] || { echo "nginx missing: scripts/install-deps.sh installs it" >&2; exit 1; }
command -v openssl >/dev/null || { echo "openssl missing: scripts/install-deps.sh installs it" >&2; exit 1; }

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost \
  -keyout "$WORK/jobdesk.key" -out "$WORK/jobdesk.pem" 2>"$WORK/openssl.err" || { cat "$WORK/openssl.err" >&2; exit 1; }

start_fake
cat >"$WORK/routes.json" <<JSON
{"providers": [{"name": "fake", "kind": "fake", "base_url": "$FAKE_URL", "model": "fake-1", "status_lookup": true}],
 "routes": [{"name": "summarize", "prompt_template": "Summarise: {{text}}",
             "input_schema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "minLength": 1}}},
             "output_schema": {"type": "object", "properties": {"summary": {"type": "string"}}},
             "provider_chain": ["fake"]}]}
JSON

stores_for nginx

# meta_ip TABLE KEY [KIND]: the "ip" (and "proxy") of client_meta rows for KEY, one "ip proxy" a line.
meta_ip() {
  local where="idempotency_key = '$2'"
  [ -n "${3:-}" ] && where="$where AND kind = '$3'"
  sql "SELECT client_meta FROM $1 WHERE $where" |
    python3 -c 'import json, sys
for l in sys.stdin:
    m = json.loads(l)
    print(m.get("ip"), m.get("proxy", "-"))'
}
metric() { curl -s "http://127.0.0.1:$1/metrics" | sed -n "s/^$2 //p"; }

# request NAME CURL-ARGS...: through nginx from 127.0.0.3; status in $STATUS, headers in $WORK/NAME.h, body in $WORK/NAME.b.
request() {
  local name=$1; shift
  STATUS=$(curl -sS --max-time 90 --cacert "$WORK/jobdesk.pem" --resolve "localhost:$NGINX_PORT:127.0.0.1" --interface 127.0.0.3 \
    -H "Authorization: Bearer $TOKEN" -D "$WORK/$name.h" -o "$WORK/$name.b" -w '%{http_code}' "$@" 2>"$WORK/$name.err")
}
create() { # NAME KEY @BODY-FILE [CURL-ARGS...]
  local name=$1 key=$2 body=$3; shift 3
  request "$name" -X POST -H "Idempotency-Key: $key" -H 'Content-Type: application/json' --data-binary "$body" "$@" "https://localhost:$NGINX_PORT/v1/jobs"
}
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2]))' "$1" "$2" 2>/dev/null; }
header() { sed -n "s/^$2: *\(.*\)\r$/\1/Ip" "$1" | head -n 1; }

for DB in "${stores[@]}"; do
  store=${DB%%:*}
  TOKEN=$("$SERVER" token create --owner nginx --role client --database "$DB" 2>"$WORK/token.err" | tail -n 1)
  [ -n "$TOKEN" ] || { cat "$WORK/token.err" >&2; fail "$store: token create"; continue; }
  start_server "$WORK/a.out" --database "$DB" --routes "$WORK/routes.json" --port 0 --poll-ms 50 --trusted-proxy 127.0.0.2 \
    || { fail "$store: server a"; continue; }
  PID_A=$SERVER_PID PORT_A=$PORT
  JOBDESK_TRUSTED_PROXIES=10.9.8.7,127.0.0.2/32 start_server "$WORK/b.out" --database "$DB" --routes "$WORK/routes.json" --port 0 --poll-ms 50 \
    || { fail "$store: server b"; continue; }
  PID_B=$SERVER_PID PORT_B=$PORT

  NGINX_PORT=$(free_port)
  mkdir -p "$WORK/nginx/logs" "$WORK/nginx/tmp"
  sed -e "s|listen 443 ssl http2;|listen 127.0.0.1:$NGINX_PORT ssl http2;|" \
      -e '/listen \[::\]:443/d' \
      -e "s|server 127.0.0.1:8080 |server 127.0.0.1:$PORT_A |" \
      -e "s|server 127.0.0.1:8081 |server 127.0.0.1:$PORT_B |" \
      -e "s|/etc/ssl/certs/jobdesk.pem|$WORK/jobdesk.pem|" \
      -e "s|/etc/ssl/private/jobdesk.key|$WORK/jobdesk.key|" \
      -e 's|^\( *\)proxy_pass http://jobdesk;|&\n\1proxy_bind 127.0.0.2;|' \
      "$CONF" >"$WORK/nginx/jobdesk.conf"
  for want in "listen 127.0.0.1:$NGINX_PORT ssl" "server 127.0.0.1:$PORT_A " "server 127.0.0.1:$PORT_B " "$WORK/jobdesk.pem" "$WORK/jobdesk.key" "proxy_bind 127.0.0.2;"; do
    grep -qF "$want" "$WORK/nginx/jobdesk.conf" || { echo "the packaged config no longer has what the test rewrites ($want)" >&2; exit 1; }
  done
  # Port 443 as a whole number: a free port picked at random may contain the digits (44312).
  ! grep -v '^ *#' "$WORK/nginx/jobdesk.conf" | grep -qE '(^|[^0-9])443([^0-9]|$)|/etc/' || { echo "a path or port of the packaged config was not rewritten" >&2; exit 1; }
  cat >"$WORK/nginx/nginx.conf" <<CONF
user $(id -un) $(id -gn);
worker_processes 1;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/logs/error.log info;
events { worker_connections 256; }
http {
    access_log $WORK/nginx/logs/access.log;
    client_body_temp_path $WORK/nginx/tmp/body;
    proxy_temp_path $WORK/nginx/tmp/proxy;
    fastcgi_temp_path $WORK/nginx/tmp/fastcgi;
    uwsgi_temp_path $WORK/nginx/tmp/uwsgi;
    scgi_temp_path $WORK/nginx/tmp/scgi;
    include $WORK/nginx/jobdesk.conf;
}
CONF
  "$NGINX" -t -p "$WORK/nginx" -e "$WORK/nginx/logs/error.log" -c "$WORK/nginx/nginx.conf" 2>"$WORK/nginx-t.err" \
    || { cat "$WORK/nginx-t.err" >&2; fail "$store: nginx -t"; continue; }
  "$NGINX" -p "$WORK/nginx" -e "$WORK/nginx/logs/error.log" -c "$WORK/nginx/nginx.conf" 2>"$WORK/nginx.err" &
  NGINX_PID=$!
  PIDS+=("$NGINX_PID")
  healthy() { request health "https://localhost:$NGINX_PORT/healthz" && [ "$STATUS" = 200 ]; }
  until_true 20 healthy || { cat "$WORK/nginx.err" "$WORK/nginx/logs/error.log" >&2; fail "$store: nginx did not answer"; continue; }
  ok "$store: nginx on https://localhost:$NGINX_PORT in front of :$PORT_A and :$PORT_B"

  key=$store-nginx-1
  echo '{"route": "summarize", "input": {"text": "behind nginx"}}' >"$WORK/intent.json"
  create create "$key" @"$WORK/intent.json" -H 'X-Forwarded-For: 203.0.113.9'
  id=$(field "$WORK/create.b" id)
  [ "$STATUS" = 201 ] && [ "$id" != None ] && ok "$store: create 201 (job $id)" || fail "$store: create: $STATUS $(cat "$WORK/create.b" "$WORK/create.err")"
  create replay "$key" @"$WORK/intent.json" -H 'X-Forwarded-For: 203.0.113.9'
  [ "$STATUS" = 200 ] && [ "$(field "$WORK/replay.b" id)" = "$id" ] && [ "$(header "$WORK/replay.h" Idempotent-Replayed)" = true ] \
    && ok "$store: replay 200, Idempotent-Replayed, job $id" || fail "$store: replay: $STATUS $(cat "$WORK/replay.h" "$WORK/replay.b")"
  echo '{"route": "summarize", "input": {"text": "another intent"}}' >"$WORK/other.json"
  create conflict "$key" @"$WORK/other.json"
  [ "$STATUS" = 409 ] && grep -q idempotency-conflict "$WORK/conflict.b" && ok "$store: conflict 409" || fail "$store: conflict: $STATUS $(cat "$WORK/conflict.b")"

  python3 -c 'import json; print(json.dumps({"route": "summarize", "input": {"text": "x" * (1100 * 1024)}}))' >"$WORK/big.json"
  create big "$store-nginx-big" @"$WORK/big.json"
  [ "$STATUS" = 413 ] && [ "$(field "$WORK/big.b" type)" = urn:jobdesk:problem:payload-too-large ] \
    && grep -qi '^content-type: application/problem+json' "$WORK/big.h" \
    && ok "$store: a body over 1 MiB: 413, a problem document" || fail "$store: big body: $STATUS $(head -c 300 "$WORK/big.b")"

  python3 -c 'import json; print(json.dumps({"route": "summarize", "input": {"text": "s" * (200 * 1024)}}))' >"$WORK/slow.json"
  t0=$SECONDS
  create slow "$store-nginx-slow" @"$WORK/slow.json" --limit-rate 64k
  took=$((SECONDS - t0))
  [ "$STATUS" = 201 ] && ((took >= 2)) && ok "$store: a slow client (${took} s for its body): 201" \
    || fail "$store: slow client: $STATUS after ${took} s $(cat "$WORK/slow.b" "$WORK/slow.err")"

  create wait "$store-nginx-wait" @"$WORK/intent.json" -H 'Prefer: wait=30'
  [ "$STATUS" = 201 ] && [ -n "$(header "$WORK/wait.h" Preference-Applied)" ] && [ "$(field "$WORK/wait.b" state)" = succeeded ] \
    && ok "$store: Prefer: wait: $(header "$WORK/wait.h" Preference-Applied), succeeded" \
    || fail "$store: Prefer wait: $STATUS $(cat "$WORK/wait.h" "$WORK/wait.b")"

  for i in 1 2 3 4; do create more "$store-nginx-more-$i" @"$WORK/intent.json"; done
  a=$(metric "$PORT_A" jobdesk_jobs_created_total) b=$(metric "$PORT_B" jobdesk_jobs_created_total)
  [ "${a:-0}" -ge 1 ] && [ "${b:-0}" -ge 1 ] && ok "$store: creates on both servers ($a, $b)" || fail "$store: creates per server: $a, $b"

  # A client straight to a server, with a forged X-Forwarded-For: its socket's address.
  curl -s -o /dev/null -X POST "http://127.0.0.1:$PORT_A/v1/jobs" -H "Authorization: Bearer $TOKEN" -H "Idempotency-Key: $store-direct" \
    -H 'Content-Type: application/json' -H 'X-Forwarded-For: 203.0.113.7' --data-binary @"$WORK/intent.json"
  curl -s -o /dev/null -X POST "http://127.0.0.1:$PORT_B/v1/jobs" -H "Authorization: Bearer $TOKEN" -H "Idempotency-Key: $store-direct" \
    -H 'Content-Type: application/json' -H 'X-Forwarded-For: 203.0.113.7' --data-binary @"$WORK/intent.json"
  got=$(meta_ip jobs "$key"; meta_ip idempotency_events "$key" replayed; meta_ip idempotency_events "$key" conflict)
  want=$(printf '127.0.0.3 127.0.0.2\n%.0s' 1 2 3)
  [ "$got" = "$want" ] && ok "$store: job, replay and conflict record 127.0.0.3 via proxy 127.0.0.2" \
    || fail "$store: client_meta through nginx: $(echo $got) (want $(echo $want))"
  got=$(meta_ip jobs "$store-direct"; meta_ip idempotency_events "$store-direct" replayed)
  [ "$got" = "$(printf '127.0.0.1 -\n127.0.0.1 -')" ] && ok "$store: a direct client's forged X-Forwarded-For is ignored" \
    || fail "$store: client_meta direct: $(echo $got)"

  kill -QUIT "$NGINX_PID" 2>/dev/null; wait "$NGINX_PID" 2>/dev/null
  kill -TERM "$PID_A" "$PID_B" 2>/dev/null; wait "$PID_A" "$PID_B" 2>/dev/null
done

((failures == 0)) || { echo "$failures check(s) failed" >&2; exit 1; }
echo "all nginx checks passed"
