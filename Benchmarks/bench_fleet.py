"""Interval lateness with a PostgreSQL fleet catalog (server up, server down) against the local catalog alone."""
import json, os, shutil, statistics, subprocess, tempfile
from benchlib import BIN, ENV, RUNS, WORK, host_bench, report

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
