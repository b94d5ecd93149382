#!/usr/bin/env bash
# Builds camsched_VERSION_ARCH.deb in the repository's folder with dpkg-deb.
# Usage: scripts/build-deb.sh            (what `make deb` runs)
#
# The tree is `make install DESTDIR=… PREFIX=/usr`, plus /etc/camsched/jobs/README (a conffile)
# and the maintainer scripts in dist/debian. Depends: dpkg-shlibdeps on the binary, plus FFmpeg's
# libraries, which camsched loads with dlopen (dpkg-shlibdeps cannot see them): their packages
# and versions come from the shlibs files of the FFmpeg camsched was built against.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/CamschedScheduler/CamschedVersion.swift)
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
out="camsched_${version}_${arch}.deb"
work=.build/deb
root="$work/camsched"

rm -rf "$work" && mkdir -p "$root"
make --no-print-directory install DESTDIR="$PWD/$root" PREFIX=/usr >/dev/null
gzip -9n "$root"/usr/share/man/man1/*.1   # Debian ships man pages compressed
install -Dm644 dist/debian/jobs-README "$root/etc/camsched/jobs/README"
install -d "$root/DEBIAN"
install -m755 dist/debian/postinst dist/debian/prerm dist/debian/postrm "$root/DEBIAN/"
(cd "$root" && find etc -type f -printf '/%p\n' | sort) > "$root/DEBIAN/conffiles"

# The libraries the binary links: dpkg-shlibdeps needs a debian/control beside it.
mkdir -p "$work/debian" && : > "$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O -e "camsched/usr/bin/camsched" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

# The libraries camsched opens with dlopen (FFmpeg's in LazyLoader.c,
# libmosquitto in CMosquittoShim; libcamera's module is suggested below):
# the sonames of the ones camsched was built against.
dlopened=()
for lib in avutil avcodec avformat swscale mosquitto; do
  dev="/usr/lib/$multiarch/lib$lib.so"
  real=$(readlink -f "$dev") || { echo "build-deb: $dev is missing (install lib$lib-dev)" >&2; exit 1; }
  package=$(dpkg -S "$real" | head -n1 | cut -d: -f1)
  soname=$(objdump -p "$real" | sed -n 's/^ *SONAME *//p')
  major=${soname##*.so.}
  info=/var/lib/dpkg/info/$package:$arch.shlibs
  [ -f "$info" ] || info=/var/lib/dpkg/info/$package.shlibs
  dep=$(awk -v lib="lib$lib" -v major="$major" '$1 == lib && $2 == major { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' "$info")
  dlopened+=("${dep:-$package}")
done
depends="$shlibs, $(IFS=,; echo "${dlopened[*]}" | sed 's/,/, /g'), passwd"

# libcamera, which camsched's libcamera module (usr/lib/camsched) links and camsched loads only
# for a libcamera camera: suggested with its IPA modules, so every other camera works without it.
suggests="libcamera-ipa"
if real=$(readlink -f "/usr/lib/$multiarch/libcamera.so" 2>/dev/null) && [ -f "$real" ]; then
  suggests="$(dpkg -S "$real" | head -n1 | cut -d: -f1), $suggests"
fi

size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" -e "s/@SUGGESTS@/$suggests/" \
    dist/debian/control.in > "$root/DEBIAN/control"

dpkg-deb --root-owner-group --build "$root" "$out" >/dev/null
echo "$out"
