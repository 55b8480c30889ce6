#!/usr/bin/env bash
# Runs COMMAND with a private session bus (session.conf) on which a real feedbackd runs, and writes the calls made
# to feedbackd, as dbus-monitor saw them, to LOG: one line per call (`Interface.Member`), then its arguments.
#
#   feedbackd-bus.sh LOG [--no-feedbackd] -- COMMAND [ARGS...]
#   feedbackd-bus.sh --check        # 0 if dbus-daemon, dbus-monitor and feedbackd are installed
#
# --no-feedbackd: the bus runs without feedbackd (and cannot start it: session.conf has no service directory).
# The exit status is COMMAND's; 125 when the bus or feedbackd could not be started.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
feedbackd=/usr/libexec/feedbackd

check() {
    command -v dbus-daemon >/dev/null && command -v dbus-monitor >/dev/null && command -v dbus-send >/dev/null && [[ -x $feedbackd ]]
}
if [[ ${1:-} == --check ]]; then check; exit; fi
check || { echo "feedbackd-bus.sh: missing dbus-daemon, dbus-monitor or feedbackd (Debian: dbus-daemon dbus-bin feedbackd)" >&2; exit 125; }
log=$1; shift
start_feedbackd=1
[[ ${1:-} == --no-feedbackd ]] && { start_feedbackd=0; shift; }
[[ ${1:-} == -- ]] && shift

dir=$(mktemp -d)
pids=()
cleanup() {
    exec 2>/dev/null   # not bash's "Killed" for each: COMMAND's stderr is the test's
    # KILL: a test runner starts us with TERM blocked (its threads block signals, and children inherit the mask).
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
dbus-daemon --config-file="$here/session.conf" --nofork --print-address=3 3>"$dir/address" 2>"$dir/daemon.log" &
pids+=($!)
for _ in $(seq 100); do [[ -s $dir/address ]] && break; sleep 0.05; done
[[ -s $dir/address ]] || { echo "feedbackd-bus.sh: dbus-daemon did not start" >&2; exit 125; }
export DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$dir/address")

: >"$dir/monitor"   # there before the monitor's own shell opens it
dbus-monitor --session >>"$dir/monitor" 2>/dev/null &
pids+=($!)
if ((start_feedbackd)); then
    # In memory: feedbackd stores its profile in GSettings, which would otherwise write the user's dconf.
    GSETTINGS_BACKEND=memory "$feedbackd" >"$dir/feedbackd.log" 2>&1 &
    pids+=($!)
    owned=0
    for _ in $(seq 100); do
        if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
                org.freedesktop.DBus.NameHasOwner string:org.sigxcpu.Feedback 2>/dev/null | grep -q "boolean true"; then
            owned=1; break
        fi
        sleep 0.05
    done
    ((owned)) || { echo "feedbackd-bus.sh: feedbackd did not start:" >&2; cat "$dir/feedbackd.log" >&2; exit 125; }
fi
# dbus-monitor is ready once it has seen its own name given.
for _ in $(seq 100); do grep -q "NameAcquired" "$dir/monitor" && break; sleep 0.05; done

"$@"
status=$?
sleep 0.3   # the monitor's last lines
# The calls to feedbackd: a line `Interface.Member`, then each argument, trimmed.
awk '
    /^(method call|signal|method return|error)/ { keep = 0 }
    /^method call/ && /destination=org\.sigxcpu\.Feedback/ {
        match($0, /interface=[^;]*/); interface = substr($0, RSTART + 10, RLENGTH - 10)
        match($0, /member=[^ ]*/); member = substr($0, RSTART + 7, RLENGTH - 7)
        print interface "." member; keep = 1; next
    }
    keep { sub(/^ +/, ""); print }
' "$dir/monitor" >"$log"
exit "$status"
