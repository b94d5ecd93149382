#!/bin/sh
# The cold still and the time-lapse of bench.py's guest cases, for two camsched binaries and
# fswebcam taking turns (before, fswebcam, after, …): what a change did, measured in one run.
# Copy both binaries to .cache/bin first (the guest reads them from the host), then:
#   flock /tmp/vivid.lock scripts/vivid-run.sh \
#     'BEFORE=.cache/bin/camsched-before AFTER=.cache/bin/camsched-after sh Benchmarks/before_after_guest.sh'
# Results in .cache/guest/before_after/: cold_*.times (GNU time: user sys maxrss wall) and
# tl_*.json (cpu_per_shot.py), one line per run. RUNS (default 5) runs of each; CASES=timelapse
# (or cold) runs one of the two and adds to the results already there.
set -e
OUT=.cache/guest/before_after; mkdir -p $OUT
CASES=${CASES:-cold timelapse}
case "$CASES" in *cold*timelapse*) rm -rf $OUT; mkdir -p $OUT;; esac
rm -f $OUT/finished
export CAMSCHED_PRESSURE_SOURCES=file CAMSCHED_LOCK_DIR=/tmp
# From the guest's own file system, as bench.py does (from the 9p share every start faults the
# binary in again).
cp "$BEFORE" /tmp/before; cp "$AFTER" /tmp/after
RUNS=${RUNS:-5}
T() { /usr/bin/time -f "%U %S %M %e" -a -o $OUT/$1.times sh -c "$2" >/dev/null 2>&1 || echo "FAILED $1" >> $OUT/failures; }
for b in before after; do /tmp/$b snapshot --device /dev/video0 --size 640x360 --warmup 0 -o /tmp/w.jpg --overwrite >/dev/null 2>&1; done
fswebcam -q -d /dev/video0 -r 640x360 --no-banner /tmp/w.jpg
case "$CASES" in *cold*)
for i in $(seq $RUNS); do
  T cold_before "/tmp/before snapshot --device /dev/video0 --size 640x360 --warmup 0 -o /tmp/b.jpg --overwrite"
  T cold_fswebcam "fswebcam -q -d /dev/video0 -r 640x360 --no-banner /tmp/f.jpg"
  T cold_after "/tmp/after snapshot --device /dev/video0 --size 640x360 --warmup 0 -o /tmp/a.jpg --overwrite"
done
for still in a b; do python3 Benchmarks/check_still.py /tmp/$still.jpg 640 360 >> $OUT/cold_still.check || echo "FAILED check_still $still" >> $OUT/failures; done
;; esac
TL=10
cat > /tmp/tl.json <<JOB
{"name": "tl", "camera": {"device": "/dev/video0", "size": "640x360", "fps": 30, "warmup": "0s"},
 "capture": {"interval": {"every": "1s", "count": $((TL + 2))}}, "output": {"root": "/tmp/tl", "path": "{seq}"}}
JOB
case "$CASES" in *timelapse*)
for i in $(seq $RUNS); do
  rm -rf /tmp/tl /tmp/fl; mkdir -p /tmp/fl
  python3 Benchmarks/cpu_per_shot.py /tmp/tl $TL -- /tmp/before run /tmp/tl.json --no-progress >> $OUT/tl_before.json || echo "FAILED tl_before" >> $OUT/failures
  python3 Benchmarks/cpu_per_shot.py /tmp/fl $TL -- fswebcam -q -d /dev/video0 -r 640x360 --no-banner --loop 1 /tmp/fl/%s.jpg >> $OUT/tl_fswebcam.json || echo "FAILED tl_fswebcam" >> $OUT/failures
  rm -rf /tmp/tl
  python3 Benchmarks/cpu_per_shot.py /tmp/tl $TL -- /tmp/after run /tmp/tl.json --no-progress >> $OUT/tl_after.json || echo "FAILED tl_after" >> $OUT/failures
done
;; esac
echo finished > $OUT/finished
