#!/usr/bin/env bash
# Installs everything camsched needs to build, run and test, idempotently, on Debian 12.
# Usage: scripts/install-deps.sh [build|test]   (default: test, which includes build)
#   build: C libraries and tools to build and run camsched
#   test:  also QEMU, virtme-ng and the Debian kernel that carries vivid (into .cache/kernel)
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-test}"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# python3 writes the man pages (make install); dpkg-dev's dpkg-shlibdeps computes the package's Depends.
BUILD_PKGS=(pkg-config libv4l-dev libavcodec-dev libavformat-dev libswscale-dev libavutil-dev
            libexif-dev libsqlite3-dev libjpeg62-turbo-dev python3 dpkg-dev binutils)
# MQTT (a job's "mqtt" block): libmosquitto, through the CMosquittoShim target.
BUILD_PKGS+=(libmosquitto-dev)
# icupkg packs the ICU data the release build links (scripts/icu-data.py).
BUILD_PKGS+=(icu-devtools)
# libcamera cameras (Raspberry Pi camera modules): the C++ shim camsched loads at run time
# (Sources/CLibcameraShim, built as libcamsched-libcamera.so) compiles against libcamera-dev.
BUILD_PKGS+=(libcamera-dev)
# Microphones (a job's camera.audio): ALSA capture through the CALSA system library (libasound2).
BUILD_PKGS+=(libasound2-dev)
# systemd-analyze verifies the units; man-db and groff render the man pages (make test-install).
TEST_PKGS=(qemu-system-x86 kmod udev busybox-static v4l-utils ffmpeg libimage-exiftool-perl fswebcam python3-pip
           systemd man-db groff-base bsdextrautils)
# chromium renders the status page (LiveStatus tests) and `camsched report`'s page (ReportBrowserTests) headless.
TEST_PKGS+=(chromium)
# Fleet catalog tests: a throwaway PostgreSQL 15 server (initdb in a temporary folder).
TEST_PKGS+=(postgresql)
# Network camera tests: a real RTSP server (GStreamer's, through /usr/bin/python3's GObject
# bindings: scripts/rtsp-test-server.py) serving H.264 (x264enc: plugins-ugly) and MJPEG.
TEST_PKGS+=(python3-gi gir1.2-gst-rtsp-server-1.0 gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly)
# Metrics files (MetricsFileTests): Prometheus' own `promtool check metrics` (Debian's prometheus package).
TEST_PKGS+=(prometheus)
# python3-venv: the virtual environment Home Assistant's discovery schemas are installed into.
TEST_PKGS+=(python3-venv)
# MQTT tests (MQTT*Tests): a real broker on loopback and its clients (mosquitto_sub, mosquitto_passwd).
TEST_PKGS+=(mosquitto mosquitto-clients)
# MQTTTLSTests make their own certificate authority with the openssl command.
TEST_PKGS+=(openssl)
# FileHashingTests see whether a run hashes its files with a gdb breakpoint.
TEST_PKGS+=(gdb)
# v4l2loopback is built for the guest's kernel (scripts/build-v4l2loopback.sh) with the compiler
# Debian 12's kernel was built with.
TEST_PKGS+=(make gcc-12)
# The libcamera guest tests (VividLibcamera*Tests on vimc) and make bench: libcamera's IPA modules, its `cam`
# and `libcamerify` (libcamera-tools), and the V4L2 compatibility layer libcamerify preloads (libcamera-v4l2).
TEST_PKGS+=(libcamera-ipa libcamera-tools libcamera-v4l2)
# The microphone guest tests (VividMicrophoneTests on snd-aloop): aplay plays the tone into the
# loop, arecord holds the device for the busy case.
TEST_PKGS+=(alsa-utils)

want=("${BUILD_PKGS[@]}")
if [ "$what" = test ]; then want+=("${TEST_PKGS[@]}"); fi

missing=()
for p in "${want[@]}"; do
  if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
    missing+=("$p")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null; then
  echo "install-deps: swift is not on PATH; install Swift 6 (swift.org) and retry" >&2
  exit 1
fi

[ "$what" = test ] || exit 0

if ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "install-deps: installing jsonschema from PyPI (validates the job schema in tests)" >&2
  pip install -q jsonschema 2>/dev/null || pip install -q --break-system-packages jsonschema
fi

# Sun times: the solar calculator's test compares with the astral package (SolarCalculatorTests).
if ! python3 -c 'import astral' 2>/dev/null; then
  echo "install-deps: installing astral from PyPI (reference sun times in tests)" >&2
  pip install -q astral 2>/dev/null || pip install -q --break-system-packages astral
fi

# Live status: Prometheus' own text parser checks /metrics in the end-to-end tests.
if ! python3 -c 'import prometheus_client' 2>/dev/null; then
  echo "install-deps: installing prometheus-client from PyPI (parses /metrics in tests)" >&2
  pip install -q prometheus-client 2>/dev/null || pip install -q --break-system-packages prometheus-client
fi

# The big test tools — Home Assistant's virtual environment, the guest's kernel, the
# v4l2loopback and vimc modules built for it — are kept once per user, not once per clone (they took
# about two minutes of every `make test` in a fresh clone): in $CAMSCHED_TEST_CACHE, by default
# ~/.cache/camsched-test, with .cache/NAME in the clone a link there. Remove that folder to
# fetch and build them again. A lock keeps two clones from installing into it at once.
SHARED=${CAMSCHED_TEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/camsched-test}
mkdir -p "$SHARED" .cache
exec 9>"$SHARED/.lock"
flock 9
for name in homeassistant kernel v4l2loopback vimc; do
  [ -L ".cache/$name" ] && continue
  # A clone's own copy from before the shared cache moves there (or goes, if it has one).
  if [ -d ".cache/$name" ] && [ ! -e "$SHARED/$name" ]; then mv ".cache/$name" "$SHARED/$name"; else rm -rf ".cache/$name"; fi
  ln -s "$SHARED/$name" ".cache/$name"
done

# Home Assistant's own MQTT discovery schemas check camsched's discovery configs in the tests
# (HomeAssistantDiscoveryTests, scripts/ha-discovery-check.py): Home Assistant 2024.1, the last
# release that runs on Debian 12's Python 3.11, in a virtual environment of its own.
if ! .cache/homeassistant/bin/python -c 'import homeassistant.components.persistent_notification, homeassistant.components.mqtt.camera' 2>/dev/null; then
  echo "install-deps: installing Home Assistant 2024.1.6 into $SHARED/homeassistant (checks MQTT discovery configs)" >&2
  rm -rf "$SHARED/homeassistant"
  python3 -m venv "$SHARED/homeassistant"
  "$SHARED/homeassistant/bin/pip" install -q "homeassistant==2024.1.6" "paho-mqtt==1.6.1" "numpy==1.26.4"
fi

if ! command -v vng >/dev/null; then
  echo "install-deps: installing virtme-ng from PyPI" >&2
  pip install -q virtme-ng 2>/dev/null || pip install -q --break-system-packages virtme-ng
fi

# The Debian kernel that carries the vivid module, unpacked into the shared cache.
if [ ! -f .cache/kernel/KVER ]; then
  if ! apt-cache depends linux-image-amd64 >/dev/null 2>&1; then $SUDO apt-get update -qq; fi
  KPKG=$(apt-cache depends linux-image-amd64 | sed -n 's/.*Depends: \(linux-image-[0-9].*\)/\1/p' | head -n1)
  if [ -z "$KPKG" ]; then $SUDO apt-get update -qq;
    KPKG=$(apt-cache depends linux-image-amd64 | sed -n 's/.*Depends: \(linux-image-[0-9].*\)/\1/p' | head -n1); fi
  KVER=${KPKG#linux-image-}
  echo "install-deps: unpacking $KPKG into $SHARED/kernel" >&2
  rm -rf "$SHARED/kernel" && mkdir -p "$SHARED/kernel"
  (cd "$SHARED/kernel" && apt-get download "$KPKG" >/dev/null && dpkg -x "$KPKG"_*.deb root && rm -f ./*.deb)
  echo "$KVER" > "$SHARED/kernel/KVER"
fi

# v4l2loopback for that kernel (V4L2 nodes that deliver MJPEG and H.264 in the guest), built
# under .cache/v4l2loopback (in the shared cache). A failed build does not stop the set-up: the tests that need the
# module then fail saying why (.cache/v4l2loopback/UNAVAILABLE).
scripts/build-v4l2loopback.sh || true

# vimc for that kernel (libcamera's virtual camera, for the libcamera guest tests), built under
# .cache/vimc from Debian's linux-source; a failed build leaves .cache/vimc/UNAVAILABLE.
scripts/build-vimc.sh || true
