#!/usr/bin/env bash
# Create a JobDesk job once per user intent, with curl.
#   JOBDESK_URL=http://127.0.0.1:8080 JOBDESK_TOKEN=jdt_... \
#     ./create-job.sh summarize '{"text": "Thanks, it works!"}' [KEY]
# KEY: the intent's idempotency key (default: a new UUID), sent unchanged with
# every retry. Network errors, 408, 429 and 5xx are retried with exponential
# backoff and full jitter, never sooner than Retry-After; 409, 422 and every
# other 4xx are final. JOBDESK_WAIT (Prefer: wait, default 30 s),
# JOBDESK_MAX_TRIES (default 8). Prints the job's JSON. Exit status: 0 a job,
# 1 a final refusal (the problem on stderr), 2 gave up.
set -uo pipefail
url=${JOBDESK_URL:?JOBDESK_URL, e.g. http://127.0.0.1:8080}
token=${JOBDESK_TOKEN:?JOBDESK_TOKEN}
route=${1:?route}
input=${2:?input as a JSON object}
key=${3:-$(cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen)}
wait=${JOBDESK_WAIT:-30}
tries=${JOBDESK_MAX_TRIES:-8}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for ((attempt = 0; attempt < tries; attempt++)); do
  rm -f "$tmp/body" "$tmp/headers"
  status=$(curl -sS -o "$tmp/body" -D "$tmp/headers" -w '%{http_code}' --max-time $((wait + 15)) \
    -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -H "Idempotency-Key: $key" -H "Prefer: wait=$wait" \
    --data-binary "{\"route\": \"$route\", \"input\": $input}" "$url/v1/jobs") || status=000
  case $status in
    2??) cat "$tmp/body"; echo; exit 0 ;;
    000 | 408 | 429 | 5??) echo "try $((attempt + 1)): HTTP $status" >&2 ;;
    *) cat "$tmp/body" >&2; echo >&2; exit 1 ;;
  esac
  ((attempt + 1 < tries)) || break
  # Full jitter in [0, min(8 s, 0.5 s * 2^attempt)], at least Retry-After (seconds).
  cap_ms=$((500 << attempt)); ((cap_ms > 8000)) && cap_ms=8000
  delay_ms=$(((RANDOM << 15 | RANDOM) % (cap_ms + 1)))
  after=$(sed -n 's/^retry-after: *\([0-9][0-9]*\).*/\1/Ip' "$tmp/headers" 2>/dev/null | tail -n 1)
  [ -n "$after" ] && ((after * 1000 > delay_ms)) && delay_ms=$((after * 1000))
  sleep "$((delay_ms / 1000)).$(printf '%03d' $((delay_ms % 1000)))"
done
echo "no answer after $tries tries; the same key ($key) may be sent again later" >&2
exit 2
