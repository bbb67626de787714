# Sourced by the process-level HTTP checks (clients-check.sh, nginx-check.sh,
# trace-check.sh): what each needs to run jobdesk-server and
# jobdesk-fake-provider as processes on both stores. The caller sets SERVER,
# FAKE and WORK (a temporary folder this removes on exit) before sourcing.
# Every wait is bounded.

PIDS=()
failures=0
_schema=""

cleanup() {
  local p
  for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null; done
  ((${#PIDS[@]})) && sleep 0.2
  for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  if [ -n "$_schema" ]; then
    psql -qAt "$JOBDESK_TEST_PG_URL" -c "SET client_min_messages = warning; DROP SCHEMA $_schema CASCADE" >/dev/null
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# until_true SECONDS COMMAND...: polls COMMAND every 0.1 s until it succeeds or the deadline passes.
until_true() {
  local deadline=$((SECONDS + $1)); shift
  until "$@"; do ((SECONDS < deadline)) || return 1; sleep 0.1; done
}

# start_server OUT ARGS...: starts jobdesk-server in the background (pid in $SERVER_PID) and
# waits for its "listening on" line (port in $PORT).
start_server() {
  local out=$1; shift
  rm -f "$out"
  "$SERVER" "$@" >"$out" 2>"$out.err" &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  until_true 30 grep -qs 'listening on http://127.0.0.1:' "$out" || { cat "$out.err" >&2; return 1; }
  PORT=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$out" | head -n 1)
  [ -n "$PORT" ]
}

# start_fake [ARGS...]: starts jobdesk-fake-provider on a free port (its base URL in $FAKE_URL);
# exits the check when it does not start.
start_fake() {
  "$FAKE" --port 0 "$@" >"$WORK/fake.out" 2>&1 &
  PIDS+=($!)
  until_true 30 grep -q 'fake provider on' "$WORK/fake.out" || { echo "the fake provider did not start" >&2; exit 1; }
  FAKE_URL=$(sed -n 's|^fake provider on \(http://[^ ]*\).*|\1|p' "$WORK/fake.out")
}

# stores_for NAME: the stores to check in $stores: an SQLite file and, when JOBDESK_TEST_PG_URL
# is set, a fresh PostgreSQL schema jd_NAME_<pid>, dropped on exit.
stores_for() {
  stores=("sqlite:$WORK/jobdesk.db")
  [ -n "${JOBDESK_TEST_PG_URL:-}" ] || return 0
  local sep='?'
  case $JOBDESK_TEST_PG_URL in *\?*) sep='&' ;; esac
  psql -qAt "$JOBDESK_TEST_PG_URL" -c "CREATE SCHEMA jd_$1_$$" >/dev/null || { echo "cannot create schema jd_$1_$$" >&2; exit 1; }
  _schema=jd_$1_$$
  stores+=("$JOBDESK_TEST_PG_URL${sep}options=-csearch_path%3D$_schema")
}

# sql STATEMENT: runs it on the store in $DB, unaligned output.
sql() {
  case $DB in
    sqlite:*) sqlite3 "${DB#sqlite:}" "$1" ;;
    *) psql -qAt "$DB" -c "$1" ;;
  esac
}
