#!/usr/bin/env bash
# Starts and stops a Kamailio of this repository without systemd: a private run directory, its own port on
# 127.0.0.1, a readiness probe (an HTTP GET that the config answers in xhttp), and a stop by SIGTERM to the pid it
# started, checked against /proc before the signal.
#
#   tools/kamailio/kamailio.sh start [--name NAME] [--port PORT] [--role single|edge|registrar] [--registrar PORT]
#                                    [--tls-port PORT [--plain-ws]] [--peer PORT] [--load-port PORT]
#                                    [--push-hook URL] [--group-hook URL] [--directory FILE] [--directory-url URL]
#                                    [--phone-port PORT [--rtp-ports MIN-MAX]]
#   tools/kamailio/kamailio.sh stop [--name NAME]
#   tools/kamailio/kamailio.sh status [--name NAME]
#   tools/kamailio/kamailio.sh dir [--name NAME]       (prints the run directory: kamailio.log is there)
#
# `start` prints the WebSocket URL (ws://127.0.0.1:PORT) once the proxy answers; with --tls-port only the secure one
# (wss://127.0.0.1:TLS_PORT), since PORT then refuses WebSocket handshakes (it still answers HTTP: the readiness probe
# and /push/decline); --plain-ws with --tls-port offers both, ws:// first (plain WebSocket for a TLS-terminating
# proxy in front, or loopback tests). --directory FILE (a file of `uid<TAB>name` lines, read at start) gives the
# names the proxy asserts for its users (P-Asserted-Identity); a user not in it is asserted by uid alone.
# --directory-url URL asks a directory service for the names not in the file: GET URL?uid=<uid> (or &uid= when URL
# has a query), a 200 whose first line is the name; each answer is kept 5 minutes.
# --phone-port PORT (single role) lets desk phones, softphones and PBXs that speak plain SIP and RTP in: SIP over UDP
# and TCP on 127.0.0.1:PORT (authenticated as on the WebSocket), and an rtpengine that this script starts beside
# Kamailio (its control port PORT+1 on 127.0.0.1, RTP on --rtp-ports, 30000-30999 by default; stopped with it)
# bridging their plain RTP and the browsers' ICE + DTLS-SRTP. KIT_PHONE_NET (a subnet, default 127.0.0.1/32) is
# where their in-dialog requests may go. `rtpengine` must be installed (Debian: rtpengine-daemon).
# Defaults: name "kit", port 5080, role single (one proxy: WebSocket +
# registrar). An edge relays to the registrar on 127.0.0.1:--registrar (PORT, or PORT,PORT for two registrars: the
# first that answers; a registrar that stops answering is skipped until it is back). A registrar with --peer shares
# its registrations with the registrar on that port (dmq + dmq_usrloc), and asks it for all of them when it starts.
# --load-port adds plain SIP over UDP and TCP on that port for the SIPp load benchmark (tools/sip-load.mjs), with no
# flood ban there: never in a deployment. --push-hook URL (single role) turns on SIP push (RFC 8599): an INVITE for
# a user with no live contact but a Web Push binding is kept, and the hook (tools/push-sender.mjs) is POSTed to.
# --group-hook URL (single role) turns on group calls' rooms: an INVITE marked X-Kit-Group gets its room on the SFU
# and a join token for each side from the hook (tools/janus/group-rooms.mjs), POSTed to once per INVITE.
# WSS uses KIT_SIP_TLS_CERT and
# KIT_SIP_TLS_KEY (PEM files: a real certificate) when both are set, else a self-signed certificate for 127.0.0.1
# and localhost made in the run directory (for tests; cert.pem there).
# Environment: KIT_KAMAILIO_DIR (a private folder of the caller that keeps which run directory belongs to which
# name; default ~/.cache/kit-kamailio), KIT_SIP_SECRET (the auth_ephemeral secret; default: a fresh random one,
# kept in the run directory), KIT_SIP_ORIGINS (the origins allowed to open a WebSocket, space separated; default
# http://127.0.0.1:4200 http://localhost:4200), SIP_DOMAIN (kit.test), KAMAILIO (the binary, default: kamailio on
# the PATH or in /usr/sbin), KIT_KAMAILIO_SHM (shared memory in MB, default 256: docs/sip-deployment.md sizes it).
set -euo pipefail
umask 077

here=$(cd "$(dirname "$0")" && pwd)
command=${1:-}
shift || true
name=kit
port=5080
role=single
registrar_port=
tls_port=
peer_port=
load_port=
push_hook=
group_hook=
plain_ws=
directory=
directory_url=
phone_port=
rtp_ports=30000-30999
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --role) role=$2; shift 2 ;;
    --registrar) registrar_port=$2; shift 2 ;;
    --tls-port) tls_port=$2; shift 2 ;;
    --peer) peer_port=$2; shift 2 ;;
    --load-port) load_port=$2; shift 2 ;;
    --push-hook) push_hook=$2; shift 2 ;;
    --group-hook) group_hook=$2; shift 2 ;;
    --plain-ws) plain_ws=1; shift ;;
    --directory) directory=$2; shift 2 ;;
    --directory-url) directory_url=$2; shift 2 ;;
    --phone-port) phone_port=$2; shift 2 ;;
    --rtp-ports) rtp_ports=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if ! [[ "$name" =~ ^[A-Za-z0-9_-]+$ && "$port" =~ ^[0-9]+$ && "$tls_port" =~ ^[0-9]*$ &&
  "$peer_port" =~ ^[0-9]*$ && "$load_port" =~ ^[0-9]*$ && "$phone_port" =~ ^[0-9]*$ &&
  "$rtp_ports" =~ ^[0-9]+-[0-9]+$ && "$registrar_port" =~ ^([0-9]+(,[0-9]+)?)?$ ]]; then
  echo "a name is letters, digits, - and _; a port is a number" >&2
  exit 2
fi
if [ -n "$push_hook" ] && ! [[ "$push_hook" =~ ^https?://[A-Za-z0-9.:/_?=\&%-]+$ && "$role" == single ]]; then
  echo "--push-hook is an http(s) URL (letters, digits and . : / _ ? = & % -), for the single role" >&2
  exit 2
fi
if [ -n "$group_hook" ] && ! [[ "$group_hook" =~ ^https?://[A-Za-z0-9.:/_?=\&%-]+$ && "$role" == single ]]; then
  echo "--group-hook is an http(s) URL (letters, digits and . : / _ ? = & % -), for the single role" >&2
  exit 2
fi
if [ -n "$phone_port" ] && [ "$role" != single ]; then
  echo "--phone-port is for the single role" >&2
  exit 2
fi
phone_net=${KIT_PHONE_NET:-127.0.0.1/32}
if ! [[ "$phone_net" =~ ^[0-9.]+/[0-9]+$ ]]; then
  echo "KIT_PHONE_NET: a subnet like 10.0.0.0/8" >&2
  exit 2
fi
if [ -n "$plain_ws" ] && [ -z "$tls_port" ]; then
  echo "--plain-ws goes with --tls-port (without it the WebSocket is plain anyway)" >&2
  exit 2
fi
if [ -n "$directory_url" ] && ! [[ "$directory_url" =~ ^https?://[A-Za-z0-9.:/_?=\&%-]+$ ]]; then
  echo "--directory-url is an http(s) URL (letters, digits and . : / _ ? = & % -)" >&2
  exit 2
fi
if [ -n "$directory" ] && ! [ -f "$directory" -a -r "$directory" ]; then
  echo "--directory $directory: not a readable file" >&2
  exit 2
fi

# shellcheck source=../lib/run-dir.sh
. "$here/../lib/run-dir.sh"
state_dir=${KIT_KAMAILIO_DIR:-${HOME:-/root}/.cache/kit-kamailio}
ensure_state_dir "$state_dir"
# Which run directory `start` made for this name.
pointer="$state_dir/$name.run"

find_kamailio() {
  find_binary "${KAMAILIO:-}" kamailio /usr/sbin/kamailio /usr/local/sbin/kamailio
}

# The Kamailio that `start` started, checked against /proc (run-dir.sh).
running_pid() {
  running_pid_of kamailio kamailio.cfg
}

# An HTTP GET over bash's /dev/tcp: no curl needed.
probe() {
  local reply
  reply=$(timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port && printf 'GET /ready HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3 && head -c 12 <&3" 2>/dev/null || true)
  [[ "$reply" == "HTTP/1.0 200" || "$reply" == "HTTP/1.1 200" ]]
}

# The defines of this instance, in a config file of the private run directory that includes kamailio.cfg: the
# secret never appears on a command line (which every local user can read in /proc).
write_config() {
  local dir=$1 secret=$2 origins line
  {
    echo '#!KAMAILIO'
    echo "#!define LISTEN tcp:127.0.0.1:$port"
    echo "#!define SIP_DOMAIN \"${SIP_DOMAIN:-kit.test}\""
    echo "#!define CTL_SOCKET \"unix:$dir/ctl.sock\""
    echo "#!define AUTH_SECRET \"$secret\""
    if [ -n "$load_port" ]; then
      echo '#!define WITH_LOAD'
      echo "#!define LOAD_PORT $load_port"
    fi
    if [ -n "$push_hook" ]; then
      echo '#!define WITH_PUSH'
      echo "#!define PUSH_HOOK \"$push_hook\""
    fi
    if [ -n "$group_hook" ]; then
      echo '#!define WITH_GROUPS'
      echo "#!define GROUP_HOOK \"$group_hook\""
    fi
    if [ -n "$directory" ]; then
      echo '#!define WITH_DIRECTORY'
      echo "#!define DIRECTORY_DB \"text://$dir/db\""
    fi
    if [ -n "$directory_url" ]; then
      local query='?'
      [[ "$directory_url" == *'?'* ]] && query='&'
      echo '#!define WITH_DIRECTORY_URL'
      echo "#!define DIRECTORY_URL \"$directory_url${query}uid=\""
    fi
    if [ -n "$plain_ws" ]; then
      echo '#!define WITH_PLAIN_WS'
    fi
    if [ -n "$phone_port" ]; then
      echo '#!define WITH_PHONES'
      echo "#!define PHONE_PORT $phone_port"
      echo "#!define PHONE_NET \"$phone_net\""
      echo "#!define RTPENGINE_SOCK \"udp:127.0.0.1:$((phone_port + 1))\""
    fi
    if [ -n "$tls_port" ]; then
      echo '#!define WITH_TLS'
      echo "#!define TLS_LISTEN tls:127.0.0.1:$tls_port"
      echo "#!define TLS_CONFIG \"$dir/tls.cfg\""
    fi
    case "$role" in
      edge)
        local first=${registrar_port%%,*} second=${registrar_port##*,}
        echo '#!define ROLE_EDGE'
        echo "#!define REGISTRAR_HOST \"127.0.0.1\""
        echo "#!define REGISTRAR_PORT $first"
        echo "#!define REGISTRAR2_PORT $second"
        echo "#!define REGISTRARS \"$dir/registrars.list\""
        # The dispatcher's set 1: the registrars, tried in this order (priority), probed with OPTIONS.
        {
          echo "1 sip:127.0.0.1:$first;transport=tcp 0 10"
          if [ "$second" != "$first" ]; then
            echo "1 sip:127.0.0.1:$second;transport=tcp 0 5"
          fi
        } >"$dir/registrars.list" ;;
      registrar)
        echo '#!define ROLE_REGISTRAR'
        if [ -n "$peer_port" ]; then
          echo '#!define WITH_DMQ'
          echo "#!define DMQ_SELF \"sip:127.0.0.1:$port;transport=tcp\""
          echo "#!define DMQ_PEER \"sip:127.0.0.1:$peer_port;transport=tcp\""
        fi ;;
    esac
    echo "#!include_file \"$here/kamailio.cfg\""
    # The WebSocket handshake is accepted only from these origins (exact matches).
    echo 'route[ORIGIN_ALLOWED] {'
    origins=${KIT_SIP_ORIGINS:-http://127.0.0.1:4200 http://localhost:4200}
    for line in $origins; do
      echo "	if (\$hdr(Origin) == \"$line\") { return 1; }"
    done
    echo '	return -1;'
    echo '}'
  } >"$dir/kamailio.cfg"
}

# The directory of names as a db_text table that htable loads at start (`kamcmd htable.reload directory` after
# writing it again): one row per `uid<TAB>name` line. A uid is what a SIP user part may hold here (letters, digits,
# . _ - ~ + and %); the name is escaped twice: as a SIP quoted-string (\\ and \"), then for db_text (\\ and \:).
# Lines that are empty, start with #, or break these rules are skipped with a warning.
write_directory() {
  local dir=$1 uid name line number=0
  mkdir -p "$dir/db"
  {
    echo 'key_name(str) key_type(int) value_type(int) key_value(str) expires(int)'
    while IFS= read -r line || [ -n "$line" ]; do
      number=$((number + 1))
      line=${line%$'\r'}
      [ -z "$line" ] || [ "${line:0:1}" = '#' ] && continue
      uid=${line%%$'\t'*}
      name=${line#*$'\t'}
      if [ "$uid" = "$line" ] || ! [[ "$uid" =~ ^[A-Za-z0-9._~+%-]{1,64}$ ]] || [ -z "$name" ] ||
        [[ "$name" =~ [[:cntrl:]] ]] || [ "${#name}" -gt 128 ]; then
        echo "--directory: line $number skipped (uid<TAB>name, a name of 1-128 printable characters)" >&2
        continue
      fi
      name=${name//\\/\\\\}
      name=${name//\"/\\\"}
      name=${name//\\/\\\\}
      name=${name//:/\\:}
      printf '%s:0:0:%s:0\n' "$uid" "$name"
    done <"$directory"
  } >"$dir/db/directory"
}

# The TLS server of WSS: a real certificate from KIT_SIP_TLS_CERT / KIT_SIP_TLS_KEY, or a self-signed one for tests.
write_tls() {
  local dir=$1 cert key
  if [ -n "${KIT_SIP_TLS_CERT:-}" ] && [ -n "${KIT_SIP_TLS_KEY:-}" ]; then
    cert=$KIT_SIP_TLS_CERT
    key=$KIT_SIP_TLS_KEY
  else
    cert=$dir/cert.pem
    key=$dir/key.pem
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 7 \
      -subj /CN=127.0.0.1 -addext 'subjectAltName=IP:127.0.0.1,DNS:localhost' \
      -keyout "$key" -out "$cert" 2>/dev/null
  fi
  {
    echo '[server:default]'
    echo 'method = TLSv1.2+'
    echo 'verify_certificate = no'
    echo 'require_certificate = no'
    echo "private_key = $key"
    echo "certificate = $cert"
    echo '[client:default]'
    echo 'method = TLSv1.2+'
    echo 'verify_certificate = no'
    echo 'require_certificate = no'
  } >"$dir/tls.cfg"
}

start() {
  local kamailio
  kamailio=$(find_kamailio)
  if [ -z "$kamailio" ]; then
    echo "Kamailio is not installed. Install it with:" >&2
    echo "  sudo apt-get install -y --no-install-recommends kamailio kamailio-websocket-modules kamailio-autheph-modules" >&2
    exit 3
  fi
  if [ -n "$(running_pid)" ]; then
    echo "kamailio $name already runs (pid $(running_pid)); stop it first" >&2
    exit 1
  fi
  case "$role" in
    single | registrar) ;;
    edge)
      if [ -z "$registrar_port" ]; then
        echo "an edge needs --registrar PORT" >&2
        exit 2
      fi ;;
    *) echo "unknown role $role" >&2; exit 2 ;;
  esac
  local origin
  for origin in ${KIT_SIP_ORIGINS:-}; do
    if ! [[ "$origin" =~ ^https?://[A-Za-z0-9.-]+(:[0-9]+)?$ ]]; then
      echo "KIT_SIP_ORIGINS: \"$origin\" is not an origin (http[s]://host[:port])" >&2
      exit 2
    fi
  done
  local secret=${KIT_SIP_SECRET:-$(head -c 24 /dev/urandom | base64)}
  if ! [[ "$secret" =~ ^[A-Za-z0-9+/=_-]{16,}$ ]]; then
    echo "KIT_SIP_SECRET: at least 16 characters of base64" >&2
    exit 2
  fi
  # mktemp -d makes a new directory of mode 0700 with an unpredictable name: nobody else can have made it first.
  local run_dir
  run_dir=$(mktemp -d "${TMPDIR:-/tmp}/kit-kamailio-$name.XXXXXXXX")
  printf '%s\n' "$secret" >"$run_dir/secret"
  write_config "$run_dir" "$secret"
  if [ -n "$tls_port" ]; then
    write_tls "$run_dir"
  fi
  if [ -n "$directory" ]; then
    write_directory "$run_dir"
  fi
  printf '%s\n' "$run_dir" >"$pointer.tmp"
  mv -f "$pointer.tmp" "$pointer"
  if [ -n "$phone_port" ]; then
    start_rtpengine "$run_dir"
  fi
  # Foreground (-DD) in the background of this shell, so that $! is the main process; -E logs to stderr, kept in
  # the run directory.
  # Shared memory holds every connection (about 80 KB: 2,048 of them, tcp_max_connections, 164 MB), transaction
  # (about 33 KB for an INVITE with a browser's SDP, kept 5 s after it ends), registration and htable entry: 64 MB
  # ran out under the load benchmark (100 calls in flight, 119 MB used).
  local shm=${KIT_KAMAILIO_SHM:-256}
  [[ "$shm" =~ ^[0-9]+$ ]] || shm=256
  "$kamailio" -f "$run_dir/kamailio.cfg" -DD -E -Y "$run_dir" -P "$run_dir/kamailio.pid" -m "$shm" -M 8 \
    >"$run_dir/kamailio.log" 2>&1 &
  local launcher=$!
  echo "$launcher" >"$run_dir/pid"
  for _ in $(seq 1 100); do
    if probe; then
      if [ -z "$tls_port" ] || [ -n "$plain_ws" ]; then
        echo "ws://127.0.0.1:$port"
      fi
      if [ -n "$tls_port" ]; then
        echo "wss://127.0.0.1:$tls_port"
      fi
      return 0
    fi
    if ! kill -0 "$launcher" 2>/dev/null; then
      echo "kamailio $name exited while starting; its log ($run_dir/kamailio.log):" >&2
      tail -n 20 "$run_dir/kamailio.log" >&2
      if grep -q 'websocket.so\|auth_ephemeral.so\|tls.so\|crypto.so\|http_client.so' "$run_dir/kamailio.log"; then
        echo "A module is missing: apt-get install -y kamailio-websocket-modules kamailio-autheph-modules kamailio-tls-modules kamailio-utils-modules" >&2
      fi
      stop_rtpengine "$run_dir"
      rm -rf "$run_dir" "$pointer"
      exit 1
    fi
    sleep 0.05
  done
  echo "kamailio $name did not answer on 127.0.0.1:$port within 5 s" >&2
  kill -TERM "$launcher" 2>/dev/null || true
  stop_rtpengine "$run_dir"
  tail -n 20 "$run_dir/kamailio.log" >&2
  rm -rf "$run_dir" "$pointer"
  exit 1
}

# rtpengine beside Kamailio for --phone-port: userspace only (no kernel table), on 127.0.0.1, its pid in the run
# directory (stopped by `stop` once /proc shows it is rtpengine with this run directory's pid file).
start_rtpengine() {
  local dir=$1 rtpengine
  rtpengine=$(command -v rtpengine 2>/dev/null || true)
  [ -n "$rtpengine" ] || rtpengine=/usr/bin/rtpengine
  if [ ! -x "$rtpengine" ]; then
    echo "rtpengine is not installed. Install it with:" >&2
    echo "  sudo apt-get install -y --no-install-recommends rtpengine-daemon" >&2
    rm -rf "$dir" "$pointer"
    exit 3
  fi
  "$rtpengine" --config-file=none --foreground --table=-1 --interface=127.0.0.1 --listen-ng="127.0.0.1:$((phone_port + 1))" --listen-cli="127.0.0.1:$((phone_port + 1))" \
    --port-min "${rtp_ports%-*}" --port-max "${rtp_ports#*-}" --log-stderr --log-level=5 \
    --pidfile "$dir/rtpengine.pid" >"$dir/rtpengine.log" 2>&1 &
  echo "$!" >"$dir/rtpengine.launcher"
  # Kamailio pings it once at start and leaves a silent one aside for a minute: it starts when rtpengine answers.
  local ping="const s=require('dgram').createSocket('udp4');s.on('message',m=>process.exit(/pong/.test(m)?0:1));
s.send('1 d7:command4:pinge',$((phone_port + 1)),'127.0.0.1');setTimeout(()=>process.exit(1),300)"
  for _ in $(seq 1 50); do
    if node -e "$ping" 2>/dev/null; then
      return 0
    fi
    sleep 0.1
  done
  echo "rtpengine did not answer on 127.0.0.1:$((phone_port + 1)); its log ($dir/rtpengine.log):" >&2
  tail -n 20 "$dir/rtpengine.log" >&2
  stop_rtpengine "$dir"
  rm -rf "$dir" "$pointer"
  exit 1
}

rtpengine_pid() {
  local dir=$1 pid exe
  [ -f "$dir/rtpengine.launcher" ] || return 0
  pid=$(cat "$dir/rtpengine.launcher")
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  exe=$(readlink "/proc/$pid/exe" 2>/dev/null || true)
  [[ "$(basename "${exe% (deleted)}")" == rtpengine* ]] || return 0
  if tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | grep -qxF "$dir/rtpengine.pid"; then
    echo "$pid"
  fi
}

stop_rtpengine() {
  local media
  media=$(rtpengine_pid "$1")
  if [ -n "$media" ]; then
    kill -TERM "$media" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$media" 2>/dev/null || break
      sleep 0.05
    done
  fi
}

stop() {
  local pid dir
  pid=$(running_pid)
  dir=$(run_dir_of)
  if [ -n "$dir" ]; then
    stop_rtpengine "$dir"
  fi
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
      echo "kamailio $name (pid $pid) still runs 5 s after SIGTERM" >&2
      exit 1
    fi
  fi
  # The run directory holds the secret: it goes with the instance (KIT_KAMAILIO_KEEP=1 keeps it, and the log).
  if [ -n "$dir" ] && [ -z "${KIT_KAMAILIO_KEEP:-}" ]; then
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
      echo "kamailio $name runs (pid $(running_pid))"
    else
      echo "kamailio $name is stopped"
      exit 1
    fi ;;
  *) sed -n '2,40p' "$0" >&2; exit 2 ;;
esac
