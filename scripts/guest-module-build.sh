# Sourced by build-v4l2loopback.sh and build-vimc.sh: the steps every out-of-tree module for the
# guest's kernel shares. Nothing is installed on this machine: the kernel's headers and kbuild
# tools are downloaded with `apt-get download` and unpacked under the module's folder. The
# sourcing script defines `fail MESSAGE` (writes its UNAVAILABLE and exits).

# guest_download OUT KVER [PACKAGE...]: downloads the headers of kernel KVER, their common part
# and kbuild tools, and PACKAGEs, into OUT/debs (OUT made afresh); sets COMMON. The caller may
# download more into OUT/debs before guest_unpack.
guest_download() {
  local out=$1 kver=$2 kbuild
  shift 2
  rm -rf "$out" && mkdir -p "$out/debs"
  kbuild=$(apt-cache depends "linux-headers-$kver" 2>/dev/null | sed -n 's/.*Depends: \(linux-kbuild-[0-9.]*\)$/\1/p' | head -n1)
  [ -n "$kbuild" ] || fail "apt-cache knows no linux-headers-$kver (or its linux-kbuild): run apt-get update"
  COMMON="linux-headers-${kver%-*}-common"
  local pkgs=("$@" "linux-headers-$kver" "$COMMON" "$kbuild")
  (cd "$out/debs" && apt-get download "${pkgs[@]}" >"../build.log" 2>&1) ||
    fail "apt-get download ${pkgs[*]} failed: $(tail -n1 "$out/build.log")"
}

# guest_unpack OUT KVER: unpacks OUT/debs into OUT/root and makes the headers usable from there;
# sets HEADERS (the folder to build against). Fails when the compiler the kernel was built with,
# or make, is missing.
guest_unpack() {
  local out=$1 kver=$2 deb cc
  for deb in "$out"/debs/*.deb; do dpkg -x "$deb" "$out/root" || fail "dpkg -x $deb failed"; done
  rm -rf "$out/debs"
  HEADERS="$out/root/usr/src/linux-headers-$kver"
  [ -d "$HEADERS" ] || fail "the unpacked packages hold no headers for $kver"
  # The headers' Makefile includes the common headers by their installed path: point it at ours.
  sed -i "s|/usr/src/$COMMON|$out/root/usr/src/$COMMON|" "$HEADERS/Makefile"
  # The kernel was built with a particular compiler (e.g. gcc-12); the module must be too.
  cc=$(sed -n 's/^CC = .*)\(gcc-[0-9]*\)$/\1/p' "$HEADERS/.kernelvariables")
  command -v "${cc:-gcc}" >/dev/null || fail "${cc:-gcc}, the compiler this kernel was built with, is not installed"
  command -v make >/dev/null || fail "make is not installed"
}

# guest_install_module OUT MODULE KVER: checks that OUT/build/MODULE.ko is for KVER, and puts it
# at OUT/MODULE.ko with OUT/KVER naming the kernel.
guest_install_module() {
  local out=$1 module=$2 kver=$3 vermagic
  vermagic=$(/sbin/modinfo -F vermagic "$out/build/$module.ko" 2>/dev/null) || vermagic=""
  [ "${vermagic%% *}" = "$kver" ] || fail "the module was built for '${vermagic%% *}', not $kver"
  cp "$out/build/$module.ko" "$out/$module.ko"
  echo "$kver" > "$out/KVER"
}
