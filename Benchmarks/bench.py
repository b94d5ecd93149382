#!/usr/bin/env python3
"""camsched benchmarks: `make bench` runs them all and writes Documentation/performance.md.

Every figure is measured side by side with the tool a user would pick instead (the ffmpeg CLI,
fswebcam) in the same run, on the same machine, and reported raw and as a ratio. Timings on
shared 2-core machines vary: the tools take turns (camsched, peer, camsched, peer, …) so that a
burst of load hits both, and the median of RUNS runs is reported.

Adding a benchmark is one block: a function decorated with `@host_bench(key)` (runs on the host,
returns a JSON-able result) or a `guest_bench(key, SCRIPT)` shell fragment with its parser (runs
in the vivid guest), and a `@report(key, order)` function that returns its Markdown lines. A
target with a ratio goes in GOALS, which feeds the targets table and the ratio history.
"""
import json, os, platform, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# BENCH_BIN measures another build (the debug one, say) when a release build is not at hand.
BIN = os.environ.get("BENCH_BIN") or os.path.join(ROOT, ".build/release/camsched")
WORK = os.path.join(ROOT, ".cache/bench")
GUEST = os.path.join(ROOT, ".cache/guest/bench")
HISTORY = os.path.join(ROOT, "Benchmarks/history.json")
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
ENV = dict(os.environ, CAMSCHED_PRESSURE_SOURCES="file", CAMSCHED_LOCK_DIR=os.path.join(WORK, "locks"))

HOST_BENCHES, GUEST_BENCHES, REPORTS = [], [], []


def host_bench(key):
    """Registers a host benchmark: `fn()` returns its result, stored under `key`."""
    def register(fn):
        HOST_BENCHES.append((key, fn))
        return fn
    return register


def guest_bench(key, script):
    """Registers a guest benchmark: `script` runs in the guest (with $BIN, $OUT, $RUNS and the
    timing helper T NAME COMMAND), the decorated parser turns $OUT's files into its result."""
    def register(parse):
        GUEST_BENCHES.append((key, script, parse))
        return parse
    return register


def report(key, order):
    """Registers the Markdown writer of `key`'s result; sections are written by `order`."""
    def register(fn):
        REPORTS.append((order, key, fn))
        return fn
    return register


# MARK: Helpers

def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, capture_output=True, text=True, env=ENV, cwd=kw.get("cwd", WORK))


def timed(cmd, cwd=None):
    """CPU seconds (user+sys), peak RSS (KiB) and wall seconds of a command, via GNU time."""
    fmt = "%U %S %M %e"
    out = subprocess.run(["/usr/bin/time", "-f", fmt, "sh", "-c", cmd], capture_output=True, text=True, env=ENV,
                         cwd=cwd or WORK)
    if out.returncode != 0:
        raise RuntimeError(f"{cmd} failed ({out.returncode}): {out.stderr[-2000:]}")
    user, system, rss, wall = out.stderr.strip().splitlines()[-1].split()
    return {"cpu": float(user) + float(system), "rss": int(rss), "wall": float(wall)}


def alternating(cases, runs=RUNS):
    """Runs the cases in turn (a, b, a, b, …) `runs` times; each case's per-key medians."""
    results = {name: [] for name in cases}
    for _ in range(runs):
        for name, fn in cases.items():
            results[name].append(fn())
    return {name: {k: statistics.median(r[k] for r in rows) for k in rows[0]} for name, rows in results.items()}


def ratio(a, b):
    return f"{a / b:.2f}×" if b else "—"


def clip(width, height, seconds=10, fps=30):
    path = os.path.join(WORK, f"clip-{width}x{height}.y4m")
    if not os.path.exists(path):
        sh(f"ffmpeg -v error -y -f lavfi -i testsrc2=size={width}x{height}:rate={fps} -t {seconds} -pix_fmt yuv420p {path}")
    return path


# MARK: Host benchmarks

def recording_on_host(width, height):
    """camsched (file: camera, as fast as it goes) vs ffmpeg encoding the same Y4M clip."""
    source = clip(width, height)
    job = os.path.join(WORK, f"rec-{width}.json")
    with open(job, "w") as f:
        json.dump({"name": f"rec{width}", "camera": {"device": f"file:{source}?pace=fast", "warmup": "0s"},
                   "capture": {"record": {"duration": "10s", "preset": "veryfast", "quality": 23,
                                          "encoder": "libx264"}},
                   "output": {"root": os.path.join(WORK, "out"), "path": "{job}/{run}", "catalog": False, "sidecar": False}}, f)
    def camsched():
        shutil.rmtree(os.path.join(WORK, "out"), ignore_errors=True)
        r = timed(f"{BIN} run {job} --no-progress")
        files = [os.path.join(dp, n) for dp, _, ns in os.walk(os.path.join(WORK, "out")) for n in ns if n.endswith(".mp4")]
        r["bytes"] = os.path.getsize(files[0])
        return r
    def ffmpeg():
        out = os.path.join(WORK, "ffmpeg.mp4")
        r = timed(f"ffmpeg -v error -y -i {source} -t 10 -c:v libx264 -preset veryfast -crf 23 -g 30 -bf 0 "
                  f"-rc-lookahead 6 -movflags +faststart {out}")
        r["bytes"] = os.path.getsize(out)
        return r
    return alternating({"camsched": camsched, "ffmpeg": ffmpeg})


@host_bench("rec_host")
def rec_host():
    return {f"{w}x{h}": recording_on_host(w, h) for w, h in [(640, 360), (1280, 720)]}


@report("rec_host", 10)
def rec_host_report(rec):
    L = ["## Recording cost on the host (same Y4M clip, as fast as possible)\n",
         "camsched: `camsched run rec.json` with `file:clip.y4m?pace=fast`, H.264 libx264 `veryfast`, CRF 23, "
         "keyframe every second, no B-frames, 10 s. ffmpeg: `ffmpeg -i clip.y4m -t 10 -c:v libx264 -preset veryfast "
         "-crf 23 -g 30 -bf 0 -rc-lookahead 6 -movflags +faststart out.mp4` (camsched keeps x264's lookahead at 6 "
         "frames so that a killed recording loses less; ffmpeg is given the same, so the x264 option strings in the "
         f"two files are identical). Medians of {RUNS} alternating runs.\n",
         "| size | camsched CPU s | ffmpeg CPU s | CPU ratio | camsched peak RSS MiB | ffmpeg peak RSS MiB | RSS ratio | camsched bytes | ffmpeg bytes | size ratio |",
         "|---|---|---|---|---|---|---|---|---|---|"]
    for size, r in rec.items():
        c, f = r["camsched"], r["ffmpeg"]
        L.append(f"| {size} | {c['cpu']:.2f} | {f['cpu']:.2f} | {ratio(c['cpu'], f['cpu'])} | {c['rss']/1024:.1f} | {f['rss']/1024:.1f} | "
                 f"{ratio(c['rss'], f['rss'])} | {int(c['bytes'])} | {int(f['bytes'])} | {ratio(c['bytes'], f['bytes'])} |")
    return L


TIMING_SHOTS = int(os.environ.get("BENCH_TIMING_SHOTS", "4000"))


@host_bench("timing")
def timing(shots=TIMING_SHOTS, every_ms=50):
    """Lateness (startedAt - scheduledAt) of interval shots on the real-time test camera."""
    job = os.path.join(WORK, "timing.json")
    with open(job, "w") as f:
        json.dump({"name": "timing", "camera": {"device": "test:?size=320x180&fps=240&format=YUYV", "warmup": "0s"},
                   "capture": {"interval": {"every": f"{every_ms}ms", "count": shots}},
                   "still": {"format": "jpeg", "quality": 75},
                   "output": {"root": os.path.join(WORK, "timing"), "path": "{seq}", "catalog": False, "sidecar": False,
                              "exif": False}}, f)
    shutil.rmtree(os.path.join(WORK, "timing"), ignore_errors=True)
    out = subprocess.run([BIN, "run", job, "--json", "--no-progress"], capture_output=True, text=True, env=ENV)
    events = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
    late = sorted(e["lateMs"] for e in events if e.get("event") == "capture")
    captures = [e for e in events if e.get("event") == "capture"]
    from datetime import datetime
    def parse(s):
        return datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()
    first, last = parse(captures[0]["scheduledAt"]), parse(captures[-1]["scheduledAt"])
    drift_ms = ((last - first) - (len(captures) - 1) * every_ms / 1000) * 1000
    skipped = [e for e in events if e.get("event") == "done"][0].get("skipped", 0)
    def pct(p):
        return late[min(len(late) - 1, int(round(p / 100 * (len(late) - 1))))]
    return {"shots": len(late), "p50": pct(50), "p99": pct(99), "max": late[-1], "drift_ms": drift_ms, "skipped": skipped,
            "frame_interval_ms": 1000 / 240}


@report("timing", 30)
def timing_report(tim):
    return ["## Interval timing (host, test camera at 240 fps, shots every 50 ms)\n",
            f"{tim['shots']} shots (BENCH_TIMING_SHOTS; 10,000 take 8.3 minutes of real time). Lateness is "
            "`startedAt − scheduledAt`: the wait for the first frame at or after the due time, so it is bounded by one "
            f"frame interval ({tim['frame_interval_ms']:.2f} ms here); a shot whose frame came later, or that was skipped, "
            "would show above it. Drift compares the last shot's due time with the first's plus (shots − 1) × 50 ms.\n",
            "| p50 ms | p99 ms | max ms | skipped | cumulative drift first→last shot ms |",
            "|---|---|---|---|---|",
            f"| {tim['p50']:.2f} | {tim['p99']:.2f} | {tim['max']:.2f} | {tim['skipped']} | {tim['drift_ms']:.3f} |"]


SOAK_HOURS = os.environ.get("BENCH_SOAK_HOURS", "6")
SOAK_REC_HOURS = os.environ.get("BENCH_SOAK_REC_HOURS", "1")


@host_bench("soak")
def soak():
    """RSS and open fds of an interval run over hours of 1 s shots, and of an hour's recording."""
    job = os.path.join(WORK, "soak.json")
    with open(job, "w") as f:
        json.dump({"name": "soak", "camera": {"device": "test:?size=320x180&fps=30&pace=fast&format=MJPG", "warmup": "0s"},
                   "capture": {"interval": {"every": "1s", "count": int(float(SOAK_HOURS) * 3600)}},
                   "output": {"root": os.path.join(WORK, "soak"), "path": "{job}/%H/{seq}"}}, f)
    shutil.rmtree(os.path.join(WORK, "soak"), ignore_errors=True)
    interval = sample_process([BIN, "run", job, "--no-progress"])
    job = os.path.join(WORK, "soak-rec.json")
    with open(job, "w") as f:
        json.dump({"name": "soakrec", "camera": {"device": "test:?size=320x180&fps=30&pace=fast&format=NV12", "warmup": "0s"},
                   "capture": {"record": {"duration": f"{int(float(SOAK_REC_HOURS) * 3600)}s", "segment": "10m", "preset": "ultrafast"}},
                   "output": {"root": os.path.join(WORK, "soakrec"), "path": "{job}/{seq}"}}, f)
    shutil.rmtree(os.path.join(WORK, "soakrec"), ignore_errors=True)
    return {"interval": interval, "recording": sample_process([BIN, "run", job, "--no-progress"])}


def sample_process(argv):
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    samples = []
    start = time.time()
    while proc.poll() is None:
        try:
            status = open(f"/proc/{proc.pid}/status").read()
            rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
            fds = len(os.listdir(f"/proc/{proc.pid}/fd"))
            threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))
            samples.append((time.time() - start, rss, fds, threads))
        except (FileNotFoundError, AttributeError, ProcessLookupError):
            pass
        time.sleep(0.25)
    err = proc.stderr.read().decode()
    if proc.returncode != 0:
        raise RuntimeError(f"{argv} failed: {err[-2000:]}")
    # Growth: the steady part (after the first quarter, start-up and caches; before the last
    # half second, the final flush), its last quarter's median RSS against its first quarter's
    # (single samples swing with where a segment or a still is).
    last = samples[-1][0]
    steady = [s for s in samples if last * 0.25 <= s[0] <= last - 0.5] or samples
    quarter = max(1, len(steady) // 4)
    return {"seconds": last, "rss_start": statistics.median(s[1] for s in steady[:quarter]),
            "rss_end": statistics.median(s[1] for s in steady[-quarter:]),
            "rss_max": max(s[1] for s in samples), "fds": sorted({s[2] for s in steady}),
            "threads": sorted({s[3] for s in steady})}


@report("soak", 40)
def soak_report(s):
    L = ["## Memory and descriptors over long runs (test camera paced fast)\n",
         "RSS sampled every 0.25 s; growth is the median of the last quarter of the steady part (after the first "
         "quarter of the run, before its last half second) against the median of its first quarter.\n",
         "| run | wall s | RSS early in the steady part MiB | RSS late in it MiB | growth MiB | peak RSS MiB | open fds seen | threads seen |",
         "|---|---|---|---|---|---|---|---|"]
    for label, r in [(f"interval, {SOAK_HOURS} h of 1 s shots", s["interval"]), (f"recording, {SOAK_REC_HOURS} h at 30 fps", s["recording"])]:
        L.append(f"| {label} | {r['seconds']:.0f} | {r['rss_start']/1024:.1f} | {r['rss_end']/1024:.1f} | "
                 f"{(r['rss_end'] - r['rss_start'])/1024:.2f} | {r['rss_max']/1024:.1f} | {r['fds']} | {r['threads']} |")
    return L


# MARK: Guest benchmarks (vivid in QEMU)

GUEST_PRELUDE = r'''
set -e
cd "$ROOT"
OUT=.cache/guest/bench; mkdir -p $OUT; export CAMSCHED_PRESSURE_SOURCES=file CAMSCHED_LOCK_DIR=/tmp
# From the guest's own file system, as an installed binary would be: run from the 9p share, each
# start read ~2,200 pages of the 105 MB binary from the host again (major faults every run,
# 4-8 s of wall time), which fswebcam, paged in once, did not (issue 15 findings).
cp .build/release/camsched /tmp/camsched; BIN=/tmp/camsched
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


COLD_TOOLS = ["camsched", "camsched_run", "fswebcam", "ffmpeg"]


@guest_bench("cold_still", r'''
cat > /tmp/one.json <<JOB
{"name": "one", "camera": {"device": "/dev/video0", "size": "640x360", "warmup": "0s"},
 "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "/tmp/one", "path": "{seq}"}}
JOB
for i in $(seq $RUNS); do
  T cold_camsched "$BIN snapshot --device /dev/video0 --size 640x360 --warmup 0 -o /tmp/c.jpg --overwrite"
  T cold_fswebcam "fswebcam -q -d /dev/video0 -r 640x360 --no-banner /tmp/f.jpg"
  T cold_camsched_run "rm -rf /tmp/one; $BIN run /tmp/one.json --no-progress"
  T cold_ffmpeg "ffmpeg -v error -y -f v4l2 -video_size 640x360 -i /dev/video0 -frames:v 1 /tmp/g.jpg"
done
python3 Benchmarks/check_still.py /tmp/c.jpg 640 360 > $OUT/cold_still.check || echo "FAILED check_still" >> $OUT/failures
''')
def cold_still():
    result = {tool: {"wall": med(guest_times(f"cold_{tool}"), "wall"), "cpu": med(guest_times(f"cold_{tool}"), "cpu")}
              for tool in COLD_TOOLS}
    result["check"] = open(os.path.join(GUEST, "cold_still.check")).read().strip()
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
    labels = {"camsched": "camsched snapshot", "camsched_run": "camsched run (one shot)", "fswebcam": "fswebcam", "ffmpeg": "ffmpeg"}
    for tool in COLD_TOOLS:
        t = g[tool]
        L.append(f"| {labels[tool]} | {t['wall']:.2f} | {t['cpu']:.2f} | {ratio(cs['wall'], t['wall'])} |")
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
    return {"camsched": per_shot("tl_camsched.json"), "fswebcam_loop": per_shot("tl_fswebcam.json"),
            "fswebcam_each": {"per_shot": each["cpu"] / 5}, "lateness": {"p50": late[len(late) // 2], "max": late[-1], "shots": len(late)}}


@report("timelapse", 23)
def timelapse_report(g):
    L = [f"### Time-lapse at 640x360: CPU per shot once running ({TL_SHOTS} shots at 1 s)\n",
         "`Benchmarks/cpu_per_shot.py` reads each tool's CPU time when its first still appears and again "
         f"{TL_SHOTS} stills later: the steady cost of a shot, without the start-up each pays once. camsched runs an "
         "interval job with its defaults (EXIF, sidecar, catalog row); fswebcam `--loop 1` writes a bare JPEG. "
         f"Medians of {RUNS} alternating runs; the shell loop (a cold fswebcam per shot) once, 5 shots.\n",
         "| tool | CPU per shot ms | start-up CPU s | wall per shot s |", "|---|---|---|---|"]
    for name, label in [("camsched", "camsched interval job"), ("fswebcam_loop", "fswebcam --loop 1")]:
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
    script = os.path.join(ROOT, ".cache/guest/bench.sh")
    with open(script, "w") as f:
        f.write(f"ROOT={ROOT}\nRUNS={RUNS}\n" + GUEST_PRELUDE + "".join(s for _, s, _ in benches))
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


# MARK: Goals and history

# (key, target, goal, measured ratio from the results or None, what the ratio compares)
def goals(r):
    g = r.get("guest") or {}
    def get(fn):
        try:
            return fn()
        except (KeyError, TypeError, ZeroDivisionError):
            return None
    rows = [("cold_still", "cold still wall time vs fswebcam (guest)", 0.5,
             get(lambda: g["cold_still"]["camsched"]["wall"] / g["cold_still"]["fswebcam"]["wall"])),
            ("timelapse_shot", "time-lapse CPU per shot vs fswebcam --loop (guest, 640x360)", 0.7,
             get(lambda: g["timelapse"]["camsched"]["per_shot"] / g["timelapse"]["fswebcam_loop"]["per_shot"]))]
    for size in REC_SIZES:
        rows.append((f"rec_host_{size}", f"recording CPU vs ffmpeg CLI, host {size}", 0.95,
                     get(lambda: r["rec_host"][size]["camsched"]["cpu"] / r["rec_host"][size]["ffmpeg"]["cpu"])))
    for size in REC_SIZES:
        rows.append((f"rec_guest_{size}", f"recording CPU vs ffmpeg CLI, guest {size}", 0.95,
                     get(lambda: g["rec_guest"][f"camsched_{size}"]["cpu"] / g["rec_guest"][f"ffmpeg_{size}"]["cpu"])))
    return rows


def history_entry(r):
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    return {"date": time.strftime("%Y-%m-%d"), "commit": commit, "note": f"make bench, medians of {RUNS}",
            "ratios": {key: round(value, 2) for key, _, _, value in goals(r) if value is not None}}


def goals_report(r, history):
    L = ["## Goals, and the ratio history\n",
         "Each ratio is camsched / its peer from this run (below 1 is better for camsched).\n",
         "| target | goal | this run | met? |", "|---|---|---|---|"]
    for key, label, goal, value in goals(r):
        shown = f"{value:.2f}×" if value is not None else "—"
        met = "—" if value is None else ("yes" if value <= goal else "no")
        L.append(f"| {label} | ≤ {goal:.2f}× | {shown} | {met} |")
    keys = [key for key, _, _, _ in goals(r)]
    L += ["", "History (`Benchmarks/history.json`; earlier runs used 3 runs and whole-run time-lapse CPU):\n",
          "| date | commit | " + " | ".join(keys) + " | note |", "|---|---|" + "---|" * len(keys) + "---|"]
    for h in history:
        cells = [f"{h['ratios'][k]:.2f}×" if k in h["ratios"] else "—" for k in keys]
        L.append(f"| {h['date']} | {h['commit']} | " + " | ".join(cells) + f" | {h.get('note', '')} |")
    return L


# --- Live status (`--listen`): what an idle server costs, and a client that stops reading ---


def live_status_cost(runs=int(os.environ.get("BENCH_LIVE_RUNS", "5")), seconds=12):
    """Daemon and `run` with `--listen 127.0.0.1:0` and no client, against the same without it:
    CPU seconds and RSS, medians of alternating runs; the daemon once more after one request;
    then a stream.mjpg client that stops reading."""
    import socket, urllib.request
    os.makedirs(os.path.join(WORK, "live-jobs"), exist_ok=True)
    rec = {"name": "liverec", "camera": {"device": "test:?size=640x360&fps=30", "warmup": "0s"},
           "capture": {"record": {"duration": f"{seconds}s", "preset": "ultrafast"}},
           "output": {"root": os.path.join(WORK, "liverec"), "path": "{run}", "sidecar": False},
           "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}}
    job = os.path.join(WORK, "live-jobs", "rec.json")
    with open(job, "w") as f:
        json.dump(rec, f)
    listen = ["--listen", "127.0.0.1:0"]

    def proc_usage(pid):
        stat = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        status = open(f"/proc/{pid}/status").read()
        return {"cpu": (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK"),
                "rss": int(re.search(r"VmHWM:\s+(\d+)", status).group(1)),
                "anon": int(re.search(r"RssAnon:\s+(\d+)", status).group(1))}

    def daemon(with_server, asked=False):
        """`asked`: one `/api/status` request 2 s after start, then idle again (the server's
        event loop and Hummingbird are made by the first connection)."""
        proc = subprocess.Popen([BIN, "daemon", os.path.dirname(job)] + (listen if with_server else []),
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE if asked else subprocess.DEVNULL,
                                text=True, env=ENV)
        started = time.time()
        if asked:
            port = listening_port(proc)
            time.sleep(max(0, started + 2 - time.time()))
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=10).read()
        time.sleep(max(0, started + seconds - time.time()))
        usage = proc_usage(proc.pid)
        proc.terminate()
        # CPU of the whole life, start and stop included, in microseconds (/proc's ticks are 10 ms).
        _, _, rusage = os.wait4(proc.pid, 0)
        proc.returncode = 0
        if proc.stderr:
            proc.stderr.close()
        usage["cpu"] = rusage.ru_utime + rusage.ru_stime
        return usage

    def listening_port(proc):
        while True:
            line = proc.stderr.readline()
            if not line:
                raise RuntimeError("camsched --listen exited early")
            found = re.search(r"live status on http://[^:]+:(\d+)/", line)
            if found:
                return int(found.group(1))

    def record(with_server):
        shutil.rmtree(rec["output"]["root"], ignore_errors=True)
        return timed(f"{BIN} run {job} --no-progress" + (" " + " ".join(listen) if with_server else ""))

    out = {}
    for name, fn in [("daemon", daemon), ("run", record)]:
        samples = {False: [], True: []}
        for i in range(runs):
            for with_server in ([False, True] if i % 2 == 0 else [True, False]):
                samples[with_server].append(fn(with_server))
        out[name] = {k: {m: statistics.median(r[m] for r in v) for m in v[0]} for k, v in samples.items()}
    asked = [daemon(True, asked=True) for _ in range(runs)]
    out["daemon_asked"] = {m: statistics.median(r[m] for r in asked) for m in asked[0]}

    # A stream.mjpg client that takes one part and stops reading, during a 30 s recording.
    with open(job, "w") as f:
        json.dump(dict(rec, capture={"record": {"duration": "30s", "preset": "ultrafast"}}), f)
    proc = subprocess.Popen([BIN, "run", job, "--no-progress"] + listen, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=ENV)
    port = None
    while port is None:
        line = proc.stderr.readline()
        if not line:
            raise RuntimeError("camsched run --listen exited early")
        found = re.search(r"live status on http://[^:]+:(\d+)/", line)
        port = int(found.group(1)) if found else None
    time.sleep(2)
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.connect(("127.0.0.1", port))
    client.sendall(f"GET /jobs/liverec/stream.mjpg HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    client.recv(1000)
    rss = []
    for _ in range(40):
        rss.append(int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{proc.pid}/status").read()).group(1)))
        time.sleep(0.5)
    client.settimeout(5)
    closed = False
    try:
        while client.recv(65536):
            pass
        closed = True
    except ConnectionResetError:
        closed = True
    except socket.timeout:
        closed = False
    client.close()
    proc.terminate()
    proc.wait()
    out["stalled"] = {"rss_first": rss[0], "rss_last": rss[-1], "rss_max": max(rss), "dropped": closed}
    return out


def live_status_lines(live):
    d, r, st = live["daemon"], live["run"], live["stalled"]
    L = ["## Live status server (`--listen`) idle, against no server\n",
         "Medians of alternating runs (BENCH_LIVE_RUNS, default 5): the daemon idle for 12 s with one scheduled job, "
         "and `camsched run` of a 12 s recording (test camera 640x360 at 30 fps), each with `--listen 127.0.0.1:0` "
         "and no client against the same without it. RSS is the peak (VmHWM); CPU is the process's whole life (start and "
         "stop included: the daemon's from `wait4`, the recording's from GNU time).\n",
         "| process | CPU ms without | CPU ms with server | CPU ratio | peak RSS MiB without | with server | RSS ratio |",
         "|---|---|---|---|---|---|---|"]
    rows = [("daemon, idle", d[False], d[True]), ("run, recording", r[False], r[True])]
    if "daemon_asked" in live:
        rows.insert(1, ("daemon, idle after one `/api/status` request", d[False], live["daemon_asked"]))
    for label, a, b in rows:
        L.append(f"| {label} | {a['cpu']*1000:.1f} | {b['cpu']*1000:.1f} | {ratio(b['cpu'], a['cpu'])} | {a['rss']/1024:.1f} | "
                 f"{b['rss']/1024:.1f} | {ratio(b['rss'], a['rss'])} |")
    L.append(f"\nOf the idle daemon's resident memory, {d[False]['anon']/1024:.1f} MiB without the server and "
             f"{d[True]['anon']/1024:.1f} MiB with it are anonymous (heap and stacks); the rest are pages of the "
             "executable and libraries, shared and evictable.\n")
    L.append("The server's socket listens from the start, but swift-nio's event loop thread and Hummingbird are made by "
             "the first connection: the first row (the criterion: an idle server costs the daemon at most 5 %) is a "
             "server nobody has asked yet; the second shows what the first request brings in and keeps (code of "
             "swift-nio, Hummingbird and the routes, the event loop thread's stack), measured 10 s after it.\n")
    L.append(f"\nA `stream.mjpg` client that takes one part and stops reading, during a recording (RSS every 0.5 s for 20 s): "
             f"{st['rss_first']/1024:.1f} MiB at the start, {st['rss_last']/1024:.1f} MiB at the end, peak {st['rss_max']/1024:.1f} MiB; "
             f"the client was {'dropped' if st['dropped'] else 'NOT dropped'} by the server.\n")
    return L

@host_bench("live_status")
def live_status_bench():
    return live_status_cost()


@report("live_status", 50)
def live_status_report(live):
    return live_status_lines(live)


# MARK: fleet catalog — interval lateness with a PostgreSQL fleet catalog on (server up, server
# down) against the local catalog alone. `python3 Benchmarks/bench.py fleet` runs only this.
PG_BIN = "/usr/lib/postgresql/15/bin"
FLEET_START, FLEET_END = "<!-- fleet-benchmark -->", "<!-- /fleet-benchmark -->"


def postgres(folder, action, port=None):
    """initdb/start/stop a throwaway PostgreSQL in `folder` (as the postgres user when root)."""
    pre = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    data = os.path.join(folder, "data")
    if action == "init":
        os.makedirs(folder, exist_ok=True)
        if os.getuid() == 0:
            shutil.chown(folder, "postgres", "postgres")
        subprocess.run(pre + [f"{PG_BIN}/initdb", "-D", data, "-U", "camsched", "--auth=trust", "--no-sync"], check=True,
                       capture_output=True)
    elif action == "start":
        opts = f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={folder} -c fsync=off"
        subprocess.run(pre + [f"{PG_BIN}/pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-o", opts, "-w", "start"],
                       check=True, capture_output=True)
        subprocess.run(pre + [f"{PG_BIN}/psql", "-h", folder, "-p", str(port), "-U", "camsched", "-d", "postgres", "-c",
                              "CREATE DATABASE camsched"], capture_output=True)
    else:
        subprocess.run(pre + [f"{PG_BIN}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"], capture_output=True)


def fleet_lateness(catalog, shots, every_ms):
    job = os.path.join(WORK, "fleet-timing.json")
    root = os.path.join(WORK, "fleet-timing")
    with open(job, "w") as f:
        json.dump({"name": "fleet", "camera": {"device": "test:?size=320x180&fps=240&format=YUYV", "warmup": "0s"},
                   "capture": {"interval": {"every": f"{every_ms}ms", "count": shots}},
                   "still": {"format": "jpeg", "quality": 75},
                   "output": {"root": root, "path": "{seq}", "catalog": catalog, "sidecar": True, "exif": False}}, f)
    shutil.rmtree(root, ignore_errors=True)
    out = subprocess.run([BIN, "run", job, "--json", "--no-progress"], capture_output=True, text=True,
                         env=dict(ENV, CAMSCHED_NODE="bench"))
    events = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
    late = sorted(e["lateMs"] for e in events if e.get("event") == "capture")
    pct = lambda p: late[min(len(late) - 1, int(round(p / 100 * (len(late) - 1))))]
    return {"exit": out.returncode, "shots": len(late), "p50": pct(50), "p99": pct(99), "max": late[-1]}


def fleet_benchmark():
    import socket
    shots, every = int(os.environ.get("BENCH_FLEET_SHOTS", "1000")), 50
    folder = tempfile.mkdtemp(prefix="camsched-bench-pg-")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgres://camsched@127.0.0.1:{port}/camsched"
    cases = {}
    try:
        postgres(folder, "init")
        postgres(folder, "start", port)
        for _ in range(RUNS):  # interleaved, so that the machine's load falls on every case alike
            for name, catalog in [("local catalog only", True), ("fleet catalog, server up", url)]:
                cases.setdefault(name, []).append(fleet_lateness(catalog, shots, every))
        postgres(folder, "stop")
        for _ in range(RUNS):
            cases.setdefault("fleet catalog, server down", []).append(fleet_lateness(url, shots, every))
    finally:
        postgres(folder, "stop")
        shutil.rmtree(folder, ignore_errors=True)
    result = {name: {k: statistics.median(r[k] for r in runs) for k in runs[0]} for name, runs in cases.items()}
    result["_shots"], result["_every"] = shots, every
    result["_binary"] = "the debug build (BENCH_BIN)" if os.environ.get("BENCH_BIN") else "the release build"
    return result



@host_bench("fleet")
def fleet_bench():
    return fleet_benchmark()


@report("fleet", 60)
def fleet_report(result):
    base = result["local catalog only"]["p99"]
    L = ["## Fleet catalog: interval timing with PostgreSQL on and off (host)\n",
         f"{result['_shots']} shots every {result['_every']} ms on the test camera at 240 fps (frames 4.17 ms apart), JPEG "
         f"stills with sidecars, {result.get('_binary', 'the release build')}, medians of {RUNS} interleaved runs. The fleet "
         "catalog's sender runs beside the capture: server up (a local PostgreSQL 15), and the same URL with the server "
         "stopped (every try fails; rows wait in the local queue). Lateness is `startedAt − scheduledAt`; the target is a "
         "p99 within 5% of the local catalog's.\n",
         "| case | exit | p50 ms | p99 ms | max ms | p99 vs local |", "|---|---|---|---|---|---|"]
    for name in ["local catalog only", "fleet catalog, server up", "fleet catalog, server down"]:
        r = result[name]
        L.append(f"| {name} | {r['exit']:.0f} | {r['p50']:.2f} | {r['p99']:.2f} | {r['max']:.2f} | "
                 f"{(r['p99'] / base - 1) * 100:+.1f}% |")
    return L


def median_of(fn, runs=RUNS):
    results = [fn() for _ in range(runs)]
    keys = results[0].keys()
    return {k: statistics.median(r[k] for r in results) for k in keys}, results


@host_bench("trigger")
def trigger_costs(seconds=20):
    """Trigger jobs (`python3 Benchmarks/bench.py trigger`): the CPU cost of motion detection at
    640x360 30 fps — a trigger job with motion against the same job with external triggers only,
    both replaying a still scene as fast as they go, the difference per frame as a share of one
    core at 30 fps — and a trigger job idling (no event) against a record job of the same
    settings, both in real time."""
    os.makedirs(WORK, exist_ok=True)
    source = os.path.join(WORK, f"still-640x360-{seconds}s.y4m")
    if not os.path.exists(source):
        sh(f"ffmpeg -v error -y -f lavfi -i smptebars=size=640x360:rate=30 -t {seconds} -pix_fmt yuv420p {source}")
    encoding = {"preset": "veryfast", "quality": 23, "encoder": "libx264"}
    def job(name, capture, pace):
        path = os.path.join(WORK, f"{name}.json")
        with open(path, "w") as f:
            json.dump({"name": name, "camera": {"device": f"file:{source}?pace={pace}", "warmup": "0s"}, "capture": capture,
                       "output": {"root": os.path.join(WORK, "out-" + name), "path": "{job}/{seq}", "catalog": False}}, f)
        return path
    def cpu(path):
        shutil.rmtree(os.path.join(WORK, "out-" + os.path.basename(path)[:-5]), ignore_errors=True)
        return timed(f"{BIN} run {path} --no-progress")
    motion = job("trig-motion", {"trigger": dict(motion={"threshold": 0.03, "area": 0.005}, **encoding)}, "fast")
    external = job("trig-external", {"trigger": dict(external=True, **encoding)}, "fast")
    idle = job("trig-idle", {"trigger": dict(motion={"threshold": 0.03, "area": 0.005}, duration=f"{seconds - 1}s", **encoding)}, "realtime")
    record = job("rec-same", {"record": dict(duration=f"{seconds - 1}s", **encoding)}, "realtime")
    with_motion, _ = median_of(lambda: cpu(motion))
    without, _ = median_of(lambda: cpu(external))
    frames = seconds * 30
    per_frame_ms = (with_motion["cpu"] - without["cpu"]) / frames * 1000
    trig, _ = median_of(lambda: cpu(idle))
    rec, _ = median_of(lambda: cpu(record))
    result = {"motion_cpu_s": with_motion["cpu"], "external_cpu_s": without["cpu"], "frames": frames,
              "motion_ms_per_frame": round(per_frame_ms, 3), "motion_core_share_30fps": round(per_frame_ms * 30 / 1000, 4),
              "trigger_idle_cpu_s": trig["cpu"], "record_cpu_s": rec["cpu"], "trigger_idle_rss_kib": trig["rss"],
              "record_rss_kib": rec["rss"], "realtime_seconds": seconds - 1}
    print(json.dumps(result, indent=2))
    return result



@report("trigger", 55)
def trigger_report(t):
    return ["## Trigger jobs: motion detection and idling (host)\n",
            f"A {t['frames'] // 30} s 640x360 30 fps still scene replayed as fast as it goes (libx264 veryfast, CRF 23), medians of {RUNS} runs.\n",
            "| what | result |", "|---|---|",
            f"| motion detection: trigger job with `motion` vs `external` only | {t['motion_cpu_s']:.2f} vs {t['external_cpu_s']:.2f} CPU s: "
            f"{t['motion_ms_per_frame']:.3f} ms a frame, {t['motion_core_share_30fps'] * 100:.1f} % of a core at 30 fps (goal ≤ 5 %) |",
            f"| a trigger job idling vs a `record` job, {t['realtime_seconds']} s in real time | {t['trigger_idle_cpu_s']:.2f} vs "
            f"{t['record_cpu_s']:.2f} CPU s ({ratio(t['trigger_idle_cpu_s'], t['record_cpu_s'])}); peak RSS "
            f"{t['trigger_idle_rss_kib'] / 1024:.0f} vs {t['record_rss_kib'] / 1024:.0f} MiB |"]


# MARK: Main

def main():
    os.makedirs(WORK, exist_ok=True)
    only = set(filter(None, os.environ.get("BENCH_ONLY", "").split(",")))
    started = time.time()
    cpu = open("/proc/cpuinfo").read()
    # BENCH_ONLY=key,…(or guest) measures those again and keeps the last run's other figures.
    previous = os.path.join(WORK, "results.json")
    results = json.load(open(previous)) if only and os.path.exists(previous) else {}
    results |= {"host": {"model": re.search(r"model name\s*:\s*(.*)", cpu).group(1), "cores": os.cpu_count(),
                        "kernel": platform.release(),
                        "ffmpeg": subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout.splitlines()[0],
                        "camsched": subprocess.run([BIN, "--version"], capture_output=True, text=True).stdout.strip()}}
    for key, fn in HOST_BENCHES:
        if only and key not in only:
            continue
        print(f"{key}…", file=sys.stderr)
        results[key] = fn()
    if os.environ.get("BENCH_GUEST", "1") == "1" and (not only or "guest" in only):
        print("vivid guest…", file=sys.stderr)
        try:
            results["guest"] = run_guest()
        except Exception as error:  # the host figures are still worth writing down
            print(f"guest benchmarks failed: {error}", file=sys.stderr)
    if not only:
        results["elapsed"] = time.time() - started
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(results, f)
    history = json.load(open(HISTORY))
    if not only or os.environ.get("BENCH_HISTORY") == "1":
        history.append(history_entry(results))
        with open(HISTORY, "w") as f:
            json.dump(history, f, indent=1)
    write_report(results, history)


def report_only():
    """Writes performance.md again from the last run's figures (after editing findings.md)."""
    with open(os.path.join(WORK, "results.json")) as f:
        write_report(json.load(f), json.load(open(HISTORY)))


def write_report(r, history):
    host = r["host"]
    L = ["# Performance\n",
         "Measured by `make bench` (Benchmarks/bench.py), which writes this file. Every camsched figure is "
         "measured in the same run as the tool a user would pick instead, the two taking turns, and is reported raw "
         f"and as a ratio camsched / peer (below 1 is better for camsched). Medians of {RUNS} runs unless said otherwise. "
         "These are shared 2-core machines: compare ratios, not absolute times.\n",
         f"- Machine: {host['model']}, {host['cores']} cores, Linux {host['kernel']}\n- {host['camsched']} (release build); {host['ffmpeg']}\n"
         f"- The whole suite took {r.get('elapsed', 0) / 60:.1f} minutes.\n"]
    L += goals_report(r, history) + [""]
    for order, key, fn in sorted(REPORTS):
        if 20 < order < 30 or r.get(key) is None:
            continue
        L += fn(r[key]) + [""]
    findings = os.path.join(ROOT, "Benchmarks/findings.md")
    if os.path.exists(findings):
        L.append(open(findings).read())
    with open(os.path.join(ROOT, "Documentation/performance.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    print("\n".join(L))


def only(key):
    """`bench.py trigger|fleet|live_status`: that benchmark alone, printed (performance.md is not rewritten)."""
    os.makedirs(WORK, exist_ok=True)
    fn = dict(HOST_BENCHES)[key]
    print("\n".join(dict((k, f) for _, k, f in REPORTS)[key](fn())))


if __name__ == "__main__":
    if sys.argv[1:2] and sys.argv[1] in dict(HOST_BENCHES):
        only(sys.argv[1])
    else:
        report_only() if "--report-only" in sys.argv else main()
