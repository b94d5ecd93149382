"""The registry and helpers every benchmark module of bench.py uses: where the binary and the
work folders are, the decorators that register a benchmark and its report, and timing helpers."""
import os, statistics, subprocess

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
