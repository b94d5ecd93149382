#!/usr/bin/env bash
# Power cuts, simulated (issue 45): a time-lapse (a still every second, vivid's second camera)
# and a recording (vivid's first camera, 2 s segments) write to an ext4 disk image attached to
# the vivid guest; 2 to 10 s after both began to write, the guest is reset without syncing (sysrq b), so what the
# guest's page cache held is lost, as in a power cut. Each time the image is checked on the
# host (e2fsck, then scripts/powercut-check.py: every file whose sidecar is there has its hash
# and decodes, every movie plays its sidecar's frames), and the catalog, after the next start's
# recovery (`catalog verify --repair`), agrees with the files (`catalog verify`).
#   scripts/powercut-test.sh [CUTS]     (default 10; POWERCUT_LOG=FILE keeps the guests' output)
set -euo pipefail
cd "$(dirname "$0")/.."
CUTS=${1:-10}
[ -f .cache/kernel/KVER ] || scripts/install-deps.sh test
KVER=$(cat .cache/kernel/KVER)
BIN=$(pwd)/.build/debug/camsched
WORK=$(mktemp -d /tmp/camsched-powercut.XXXXXX)
IMAGE=$WORK/disk.img MOUNT=$WORK/mnt LOG=${POWERCUT_LOG:-$WORK/guests.log}
# camsched's own output in the guest, on the shared folder (it outlives the guest's reset).
mkdir -p .cache/guest
GUESTLOG=$(pwd)/.cache/guest/powercut-$$
rm -f "$GUESTLOG".tl "$GUESTLOG".rec
trap 'mountpoint -q "$MOUNT" && umount "$MOUNT"; rm -rf "$WORK"' EXIT
truncate -s 384M "$IMAGE"
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$IMAGE"
mkdir -p "$MOUNT"
mount -o loop "$IMAGE" "$MOUNT"
cat > "$MOUNT/tl.json" <<'JOB'
{"name": "tl", "camera": {"device": "/dev/video4", "size": "320x180", "fps": 15},
 "capture": {"interval": {"every": "1s", "duration": "10m"}}, "output": {"root": "out"}}
JOB
cat > "$MOUNT/rec.json" <<'JOB'
{"name": "rec", "camera": {"device": "/dev/video0", "size": "320x180", "fps": 15},
 "capture": {"record": {"duration": "10m", "segment": "2s", "preset": "ultrafast"}}, "output": {"root": "out"}}
JOB
umount "$MOUNT"
# In the guest: start both jobs, wait until both write (a still and a movie's file touched since
# this boot: an emulated guest at idle priority beside the end-to-end tests can take a minute to
# get there, and a cut before is vacuous), then cut the power $1 seconds later.
GUESTSCRIPT=$(pwd)/.cache/guest/powercut-$$.sh
trap 'mountpoint -q "$MOUNT" && umount "$MOUNT"; rm -rf "$WORK" "$GUESTSCRIPT"' EXIT
cat > "$GUESTSCRIPT" <<GUEST
mount /dev/vda /mnt && cd /mnt || exit 1
touch /tmp/boot
($BIN run tl.json --no-progress >> $GUESTLOG.tl 2>&1 &)
($BIN run rec.json --no-progress >> $GUESTLOG.rec 2>&1 &)
for i in \$(seq 1 360); do
  [ -n "\$(find out -newer /tmp/boot -name '*.jpg' 2>/dev/null | head -n1)" ] &&
    [ -n "\$(find out -newer /tmp/boot -name '*.mp4*' 2>/dev/null | head -n1)" ] && break
  sleep 0.5
done
sleep "\$1"
echo 1 > /proc/sys/kernel/sysrq && echo b > /proc/sysrq-trigger
sleep 60
GUEST
status=0
for cut in $(seq 1 "$CUTS"); do
  after=$(( (RANDOM % 9) + 2 ))  # seconds from the jobs' first writes to the cut: 2 to 10
  echo "=== power cut $cut of $CUTS, ${after} s after both jobs began to write"
  VIVID_CPUS=1 VIVID_MEMORY=2G VIVID_VNG_OPTS="--disk $IMAGE" timeout 400 scripts/vivid-run.sh \
    "bash $GUESTSCRIPT $after" >> "$LOG" 2>&1 || true
  e2fsck -fy "$IMAGE" > "$WORK/fsck.txt" 2>&1 || [ $? -le 1 ] || { cat "$WORK/fsck.txt"; echo "powercut: e2fsck could not repair the image"; status=1; break; }
  mount -o loop "$IMAGE" "$MOUNT"
  scripts/powercut-check.py "$MOUNT/out" || status=1
  "$BIN" catalog verify --repair --root "$MOUNT/out" > "$WORK/repair.txt" 2>&1 || { cat "$WORK/repair.txt"; status=1; }
  "$BIN" catalog verify --root "$MOUNT/out" > "$WORK/verify.txt" 2>&1 || { cat "$WORK/verify.txt"; status=1; }
  tail -n 1 "$WORK/verify.txt"
  scripts/powercut-check.py "$MOUNT/out" > "$WORK/checked.txt" || { echo "powercut: after recovery:"; cat "$WORK/checked.txt"; status=1; }
  umount "$MOUNT"
done
# The cuts must have caught the jobs at work: some stills and the recording at least once (an
# emulated guest at idle priority beside the end-to-end tests is slow to start them: 12 stills
# and 2 movies in 10 cuts in one CI run, 31 and 5 in another).
read -r stills movies < <(sed -n 's/.*: \([0-9]*\) still(s) and \([0-9]*\) movie(s).*/\1 \2/p' "$WORK/checked.txt")
echo "powercut: $CUTS cuts, $stills still(s) and $movies movie(s) filed in all"
if [ "${stills:-0}" -lt 3 ] || [ "${movies:-0}" -lt 1 ]; then
  echo "powercut: too little was captured for the cuts to mean anything; camsched's output in the guest:"
  tail -n 20 "$GUESTLOG".tl "$GUESTLOG".rec
  status=1
fi
rm -f "$GUESTLOG".tl "$GUESTLOG".rec
exit $status
