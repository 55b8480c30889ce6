#!/usr/bin/env bash
# Runs a Wayland client under a real compositor whose touchscreen plays a recording: sway (wlroots) with its
# headless backend (one 1280x720 output) and its libinput backend, inside umockdev-run, where the emulated
# touchscreen-mt of Tests/Fixtures/umockdev plays TRACE in real time. libinput reads it as it reads a real
# touchscreen, sway maps it onto the output and sends wl_touch events to the client's surface under the touch.
#
#   run-compositor.sh [--start S] [--log DIR] TRACE -- CLIENT [ARGS...]
#   run-compositor.sh --check      # 0 when everything is installed; else says what is missing, status 1
#
# TRACE   an evemu trace for touchscreen-mt (x 0..4095, y 0..2559 at 19 units/mm). It is played shifted by S
#         seconds (--start, default 1), a silence in which sway and the client start: the client's window was
#         shown 0.15 to 0.52 s after sway started (measured on 2 cores running 10 to 12 busy processes), and a
#         synthetic recording's first touch comes 0.5 s into it. When the window came after the first touch,
#         a line on standard error says so. The wl_touch times are the trace's, in ms, plus S s (umockdev
#         stamps each event with its time in the trace).
# CLIENT  started as the caller, outside the emulation, once sway listens (WAYLAND_DISPLAY and XDG_RUNTIME_DIR
#         set); its standard output and error are this script's. S s + the trace's last event + 1 s (10% more
#         for a long trace: umockdev's drift; the 1 s covers deadlines due after the last event) after sway
#         started, it gets SIGTERM and should end; SIGKILL 5 s later.
# --log DIR  keeps sway's log there (sway.log); without it, the log's last lines are shown when the client fails.
#
# The touches reach the client in pixels: x px = x units * 1280 / 4096, y px = y units * 720 / 2560 (libinput
# scales an axis's minimum .. maximum + 1 onto the output). Those are multiples of 1/32 px, which wl_fixed_t
# (1/256 px) holds exactly: a client that takes the output for 4096/19 x 2560/19 mm (215.578947 x 134.736842)
# finds replay's positions, but for floating-point rounding.
#
# Exit status: CLIENT's (143 if it did not handle SIGTERM, 137 after SIGKILL); 125 when the compositor could
# not be set up (a missing package, sway did not start: the reason on standard error).
#
# Debian 12 (sway 1.7, wlroots 0.15, libseat 0.7, umockdev 0.17, libinput 1.22), as root with no GPU, no
# /dev/uinput, no logind: the working recipe of ../shared/reference/wayland/ (run.sh, udevdb-exec.sh,
# libseatfix.c, libumdevfix.c, shift.py), brought here; README.md says what each piece works around.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
self="$here/$(basename "${BASH_SOURCE[0]}")"
fixtures=$here/../umockdev
node=/dev/input/event20   # touchscreen-mt's

fail() { echo "run-compositor.sh: $*" >&2; exit 125; }

# ---- inside umockdev-run: a udev database entry for the node, access for nobody, then sway ----------------
if [[ ${1:-} == --inner ]]; then
    shift
    : "${UMOCKDEV_DIR:?}" "${WAYLAND_TEST_WORK:?}"
    # libinput's udev backend takes a device without a udev database entry for one not yet initialized, and
    # umockdev 0.17 makes none (udevdb-exec.sh of the reference): one for each emulated node.
    db=$UMOCKDEV_DIR/run/udev/data
    mkdir -p "$db" || exit 125
    usec=$(awk '{printf "%d", $1 * 1000000}' /proc/uptime)
    for link in "$UMOCKDEV_DIR"/dev/.node/*; do
        [[ -L $link ]] || continue
        numbers=$(readlink "$link")   # 13:84
        uevent=$UMOCKDEV_DIR/sys/dev/char/$numbers/uevent
        {
            echo "I:$usec"
            [[ -f $uevent ]] && grep -v -E '^(DEVPATH|DEVNAME|MAJOR|MINOR|SUBSYSTEM|DEVTYPE|DRIVER)=' "$uevent" | sed 's/^/E:/'
            printf '%s\n' G:seat G:uaccess Q:seat Q:uaccess V:1
        } > "$db/c$numbers"
    done
    drop=()
    if [[ $(id -u) == 0 ]]; then
        # sway refuses to run as root ("Unable to drop root"): as nobody, who must reach the testbed's udev
        # monitor socket, its ioctl sockets and the pseudo-terminal behind the node.
        chmod 777 "$UMOCKDEV_DIR" || exit 125
        find "$UMOCKDEV_DIR/ioctl" -type s -exec chmod 777 {} + || exit 125
        chmod 666 "$(readlink "$UMOCKDEV_DIR$node")" || exit 125
        drop=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    fi
    # Before umockdev's own preload, which would bypass libumdevfix.so (it resolves libc through dlopen).
    export LD_PRELOAD="$WAYLAND_TEST_WORK/libseatfix.so:$WAYLAND_TEST_WORK/libumdevfix.so${LD_PRELOAD:+:$LD_PRELOAD}"
    unset WAYLAND_TEST_WORK
    exec "${drop[@]}" "$@"
fi

# ---- --check -------------------------------------------------------------------------------------------------
compiler() { command -v cc || command -v gcc || command -v clang; }
check() {
    local missing=()
    command -v sway >/dev/null || missing+=("sway (Debian: sway)")
    command -v umockdev-run >/dev/null || missing+=("umockdev-run (Debian: umockdev)")
    compiler >/dev/null || missing+=("a C compiler for the shims (Debian: gcc)")
    if [[ $(id -u) == 0 ]]; then
        command -v setpriv >/dev/null || missing+=("setpriv, to run sway as nobody (Debian: util-linux)")
    fi
    command -v timeout >/dev/null || missing+=("timeout (Debian: coreutils)")
    if ((${#missing[@]})); then
        printf 'run-compositor.sh: missing %s\n' "${missing[@]}" >&2
        return 1
    fi
}
if [[ ${1:-} == --check ]]; then
    check
    exit
fi

# A process starts with the signals its parent blocked (a test runner's threads block nearly all): sway,
# umockdev-run and the client would never see the TERM that ends them. Start again with none blocked, through
# perl (perl-base is Essential on Debian).
if [[ -z ${WAYLAND_TEST_UNBLOCKED:-} ]]; then
    export WAYLAND_TEST_UNBLOCKED=1
    exec perl -MPOSIX -e 'sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die "sigprocmask: $!\n";
                          exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!\n"' "$self" "$@"
fi
unset WAYLAND_TEST_UNBLOCKED

# ---- arguments -----------------------------------------------------------------------------------------------
start=1 log=""
while (($#)); do
    case $1 in
        --start) (($# >= 2)) || fail "--start needs seconds"; start=$2; shift 2 ;;
        --log) (($# >= 2)) || fail "--log needs a directory"; log=$2; shift 2 ;;
        -*) fail "unknown option $1" ;;
        *) break ;;
    esac
done
(($# >= 3)) && [[ $2 == -- ]] || fail "usage: run-compositor.sh [--start S] [--log DIR] TRACE -- CLIENT [ARGS...]"
trace=$1
shift 2
[[ -r $trace && -f $trace ]] || fail "no trace $trace"
[[ $start =~ ^[0-9]+(\.[0-9]+)?$ ]] || fail "--start: expected seconds, found $start"
check || exit 125

# The work directory: the shims, the shifted trace, sway's configuration and runtime directory. nobody reads
# the shims (preloaded into sway), so it is in /tmp, open to others, whatever TMPDIR is.
work=$(mktemp -d /tmp/wayland-touch.XXXXXX) || fail "cannot make a directory in /tmp"
chmod 755 "$work"
compositor="" client=""
cleanup() {
    [[ -n $client ]] && kill -KILL "$client" 2>/dev/null
    [[ -n $compositor ]] && kill -KILL "$compositor" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM INT
[[ -n $log ]] && { mkdir -p "$log" || fail "cannot make $log"; }
swaylog=${log:-$work}/sway.log

# The shims (README.md): libinput's view of the emulated node (libumdevfix), libseat's noop backend (libseatfix).
cc=$(compiler)
for source in "$fixtures/libinput/libumdevfix.c" "$here/libseatfix.c"; do
    shim=$(basename "$source" .c)
    "$cc" -O2 -Wall -shared -fPIC -o "$work/$shim.so" "$source" -ldl &
done
wait -n && wait -n || fail "cannot build the shims with $cc"

# The trace shifted by --start, its microseconds written unpadded: umockdev 0.17 reads `1.010000` as octal. An
# evemu time SEC.USEC is two integers (2.10000 is 2 s + 10000 µs), so it is never read as a decimal fraction.
# The header becomes comments (umockdev plays E: lines and warns about others).
awk -v shift="$start" '
    BEGIN { offset = int(shift * 1000000 + 0.5) }
    /^E:/ {
        split($2, t, ".")
        us = t[1] * 1000000 + (t[2] == "" ? 0 : t[2]) + offset
        printf "E: %d.%d %s %s %s\n", int(us / 1000000), us % 1000000, $3, $4, $5
        if (first == "" && $3 != "0000") first = us
        last = us
        next
    }
    /^[NIPBALS]:/ { print "# " $0; next }
    { print }
    END { printf "%d %d\n", first, last > "/dev/stderr" }
' "$trace" > "$work/trace.events" 2> "$work/times" || fail "cannot read $trace"
read -r first last < "$work/times"   # the first event that is no SYN_*, the last event: µs, shift included

# One headless output of 1280x720 at 0,0, the touchscreen mapped onto it, no Xwayland, no borders.
cat > "$work/sway.conf" <<CONF
xwayland disable
output HEADLESS-1 mode 1280x720 position 0 0
input type:touch map_to_output HEADLESS-1
default_border none
CONF
chmod 644 "$work/sway.conf" "$work/trace.events"

runtime=$work/xdg
mkdir -m 700 "$runtime"
[[ $(id -u) == 0 ]] && chown 65534:65534 "$runtime"
export XDG_RUNTIME_DIR=$runtime
unset WAYLAND_DISPLAY DISPLAY

began=$(date +%s%N)
WLR_BACKENDS=headless,libinput WLR_RENDERER=pixman WLR_HEADLESS_OUTPUTS=1 LIBSEAT_BACKEND=noop WAYLAND_TEST_WORK=$work \
    umockdev-run -d "$fixtures/touchscreen-mt.umockdev" -i "$node=$fixtures/touchscreen-mt.ioctl" \
    -e "$node=$work/trace.events" -- "$self" --inner sway -d -c "$work/sway.conf" > "$swaylog" 2>&1 &
compositor=$!

# sway listens once its socket is there.
socket=""
for ((i = 0; i < 200; i++)); do
    socket=$(find "$runtime" -maxdepth 1 -type s -name 'wayland-*' -printf '%f\n' 2>/dev/null | head -n 1)
    [[ -n $socket ]] && break
    kill -0 "$compositor" 2>/dev/null || break
    sleep 0.05
done
if [[ -z $socket ]]; then
    tail -n 20 "$swaylog" >&2
    fail "sway did not start (its log's last lines above)"
fi

# The client, until the trace has played: --start + its last event + 1 s (+10%) after sway started.
elapsed=$(( ($(date +%s%N) - began) / 1000 ))
wait_us=$(( last + last / 10 + 1000000 - elapsed ))
((wait_us > 0)) || wait_us=0
WAYLAND_DISPLAY=$socket timeout --preserve-status -s TERM -k 5 "$((wait_us / 1000000)).$(printf '%06d' $((wait_us % 1000000)))" "$@" &
client=$!
wait "$client"
status=$?
client=""

kill -TERM "$compositor" 2>/dev/null
for ((i = 0; i < 100; i++)); do
    kill -0 "$compositor" 2>/dev/null || break
    sleep 0.05
done
kill -KILL "$compositor" 2>/dev/null
wait "$compositor" 2>/dev/null
compositor=""
# sway logs when the client's window is fullscreen on the output: touches before that were no client's.
shown=$(sed -n 's/^\([0-9]*\):\([0-9]*\):\([0-9]*\)\.\([0-9]*\) .*Scanning out fullscreen view.*/\1 \2 \3 \4/p' "$swaylog" | head -n 1)
if [[ -n $shown ]]; then
    read -r h m s ms <<< "$shown"
    shown_us=$(( ((10#$h * 60 + 10#$m) * 60 + 10#$s) * 1000000 + 10#$ms * 1000 ))
    if ((shown_us > first)); then
        echo "run-compositor.sh: the client's window was shown $((shown_us / 1000)) ms after sway started, the first" \
             "touch came at $((first / 1000)) ms: give a larger --start" >&2
    fi
fi
if ((status != 0)) && [[ -z $log ]]; then
    echo "run-compositor.sh: the client's exit status is $status; sway's log ends:" >&2
    tail -n 20 "$swaylog" >&2
fi
exit "$status"
