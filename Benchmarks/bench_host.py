"""Host benchmarks: recording cost against the ffmpeg CLI, interval timing, and the soaks."""
import json, os, re, shutil, statistics, subprocess, time
from benchlib import BIN, ENV, RUNS, WORK, alternating, clip, host_bench, ratio, report, timed

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
SOAK_STATUS_SECONDS = int(os.environ.get("BENCH_SOAK_STATUS_SECONDS", "600"))


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


@host_bench("soak_status")
def status_soak():
    """`run --listen` of 1 s shots in real time while SlowClientLoad works on its server."""
    from slow_clients import SlowClientLoad
    job = os.path.join(WORK, "soak-status.json")
    with open(job, "w") as f:
        json.dump({"name": "soakstatus", "camera": {"device": "test:?size=320x180&fps=15", "warmup": "0s"},
                   "capture": {"interval": {"every": "1s", "count": SOAK_STATUS_SECONDS}},
                   "output": {"root": os.path.join(WORK, "soakstatus"), "path": "{job}/{seq}"}}, f)
    shutil.rmtree(os.path.join(WORK, "soakstatus"), ignore_errors=True)
    return sample_process([BIN, "run", job, "--no-progress", "--listen", "127.0.0.1:0"], load=SlowClientLoad)


def sample_process(argv, load=None):
    """`load`: made with the port the process says it listens on, stopped when the process ends."""
    err_path = os.path.join(WORK, "sample.err")
    err_file = open(err_path, "w+")
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err_file, env=ENV)
    samples = []
    start = time.time()
    running = None
    while load and running is None and proc.poll() is None:
        found = re.search(r"live status on http://[^:]+:(\d+)/", open(err_path).read())
        if found:
            running = load(int(found.group(1)))
        time.sleep(0.1)
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
    loaded = running.stop() if running else None
    err_file.close()
    err = open(err_path).read()
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
            "threads": sorted({s[3] for s in steady}), "fds_max": max(s[2] for s in samples),
            "fds_start": statistics.median(s[2] for s in steady[:quarter]), "fds_end": statistics.median(s[2] for s in steady[-quarter:]),
            "rss_by_sixth": sixths(samples, 1), "fds_by_sixth": sixths(samples, 2)} | ({"load": loaded} if loaded else {})


def sixths(samples, column):
    """Median of `column` in each sixth of the run: whether a rise levels off or goes on."""
    last = samples[-1][0] or 1
    parts = [[s[column] for s in samples if k * last / 6 <= s[0] < (k + 1) * last / 6] for k in range(6)]
    return [statistics.median(p) if p else None for p in parts]


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


@report("soak_status", 41)
def status_soak_report(r):
    """The status server under the slow-client load: memory and descriptors early and late."""
    load = r["load"]
    return [f"Status server under slow clients: `run --listen` of 1 s shots in real time for {r['seconds']:.0f} s while "
            f"{load['slow']} clients send a request head a byte a second (connecting again when closed), "
            f"{load['idle']} idle connections open every {load['burst_every']} s (held 5 s), and one normal client asks "
            "`/api/status` every 0.5 s (Benchmarks/slow_clients.py). Descriptors are medians like RSS.\n",
            "| RSS early MiB | RSS late MiB | growth MiB | peak RSS MiB | fds early | fds late | fds peak | threads seen | "
            "normal answers | failed | median s | slowest s | slow clients closed |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
            f"| {r['rss_start']/1024:.1f} | {r['rss_end']/1024:.1f} | {(r['rss_end'] - r['rss_start'])/1024:.2f} | "
            f"{r['rss_max']/1024:.1f} | {r['fds_start']:.0f} | {r['fds_end']:.0f} | {r['fds_max']} | {r['threads']} | "
            f"{load['answered']} | {load['failed']} | {load['latency_median']:.3f} | {load['latency_max']:.3f} | {load['reconnects']} |",
            "", "RSS (MiB) and descriptors, median of each sixth of the run: "
            + ", ".join(f"{v/1024:.2f}" for v in r.get("rss_by_sixth", []) if v) + "; "
            + ", ".join(f"{v:.0f}" for v in r.get("fds_by_sixth", []) if v) + "."]
