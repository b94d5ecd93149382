#!/usr/bin/env bash
# Builds v4l2loopback (Debian's v4l2loopback-dkms source) for the guest's kernel, the one
# install-deps.sh unpacked into .cache/kernel, so the vivid guest can make V4L2 nodes that
# deliver MJPEG and H.264 (VividLoopbackCopyTests). Nothing is installed on this machine: the
# kernel's headers, its kbuild tools and the module's source are downloaded with
# `apt-get download` and unpacked under .cache/v4l2loopback; the module is built there.
#   result:  .cache/v4l2loopback/v4l2loopback.ko   (for the kernel named in .cache/v4l2loopback/KVER)
#   failure: .cache/v4l2loopback/UNAVAILABLE says why (the tests that need the module show it),
#            the build's output is in .cache/v4l2loopback/build.log; exit status 1.
set -uo pipefail
cd "$(dirname "$0")/.."
# Absolute, through the link install-deps.sh makes to the shared cache.
OUT=$(realpath -m .cache/v4l2loopback)
KVER=$(cat .cache/kernel/KVER 2>/dev/null) || KVER=""

fail() {
  mkdir -p "$OUT"
  echo "$*" > "$OUT/UNAVAILABLE"
  echo "build-v4l2loopback: $* (the V4L2 loopback tests cannot run)" >&2
  exit 1
}

[ -n "$KVER" ] || fail "no guest kernel: .cache/kernel/KVER is missing (run scripts/install-deps.sh test)"
if [ -f "$OUT/v4l2loopback.ko" ] && [ "$(cat "$OUT/KVER" 2>/dev/null)" = "$KVER" ]; then exit 0; fi

rm -rf "$OUT" && mkdir -p "$OUT/debs"
KBUILD=$(apt-cache depends "linux-headers-$KVER" 2>/dev/null | sed -n 's/.*Depends: \(linux-kbuild-[0-9.]*\)$/\1/p' | head -n1)
[ -n "$KBUILD" ] || fail "apt-cache knows no linux-headers-$KVER (or its linux-kbuild): run apt-get update"
COMMON="linux-headers-${KVER%-*}-common"
PKGS=(v4l2loopback-dkms "linux-headers-$KVER" "$COMMON" "$KBUILD")
(cd "$OUT/debs" && apt-get download "${PKGS[@]}" >"../build.log" 2>&1) ||
  fail "apt-get download ${PKGS[*]} failed: $(tail -n1 "$OUT/build.log")"
for deb in "$OUT"/debs/*.deb; do dpkg -x "$deb" "$OUT/root" || fail "dpkg -x $deb failed"; done
rm -rf "$OUT/debs"

SRC=$(ls -d "$OUT"/root/usr/src/v4l2loopback-* 2>/dev/null | head -n1)
HEADERS="$OUT/root/usr/src/linux-headers-$KVER"
[ -n "$SRC" ] && [ -d "$HEADERS" ] || fail "the unpacked packages hold no v4l2loopback source or no headers for $KVER"
# The headers' Makefile includes the common headers by their installed path: point it at ours.
sed -i "s|/usr/src/$COMMON|$OUT/root/usr/src/$COMMON|" "$HEADERS/Makefile"
# The kernel was built with a particular compiler (e.g. gcc-12); the module must be too.
CC=$(sed -n 's/^CC = .*)\(gcc-[0-9]*\)$/\1/p' "$HEADERS/.kernelvariables")
command -v "${CC:-gcc}" >/dev/null || fail "${CC:-gcc}, the compiler this kernel was built with, is not installed"
command -v make >/dev/null || fail "make is not installed"
cp -r "$SRC" "$OUT/build"
make -C "$HEADERS" M="$OUT/build" modules >>"$OUT/build.log" 2>&1 ||
  fail "building the module failed: $(grep -m1 -i 'error' "$OUT/build.log")"
VERMAGIC=$(/sbin/modinfo -F vermagic "$OUT/build/v4l2loopback.ko" 2>/dev/null) || VERMAGIC=""
[ "${VERMAGIC%% *}" = "$KVER" ] || fail "the module was built for '${VERMAGIC%% *}', not $KVER"
cp "$OUT/build/v4l2loopback.ko" "$OUT/v4l2loopback.ko"
echo "$KVER" > "$OUT/KVER"
echo "build-v4l2loopback: built $OUT/v4l2loopback.ko ($(basename "$SRC")) for $KVER" >&2
