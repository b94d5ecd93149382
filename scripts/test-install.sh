#!/usr/bin/env bash
# The install path end to end (SPEC section 7), run by `make test` after the other tests:
#   1. the release binary needs nothing from the Swift toolchain (ldd, RUNPATH, a run with the
#      toolchain's folder hidden in a mount namespace), and carries only the ICU data it opens;
#   2. make install DESTDIR=… PREFIX=/usr: every file in place, man pages render, completions
#      complete, systemd-analyze verify accepts the units; make uninstall leaves nothing;
#   3. make deb: computed Depends (with the dlopen'ed FFmpeg libraries), conffiles;
#   4. as root: apt install ./camsched_*.deb, the user, its folder, a shipped example job run as
#      the service runs it (user camsched, STATE_DIRECTORY), then apt remove and purge, which
#      keep the captures unless CAMSCHED_PURGE_DATA=1. The package is purged again on any exit.
# Expects `make release` to have run (the Makefile's test-install step does it).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
bin=.build/release/camsched
toolchain=$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/../.." && pwd)
scratch=$(mktemp -d /tmp/camsched-install.XXXXXX)
failures=0
installed_by_us=0

fail() { echo "test-install: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "test-install: ok: $*"; }
cleanup() {
  if [ "$installed_by_us" = 1 ] && dpkg-query -W camsched >/dev/null 2>&1; then
    CAMSCHED_PURGE_DATA=1 DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq camsched >/dev/null 2>&1 || true
  fi
  rm -rf "$scratch"
}
trap cleanup EXIT

# Runs a command with the toolchain's folder replaced by an empty tmpfs (needs root and mount
# namespaces); otherwise with LD_LIBRARY_PATH cleared and PATH without the toolchain, which
# with the ldd check above still shows nothing is taken from it.
can_hide=0
if [ "$(id -u)" = 0 ] && unshare -m -- true 2>/dev/null; then can_hide=1; else
  echo "test-install: no mount namespace here: running without LD_LIBRARY_PATH instead of hiding $toolchain"; fi
hidden() {
  if [ "$can_hide" = 1 ]; then
    unshare -m -- bash -c 'mount -t tmpfs none "$1" && shift && "$@"' hide "$toolchain" "$@"
  else
    env -u LD_LIBRARY_PATH PATH=/usr/bin:/bin "$@"
  fi
}

# A JPEG of the expected size: decoded by ffprobe, not just looked at.
check_jpeg() {
  local file=$1 size=$2
  local got
  got=$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,width,height -of csv=p=0 "$file" 2>/dev/null || true)
  [ "$got" = "mjpeg,${size/x/,}" ] || { fail "$file is not a ${size} JPEG (ffprobe: ${got:-nothing})"; return 1; }
}

# 1. Stands alone.
[ -x "$bin" ] || { echo "test-install: $bin missing; run make release" >&2; exit 1; }
# Every check reads a command's whole output into a variable first: with pipefail, `cmd | grep -q`
# fails at random when grep exits at its first match and cmd dies writing the rest (SIGPIPE).
linked=$(ldd "$bin")
if grep -q "$toolchain" <<<"$linked"; then fail "ldd shows the toolchain: $(grep "$toolchain" <<<"$linked")"; else pass "ldd: system libraries only"; fi
dynamic=$(readelf -d "$bin")
if grep -qE 'RUNPATH|RPATH' <<<"$dynamic"; then fail "RUNPATH/RPATH set: $(grep -E 'RUNPATH|RPATH' <<<"$dynamic")"; else pass "no RUNPATH"; fi
# Position-dependent unless built with PIE=1 (the Makefile's note on RELEASE_FLAGS says why).
kind=$(readelf -h "$bin" | awk '/Type:/ {print $2}')
want=EXEC; [ "${PIE:-0}" = 1 ] && want=DYN
if [ "$kind" = "$want" ]; then pass "ELF type $kind"; else fail "ELF type $kind, expected $want (PIE=${PIE:-0})"; fi
if [ "$can_hide" = 1 ] && hidden "$toolchain/usr/bin/swift" --version >/dev/null 2>&1; then fail "the toolchain is not hidden"; fi
if hidden "$bin" snapshot --device test: --size 320x180 -o "$scratch/alone.jpg" 2>"$scratch/alone.err" \
   && check_jpeg "$scratch/alone.jpg" 320x180; then pass "snapshot with $toolchain hidden"; else fail "snapshot with the toolchain hidden: $(cat "$scratch/alone.err")"; fi
# Only the ICU data camsched opens (scripts/icu-data.py): none of the toolchain's whole package
# (its table of contents names every item, transliterators among them), and what is linked
# works: a job's time zone, its daylight-saving change and the zone's name in `plan`.
if LC_ALL=C grep -aqE 'icudt[0-9]+[lbe]/translit/' "$bin"; then fail "the binary carries the toolchain's whole ICU data (make release links scripts/icu-data.py's)"
else pass "ICU data trimmed"; fi
printf '%s' '{"name": "tz", "camera": {"device": "test:"}, "capture": {"interval": {"every": "1s", "count": 1}},
 "schedule": {"cron": "30 2 * * *", "timezone": "Europe/Berlin"}}' > "$scratch/tz.json"
planned=$(hidden "$bin" plan "$scratch/tz.json" --from 2026-03-28T12:00:00+01:00 --count 2 2>&1 || true)
# 02:30 on the 29th does not exist there: the fire moves to 03:00 CEST.
if grep -q '^2026-03-29 03:00:00 +02:00 (GMT+2) ' <<<"$planned" && grep -q '^2026-03-30 02:30:00 +02:00 (GMT+2) ' <<<"$planned"
then pass "plan in Europe/Berlin across the spring change"
else fail "plan in Europe/Berlin: $planned"; fi

# 2. make install / uninstall into a DESTDIR.
dest=$scratch/dest
make --no-print-directory install DESTDIR="$dest" PREFIX=/usr >/dev/null
expected=(usr/bin/camsched usr/share/man/man1/camsched.1 usr/share/man/man1/camsched-snapshot.1
          usr/share/man/man1/camsched-catalog-verify.1 usr/share/bash-completion/completions/camsched
          usr/share/zsh/site-functions/_camsched usr/share/fish/vendor_completions.d/camsched.fish
          usr/lib/systemd/system/camsched.service usr/lib/systemd/system/camsched-run@.service
          usr/lib/systemd/system/camsched-run@.timer usr/lib/tmpfiles.d/camsched.conf
          usr/share/doc/camsched/README.md usr/share/doc/camsched/Documentation/user-guide.md
          usr/share/doc/camsched/jobs/nightly.json usr/lib/camsched/libcamsched-libcamera.so)
for file in "${expected[@]}"; do [ -s "$dest/$file" ] || fail "make install did not install $file"; done
pages=$(ls "$dest/usr/share/man/man1" | wc -l)
commands=$("$bin" --experimental-dump-help | python3 -c '
import json, sys
def count(c): return 1 + sum(count(s) for s in c.get("subcommands", []) if s["commandName"] != "help")
print(count(json.load(sys.stdin)["command"]))')
[ "$pages" = "$commands" ] && pass "$pages man pages, one per command" || fail "$pages man pages for $commands commands"
if hidden "$dest/usr/bin/camsched" snapshot --device test: --size 640x360 -o "$scratch/installed.jpg" 2>/dev/null \
   && check_jpeg "$scratch/installed.jpg" 640x360; then pass "installed binary runs with the toolchain hidden"
else fail "the installed binary did not take a snapshot with the toolchain hidden"; fi
grep -q "ExecStart=/usr/bin/camsched daemon /etc/camsched/jobs" "$dest/usr/lib/systemd/system/camsched.service" \
  || fail "camsched.service does not run /usr/bin/camsched"

for page in "$dest"/usr/share/man/man1/*.1; do
  warnings=$(LC_ALL=C.UTF-8 groff -mandoc -ww -z "$page" 2>&1 || true)
  text=$(MANWIDTH=80 man -l "$page" 2>/dev/null | col -b)
  name=$(basename "$page" .1)
  if [ -n "$warnings" ] || ! grep -q "^NAME" <<<"$text" || ! grep -q "${name//-/ }" <<<"$text"; then
    fail "man -l $name: ${warnings:-does not render its NAME}"
  fi
done
main_page=$(MANWIDTH=80 man -l "$dest/usr/share/man/man1/camsched.1" | col -b)
grep -q CAMSCHED_LOG_LEVEL <<<"$main_page" \
  && pass "man -l renders every page; camsched(1) lists the environment" || fail "camsched(1) lacks ENVIRONMENT"

# The bash completion completes a command and an option's values.
completion=$(bash -c 'source "$1"; COMP_WORDS=(camsched snap); COMP_CWORD=1; COMP_LINE="camsched snap"; COMP_POINT=13
                      _camsched >/dev/null 2>&1 || true; echo "${COMPREPLY[*]}"' _ "$dest/usr/share/bash-completion/completions/camsched")
[[ " $completion " == *" snapshot "* ]] && pass "bash completes snap → snapshot" || fail "bash completion of 'snap': '$completion'"
grep -q "^#compdef camsched" "$dest/usr/share/zsh/site-functions/_camsched" || fail "zsh completion lacks #compdef"
grep -q "^complete -c 'camsched' .*-fa 'snapshot'" "$dest/usr/share/fish/vendor_completions.d/camsched.fish" \
  || fail "fish completion does not offer snapshot"

# systemd-analyze verify: the ExecStart binary must exist, so verify copies whose paths point
# into the DESTDIR; the man pages of Documentation= must be found (MANPATH). Any output fails.
units=$scratch/units && mkdir -p "$units"
for unit in camsched.service camsched-run@.service camsched-run@.timer; do
  sed "s|/usr/bin/camsched|$dest/usr/bin/camsched|" "$dest/usr/lib/systemd/system/$unit" > "$units/$unit"
done
cp "$units/camsched-run@.service" "$units/camsched-run@garden.service"
cp "$units/camsched-run@.timer" "$units/camsched-run@garden.timer"
verify=$(cd "$units" && MANPATH="$dest/usr/share/man" SYSTEMD_LOG_LEVEL=notice \
         systemd-analyze verify ./camsched.service ./camsched-run@garden.service ./camsched-run@garden.timer 2>&1) \
  && [ -z "$verify" ] && pass "systemd-analyze verify: no complaint" || fail "systemd-analyze verify: $verify"

make --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr >/dev/null
left=$(find "$dest" -type f | sed "s|^$dest/||")
[ -z "$left" ] && pass "make uninstall removes every file" || fail "make uninstall left: $left"

# 3. make deb.
deb=$(make --no-print-directory deb | tail -n1)
[ -f "$deb" ] || { fail "make deb wrote no package"; exit 1; }
mv "$deb" "$scratch/" && deb=$scratch/$(basename "$deb")
depends=$(dpkg-deb -f "$deb" Depends)
for want in libc6 libv4l-0 libasound2 libexif12 libsqlite3-0 libjpeg62-turbo libavcodec libavformat libswscale libavutil; do
  grep -q "$want" <<<"$depends" || fail "Depends lacks $want: $depends"
done
grep -q "libavcodec[0-9]* (>=" <<<"$depends" && pass "Depends computed: $depends"
# libcamera is loaded at run time by the libcamera module alone: suggested, never a dependency.
grep -q "libcamera" <<<"$depends" && fail "Depends names libcamera: $depends"
conffiles=$(dpkg-deb -I "$deb" conffiles)
grep -qx /etc/camsched/jobs/README <<<"$conffiles" || fail "conffiles lacks /etc/camsched/jobs/README"
contents=$(dpkg-deb -c "$deb")
for file in ./usr/bin/camsched ./usr/lib/systemd/system/camsched.service ./etc/camsched/jobs/README \
            ./usr/share/man/man1/camsched.1.gz ./usr/share/doc/camsched/jobs/nightly.json \
            ./usr/lib/camsched/libcamsched-libcamera.so; do
  grep -q " $file$" <<<"$contents" || fail "the package has no ${file#.}"
done

# 4. apt install on this machine: root only, and never over a camsched installed by someone else.
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "test-install: not root: skipping apt install of $deb"
elif dpkg-query -W camsched >/dev/null 2>&1; then
  fail "camsched is already installed on this machine; not touching it"
else
  installed_by_us=1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null 2>"$scratch/apt.err" \
    || fail "apt install: $(cat "$scratch/apt.err")"
  groups=$(id -nG camsched 2>/dev/null || true)
  grep -qx video <<<"${groups// /$'\n'}" || fail "user camsched missing or not in group video"
  [ "$(stat -c %U "/var/lib/camsched" 2>/dev/null)" = camsched ] || fail "/var/lib/camsched is not owned by camsched"
  hidden /usr/bin/camsched --version >/dev/null || fail "installed camsched does not run with the toolchain hidden"
  # A shipped example copied unchanged into the job folder, run as the service runs it.
  cp /usr/share/doc/camsched/jobs/burst.json /etc/camsched/jobs/
  if hidden runuser -u camsched -- env STATE_DIRECTORY=/var/lib/camsched \
       /usr/bin/camsched run /etc/camsched/jobs/burst.json --device "test:?size=640x360" --no-progress 2>"$scratch/run.err"; then
    filed=$(find /var/lib/camsched/captures -name '*.png' | wc -l)
    [ "$filed" -ge 1 ] && pass "burst.json from /etc/camsched/jobs filed $filed stills under /var/lib/camsched" \
      || fail "burst.json filed nothing under /var/lib/camsched"
  else
    fail "camsched run as user camsched: $(tail -n3 "$scratch/run.err")"
  fi
  rm -f /etc/camsched/jobs/burst.json
  DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq camsched >/dev/null 2>&1 || fail "apt remove"
  [ ! -e /usr/bin/camsched ] && [ -f /etc/camsched/jobs/README ] && pass "apt remove: binary gone, conffiles kept" \
    || fail "apt remove left /usr/bin/camsched or dropped the conffiles"
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq camsched >/dev/null 2>&1 || fail "apt purge"
  [ ! -e /etc/camsched ] && [ -d /var/lib/camsched/captures ] && id camsched >/dev/null 2>&1 \
    && pass "apt purge: /etc/camsched gone, captures and user kept" || fail "apt purge without CAMSCHED_PURGE_DATA"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null 2>&1 || fail "apt install again"
  CAMSCHED_PURGE_DATA=1 DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq camsched >/dev/null 2>&1 || fail "apt purge (data)"
  [ ! -e /var/lib/camsched ] && ! id camsched >/dev/null 2>&1 && ! dpkg-query -W camsched >/dev/null 2>&1 \
    && pass "CAMSCHED_PURGE_DATA=1 apt purge: captures and user gone" || fail "purge with CAMSCHED_PURGE_DATA=1 left data or the user"
  installed_by_us=0
fi

if [ "$failures" -gt 0 ]; then echo "test-install: $failures failure(s)" >&2; exit 1; fi
echo "test-install: all passed"
