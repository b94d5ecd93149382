#!/usr/bin/env bash
# Builds vimc, the kernel's virtual media-controller camera (libcamera's test camera), for the
# guest's kernel, the one install-deps.sh unpacked into .cache/kernel: Debian's kernel package
# does not ship it, but Debian's linux-source-6.1 has its source (drivers/media/test-drivers/vimc).
# Nothing is installed on this machine: the kernel's headers, its kbuild tools
# (guest-module-build.sh, shared with build-v4l2loopback.sh) and the source tarball are
# downloaded with `apt-get download` and unpacked under .cache/vimc; the module is built there
# (about 20 s).
#   result:  .cache/vimc/vimc.ko   (for the kernel named in .cache/vimc/KVER)
#   failure: .cache/vimc/UNAVAILABLE says why (the libcamera guest tests show it),
#            the build's output is in .cache/vimc/build.log; exit status 1.
# In the guest, vimc needs the stock modules mc, videodev, videobuf2-* and v4l2-tpg first
# (VimcCamera in Tests/VividTests loads them).
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/guest-module-build.sh
# Absolute, through the link install-deps.sh makes to the shared cache.
OUT=$(realpath -m .cache/vimc)
KVER=$(cat .cache/kernel/KVER 2>/dev/null) || KVER=""

fail() {
  mkdir -p "$OUT"
  echo "$*" > "$OUT/UNAVAILABLE"
  echo "build-vimc: $* (the libcamera guest tests cannot run)" >&2
  exit 1
}

[ -n "$KVER" ] || fail "no guest kernel: .cache/kernel/KVER is missing (run scripts/install-deps.sh test)"
if [ -f "$OUT/vimc.ko" ] && [ "$(cat "$OUT/KVER" 2>/dev/null)" = "$KVER" ]; then exit 0; fi

# The source of the kernel's own version where the archive still has it, else the current one.
KSERIES=$(echo "$KVER" | cut -d. -f1,2)
KPKGVER=$(apt-cache policy "linux-headers-$KVER" 2>/dev/null | sed -n 's/^ *Candidate: //p')
guest_download "$OUT" "$KVER"
(cd "$OUT/debs" && { apt-get download "linux-source-$KSERIES=$KPKGVER" || apt-get download "linux-source-$KSERIES"; } >>"../build.log" 2>&1) ||
  fail "apt-get download linux-source-$KSERIES failed: $(tail -n1 "$OUT/build.log")"
guest_unpack "$OUT" "$KVER"

TARBALL=$(ls "$OUT"/root/usr/src/linux-source-*.tar.xz 2>/dev/null | head -n1)
[ -n "$TARBALL" ] || fail "the unpacked packages hold no kernel source tarball"
TOP=$(basename "$TARBALL" .tar.xz)
tar -xJf "$TARBALL" -C "$OUT" "$TOP/drivers/media/test-drivers/vimc" >>"$OUT/build.log" 2>&1 ||
  fail "the tarball $(basename "$TARBALL") has no drivers/media/test-drivers/vimc"
rm -f "$TARBALL"
mv "$OUT/$TOP/drivers/media/test-drivers/vimc" "$OUT/build" && rm -rf "${OUT:?}/$TOP"
make -C "$HEADERS" M="$OUT/build" CONFIG_VIDEO_VIMC=m modules >>"$OUT/build.log" 2>&1 ||
  fail "building the module failed: $(grep -m1 -i 'error' "$OUT/build.log")"
guest_install_module "$OUT" vimc "$KVER"
echo "build-vimc: built $OUT/vimc.ko ($TOP) for $KVER" >&2
