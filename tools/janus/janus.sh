#!/usr/bin/env bash
# Starts and stops a Janus (Meetecho's WebRTC server, its VideoRoom plugin: the SFU of group calls) of this
# repository without systemd: a private run directory with the project's own config, its WebSocket API on
# 127.0.0.1, a readiness probe (Janus's `info` request over that WebSocket), and a stop by SIGTERM to the pid it
# started, checked against /proc before the signal. Same shape as tools/kamailio/kamailio.sh.
#
#   tools/janus/janus.sh start [--name NAME] [--port PORT] [--rtp-ports MIN-MAX]
#   tools/janus/janus.sh stop [--name NAME]
#   tools/janus/janus.sh status [--name NAME]
#   tools/janus/janus.sh dir [--name NAME]       (prints the run directory: janus.log, token-secret, room-key)
#
# `start` prints the WebSocket URL (ws://127.0.0.1:PORT) once Janus answers. Defaults: name "kit", port 8188, RTP
# ports 20000-20999.
# The config loads only the WebSocket transport (on 127.0.0.1, no admin API) and the VideoRoom plugin: no demo
# plugin, no event handler, no logger, no default secret (the package's janus.jcfg has admin_secret "janusoverlord").
# Access:
# - every request needs a token (token_auth): HMAC-SHA1 signed, short-lived, for the VideoRoom plugin only, made with
#   the token secret (tools/janus/janus-token.mjs). Only a server (the proxy, the app's backend) holds the secret and
#   mints a token per user and call.
# - rooms are created only with the VideoRoom's admin key (admin_key; also needed for RTP forwarding), which only the
#   server holds; each room gets its own secret (its changes) and pin (who may join or publish) from its creator.
# Environment: KIT_JANUS_DIR (a private folder of the caller that keeps which run directory belongs to which name;
# default ~/.cache/kit-janus), KIT_JANUS_TOKEN_SECRET and KIT_JANUS_ROOM_KEY (default: fresh random ones, kept in
# the run directory, mode 0600), JANUS (the binary, default: janus on the PATH or in /usr/bin).
set -euo pipefail
umask 077

here=$(cd "$(dirname "$0")" && pwd)
command=${1:-}
shift || true
name=kit
port=8188
rtp_ports=20000-20999
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --rtp-ports) rtp_ports=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if ! [[ "$name" =~ ^[A-Za-z0-9_-]+$ && "$port" =~ ^[0-9]+$ && "$rtp_ports" =~ ^[0-9]+-[0-9]+$ ]]; then
  echo "a name is letters, digits, - and _; a port is a number; --rtp-ports is MIN-MAX" >&2
  exit 2
fi

# shellcheck source=../lib/run-dir.sh
. "$here/../lib/run-dir.sh"
state_dir=${KIT_JANUS_DIR:-${HOME:-/root}/.cache/kit-janus}
ensure_state_dir "$state_dir"
pointer="$state_dir/$name.run"

find_janus() {
  find_binary "${JANUS:-}" janus /usr/bin/janus /usr/local/bin/janus
}

# The Janus that `start` started, checked against /proc (run-dir.sh).
running_pid() {
  running_pid_of janus janus.jcfg
}

# Janus answers its `info` request on the WebSocket (Node's WebSocket: flagged on Node 20, built in on 22).
probe() {
  timeout 2 node --no-warnings --experimental-websocket "$here/janus-api.mjs" probe "ws://127.0.0.1:$port" \
    >/dev/null 2>&1
}

# The libraries of a folder of the package, except the one named: what `disable` lists.
all_but() {
  local folder=$1 keep=${2:-} file list=
  for file in "$folder"/libjanus_*.so; do
    [ -e "$file" ] || continue
    file=$(basename "$file")
    if [ "$file" != "$keep" ]; then
      list=${list:+$list,}$file
    fi
  done
  echo "$list"
}

write_config() {
  local dir=$1 token_secret=$2 room_key=$3 lib
  lib=$(dirname "$(dirname "$(readlink -f "$janus")")")/lib/x86_64-linux-gnu/janus
  [ -d "$lib" ] || lib=/usr/lib/x86_64-linux-gnu/janus
  cat >"$dir/janus.jcfg" <<CONFIG
general: {
  configs_folder = "$dir"
  plugins_folder = "$lib/plugins"
  transports_folder = "$lib/transports"
  events_folder = "$lib/events"
  loggers_folder = "$lib/loggers"
  debug_level = 4
  debug_timestamps = true
  server_name = "kit-janus-$name"
  session_timeout = 60
  hide_dependencies = true
  token_auth = true
  token_auth_secret = "$token_secret"
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/lib", "/lib64", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
media: {
  rtp_port_range = "$rtp_ports"
}
nat: {
  nice_debug = false
  ice_enforce_list = "127.0.0.1"
}
plugins: {
  disable = "$(all_but "$lib/plugins" libjanus_videoroom.so)"
}
transports: {
  disable = "$(all_but "$lib/transports" libjanus_websockets.so)"
}
events: {
  broadcast = false
  disable = "$(all_but "$lib/events")"
}
loggers: {
  disable = "$(all_but "$lib/loggers")"
}
CONFIG
  cat >"$dir/janus.transport.websockets.jcfg" <<CONFIG
general: {
  json = "plain"
  ws = true
  ws_port = $port
  ws_ip = "127.0.0.1"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
CONFIG
  cat >"$dir/janus.plugin.videoroom.jcfg" <<CONFIG
general: {
  admin_key = "$room_key"
  lock_rtp_forward = true
  string_ids = true
}
CONFIG
}

start() {
  janus=$(find_janus)
  if [ -z "$janus" ]; then
    echo "Janus is not installed. Install it with:" >&2
    echo "  sudo apt-get install -y --no-install-recommends janus" >&2
    exit 3
  fi
  if [ -n "$(running_pid)" ]; then
    echo "janus $name already runs (pid $(running_pid)); stop it first" >&2
    exit 1
  fi
  local token_secret=${KIT_JANUS_TOKEN_SECRET:-$(head -c 24 /dev/urandom | base64 | tr '+/' '-_')}
  local room_key=${KIT_JANUS_ROOM_KEY:-$(head -c 24 /dev/urandom | base64 | tr '+/' '-_')}
  if ! [[ "$token_secret" =~ ^[A-Za-z0-9_=-]{16,}$ && "$room_key" =~ ^[A-Za-z0-9_=-]{16,}$ ]]; then
    echo "KIT_JANUS_TOKEN_SECRET and KIT_JANUS_ROOM_KEY: at least 16 of A-Z a-z 0-9 _ = -" >&2
    exit 2
  fi
  local run_dir
  run_dir=$(mktemp -d "${TMPDIR:-/tmp}/kit-janus-$name.XXXXXXXX")
  printf '%s\n' "$token_secret" >"$run_dir/token-secret"
  printf '%s\n' "$room_key" >"$run_dir/room-key"
  write_config "$run_dir" "$token_secret" "$room_key"
  printf '%s\n' "$run_dir" >"$pointer.tmp"
  mv -f "$pointer.tmp" "$pointer"
  # Foreground in the background of this shell, so that $! is Janus itself; the secrets are in the config files of
  # the private run directory, never on the command line.
  "$janus" -F "$run_dir" -C "$run_dir/janus.jcfg" -o >"$run_dir/janus.log" 2>&1 &
  local launcher=$!
  echo "$launcher" >"$run_dir/pid"
  for _ in $(seq 1 100); do
    if probe; then
      echo "ws://127.0.0.1:$port"
      return 0
    fi
    if ! kill -0 "$launcher" 2>/dev/null; then
      echo "janus $name exited while starting; its log ($run_dir/janus.log):" >&2
      tail -n 20 "$run_dir/janus.log" >&2
      rm -rf "$run_dir" "$pointer"
      exit 1
    fi
    sleep 0.1
  done
  echo "janus $name did not answer on 127.0.0.1:$port in time" >&2
  kill -TERM "$launcher" 2>/dev/null || true
  tail -n 20 "$run_dir/janus.log" >&2
  rm -rf "$run_dir" "$pointer"
  exit 1
}

stop() {
  local pid dir
  pid=$(running_pid)
  dir=$(run_dir_of)
  if [ -n "$pid" ]; then
    kill -TERM "$pid"
    local stopped=
    for _ in $(seq 1 100); do
      if ! kill -0 "$pid" 2>/dev/null; then
        stopped=1
        break
      fi
      sleep 0.05
    done
    if [ -z "$stopped" ]; then
      kill -KILL "$pid" 2>/dev/null || true
      echo "janus $name (pid $pid) still ran 5 s after SIGTERM: killed" >&2
    fi
  fi
  # The run directory holds the secrets: it goes with the instance (KIT_JANUS_KEEP=1 keeps it, and the log).
  if [ -n "$dir" ] && [ -z "${KIT_JANUS_KEEP:-}" ]; then
    rm -rf "$dir"
  fi
  rm -f "$pointer"
}

case "$command" in
  start) start ;;
  stop) stop ;;
  dir) run_dir_of ;;
  status)
    if [ -n "$(running_pid)" ]; then
      echo "janus $name runs (pid $(running_pid))"
    else
      echo "janus $name is stopped"
      exit 1
    fi ;;
  *) sed -n '2,27p' "$0" >&2; exit 2 ;;
esac
