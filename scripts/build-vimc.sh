#!/usr/bin/env bash
# Builds vimc, the kernel's virtual media-controller camera (libcamera's test camera), for the
# guest's kernel, the one install-deps.sh unpacked into .cache/kernel: Debian's kernel package
# does not ship it, but Debian's linux-source-6.1 has its source (drivers/media/test-drivers/vimc).
# Nothing is installed on this machine: the kernel's headers, its kbuild tools and the source
# tarball are downloaded with `apt-get download` and unpacked under .cache/vimc, as
# build-v4l2loopback.sh does; the module is built there (about 20 s).
#   result:  .cache/vimc/vimc.ko   (for the kernel named in .cache/vimc/KVER)
#   failure: .cache/vimc/UNAVAILABLE says why (the libcamera guest tests show it),
#            the build's output is in .cache/vimc/build.log; exit status 1.
# In the guest, vimc needs the stock modules mc, videodev, videobuf2-* and v4l2-tpg first
# (VimcCamera in Tests/VividTests loads them).
set -uo pipefail
cd "$(dirname "$0")/.."
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

rm -rf "$OUT" && mkdir -p "$OUT/debs"
KBUILD=$(apt-cache depends "linux-headers-$KVER" 2>/dev/null | sed -n 's/.*Depends: \(linux-kbuild-[0-9.]*\)$/\1/p' | head -n1)
[ -n "$KBUILD" ] || fail "apt-cache knows no linux-headers-$KVER (or its linux-kbuild): run apt-get update"
COMMON="linux-headers-${KVER%-*}-common"
# The source of the kernel's own version where the archive still has it, else the current one.
KSERIES=$(echo "$KVER" | cut -d. -f1,2)
KPKGVER=$(apt-cache policy "linux-headers-$KVER" 2>/dev/null | sed -n 's/^ *Candidate: //p')
PKGS=("linux-headers-$KVER" "$COMMON" "$KBUILD")
(cd "$OUT/debs" && apt-get download "${PKGS[@]}" >"../build.log" 2>&1) ||
  fail "apt-get download ${PKGS[*]} failed: $(tail -n1 "$OUT/build.log")"
(cd "$OUT/debs" && { apt-get download "linux-source-$KSERIES=$KPKGVER" || apt-get download "linux-source-$KSERIES"; } >>"../build.log" 2>&1) ||
  fail "apt-get download linux-source-$KSERIES failed: $(tail -n1 "$OUT/build.log")"
for deb in "$OUT"/debs/*.deb; do dpkg -x "$deb" "$OUT/root" || fail "dpkg -x $deb failed"; done
rm -rf "$OUT/debs"

TARBALL=$(ls "$OUT"/root/usr/src/linux-source-*.tar.xz 2>/dev/null | head -n1)
HEADERS="$OUT/root/usr/src/linux-headers-$KVER"
[ -n "$TARBALL" ] && [ -d "$HEADERS" ] || fail "the unpacked packages hold no kernel source tarball or no headers for $KVER"
TOP=$(basename "$TARBALL" .tar.xz)
tar -xJf "$TARBALL" -C "$OUT" "$TOP/drivers/media/test-drivers/vimc" >>"$OUT/build.log" 2>&1 ||
  fail "the tarball $(basename "$TARBALL") has no drivers/media/test-drivers/vimc"
rm -f "$TARBALL"
# The headers' Makefile includes the common headers by their installed path: point it at ours.
sed -i "s|/usr/src/$COMMON|$OUT/root/usr/src/$COMMON|" "$HEADERS/Makefile"
# The kernel was built with a particular compiler (e.g. gcc-12); the module must be too.
CC=$(sed -n 's/^CC = .*)\(gcc-[0-9]*\)$/\1/p' "$HEADERS/.kernelvariables")
command -v "${CC:-gcc}" >/dev/null || fail "${CC:-gcc}, the compiler this kernel was built with, is not installed"
command -v make >/dev/null || fail "make is not installed"
mv "$OUT/$TOP/drivers/media/test-drivers/vimc" "$OUT/build" && rm -rf "${OUT:?}/$TOP"
make -C "$HEADERS" M="$OUT/build" CONFIG_VIDEO_VIMC=m modules >>"$OUT/build.log" 2>&1 ||
  fail "building the module failed: $(grep -m1 -i 'error' "$OUT/build.log")"
VERMAGIC=$(/sbin/modinfo -F vermagic "$OUT/build/vimc.ko" 2>/dev/null) || VERMAGIC=""
[ "${VERMAGIC%% *}" = "$KVER" ] || fail "the module was built for '${VERMAGIC%% *}', not $KVER"
cp "$OUT/build/vimc.ko" "$OUT/vimc.ko"
echo "$KVER" > "$OUT/KVER"
echo "build-vimc: built $OUT/vimc.ko ($TOP) for $KVER" >&2
