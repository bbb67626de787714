#!/usr/bin/env bash
# A throwaway highly available PostgreSQL on loopback: a single-node etcd and
# two PostgreSQL 15 nodes managed by Patroni (synchronous_mode on, strict by
# default), optionally a pgbouncer in front of each node. Everything lives in
# DIR; stop removes it.
#
#   scripts/pg-ha.sh start DIR [--pgbouncer session|transaction]
#                                  -> prints the multi-host URL (last line)
#   scripts/pg-ha.sh stop DIR      stops everything, removes DIR
#   scripts/pg-ha.sh status DIR    patronictl list
#   scripts/pg-ha.sh url DIR [direct]  the multi-host URL again (direct: the nodes', not the pgbouncers')
#   scripts/pg-ha.sh leader DIR    the primary's node name (node1 | node2)
#   scripts/pg-ha.sh port DIR NODE that node's PostgreSQL port
#   scripts/pg-ha.sh wait DIR [S]  until there is a leader and a streaming sync standby (S s, default 90)
#   scripts/pg-ha.sh kill-primary DIR      kill -9 of the primary's postmaster and its backends
#   scripts/pg-ha.sh switchover DIR        patronictl switchover to the standby, now
#   scripts/pg-ha.sh stop-node DIR NODE    stops NODE's Patroni (and so its PostgreSQL)
#   scripts/pg-ha.sh start-node DIR NODE   starts it again
#
# Environment: PG_HA_STRICT=0 starts with synchronous_mode_strict off (a lost
# standby then lets writes go on unreplicated); PG_HA_TTL (default 10) and
# PG_HA_LOOP_WAIT (default 1) are Patroni's leader-key lifetime and loop.
# Root runs the nodes as user postgres. Only loopback addresses are used.
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PY=/usr/bin/python3
cmd=${1:?start|stop|status|url|leader|port|wait|kill-primary|switchover|stop-node|start-node}
dir=${2:?folder}

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# N free ports below Linux's ephemeral range (32768..60999), so no client
# socket of a busy test holds one of them when a node starts again.
free_ports() {
  local n=$1 found=() base
  base=$(( 26000 + (RANDOM % 40) * 20 ))
  for p in $(seq "$base" 26999) $(seq 26000 "$base"); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then found+=("$p"); fi
    [ "${#found[@]}" -eq "$n" ] && { echo "${found[*]}"; return; }
  done
  echo "no $n free ports in 26000..26999" >&2; exit 1
}

load() {
  [ -f "$dir/ports" ] || { echo "pg-ha: $dir holds no cluster" >&2; exit 1; }
  # shellcheck source=/dev/null
  . "$dir/ports"
}

ctl() { patronictl -c "$dir/node1.yml" "$@"; }

# The cluster as Patroni's REST API on either node sees it: "name role state" lines.
members() {
  local api
  for api in "$API1" "$API2"; do
    if curl -fsS --max-time 2 "http://127.0.0.1:$api/cluster" 2>/dev/null |
      "$PY" -c 'import json,sys
for m in json.load(sys.stdin)["members"]: print(m["name"], m["role"], m["state"], m.get("lag", 0))'; then
      return 0
    fi
  done
  return 1
}

leader() { members | awk '$2 == "leader" && $3 == "running" {print $1; exit}'; }

node_port() { if [ "$1" = node1 ]; then echo "$PG1"; else echo "$PG2"; fi; }

url() {
  if [ -n "${BOUNCER1:-}" ] && [ "${1:-}" != direct ]; then
    echo "postgresql://postgres@127.0.0.1:$BOUNCER1,127.0.0.1:$BOUNCER2/postgres?target_session_attrs=read-write"
  else
    echo "postgresql://postgres@127.0.0.1:$PG1,127.0.0.1:$PG2/postgres?target_session_attrs=read-write"
  fi
}

wait_healthy() {
  local deadline=$(( SECONDS + ${1:-90} ))
  while [ "$SECONDS" -lt "$deadline" ]; do
    if members 2>/dev/null | awk '$2 == "leader" && $3 == "running" {l=1} $2 == "sync_standby" && ($3 == "streaming" || $3 == "running") {s=1} END {exit !(l && s)}'; then
      return 0
    fi
    sleep 0.5
  done
  echo "pg-ha: no leader with a streaming synchronous standby after ${1:-90} s:" >&2
  members >&2 || true
  return 1
}

start_patroni() {
  local node=$1
  # The pid file names patroni itself (the shell that writes it execs it), not runuser.
  as_pg setsid bash -c 'echo $$ > "$1"; exec patroni "$2"' patroni "$dir/$node/patroni.pid" "$dir/$node.yml" \
    >>"$dir/$node/patroni.log" 2>&1 < /dev/null &
  local deadline=$(( SECONDS + 10 ))
  until [ -s "$dir/$node/patroni.pid" ]; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "pg-ha: patroni of $node did not start" >&2; exit 1; }
    sleep 0.1
  done
}

stop_patroni() {
  local node=$1 pid deadline
  [ -f "$dir/$node/patroni.pid" ] || return 0
  pid=$(cat "$dir/$node/patroni.pid")
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$(( SECONDS + 30 ))
  while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$dir/$node/patroni.pid"
  # Its PostgreSQL, should Patroni have died without stopping it.
  deadline=$(( SECONDS + 10 ))
  while [ -f "$dir/$node/data/postmaster.pid" ] && kill -0 "$(head -n 1 "$dir/$node/data/postmaster.pid")" 2>/dev/null \
    && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
}

# The postmaster of NODE and its children, by pid (nothing else is touched).
kill_postgres() {
  local node=$1 pm kids
  [ -f "$dir/$node/data/postmaster.pid" ] || return 0
  pm=$(head -n 1 "$dir/$node/data/postmaster.pid")
  kids=$(ps -o pid= --ppid "$pm" 2>/dev/null || true)
  # shellcheck disable=SC2086 # a list of pids
  kill -KILL "$pm" $kids 2>/dev/null || true
}

node_config() {
  local node=$1 pg=$2 api=$3
  cat <<YAML
scope: jobdesk-ha
namespace: /jobdesk/
name: $node
log:
  level: INFO
restapi:
  listen: 127.0.0.1:$api
  connect_address: 127.0.0.1:$api
etcd3:
  hosts: 127.0.0.1:$ETCD
bootstrap:
  dcs:
    ttl: ${PG_HA_TTL:-10}
    loop_wait: ${PG_HA_LOOP_WAIT:-1}
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    synchronous_mode_strict: $([ "${PG_HA_STRICT:-1}" = 1 ] && echo true || echo false)
    primary_start_timeout: 0
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: "on"
        wal_log_hints: "on"
        max_wal_senders: 10
        max_replication_slots: 10
        max_connections: 200
        synchronous_commit: "on"
  initdb:
  - encoding: UTF8
  - locale: C.UTF-8
postgresql:
  listen: 127.0.0.1:$pg
  connect_address: 127.0.0.1:$pg
  data_dir: $dir/$node/data
  bin_dir: $PGBIN
  pgpass: $dir/$node/pgpass
  authentication:
    superuser: {username: postgres, password: postgres}
    replication: {username: replicator, password: replicator}
    rewind: {username: postgres, password: postgres}
  parameters:
    unix_socket_directories: $dir/$node
    listen_addresses: 127.0.0.1
    shared_buffers: 128MB
    fsync: "on"
  pg_hba:
  - local all all trust
  - host replication replicator 127.0.0.1/32 trust
  - host all all 127.0.0.1/32 trust
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
YAML
}

bouncer_config() {
  local node=$1 listen=$2 pg=$3 mode=$4
  cat <<INI
[databases]
* = host=127.0.0.1 port=$pg
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen
unix_socket_dir = $dir/$node
auth_type = trust
auth_file = $dir/$node/userlist.txt
pool_mode = $mode
default_pool_size = ${PG_HA_POOL_SIZE:-20}
max_client_conn = 400
server_reset_query = DISCARD ALL
; retry a node soon after it failed (default 15 s): it may be a new standby or primary by then
server_login_retry = 1
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/$node/pgbouncer.log
pidfile = $dir/$node/pgbouncer.pid
INI
}

case "$cmd" in
start)
  bouncer_mode=""
  if [ "${3:-}" = --pgbouncer ]; then bouncer_mode=${4:?session|transaction}; fi
  [ -e "$dir/ports" ] && { echo "pg-ha: $dir already holds a cluster" >&2; exit 1; }
  for tool in etcd patroni patronictl curl; do
    command -v "$tool" >/dev/null || { echo "pg-ha: $tool is not installed (apt-get install patroni etcd-server pgbouncer curl)" >&2; exit 1; }
  done
  mkdir -p "$dir"/{etcd,node1,node2}
  read -r ETCD ETCDPEER PG1 API1 PG2 API2 BOUNCER1 BOUNCER2 <<<"$(free_ports 8)"
  [ -n "$bouncer_mode" ] || { BOUNCER1=""; BOUNCER2=""; }
  printf 'ETCD=%s\nETCDPEER=%s\nPG1=%s\nAPI1=%s\nPG2=%s\nAPI2=%s\nBOUNCER1=%s\nBOUNCER2=%s\n' \
    "$ETCD" "$ETCDPEER" "$PG1" "$API1" "$PG2" "$API2" "$BOUNCER1" "$BOUNCER2" > "$dir/ports"
  node_config node1 "$PG1" "$API1" > "$dir/node1.yml"
  node_config node2 "$PG2" "$API2" > "$dir/node2.yml"
  if [ "$(id -u)" -eq 0 ]; then
    chown -R postgres:postgres "$dir"
    runuser -u postgres -- test -w "$dir" || { echo "pg-ha: user postgres cannot reach $dir (a parent folder's mode?)" >&2; exit 1; }
  fi
  chmod 700 "$dir"/node1 "$dir"/node2
  as_pg setsid bash -c 'echo $$ > "$0"; exec "$@"' "$dir/etcd/etcd.pid" etcd --name etcd0 --data-dir "$dir/etcd/data" \
    --listen-client-urls "http://127.0.0.1:$ETCD" --advertise-client-urls "http://127.0.0.1:$ETCD" \
    --listen-peer-urls "http://127.0.0.1:$ETCDPEER" --initial-advertise-peer-urls "http://127.0.0.1:$ETCDPEER" \
    --initial-cluster "etcd0=http://127.0.0.1:$ETCDPEER" --initial-cluster-state new \
    >"$dir/etcd/etcd.log" 2>&1 < /dev/null &
  deadline=$(( SECONDS + 30 ))
  until curl -fsS --max-time 1 "http://127.0.0.1:$ETCD/health" 2>/dev/null | grep -q true; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "pg-ha: etcd did not start (see $dir/etcd/etcd.log)" >&2; exit 1; }
    sleep 0.2
  done
  start_patroni node1
  # node1 bootstraps the cluster; node2 starts once node1 leads, and clones it.
  deadline=$(( SECONDS + 90 ))
  until [ "$(leader 2>/dev/null)" = node1 ]; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "pg-ha: node1 did not become the leader (see $dir/node1/patroni.log)" >&2; exit 1; }
    sleep 0.3
  done
  start_patroni node2
  wait_healthy 120
  if [ -n "$bouncer_mode" ]; then
    for n in 1 2; do
      node=node$n; listen_var=BOUNCER$n; pg_var=PG$n
      echo '"postgres" ""' > "$dir/$node/userlist.txt"
      bouncer_config "$node" "${!listen_var}" "${!pg_var}" "$bouncer_mode" > "$dir/$node/pgbouncer.ini"
      [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir/$node/pgbouncer.ini" "$dir/$node/userlist.txt"
      as_pg pgbouncer -d "$dir/$node/pgbouncer.ini" >/dev/null
    done
    deadline=$(( SECONDS + 20 ))
    until (exec 3<>"/dev/tcp/127.0.0.1/$BOUNCER1") 2>/dev/null && (exec 3<>"/dev/tcp/127.0.0.1/$BOUNCER2") 2>/dev/null; do
      [ "$SECONDS" -lt "$deadline" ] || { echo "pg-ha: pgbouncer did not start" >&2; exit 1; }
      sleep 0.2
    done
  fi
  url
  ;;
stop)
  [ -f "$dir/ports" ] || { rm -rf "$dir"; exit 0; }
  for node in node1 node2; do
    if [ -f "$dir/$node/pgbouncer.pid" ]; then kill -TERM "$(cat "$dir/$node/pgbouncer.pid")" 2>/dev/null || true; fi
  done
  stop_patroni node2
  stop_patroni node1
  kill_postgres node1
  kill_postgres node2
  if [ -f "$dir/etcd/etcd.pid" ]; then
    pid=$(cat "$dir/etcd/etcd.pid"); kill -TERM "$pid" 2>/dev/null || true
    deadline=$(( SECONDS + 10 ))
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
  ;;
status) load; ctl list ;;
url) load; url "${3:-}" ;;
leader) load; leader ;;
port) load; node_port "${3:?node1|node2}" ;;
wait) load; wait_healthy "${3:-90}" ;;
kill-primary)
  load
  l=$(leader); [ -n "$l" ] || { echo "pg-ha: no primary to kill" >&2; exit 1; }
  kill_postgres "$l"
  echo "$l"
  ;;
switchover)
  load
  l=$(leader); [ -n "$l" ] || { echo "pg-ha: no primary" >&2; exit 1; }
  other=$([ "$l" = node1 ] && echo node2 || echo node1)
  ctl switchover --leader "$l" --candidate "$other" --force >/dev/null
  echo "$other"
  ;;
stop-node) load; stop_patroni "${3:?node1|node2}" ;;
start-node) load; start_patroni "${3:?node1|node2}" ;;
*) echo "usage: $0 start|stop|status|url|leader|port|wait|kill-primary|switchover|stop-node|start-node DIR" >&2; exit 2 ;;
esac
