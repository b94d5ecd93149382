#!/usr/bin/env bash
# Builds v4l2loopback (Debian's v4l2loopback-dkms source) for the guest's kernel, the one
# install-deps.sh unpacked into .cache/kernel, so the vivid guest can make V4L2 nodes that
# deliver MJPEG and H.264 (VividLoopbackCopyTests). Nothing is installed on this machine: the
# kernel's headers, its kbuild tools (guest-module-build.sh, shared with build-vimc.sh) and the
# module's source are downloaded with `apt-get download` and unpacked under .cache/v4l2loopback;
# the module is built there.
#   result:  .cache/v4l2loopback/v4l2loopback.ko   (for the kernel named in .cache/v4l2loopback/KVER)
#   failure: .cache/v4l2loopback/UNAVAILABLE says why (the tests that need the module show it),
#            the build's output is in .cache/v4l2loopback/build.log; exit status 1.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/guest-module-build.sh
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

guest_download "$OUT" "$KVER" v4l2loopback-dkms
guest_unpack "$OUT" "$KVER"
SRC=$(ls -d "$OUT"/root/usr/src/v4l2loopback-* 2>/dev/null | head -n1)
[ -n "$SRC" ] || fail "the unpacked packages hold no v4l2loopback source"
cp -r "$SRC" "$OUT/build"
make -C "$HEADERS" M="$OUT/build" modules >>"$OUT/build.log" 2>&1 ||
  fail "building the module failed: $(grep -m1 -i 'error' "$OUT/build.log")"
guest_install_module "$OUT" v4l2loopback "$KVER"
echo "build-v4l2loopback: built $OUT/v4l2loopback.ko ($(basename "$SRC")) for $KVER" >&2
