# shellcheck shell=bash
# What tools/kamailio/kamailio.sh and tools/janus/janus.sh share: a private state folder that keeps which run
# directory belongs to which instance name, the run directory found again from it, and the pid of the process an
# instance started, checked against /proc before anyone signals it. Sourced, with $pointer set by the caller.

# Only a directory that is ours, private, and not a symbolic link is trusted: in the shared temporary folder another
# local user could create a path first and have root write the log there, or plant a pid file that `stop` would kill.
private_dir() {
  local dir=$1
  [ -d "$dir" ] && [ ! -L "$dir" ] && [ "$(stat -c '%u %a' "$dir")" = "$(id -u) 700" ]
}

# Makes the state folder (mode 0700) or refuses one that is not private.
ensure_state_dir() {
  mkdir -p -m 0700 "$1"
  if ! private_dir "$1"; then
    echo "$1 must be a directory of $(id -un) with mode 0700" >&2
    exit 1
  fi
}

# The run directory of this instance ($pointer), when the pointer and the directory are ours.
run_dir_of() {
  if [ -f "$pointer" ] && [ ! -L "$pointer" ] && [ "$(stat -c %u "$pointer")" = "$(id -u)" ]; then
    local dir
    dir=$(cat "$pointer")
    if private_dir "$dir"; then
      echo "$dir"
    fi
  fi
}

# The pid that `start` wrote in the run directory's `pid`, when that process is still the one it started: its binary
# is named BINARY* and its command line holds the run directory's CONFIG file. A recycled pid, or a pid file written
# by anyone else, is never signalled.
running_pid_of() {
  local binary=$1 config=$2 dir pid exe
  dir=$(run_dir_of)
  [ -n "$dir" ] && [ -f "$dir/pid" ] || return 0
  pid=$(cat "$dir/pid")
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  exe=$(readlink "/proc/$pid/exe" 2>/dev/null || true)
  [[ "$(basename "${exe% (deleted)}")" == "$binary"* ]] || return 0
  if tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | grep -qxF "$dir/$config"; then
    echo "$pid"
  fi
}

# The binary to run: GIVEN (an environment variable's value) when it is executable, else the first executable of
# NAME on the PATH and the other candidates; nothing when none is.
find_binary() {
  local given=$1 name=$2 candidate
  shift 2
  if [ -n "$given" ]; then
    if [ -x "$given" ]; then echo "$given"; fi
    return
  fi
  for candidate in "$(command -v "$name" 2>/dev/null || true)" "$@"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      echo "$candidate"
      return
    fi
  done
}
