#!/usr/bin/env python3
"""camsched benchmarks: `make bench` runs them all and writes Documentation/performance.md.

Every figure is measured side by side with the tool a user would pick instead (the ffmpeg CLI,
fswebcam) in the same run, on the same machine, and reported raw and as a ratio. Timings on
shared 2-core machines vary: each case is run several times and the median is reported.
"""
import json, os, platform, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("BENCH_BIN") or os.path.join(ROOT, ".build/release/camsched")
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


# --- Live status (`--listen`): what an idle server costs, and a client that stops reading ---
LIVE_MD = os.path.join(WORK, "live-status.md")


def live_status_cost(runs=int(os.environ.get("BENCH_LIVE_RUNS", "5")), seconds=12):
    """Daemon and `run` with `--listen 127.0.0.1:0` and no client, against the same without it:
    CPU seconds and RSS, medians of alternating runs; then a stream.mjpg client that stops reading."""
    import socket
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

    def daemon(with_server):
        proc = subprocess.Popen([BIN, "daemon", os.path.dirname(job)] + (listen if with_server else []),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        time.sleep(seconds)
        usage = proc_usage(proc.pid)
        proc.terminate()
        proc.wait()
        return usage

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
         "and no client against the same without it. RSS is the peak (VmHWM).\n",
         "| process | CPU s without | CPU s with server | CPU ratio | peak RSS MiB without | with server | RSS ratio |",
         "|---|---|---|---|---|---|---|"]
    for label, m in [("daemon, idle", d), ("run, recording", r)]:
        a, b = m[False], m[True]
        L.append(f"| {label} | {a['cpu']:.2f} | {b['cpu']:.2f} | {ratio(b['cpu'], a['cpu'])} | {a['rss']/1024:.1f} | "
                 f"{b['rss']/1024:.1f} | {ratio(b['rss'], a['rss'])} |")
    L.append(f"\nOf the idle daemon's resident memory, {d[False]['anon']/1024:.1f} MiB without the server and "
             f"{d[True]['anon']/1024:.1f} MiB with it are anonymous (heap and stacks); the rest are pages of the "
             "executable and libraries, shared and evictable.\n")
    L.append(f"\nA `stream.mjpg` client that takes one part and stops reading, during a recording (RSS every 0.5 s for 20 s): "
             f"{st['rss_first']/1024:.1f} MiB at the start, {st['rss_last']/1024:.1f} MiB at the end, peak {st['rss_max']/1024:.1f} MiB; "
             f"the client was {'dropped' if st['dropped'] else 'NOT dropped'} by the server.\n")
    return L


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
    print("live status server…", file=sys.stderr)
    with open(LIVE_MD, "w") as f:
        f.write("\n".join(live_status_lines(live_status_cost())) + "\n")
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
    fleet_benchmark()


def report_only():
    """Writes performance.md again from the last run's figures (after editing findings.md)."""
    with open(os.path.join(WORK, "results.json")) as f:
        r = json.load(f)
    rec = {tuple(k): v for k, v in r["rec"]}
    write_report(r["host"], rec, r["tim"], r["soak_i"], r["soak_r"], r["g"], r["elapsed"])
    if os.path.exists(os.path.join(WORK, "fleet.json")):
        update_fleet_section(json.load(open(os.path.join(WORK, "fleet.json"))))


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
    if os.path.exists(LIVE_MD):
        L.append(open(LIVE_MD).read())
    findings = os.path.join(ROOT, "Benchmarks/findings.md")
    if os.path.exists(findings):
        L.append(open(findings).read())
    with open(os.path.join(ROOT, "Documentation/performance.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    print("\n".join(L))


# MARK: fleet catalog — interval lateness with a PostgreSQL fleet catalog on (server up, server
# down) against the local catalog alone. `python3 Benchmarks/bench.py --fleet` runs only this.
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
    with open(os.path.join(WORK, "fleet.json"), "w") as f:
        json.dump(result, f)
    update_fleet_section(result)
    return result


def update_fleet_section(result):
    base = result["local catalog only"]["p99"]
    L = [FLEET_START, "## Fleet catalog: interval timing with PostgreSQL on and off (host)\n",
         f"{result['_shots']} shots every {result['_every']} ms on the test camera at 240 fps (frames 4.17 ms apart), JPEG "
         f"stills with sidecars, {result.get('_binary', 'the release build')}, medians of {RUNS} interleaved runs. The fleet catalog's sender runs beside the capture: "
         "server up (a local PostgreSQL 15), and the same URL with the server stopped (every try fails; rows wait in the "
         "local queue). Lateness is `startedAt − scheduledAt`; the target is a p99 within 5% of the local catalog's.\n",
         "| case | exit | p50 ms | p99 ms | max ms | p99 vs local |", "|---|---|---|---|---|---|"]
    for name in ["local catalog only", "fleet catalog, server up", "fleet catalog, server down"]:
        r = result[name]
        L.append(f"| {name} | {r['exit']:.0f} | {r['p50']:.2f} | {r['p99']:.2f} | {r['max']:.2f} | "
                 f"{(r['p99'] / base - 1) * 100:+.1f}% |")
    L.append(FLEET_END)
    path = os.path.join(ROOT, "Documentation/performance.md")
    text = open(path).read()
    if FLEET_START in text:
        text = text.split(FLEET_START)[0] + "\n".join(L) + text.split(FLEET_END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + "\n".join(L) + "\n"
    with open(path, "w") as f:
        f.write(text)
    print("\n".join(L))


def live_status_only():
    """`bench.py --live-status`: measures the status server alone and rewrites the report with it."""
    os.makedirs(WORK, exist_ok=True)
    with open(LIVE_MD, "w") as f:
        f.write("\n".join(live_status_lines(live_status_cost())) + "\n")
    if os.path.exists(os.path.join(WORK, "results.json")):
        report_only()
    else:
        print(open(LIVE_MD).read())


if __name__ == "__main__":
    if "--fleet" in sys.argv:
        os.makedirs(WORK, exist_ok=True)
        fleet_benchmark()
    elif "--live-status" in sys.argv:
        live_status_only()
    else:
        report_only() if "--report-only" in sys.argv else main()
