#!/usr/bin/env bash
# Runs COMMAND with emulated input devices (umockdev), each replaying an evemu trace.
#
#   run-emulated.sh [OPTIONS] DEVICE TRACE [DEVICE TRACE ...] -- COMMAND [ARGS...]
#   run-emulated.sh --check [faults]
#
# DEVICE  a fixture beside this script (touchscreen-mt, touchscreen-st, keyboard, touchpad) or the
#         path of any NAME.umockdev with its NAME.ioctl beside it; its node is the .ioctl's @DEV line.
# TRACE   an evemu file whose E: lines are replayed on the node in real time, or - for none.
#         Zero-padded microseconds (1.010000) are rewritten unpadded (1.10000) first, because
#         umockdev 0.17 reads them as octal; --raw-trace passes the file as it is.
#
# COMMAND sees, besides the emulated /dev/input and /sys:
#   GESTURES_TEST_DEVICE    the first DEVICE's node, e.g. /dev/input/event20
#   GESTURES_TEST_DEVICES   every node, in argument order, separated by spaces
#   GESTURES_TEST_FIXTURES  this directory
#   UMOCKDEV_DIR            the testbed (set by umockdev)
#
# Options:
#   --interrupt-after SECONDS  send SIGINT (see --signal) to COMMAND after SECONDS; its exit status
#                              is still the result. Without it COMMAND runs until it exits: an
#                              emulated device never reaches end of file (see README.md).
#   --signal NAME              the signal of --interrupt-after: INT (default), TERM, HUP...
#   --timeout SECONDS          send COMMAND SIGTERM after SECONDS, SIGKILL 5 s later, and exit
#                              124 (137 if it took SIGKILL); default 60, 0 for no limit.
#   --vanish-after WHEN        the first device disappears WHEN seconds after its trace started
#                              playing (trace time minus the first event's time), or at end+S, S
#                              seconds after its last event: read() and ioctl() fail with ENODEV,
#                              poll() reports POLLHUP|POLLERR, the node and its sysfs entries go.
#                              Needs python3-gi and gir1.2-umockdev-1.0 (faults.py).
#   --fail-reads-after WHEN    from WHEN (as above) on, every read() of the first device fails with EINVAL
#                              and takes nothing; poll() and ioctl() go on working (faults.py).
#   --deny                     run COMMAND as nobody (uid 65534) with the nodes not readable:
#                              open() fails with EACCES ("permission denied").
#   --unprivileged             run COMMAND as nobody with the nodes readable (the control case).
#   --raw-trace                do not rewrite the traces' microseconds.
#   --script                   replay the traces through umockdev scripts (trace-script.py) instead of
#                              umockdev's evemu player: the events of a frame in one write, which keeps up
#                              with 30,000 events a second (the evemu player plays about 5,000).
#   --max-gap SECONDS          --script, and a gap longer than SECONDS between two events lasts SECONDS, so
#                              that a clock that jumps by hours can be replayed; the events keep their times.
#
# A trace with "#!" directive lines (#! junk TIME N: bytes that are not a whole event, so that a read
# fails with EINVAL) is replayed through a script too. Scripts need /usr/bin/python3 (standard library).
#
# Exit status: COMMAND's (128+N if a signal N killed it); 124 if --timeout expired; 125 if this
# script could not set up the emulation (bad arguments, missing fixture, umockdev not installed).
# Signals sent to this script's process reach COMMAND (INT, TERM, HUP, QUIT), once.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
self="$here/$(basename "${BASH_SOURCE[0]}")"

fail() { echo "run-emulated.sh: $*" >&2; exit 125; }

# ---- inside the testbed: permissions, interruption, time limit, then COMMAND ------------------------
if [[ ${1:-} == --inner ]]; then
    shift
    [[ ${1:-} == -- ]] && shift
    mode=${GESTURES_TEST_PERMISSION:-root}
    interrupt=${GESTURES_TEST_INTERRUPT_AFTER:-}
    signal=${GESTURES_TEST_SIGNAL:-INT}
    limit=${GESTURES_TEST_TIMEOUT:-0}
    for fd in ${GESTURES_TEST_TRACE_FDS:-}; do exec {fd}<&-; done   # the traces are loaded by now
    unset GESTURES_TEST_PERMISSION GESTURES_TEST_INTERRUPT_AFTER GESTURES_TEST_SIGNAL GESTURES_TEST_TIMEOUT \
        GESTURES_TEST_TRACE_FDS
    chain=()
    # --interrupt-after: one signal to the program, after which its own exit status counts.
    [[ -n $interrupt ]] && chain+=(timeout --foreground --preserve-status -s "$signal" -k 10 "$interrupt")
    # --timeout: TERM, then KILL 5 s later, to the program itself (not to umockdev-run, whose
    # death would make the preload library abort() the program at its next read); status 124.
    [[ $limit != 0 ]] && chain+=(timeout --foreground -k 5 "$limit")
    if [[ $mode != root ]]; then
        # The testbed directory is private to root and its ioctl sockets need write access to
        # connect: open both, so that nobody reaches the nodes and only the final open() decides.
        chmod 755 "$UMOCKDEV_DIR" || exit 125
        find "$UMOCKDEV_DIR/ioctl" -type s -exec chmod 777 {} + || exit 125
        if [[ $mode == unprivileged ]]; then
            for node in $GESTURES_TEST_DEVICES; do
                pty=$(readlink "$UMOCKDEV_DIR$node") || exit 125
                chmod 666 "$pty" || exit 125
            done
        fi
        chain+=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    fi
    # Signals ignored by whoever started us (a background job of a script ignores SIGINT) would
    # stay ignored in the program: give it the default dispositions.
    chain+=(env --default-signal)
    "${chain[@]}" "$@" &
    child=$!
    for sig in INT TERM HUP QUIT; do trap "kill -$sig $child 2>/dev/null" "$sig"; done
    while :; do
        wait "$child"
        status=$?
        kill -0 "$child" 2>/dev/null || break   # wait was only interrupted by a passed-on signal
    done
    # umockdev-run never exits while its trace player is blocked on a full pseudo-terminal (4095
    # bytes nobody read): it waits for that thread. Read what is left so that it can finish.
    for node in $GESTURES_TEST_DEVICES; do
        [[ -e $node ]] && dd if="$node" of=/dev/null iflag=nonblock bs=4096 status=none 2>/dev/null
    done
    exit "$status"
fi

# ---- --check -----------------------------------------------------------------------------------------
check() {
    local missing=()
    command -v umockdev-run >/dev/null || missing+=("umockdev-run (Debian: umockdev)")
    [[ -e /usr/lib/x86_64-linux-gnu/libumockdev-preload.so.0 || -n $(ldconfig -p 2>/dev/null | grep libumockdev-preload) ]] \
        || missing+=("libumockdev-preload.so.0 (Debian: umockdev)")
    command -v setpriv >/dev/null || missing+=("setpriv (Debian: util-linux)")
    command -v timeout >/dev/null || missing+=("timeout (Debian: coreutils)")
    env --default-signal true 2>/dev/null || missing+=("env --default-signal (coreutils 8.31 or later)")
    if [[ ${1:-} == faults || ${1:-} == vanish ]]; then
        /usr/bin/python3 -c 'import gi; gi.require_version("UMockdev", "1.0"); from gi.repository import UMockdev' \
            >/dev/null 2>&1 || missing+=("UMockdev for /usr/bin/python3 (Debian: python3-gi gir1.2-umockdev-1.0)")
    fi
    if ((${#missing[@]})); then
        printf 'run-emulated.sh: missing %s\n' "${missing[@]}" >&2
        return 1
    fi
    return 0
}
if [[ ${1:-} == --check ]]; then
    check "${2:-}"
    exit
fi

# ---- arguments -----------------------------------------------------------------------------------------
interrupt="" signal=INT timeout=60 vanish="" failing="" permission=root raw=0 max_gap="" script=0
while (($#)); do
    case $1 in
        --interrupt-after | --signal | --timeout | --vanish-after | --fail-reads-after | --max-gap)
            (($# >= 2)) || fail "$1 needs a value"
            case $1 in
                --interrupt-after) interrupt=$2 ;;
                --signal) signal=$2 ;;
                --timeout) timeout=$2 ;;
                --vanish-after) vanish=$2 ;;
                --fail-reads-after) failing=$2 ;;
                --max-gap) max_gap=$2 ;;
            esac
            shift 2 ;;
        --deny) permission=deny; shift ;;
        --unprivileged) permission=unprivileged; shift ;;
        --raw-trace) raw=1; shift ;;
        --script) script=1; shift ;;
        --) fail "no DEVICE TRACE before --" ;;
        -*) fail "unknown option $1" ;;
        *) break ;;
    esac
done

pairs=()
while (($#)) && [[ $1 != -- ]]; do
    (($# >= 2)) && [[ $2 != -- ]] || fail "DEVICE $1 has no TRACE (use - for none)"
    pairs+=("$1" "$2")
    shift 2
done
[[ ${1:-} == -- ]] || fail "missing -- COMMAND"
shift
(($#)) || fail "missing COMMAND after --"
((${#pairs[@]})) || fail "missing DEVICE TRACE"
faults=""
[[ -n $vanish || -n $failing ]] && faults=faults
check $faults || exit 125

devices=()   # umockdev file, ioctl file, node, trace (or empty), kind (-e evemu, -s script), for each DEVICE
nodes=() fds=()
for ((i = 0; i < ${#pairs[@]}; i += 2)); do
    device=${pairs[i]} trace=${pairs[i + 1]}
    if [[ $device == */* || $device == *.umockdev ]]; then
        record=${device%.umockdev}.umockdev
    else
        record=$here/$device.umockdev
    fi
    ioctl=${record%.umockdev}.ioctl
    [[ -r $record ]] || fail "no device description $record"
    [[ -r $ioctl ]] || fail "no ioctl file $ioctl"
    node=$(sed -n 's/^@DEV \(\/dev\/[^ ]*\)$/\1/p' "$ioctl" | head -n 1)
    [[ -n $node ]] || fail "$ioctl has no @DEV /dev/... line"
    for seen in "${nodes[@]}"; do [[ $seen != "$node" ]] || fail "two devices on $node"; done
    kind=-e
    if [[ $trace == - ]]; then
        trace=""
    else
        [[ -r $trace && -f $trace ]] || fail "no trace $trace"
        rewrite=(sed -E -e 's/^(E:[[:space:]]+[0-9]+)\.0+([0-9])/\1.\2/' -e 's/^([NIPBALS]:)/# \1/')
        ((raw)) && rewrite=(cat)
        if ((script)) || [[ -n $max_gap ]] || grep -q '^#!' "$trace"; then
            # A umockdev script instead of umockdev's evemu player: gaps cut to --max-gap, directives.
            [[ -x /usr/bin/python3 ]] || fail "replaying $trace as a script needs /usr/bin/python3"
            [[ -z $faults ]] || fail "--vanish-after and --fail-reads-after cannot replay $trace as a script"
            # (Not named `script`: that is --script's flag, which the next DEVICE reads.)
            converter=(/usr/bin/python3 "$here/trace-script.py" ${max_gap:+--max-gap "$max_gap"} /dev/stdin)
            exec {fd}< <("${rewrite[@]}" "$trace" | "${converter[@]}")
            kind=-s
        elif ((raw == 0)); then
            # 1.010000 → 1.10000, 0.000001 → 0.1, 2.000000 → 2.0: decimal either way, never octal.
            # A header (N:, I:, P:, B:, A: lines) is made a comment: umockdev plays only E: lines and
            # warns about every other one. Through a pipe that stays open across exec (no temporary file).
            exec {fd}< <("${rewrite[@]}" "$trace")
        else
            fd=""
        fi
        if [[ -n $fd ]]; then
            fds+=("$fd")
            trace=/dev/fd/$fd
        fi
    fi
    devices+=("$record" "$ioctl" "$node" "$trace" "$kind")
    nodes+=("$node")
done

export GESTURES_TEST_DEVICE=${nodes[0]}
export GESTURES_TEST_DEVICES="${nodes[*]}"
export GESTURES_TEST_FIXTURES=$here
export GESTURES_TEST_PERMISSION=$permission
export GESTURES_TEST_INTERRUPT_AFTER=$interrupt
export GESTURES_TEST_SIGNAL=$signal
export GESTURES_TEST_TIMEOUT=$timeout
export GESTURES_TEST_TRACE_FDS="${fds[*]}"

if [[ -n $faults ]]; then
    launcher=(/usr/bin/python3 "$here/faults.py" ${vanish:+--vanish-after "$vanish"} ${failing:+--fail-reads-after "$failing"})
    for ((i = 0; i < ${#devices[@]}; i += 5)); do
        launcher+=(--device "${devices[i]}" "${devices[i + 1]}" "${devices[i + 2]}" "${devices[i + 3]:--}")
    done
else
    launcher=(umockdev-run)
    for ((i = 0; i < ${#devices[@]}; i += 5)); do
        launcher+=(-d "${devices[i]}" -i "${devices[i + 2]}=${devices[i + 1]}")
        [[ -n ${devices[i + 3]} ]] && launcher+=("${devices[i + 4]}" "${devices[i + 2]}=${devices[i + 3]}")
    done
fi

# exec: signals sent to this script's process go to umockdev-run (or faults.py), which passes
# INT, TERM, HUP and QUIT on to COMMAND, and COMMAND's exit status becomes ours.
exec "${launcher[@]}" -- env --default-signal "$self" --inner -- "$@"
