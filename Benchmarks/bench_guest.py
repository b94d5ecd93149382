"""Guest benchmarks (vivid in QEMU): cold still, recording, time-lapse and many cameras, and the
run that boots the guest once for all of them."""
import json, os, shutil, statistics, subprocess
from benchlib import GUEST, GUEST_BENCHES, REPORTS, ROOT, RUNS, guest_bench, ratio, report

# MARK: Guest benchmarks (vivid in QEMU)

GUEST_PRELUDE = r'''
set -e
cd "$ROOT"
OUT=.cache/guest/bench; mkdir -p $OUT; export CAMSCHED_PRESSURE_SOURCES=file CAMSCHED_LOCK_DIR=/tmp
# From the guest's own file system, as an installed binary would be: run from the 9p share, each
# start read ~2,200 pages of the 105 MB binary from the host again (major faults every run,
# 4-8 s of wall time), which fswebcam, paged in once, did not (issue 15 findings).
cp .build/release/camsched /tmp/camsched; BIN=/tmp/camsched
# BENCH_BEFORE: a second camsched (the build before a change) taking turns in the cold-still and
# time-lapse cases, so that a change is measured against its base in one run.
if [ -n "$BEFORE" ]; then cp "$BEFORE" /tmp/camsched-before; fi
T() { /usr/bin/time -f "%U %S %M %e" -a -o $OUT/$1.times sh -c "$2" >/dev/null 2>&1 || echo "FAILED $1" >> $OUT/failures; }
'''


def guest_times(name):
    rows = []
    for line in open(os.path.join(GUEST, name + ".times")):
        parts = line.split()
        if len(parts) == 4 and not line.startswith("Command"):
            u, s, m, e = parts
            rows.append({"cpu": float(u) + float(s), "rss": int(m), "wall": float(e)})
    return rows


def med(rows, key):
    return statistics.median(r[key] for r in rows)


COLD_TOOLS = ["camsched", "camsched_run", "camsched_cron", "fswebcam", "ffmpeg"]


def cold_tools():
    """The cold-still tools of this run (those it has times of): with BENCH_BEFORE, the build before too."""
    return [tool for tool in COLD_TOOLS + ["before", "before_cron"] if os.path.exists(os.path.join(GUEST, f"cold_{tool}.times"))]


@guest_bench("cold_still", r'''
cat > /tmp/one.json <<JOB
{"name": "one", "camera": {"device": "/dev/video0", "size": "640x360", "warmup": "0s"},
 "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "/tmp/one", "path": "{seq}"}}
JOB
# The cron case (issue 31): the same job filing into a root whose catalog and folder are there
# (made by one run first), as every run of a cron line but the first finds them; each run's still
# under a name of its own ({run}), as a cron job's template with the time in it gives (with "{seq}"
# alone every run would probe NAME-1, NAME-2, … past the earlier runs' stills).
sed -e 's|/tmp/one|/tmp/cron|' -e 's|"{seq}"|"{run}"|' /tmp/one.json > /tmp/cron.json
rm -rf /tmp/cron; $BIN run /tmp/cron.json --no-progress >/dev/null 2>&1
if [ -n "$BEFORE" ]; then sed -e 's|/tmp/one|/tmp/cronb|' -e 's|"{seq}"|"{run}"|' /tmp/one.json > /tmp/cronb.json; rm -rf /tmp/cronb; /tmp/camsched-before run /tmp/cronb.json --no-progress >/dev/null 2>&1; fi
for i in $(seq $RUNS); do
  T cold_camsched "$BIN snapshot --device /dev/video0 --size 640x360 --warmup 0 -o /tmp/c.jpg --overwrite"
  T cold_fswebcam "fswebcam -q -d /dev/video0 -r 640x360 --no-banner /tmp/f.jpg"
  T cold_camsched_run "rm -rf /tmp/one; $BIN run /tmp/one.json --no-progress"
  T cold_camsched_cron "$BIN run /tmp/cron.json --no-progress"
  T cold_ffmpeg "ffmpeg -v error -y -f v4l2 -video_size 640x360 -i /dev/video0 -frames:v 1 /tmp/g.jpg"
  if [ -n "$BEFORE" ]; then
    T cold_before "/tmp/camsched-before snapshot --device /dev/video0 --size 640x360 --warmup 0 -o /tmp/cb.jpg --overwrite"
    T cold_before_cron "/tmp/camsched-before run /tmp/cronb.json --no-progress"
  fi
done
python3 Benchmarks/check_still.py /tmp/c.jpg 640 360 > $OUT/cold_still.check || echo "FAILED check_still" >> $OUT/failures
python3 Benchmarks/check_still.py "$(ls /tmp/cron/*.jpg | tail -n 1)" 640 360 > $OUT/cold_cron.check || echo "FAILED check_still cron" >> $OUT/failures
ls /tmp/cron/*.jpg.json | wc -l > $OUT/cold_cron.sidecars
if [ -n "$BEFORE" ]; then python3 Benchmarks/check_still.py /tmp/cb.jpg 640 360 > /dev/null || echo "FAILED check_still before" >> $OUT/failures; fi
''')
def cold_still():
    result = {tool: {"wall": med(guest_times(f"cold_{tool}"), "wall"), "cpu": med(guest_times(f"cold_{tool}"), "cpu")}
              for tool in cold_tools()}
    result["check"] = open(os.path.join(GUEST, "cold_still.check")).read().strip()
    cron_check = os.path.join(GUEST, "cold_cron.check")
    if os.path.exists(cron_check):
        result["cron_check"] = open(cron_check).read().strip()
        result["cron_sidecars"] = int(open(os.path.join(GUEST, "cold_cron.sidecars")).read().strip() or 0)
    return result


@report("cold_still", 22)
def cold_still_report(g):
    L = ["### A still, cold start to JPEG on disk (640x360)\n",
         f"Medians of {RUNS} runs, the tools taking turns. `camsched snapshot --device /dev/video0 --size 640x360 --warmup 0`; "
         "`camsched run` of a one-shot interval job (sidecar and catalog included); `fswebcam -d /dev/video0 -r 640x360 --no-banner`; "
         "`ffmpeg -f v4l2 -video_size 640x360 -i /dev/video0 -frames:v 1`. The snapshot checked: "
         f"{g.get('check', '?')}.\n",
         "| tool | wall s | CPU s | camsched snapshot's wall / this tool's |", "|---|---|---|---|"]
    cs = g["camsched"]
    labels = {"camsched": "camsched snapshot", "camsched_run": "camsched run (one shot, new root)",
              "camsched_cron": "camsched run (one shot, catalog there: cron)", "fswebcam": "fswebcam", "ffmpeg": "ffmpeg",
              "before": "camsched snapshot, the build before (BENCH_BEFORE)", "before_cron": "camsched run (cron), the build before"}
    for tool in [t for t in COLD_TOOLS + ["before", "before_cron"] if t in g]:
        t = g[tool]
        L.append(f"| {labels[tool]} | {t['wall']:.2f} | {t['cpu']:.2f} | {ratio(cs['wall'], t['wall'])} |")
    if "camsched_cron" in g and "fswebcam" in g:
        cron, fs = g["camsched_cron"], g["fswebcam"]
        L.append(f"\nThe cron run against fswebcam (issue 31's goal ≤ 0.6×): wall {ratio(cron['wall'], fs['wall'])}, "
                 f"CPU {ratio(cron['cpu'], fs['cpu'])}; the one-shot run into a new root (its catalog made first): "
                 f"{ratio(g['camsched_run']['wall'], fs['wall'])}. The cron root's last still checked: {g.get('cron_check', '?')}; "
                 f"{g.get('cron_sidecars', '?')} sidecars for {RUNS + 1} runs.")
    return L


REC_SIZES = ["640x360", "1280x720"]


@guest_bench("rec_guest", r'''
for size in 640x360 1280x720; do
  for i in $(seq $RUNS); do
    cat > /tmp/rec.json <<JOB
{"name": "vrec", "camera": {"device": "/dev/video0", "size": "$size", "fps": 30, "pixelFormat": "YUYV", "warmup": "0s"},
 "capture": {"record": {"duration": "10s", "preset": "veryfast", "quality": 23, "encoder": "libx264"}},
 "output": {"root": "/tmp/vrec", "path": "{run}", "catalog": false, "sidecar": false}}
JOB
    rm -rf /tmp/vrec
    T rec_camsched_$size "$BIN run /tmp/rec.json --no-progress"
    ls -l /tmp/vrec/*.mp4 | awk '{print $5}' >> $OUT/rec_camsched_$size.bytes
    ffprobe -v error -count_packets -show_entries stream=nb_read_packets -of csv=p=0 /tmp/vrec/*.mp4 >> $OUT/rec_camsched_$size.frames
    T rec_ffmpeg_$size "ffmpeg -v error -y -f v4l2 -input_format yuyv422 -framerate 30 -video_size $size -i /dev/video0 -t 10 -c:v libx264 -preset veryfast -crf 23 -g 30 -bf 0 -rc-lookahead 6 -movflags +faststart /tmp/ff.mp4"
    ls -l /tmp/ff.mp4 | awk '{print $5}' >> $OUT/rec_ffmpeg_$size.bytes
    ffprobe -v error -count_packets -show_entries stream=nb_read_packets -of csv=p=0 /tmp/ff.mp4 >> $OUT/rec_ffmpeg_$size.frames
  done
done
''')
def rec_guest():
    result = {}
    for size in REC_SIZES:
        for tool in ["camsched", "ffmpeg"]:
            rows = guest_times(f"rec_{tool}_{size}")
            sizes = [int(x) for x in open(os.path.join(GUEST, f"rec_{tool}_{size}.bytes")).read().split()]
            result[f"{tool}_{size}"] = {"cpu": med(rows, "cpu"), "rss": med(rows, "rss"), "bytes": statistics.median(sizes)}
            counted = os.path.join(GUEST, f"rec_{tool}_{size}.frames")
            if os.path.exists(counted):  # frames in the file: a tool that fell behind encodes fewer
                result[f"{tool}_{size}"]["frames"] = statistics.median(int(x) for x in open(counted).read().split())
    return result


@report("rec_guest", 21)
def rec_guest_report(g):
    L = ["### Recording from /dev/video0 (YUYV, 30 fps, 10 s, same encoder settings)\n",
         f"Medians of {RUNS} alternating runs.\n",
         "| size | camsched CPU s | ffmpeg CPU s | CPU ratio | camsched RSS MiB | ffmpeg RSS MiB | camsched bytes | ffmpeg bytes | camsched frames | ffmpeg frames |",
         "|---|---|---|---|---|---|---|---|---|---|"]
    for size in REC_SIZES:
        c, f = g[f"camsched_{size}"], g[f"ffmpeg_{size}"]
        L.append(f"| {size} | {c['cpu']:.2f} | {f['cpu']:.2f} | {ratio(c['cpu'], f['cpu'])} | {c['rss']/1024:.1f} | {f['rss']/1024:.1f} | "
                 f"{int(c['bytes'])} | {int(f['bytes'])} | {c.get('frames', '—')} | {f.get('frames', '—')} |")
    return L


TL_SHOTS = 10


@guest_bench("timelapse", r'''
TL=10
cat > /tmp/tl.json <<JOB
{"name": "tl", "camera": {"device": "/dev/video0", "size": "640x360", "fps": 30, "warmup": "0s"},
 "capture": {"interval": {"every": "1s", "count": $((TL + 2))}}, "output": {"root": "/tmp/tl", "path": "{seq}"}}
JOB
for i in $(seq $RUNS); do
  rm -rf /tmp/tl /tmp/fl; mkdir -p /tmp/fl
  python3 Benchmarks/cpu_per_shot.py /tmp/tl $TL -- $BIN run /tmp/tl.json --no-progress >> $OUT/tl_camsched.json || echo "FAILED tl_camsched" >> $OUT/failures
  python3 Benchmarks/cpu_per_shot.py /tmp/fl $TL -- fswebcam -q -d /dev/video0 -r 640x360 --no-banner --loop 1 /tmp/fl/%s.jpg >> $OUT/tl_fswebcam.json || echo "FAILED tl_fswebcam" >> $OUT/failures
  if [ -n "$BEFORE" ]; then
    rm -rf /tmp/tl
    python3 Benchmarks/cpu_per_shot.py /tmp/tl $TL -- /tmp/camsched-before run /tmp/tl.json --no-progress >> $OUT/tl_before.json || echo "FAILED tl_before" >> $OUT/failures
  fi
done
rm -rf /tmp/tl; $BIN run /tmp/tl.json --no-progress --json > $OUT/tl_events.json 2>/dev/null || true
T tl_fswebcam_each "for i in \$(seq 5); do fswebcam -q -d /dev/video0 -r 640x360 --no-banner /tmp/fe.jpg; sleep 1; done"
''')
def timelapse():
    def per_shot(name):
        rows = [json.loads(l) for l in open(os.path.join(GUEST, name)) if l.startswith("{")]
        rows = [r for r in rows if "per_shot" in r]
        return {k: statistics.median(r[k] for r in rows) for k in ["per_shot", "startup", "wall_per_shot"]} | {"runs": len(rows)}
    events = [json.loads(l) for l in open(os.path.join(GUEST, "tl_events.json")) if l.startswith("{")]
    late = sorted(e["lateMs"] for e in events if e.get("event") == "capture")
    each = guest_times("tl_fswebcam_each")[0]
    result = {"camsched": per_shot("tl_camsched.json"), "fswebcam_loop": per_shot("tl_fswebcam.json"),
              "fswebcam_each": {"per_shot": each["cpu"] / 5}, "lateness": {"p50": late[len(late) // 2], "max": late[-1], "shots": len(late)}}
    if os.path.exists(os.path.join(GUEST, "tl_before.json")):
        result["before"] = per_shot("tl_before.json")
    return result


@report("timelapse", 23)
def timelapse_report(g):
    L = [f"### Time-lapse at 640x360: CPU per shot once running ({TL_SHOTS} shots at 1 s)\n",
         "`Benchmarks/cpu_per_shot.py` reads each tool's CPU time when its first still appears and again "
         f"{TL_SHOTS} stills later: the steady cost of a shot, without the start-up each pays once. camsched runs an "
         "interval job with its defaults (EXIF, sidecar, catalog row); fswebcam `--loop 1` writes a bare JPEG. "
         f"Medians of {RUNS} alternating runs; the shell loop (a cold fswebcam per shot) once, 5 shots.\n",
         "| tool | CPU per shot ms | start-up CPU s | wall per shot s |", "|---|---|---|---|"]
    rows = [("camsched", "camsched interval job"), ("fswebcam_loop", "fswebcam --loop 1"),
            ("before", "camsched interval job, the build before (BENCH_BEFORE)")]
    for name, label in [(n, l) for n, l in rows if n in g]:
        t = g[name]
        L.append(f"| {label} | {t['per_shot'] * 1000:.0f} | {t['startup']:.2f} | {t['wall_per_shot']:.2f} |")
    L.append(f"| shell loop calling fswebcam | {g['fswebcam_each']['per_shot'] * 1000:.0f} | — | — |")
    lt = g["lateness"]
    L.append(f"\ncamsched's lateness per shot in the guest: p50 {lt['p50']:.1f} ms, max {lt['max']:.1f} ms over {lt['shots']} shots "
             "(fswebcam records no due time; a shell loop drifts by the capture time each second).")
    return L


@guest_bench("many", r'''
for n in 1 2 4; do
  : > $OUT/many_$n.times
  for d in $(seq 0 $((n-1))); do
    cat > /tmp/m$d.json <<JOB
{"name": "m$d", "camera": {"device": "/dev/video$((d*4))", "size": "640x360", "fps": 30, "pixelFormat": "YUYV", "warmup": "0s"},
 "capture": {"record": {"duration": "10s", "preset": "veryfast", "quality": 23, "encoder": "libx264"}},
 "output": {"root": "/tmp/m$d", "path": "{run}", "catalog": false, "sidecar": false}}
JOB
    /usr/bin/time -f "%U %S %M %e" -a -o $OUT/many_$n.times $BIN run /tmp/m$d.json --no-progress >/dev/null 2>&1 &
  done
  wait
done
''')
def many():
    return {str(n): {"cpu_per_recording": statistics.mean(r["cpu"] for r in guest_times(f"many_{n}")),
                     "recordings": len(guest_times(f"many_{n}"))} for n in [1, 2, 4]}


@report("many", 24)
def many_report(g):
    L = ["### Many cameras: recordings at once on 4 vivid devices (640x360, 30 fps, 10 s)\n",
         "| recordings | CPU s per recording | vs one alone |", "|---|---|---|"]
    one = g["1"]["cpu_per_recording"]
    for n in ["1", "2", "4"]:
        L.append(f"| {n} | {g[n]['cpu_per_recording']:.2f} | {ratio(g[n]['cpu_per_recording'], one)} |")
    return L


def run_guest():
    """Boots the guest once and runs every guest benchmark's script; returns {key: result}."""
    shutil.rmtree(GUEST, ignore_errors=True)
    os.makedirs(GUEST, exist_ok=True)
    # BENCH_GUEST_ONLY=rec_guest,… boots the guest for those benchmarks alone.
    picked = set(filter(None, os.environ.get("BENCH_GUEST_ONLY", "").split(",")))
    benches = [b for b in GUEST_BENCHES if not picked or b[0] in picked]
    before = os.path.abspath(os.environ.get("BENCH_BEFORE", "")) if os.environ.get("BENCH_BEFORE") else ""
    if before and not before.startswith(ROOT + os.sep):
        raise RuntimeError(f"BENCH_BEFORE={before}: the guest sees only {ROOT}; copy the binary under it (.cache/bin, say)")
    script = os.path.join(ROOT, ".cache/guest/bench.sh")
    with open(script, "w") as f:
        f.write(f"ROOT={ROOT}\nRUNS={RUNS}\nBEFORE={before}\n" + GUEST_PRELUDE + "".join(s for _, s, _ in benches))
    env = dict(os.environ, VIVID_DEVS="4", VIVID_MEMORY="4G")
    subprocess.run(["flock", "/tmp/vivid.lock", os.path.join(ROOT, "scripts/vivid-run.sh"), f"sh {script}"],
                   check=True, env=env, cwd=ROOT)
    results = {"failures": open(os.path.join(GUEST, "failures")).read() if os.path.exists(os.path.join(GUEST, "failures")) else ""}
    for key, _, parse in benches:
        try:
            results[key] = parse()
        except Exception as error:  # one broken case does not lose the others
            results[key] = None
            results["failures"] += f"{key}: {error}\n"
    return results


@report("guest", 20)
def guest_header(g):
    L = ["## In the vivid guest (QEMU, software emulation)\n"]
    if g.get("failures"):
        L.append(f"Failed: `{g['failures'].strip()}`\n")
    for order, key, fn in sorted(REPORTS):
        if 20 < order < 30 and g.get(key):
            L += fn(g[key]) + [""]
    return L
