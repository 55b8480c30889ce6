#!/usr/bin/env bash
# Installs libtouchgestures: the shared library, its header and its pkg-config file (`make install-lib`).
#
#   scripts/install-lib.sh LIBRARY
#
# LIBRARY  the built libtouchgestures.so (.build/release/libtouchgestures.so for `make install-lib`).
# Settings (environment), as the Makefile passes them:
#   PREFIX      where the files go (default /usr/local); the pkg-config file names it
#   DESTDIR     a staging root prepended to every path written (packaging), not named in the files
#   LIBDIR      default $PREFIX/lib;  INCLUDEDIR  default $PREFIX/include
#
# Writes LIBDIR/libtouchgestures.so.VERSION with the links libtouchgestures.so.MAJOR (its soname) and
# libtouchgestures.so, INCLUDEDIR/touchgestures.h and LIBDIR/pkgconfig/touchgestures.pc. The library holds the
# Swift runtime (linked with -static-stdlib): it needs nothing at run time beyond libc, libm, libstdc++ and
# libgcc_s. The pkg-config file links with an RPATH to LIBDIR, so that a program built with it finds the library in
# any prefix without LD_LIBRARY_PATH (README.md, "The C interface").
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
library="${1:?usage: scripts/install-lib.sh LIBRARY}"
prefix="${PREFIX:-/usr/local}"
libdir="${LIBDIR:-$prefix/lib}"
includedir="${INCLUDEDIR:-$prefix/include}"
destdir="${DESTDIR:-}"
header="$root/Sources/CTouchGesturesHeader/include/touchgestures.h"

# The version, from the header's macros.
version_part() { sed -n "s/^#define TG_VERSION_$1 \([0-9]*\)$/\1/p" "$header"; }
major="$(version_part MAJOR)" minor="$(version_part MINOR)" patch="$(version_part PATCH)"
[[ -n $major && -n $minor && -n $patch ]] || { echo "install-lib.sh: no version in $header" >&2; exit 1; }
version="$major.$minor.$patch"

[[ -f $library ]] || { echo "install-lib.sh: $library: no such library (build it first)" >&2; exit 1; }
install -d "$destdir$libdir/pkgconfig" "$destdir$includedir"
install -m 644 "$header" "$destdir$includedir/touchgestures.h"
install -m 755 "$library" "$destdir$libdir/libtouchgestures.so.$version"
ln -sf "libtouchgestures.so.$version" "$destdir$libdir/libtouchgestures.so.$major"
ln -sf "libtouchgestures.so.$major" "$destdir$libdir/libtouchgestures.so"
sed -e "s|@PREFIX@|$prefix|" -e "s|@LIBDIR@|$libdir|" -e "s|@INCLUDEDIR@|$includedir|" -e "s|@VERSION@|$version|" \
    "$root/scripts/touchgestures.pc.in" >"$destdir$libdir/pkgconfig/touchgestures.pc"
echo "installed libtouchgestures $version in $destdir$libdir, touchgestures.h in $destdir$includedir"
