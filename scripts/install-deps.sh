#!/usr/bin/env bash
# Installs what the build and the tests need, only when it is missing. Safe to run again.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    if [[ -x /opt/swift/usr/bin/swift ]]; then
        echo "swift is not on PATH; add /opt/swift/usr/bin to PATH" >&2
    else
        echo "swift is not installed: install a Swift 6 toolchain (https://swift.org/install)" >&2
    fi
    exit 1
fi

# Debian packages: libevdev and libudev (built against, through pkg-config: `gestures serve` finds devices as they
# come and go through libudev's monitor); umockdev (the emulated touchscreens of
# the live tests), with its Python bindings for the device that vanishes or cannot be read mid-test;
# evemu-tools, whose evemu-describe the headers that `gestures record` writes are compared with; libxml2,
# the XML parser the picture tests read the SVG back with (Foundation's XMLParser); libwayland-dev, which the
# Wayland example (Examples/WaylandTouches) is built against; sway, the real compositor that example is tested
# under, with wayland-protocols (its xdg-shell glue is checked against wayland-scanner's) and gcc (the shims
# of Tests/Fixtures/wayland); feedbackd, with dbus-daemon and dbus-monitor (dbus-bin), which the haptics tests
# run on a private session bus; for the examples of the C interface (Examples/CInterface), libinput's headers, a
# C++ compiler, Python, and binutils' nm (the test of the library's exported symbols).
packages=(pkg-config libevdev-dev libudev-dev umockdev python3-gi gir1.2-umockdev-1.0 evemu-tools libxml2
          libwayland-dev wayland-protocols sway gcc feedbackd dbus-daemon dbus-bin libinput-dev g++ python3 binutils)
# `--browser` (make test-browser): headless Chromium, which screenshots the pictures, and the DejaVu fonts
# the pictures ask for.
if [[ ${1:-} == --browser ]]; then
    packages+=(chromium fonts-dejavu-core python3)
fi
# `--bench` (make bench): valgrind, whose callgrind counts the instructions of the table's figures, a C compiler
# for the libevdev reader of Benchmarks/live-cost.sh, binutils' strip, and Python for Benchmarks/bench-table.py.
if [[ ${1:-} == --bench ]]; then
    packages+=(valgrind gcc binutils python3)
fi
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    echo "installing ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
