#!/usr/bin/env python3
"""camsched benchmarks: `make bench` runs them all and writes Documentation/performance.md.

Every figure is measured side by side with the tool a user would pick instead (the ffmpeg CLI,
fswebcam) in the same run, on the same machine, and reported raw and as a ratio. Timings on
shared 2-core machines vary: each case is run several times and the median is reported.
"""
import json, os, platform, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build/release/camsched")
WORK = os.path.join(ROOT, ".cache/bench")
GUEST = os.path.join(ROOT, ".cache/guest/bench")
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
ENV = dict(os.environ, CAMSCHED_PRESSURE_SOURCES="file", CAMSCHED_LOCK_DIR=os.path.join(WORK, "locks"))


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


def median_of(fn, runs=RUNS):
    results = [fn() for _ in range(runs)]
    keys = results[0].keys()
    return {k: statistics.median(r[k] for r in results) for k in keys}, results


def clip(width, height, seconds=10, fps=30):
    path = os.path.join(WORK, f"clip-{width}x{height}.y4m")
    if not os.path.exists(path):
        sh(f"ffmpeg -v error -y -f lavfi -i testsrc2=size={width}x{height}:rate={fps} -t {seconds} -pix_fmt yuv420p {path}")
    return path


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
    return {"camsched": median_of(camsched)[0], "ffmpeg": median_of(ffmpeg)[0]}


def timing(shots, every_ms):
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


def soak_interval(hours):
    """RSS and open fds of an interval run over `hours` of 1 s shots on the fast test camera."""
    job = os.path.join(WORK, "soak.json")
    shots = int(hours * 3600)
    with open(job, "w") as f:
        json.dump({"name": "soak", "camera": {"device": "test:?size=320x180&fps=30&pace=fast&format=MJPG", "warmup": "0s"},
                   "capture": {"interval": {"every": "1s", "count": shots}},
                   "output": {"root": os.path.join(WORK, "soak"), "path": "{job}/%H/{seq}"}}, f)
    shutil.rmtree(os.path.join(WORK, "soak"), ignore_errors=True)
    return sample_process([BIN, "run", job, "--no-progress"])


def soak_recording(hours):
    job = os.path.join(WORK, "soak-rec.json")
    with open(job, "w") as f:
        json.dump({"name": "soakrec", "camera": {"device": "test:?size=320x180&fps=30&pace=fast&format=NV12", "warmup": "0s"},
                   "capture": {"record": {"duration": f"{int(hours * 3600)}s", "segment": "10m", "preset": "ultrafast"}},
                   "output": {"root": os.path.join(WORK, "soakrec"), "path": "{job}/{seq}"}}, f)
    shutil.rmtree(os.path.join(WORK, "soakrec"), ignore_errors=True)
    return sample_process([BIN, "run", job, "--no-progress"])


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


GUEST_SCRIPT = r'''
set -e
cd "$ROOT"
OUT=.cache/guest/bench; mkdir -p $OUT; export CAMSCHED_PRESSURE_SOURCES=file CAMSCHED_LOCK_DIR=/tmp
BIN=.build/release/camsched
T() { /usr/bin/time -f "%U %S %M %e" -a -o $OUT/$1.times sh -c "$2" >/dev/null 2>&1 || echo "FAILED $1" >> $OUT/failures; }
for i in $(seq $RUNS); do
  T cold_camsched "$BIN snapshot --device /dev/video0 --size 640x360 --warmup 0 -o /tmp/c.jpg && rm -f /tmp/c.jpg"
  T cold_fswebcam "fswebcam -q -d /dev/video0 -r 640x360 --no-banner /tmp/f.jpg"
  T cold_ffmpeg "ffmpeg -v error -y -f v4l2 -video_size 640x360 -i /dev/video0 -frames:v 1 /tmp/g.jpg"
done
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
    T rec_ffmpeg_$size "ffmpeg -v error -y -f v4l2 -input_format yuyv422 -framerate 30 -video_size $size -i /dev/video0 -t 10 -c:v libx264 -preset veryfast -crf 23 -g 30 -bf 0 -rc-lookahead 6 -movflags +faststart /tmp/ff.mp4"
    ls -l /tmp/ff.mp4 | awk '{print $5}' >> $OUT/rec_ffmpeg_$size.bytes
  done
done
# Time-lapse: 30 shots at 1 s.
cat > /tmp/tl.json <<JOB
{"name": "tl", "camera": {"device": "/dev/video0", "size": "640x360", "fps": 30, "warmup": "0s"},
 "capture": {"interval": {"every": "1s", "count": 30}}, "output": {"root": "/tmp/tl", "path": "{seq}"}}
JOB
T tl_camsched "$BIN run /tmp/tl.json --no-progress --json > $OUT/tl_events.json"
T tl_fswebcam_loop "timeout 31 fswebcam -q -d /dev/video0 -r 640x360 --no-banner --loop 1 /tmp/fl-%s.jpg; true"
T tl_fswebcam_each "for i in \$(seq 30); do fswebcam -q -d /dev/video0 -r 640x360 --no-banner /tmp/fe.jpg; sleep 1; done"
# Many cameras: 1, 2, 4 recordings at once.
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
'''


def guest():
    shutil.rmtree(GUEST, ignore_errors=True)
    os.makedirs(GUEST, exist_ok=True)
    script = os.path.join(ROOT, ".cache/guest/bench.sh")
    with open(script, "w") as f:
        f.write(f"ROOT={ROOT}\nRUNS={RUNS}\n" + GUEST_SCRIPT)
    env = dict(os.environ, VIVID_DEVS="4", VIVID_MEMORY="4G")
    subprocess.run([os.path.join(ROOT, "scripts/vivid-run.sh"), f"sh {script}"], check=True, env=env, cwd=ROOT)

    def times(name):
        path = os.path.join(GUEST, name + ".times")
        rows = []
        for line in open(path):
            parts = line.split()
            if len(parts) == 4 and not line.startswith("Command"):
                u, s, m, e = parts
                rows.append({"cpu": float(u) + float(s), "rss": int(m), "wall": float(e)})
        return rows

    def med(rows, key):
        return statistics.median(r[key] for r in rows)

    result = {"failures": open(os.path.join(GUEST, "failures")).read() if os.path.exists(os.path.join(GUEST, "failures")) else ""}
    for tool in ["camsched", "fswebcam", "ffmpeg"]:
        rows = times(f"cold_{tool}")
        result[f"cold_{tool}"] = {"wall": med(rows, "wall"), "cpu": med(rows, "cpu")}
    for size in ["640x360", "1280x720"]:
        for tool in ["camsched", "ffmpeg"]:
            rows = times(f"rec_{tool}_{size}")
            sizes = [int(x) for x in open(os.path.join(GUEST, f"rec_{tool}_{size}.bytes")).read().split()]
            result[f"rec_{tool}_{size}"] = {"cpu": med(rows, "cpu"), "rss": med(rows, "rss"), "bytes": statistics.median(sizes)}
    for name in ["tl_camsched", "tl_fswebcam_loop", "tl_fswebcam_each"]:
        rows = times(name)
        result[name] = {"cpu": rows[0]["cpu"], "wall": rows[0]["wall"]}
    events = [json.loads(l) for l in open(os.path.join(GUEST, "tl_events.json")) if l.startswith("{")]
    late = sorted(e["lateMs"] for e in events if e.get("event") == "capture")
    result["tl_lateness"] = {"p50": late[len(late) // 2], "max": late[-1], "shots": len(late)}
    for n in [1, 2, 4]:
        rows = times(f"many_{n}")
        result[f"many_{n}"] = {"cpu_per_recording": statistics.mean(r["cpu"] for r in rows), "recordings": len(rows)}
    return result


def ratio(a, b):
    return f"{a / b:.2f}×" if b else "—"


def main():
    os.makedirs(WORK, exist_ok=True)
    started = time.time()
    cpu = open("/proc/cpuinfo").read()
    model = re.search(r"model name\s*:\s*(.*)", cpu).group(1)
    ffv = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout.splitlines()[0]
    host = {"model": model, "cores": os.cpu_count(), "kernel": platform.release(), "ffmpeg": ffv,
            "camsched": subprocess.run([BIN, "--version"], capture_output=True, text=True).stdout.strip()}
    print("recording on the host…", file=sys.stderr)
    rec = {size: recording_on_host(*size) for size in [(640, 360), (1280, 720)]}
    print("interval timing…", file=sys.stderr)
    tim = timing(int(os.environ.get("BENCH_TIMING_SHOTS", "10000")), 50)
    print("soak: interval…", file=sys.stderr)
    soak_i = soak_interval(float(os.environ.get("BENCH_SOAK_HOURS", "6")))
    print("soak: recording…", file=sys.stderr)
    soak_r = soak_recording(float(os.environ.get("BENCH_SOAK_REC_HOURS", "1")))
    print("vivid guest…", file=sys.stderr)
    g = None
    if os.environ.get("BENCH_GUEST", "1") == "1":
        try:
            g = guest()
        except Exception as error:  # the host figures are still worth writing down
            print(f"guest benchmarks failed: {error}", file=sys.stderr)
    elapsed = time.time() - started
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump({"host": host, "rec": [[list(k), v] for k, v in rec.items()], "tim": tim, "soak_i": soak_i,
                   "soak_r": soak_r, "g": g, "elapsed": elapsed}, f)
    write_report(host, rec, tim, soak_i, soak_r, g, elapsed)


def report_only():
    """Writes performance.md again from the last run's figures (after editing findings.md)."""
    with open(os.path.join(WORK, "results.json")) as f:
        r = json.load(f)
    rec = {tuple(k): v for k, v in r["rec"]}
    write_report(r["host"], rec, r["tim"], r["soak_i"], r["soak_r"], r["g"], r["elapsed"])


def write_report(host, rec, tim, soak_i, soak_r, g, elapsed):
    L = []
    L.append("# Performance\n")
    L.append("Measured by `make bench` (Benchmarks/bench.py), which writes this file. Every camsched figure is "
             "measured in the same run as the tool a user would pick instead, and is reported raw and as a ratio "
             f"camsched / peer (below 1 is better for camsched). Medians of {RUNS} runs unless said otherwise. "
             "These are shared 2-core machines: compare ratios, not absolute times.\n")
    L.append(f"- Machine: {host['model']}, {host['cores']} cores, Linux {host['kernel']}\n- {host['camsched']} (release build); {host['ffmpeg']}\n"
             f"- The whole suite took {elapsed / 60:.1f} minutes.\n")
    L.append("## Recording cost on the host (same Y4M clip, as fast as possible)\n")
    L.append("camsched: `camsched run rec.json` with `file:clip.y4m?pace=fast`, H.264 libx264 `veryfast`, CRF 23, "
             "keyframe every second, no B-frames, 10 s. ffmpeg: `ffmpeg -i clip.y4m -t 10 -c:v libx264 -preset veryfast "
             "-crf 23 -g 30 -bf 0 -rc-lookahead 6 -movflags +faststart out.mp4` (camsched keeps x264's lookahead at 6 "
             "frames so that a killed recording loses less; ffmpeg is given the same, so the x264 option strings in the "
             "two files are identical).\n")
    L.append("| size | camsched CPU s | ffmpeg CPU s | CPU ratio | camsched peak RSS MiB | ffmpeg peak RSS MiB | RSS ratio | camsched bytes | ffmpeg bytes | size ratio |")
    L.append("|---|---|---|---|---|---|---|---|---|---|")
    for (w, h), r in rec.items():
        c, f = r["camsched"], r["ffmpeg"]
        L.append(f"| {w}x{h} | {c['cpu']:.2f} | {f['cpu']:.2f} | {ratio(c['cpu'], f['cpu'])} | {c['rss']/1024:.1f} | {f['rss']/1024:.1f} | "
                 f"{ratio(c['rss'], f['rss'])} | {int(c['bytes'])} | {int(f['bytes'])} | {ratio(c['bytes'], f['bytes'])} |")
    L.append("")
    if g:
        L.append("## In the vivid guest (QEMU, software emulation)\n")
        if g.get("failures"):
            L.append(f"Failed commands: `{g['failures'].strip()}`\n")
        L.append("### Recording from /dev/video0 (YUYV, 30 fps, 10 s, same encoder settings)\n")
        L.append("| size | camsched CPU s | ffmpeg CPU s | CPU ratio | camsched RSS MiB | ffmpeg RSS MiB | camsched bytes | ffmpeg bytes |")
        L.append("|---|---|---|---|---|---|---|---|")
        for size in ["640x360", "1280x720"]:
            c, f = g[f"rec_camsched_{size}"], g[f"rec_ffmpeg_{size}"]
            L.append(f"| {size} | {c['cpu']:.2f} | {f['cpu']:.2f} | {ratio(c['cpu'], f['cpu'])} | {c['rss']/1024:.1f} | {f['rss']/1024:.1f} | {int(c['bytes'])} | {int(f['bytes'])} |")
        L.append("\n### A still, cold start to JPEG on disk (640x360)\n")
        L.append("`camsched snapshot --device /dev/video0 --size 640x360 --warmup 0`, `fswebcam -d /dev/video0 -r 640x360 --no-banner`, "
                 "`ffmpeg -f v4l2 -video_size 640x360 -i /dev/video0 -frames:v 1`.\n")
        L.append("| tool | wall s | CPU s | wall ratio camsched / tool |")
        L.append("|---|---|---|---|")
        cs = g["cold_camsched"]
        for tool in ["camsched", "fswebcam", "ffmpeg"]:
            t = g[f"cold_{tool}"]
            L.append(f"| {tool} | {t['wall']:.2f} | {t['cpu']:.2f} | {ratio(cs['wall'], t['wall'])} |")
        L.append("\n### Time-lapse: 30 shots at 1 s (one run each)\n")
        L.append("| tool | CPU s | CPU per shot ms | wall s |")
        L.append("|---|---|---|---|")
        for name, label in [("tl_camsched", "camsched interval job"), ("tl_fswebcam_loop", "fswebcam --loop 1"),
                            ("tl_fswebcam_each", "shell loop calling fswebcam")]:
            t = g[name]
            L.append(f"| {label} | {t['cpu']:.2f} | {t['cpu'] / 30 * 1000:.0f} | {t['wall']:.1f} |")
        lt = g["tl_lateness"]
        L.append(f"\ncamsched's lateness per shot in the guest: p50 {lt['p50']:.1f} ms, max {lt['max']:.1f} ms over {lt['shots']} shots "
                 "(fswebcam records no due time; a shell loop drifts by the capture time each second).\n")
        L.append("### Many cameras: recordings at once on 4 vivid devices (640x360, 30 fps, 10 s)\n")
        L.append("| recordings | CPU s per recording | vs one alone |")
        L.append("|---|---|---|")
        one = g["many_1"]["cpu_per_recording"]
        for n in [1, 2, 4]:
            m = g[f"many_{n}"]
            L.append(f"| {n} | {m['cpu_per_recording']:.2f} | {ratio(m['cpu_per_recording'], one)} |")
        L.append("")
    L.append("## Interval timing (host, test camera at 240 fps, shots every 50 ms)\n")
    L.append(f"{tim['shots']} shots (BENCH_TIMING_SHOTS, 8.3 minutes of real time for 10,000). Lateness is "
             "`startedAt − scheduledAt`: the wait for the first frame at or after the due time, so it is bounded by one "
             f"frame interval ({tim['frame_interval_ms']:.2f} ms here); a shot whose frame came later, or that was skipped, "
             "would show above it. Drift compares the last shot's due time with the first's plus (shots − 1) × 50 ms.\n")
    L.append("| p50 ms | p99 ms | max ms | skipped | cumulative drift first→last shot ms |")
    L.append("|---|---|---|---|---|")
    L.append(f"| {tim['p50']:.2f} | {tim['p99']:.2f} | {tim['max']:.2f} | {tim['skipped']} | {tim['drift_ms']:.3f} |")
    L.append("")
    L.append("## Memory and descriptors over long runs (test camera paced fast)\n")
    L.append("RSS sampled every 0.25 s; growth is the median of the last quarter of the steady part (after the first "
             "quarter of the run, before its last half second) against the median of its first quarter.\n")
    L.append("| run | wall s | RSS early in the steady part MiB | RSS late in it MiB | growth MiB | peak RSS MiB | open fds seen | threads seen |")
    L.append("|---|---|---|---|---|---|---|---|")
    for label, s in [(f"interval, {os.environ.get('BENCH_SOAK_HOURS', '6')} h of 1 s shots", soak_i),
                     (f"recording, {os.environ.get('BENCH_SOAK_REC_HOURS', '1')} h at 30 fps", soak_r)]:
        L.append(f"| {label} | {s['seconds']:.0f} | {s['rss_start']/1024:.1f} | {s['rss_end']/1024:.1f} | "
                 f"{(s['rss_end'] - s['rss_start'])/1024:.2f} | {s['rss_max']/1024:.1f} | {s['fds']} | {s['threads']} |")
    L.append("")
    findings = os.path.join(ROOT, "Benchmarks/findings.md")
    if os.path.exists(findings):
        L.append(open(findings).read())
    with open(os.path.join(ROOT, "Documentation/performance.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    print("\n".join(L))


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


if __name__ == "__main__":
    if sys.argv[1:2] == ["trigger"]:
        trigger_costs()
    else:
        report_only() if "--report-only" in sys.argv else main()
