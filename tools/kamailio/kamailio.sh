#!/usr/bin/env bash
# Starts and stops a Kamailio of this repository without systemd: its own run directory under the temp folder, its
# own port on 127.0.0.1, a readiness probe (an HTTP GET that the config answers in xhttp), and a stop by SIGTERM to
# the pid in the pid file.
#
#   tools/kamailio/kamailio.sh start [--name NAME] [--port PORT] [--role single|edge|registrar] [--registrar PORT]
#   tools/kamailio/kamailio.sh stop [--name NAME]
#   tools/kamailio/kamailio.sh status [--name NAME]
#
# `start` prints the WebSocket URL (ws://127.0.0.1:PORT) once the proxy answers. Defaults: name "kit", port 5080,
# role single (one proxy: WebSocket + registrar). An edge relays to the registrar on 127.0.0.1:--registrar.
# Environment: KIT_KAMAILIO_DIR (parent of the run directories, default: the temp folder), SIP_DOMAIN (kit.test),
# KAMAILIO (the binary, default: kamailio on the PATH or in /usr/sbin).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
command=${1:-}
shift || true
name=kit
port=5080
role=single
registrar_port=
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --role) role=$2; shift 2 ;;
    --registrar) registrar_port=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
run_dir="${KIT_KAMAILIO_DIR:-${TMPDIR:-/tmp}}/kit-kamailio-$name"
pid_file="$run_dir/kamailio.pid"

find_kamailio() {
  if [ -n "${KAMAILIO:-}" ]; then
    if [ -x "$KAMAILIO" ]; then echo "$KAMAILIO"; fi
    return
  fi
  for candidate in "$(command -v kamailio 2>/dev/null || true)" /usr/sbin/kamailio /usr/local/sbin/kamailio; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      echo "$candidate"
      return
    fi
  done
}

running_pid() {
  if [ -f "$pid_file" ]; then
    local pid
    pid=$(cat "$pid_file")
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      echo "$pid"
    fi
  fi
}

# An HTTP GET over bash's /dev/tcp: no curl needed.
probe() {
  local reply
  reply=$(timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port && printf 'GET /ready HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3 && head -c 12 <&3" 2>/dev/null || true)
  [[ "$reply" == "HTTP/1.0 200" || "$reply" == "HTTP/1.1 200" ]]
}

start() {
  local kamailio
  kamailio=$(find_kamailio)
  if [ -z "$kamailio" ]; then
    echo "Kamailio is not installed. Install it with:" >&2
    echo "  sudo apt-get install -y --no-install-recommends kamailio kamailio-websocket-modules" >&2
    exit 3
  fi
  if [ -n "$(running_pid)" ]; then
    echo "kamailio $name already runs (pid $(running_pid)); stop it first" >&2
    exit 1
  fi
  mkdir -p "$run_dir"
  rm -f "$pid_file"
  local defines=(-A "LISTEN=tcp:127.0.0.1:$port" -A "SIP_DOMAIN=\"${SIP_DOMAIN:-kit.test}\""
    -A "CTL_SOCKET=\"unix:$run_dir/ctl.sock\"")
  case "$role" in
    single) ;;
    edge)
      if [ -z "$registrar_port" ]; then
        echo "an edge needs --registrar PORT" >&2
        exit 2
      fi
      defines+=(-A ROLE_EDGE -A "REGISTRAR=\"sip:127.0.0.1:$registrar_port;transport=tcp\"") ;;
    registrar) defines+=(-A ROLE_REGISTRAR) ;;
    *) echo "unknown role $role" >&2; exit 2 ;;
  esac
  # Foreground (-DD) in the background of this shell, so that the pid file names the main process; -E logs to
  # stderr, kept in the run directory.
  "$kamailio" -f "$here/kamailio.cfg" "${defines[@]}" -DD -E -Y "$run_dir" -P "$pid_file" -m 64 -M 8 \
    >"$run_dir/kamailio.log" 2>&1 &
  local launcher=$!
  for _ in $(seq 1 100); do
    if probe; then
      echo "ws://127.0.0.1:$port"
      return 0
    fi
    if ! kill -0 "$launcher" 2>/dev/null; then
      echo "kamailio $name exited while starting; its log ($run_dir/kamailio.log):" >&2
      tail -n 20 "$run_dir/kamailio.log" >&2
      if grep -q 'websocket.so' "$run_dir/kamailio.log"; then
        echo "The WebSocket module is missing: apt-get install -y kamailio-websocket-modules" >&2
      fi
      rm -f "$pid_file"
      exit 1
    fi
    sleep 0.05
  done
  echo "kamailio $name did not answer on 127.0.0.1:$port within 5 s" >&2
  kill -TERM "$launcher" 2>/dev/null || true
  exit 1
}

stop() {
  local pid
  pid=$(running_pid)
  if [ -z "$pid" ]; then
    rm -f "$pid_file"
    return 0
  fi
  kill -TERM "$pid"
  for _ in $(seq 1 100); do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$pid_file"
      return 0
    fi
    sleep 0.05
  done
  echo "kamailio $name (pid $pid) still runs 5 s after SIGTERM" >&2
  exit 1
}

case "$command" in
  start) start ;;
  stop) stop ;;
  status)
    if [ -n "$(running_pid)" ]; then
      echo "kamailio $name runs (pid $(running_pid))"
    else
      echo "kamailio $name is stopped"
      exit 1
    fi ;;
  *) sed -n '2,14p' "$0" >&2; exit 2 ;;
esac
