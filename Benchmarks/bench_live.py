"""What the live status server (`--listen`) costs idle, and a `stream.mjpg` client that stops reading."""
import json, os, re, shutil, statistics, subprocess, time
from benchlib import BIN, ENV, WORK, host_bench, ratio, report, timed

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
    # Keyed by "with server" (True/False); results.json read back by --report-only has "true"/"false".
    d, r = ({flag: side[flag] if flag in side else side[str(flag).lower()] for flag in (False, True)}
            for side in (live["daemon"], live["run"]))
    st = live["stalled"]
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
