"""Issue 31: the cron path (a one-shot `run` against a `snapshot` on the host) and the lean binary
(its installed size by part, and a cold-cache start in the guest, each beside fswebcam)."""
import json, os, re, resource, shutil, statistics, subprocess, time
from benchlib import BIN, ENV, GUEST, RUNS, WORK, guest_bench, host_bench, ratio, report

# MARK: The cron path on the host

CRON_RUNS = max(RUNS * 3, 9)


def wall_and_cpu(argv):
    """Wall seconds (monotonic, start to reaped) and CPU seconds (user + system of the child) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    result = subprocess.run(argv, env=ENV, cwd=WORK, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise RuntimeError(f"{argv} failed ({result.returncode}): {result.stderr[-2000:]}")
    return {"wall": wall, "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)}


def cron_job(name, device, pixel_format=None):
    camera = {"device": device, "size": "640x360", "warmup": "0s"}
    if pixel_format:
        camera["pixelFormat"] = pixel_format
    path = os.path.join(WORK, f"{name}.json")
    with open(path, "w") as f:
        json.dump({"name": name, "camera": camera, "capture": {"interval": {"every": "1s", "count": 1}},
                   # A name of its own for each run's still, as a template with the time in it gives
                   # (with "{seq}" alone each run would probe NAME-1, NAME-2, … past the earlier stills).
                   "output": {"root": os.path.join(WORK, name), "path": "{run}"}}, f)
    return path


@host_bench("cron_host")
def cron_host():
    """`snapshot` and a one-shot interval `run` (sidecar, EXIF, catalog row; the catalog already there,
    as a cron line finds it) of the test camera at 640x360, paced fast (frames at once: the
    software is measured, not the camera's frame interval), in turns; MJPG (the test camera's
    default, as a UVC camera's at larger sizes) and YUYV."""
    results = {}
    for fmt in ["MJPG", "YUYV"]:
        device = "test:?size=640x360&pace=fast"
        job = cron_job(f"cron{fmt.lower()}", device, fmt)
        shutil.rmtree(os.path.join(WORK, f"cron{fmt.lower()}"), ignore_errors=True)
        run = [BIN, "run", job, "--no-progress"]
        snap = [BIN, "snapshot", "--device", f"{device}&format={fmt}", "--size", "640x360", "--warmup", "0",
                "-o", os.path.join(WORK, "cron-snap.jpg"), "--overwrite"]
        wall_and_cpu(run)  # makes the catalog and folder, and pages the binary in
        rows = {"snapshot": [], "run": []}
        for _ in range(CRON_RUNS):
            rows["snapshot"].append(wall_and_cpu(snap))
            rows["run"].append(wall_and_cpu(run))
        results[fmt] = {tool: {k: statistics.median(r[k] for r in rs) for k in ["wall", "cpu"]} for tool, rs in rows.items()}
        results[fmt]["ratios"] = statistics.median(r["wall"] / s["wall"] for r, s in zip(rows["run"], rows["snapshot"]))
        stills = [n for n in os.listdir(os.path.join(WORK, f"cron{fmt.lower()}")) if n.endswith(".jpg")]
        results[fmt]["stills"] = len(stills)
    return results


@report("cron_host", 35)
def cron_host_report(c):
    L = ["## The cron path on the host: a one-shot `run` against a `snapshot` (issue 31)\n",
         "`camsched run one.json` of a one-shot interval job (`every` 1s, `count` 1: EXIF, sidecar and catalog row; the "
         "catalog and folder already there, as every cron run but the first finds them; path `{run}`) against `camsched snapshot` of "
         "the same camera, the test camera at 640x360 paced fast (each frame at once: what is measured is camsched, not "
         f"the camera's frame interval), taking turns, medians of {CRON_RUNS} (the ratio: median of the pairs' ratios). "
         "Wall time from start to reaped, CPU of the process.\n",
         "| camera format | snapshot wall ms | run wall ms | run / snapshot wall | snapshot CPU ms | run CPU ms | stills filed |",
         "|---|---|---|---|---|---|---|"]
    for fmt, r in c.items():
        s, u = r["snapshot"], r["run"]
        L.append(f"| {fmt} | {s['wall'] * 1000:.1f} | {u['wall'] * 1000:.1f} | {r['ratios']:.2f}× | {s['cpu'] * 1000:.1f} | "
                 f"{u['cpu'] * 1000:.1f} | {r['stills']} |")
    return L


# MARK: The lean binary: its size by part

# What each cut measured (by hand, stripped sizes, issue 31 item 3): kept in the generated page.
SIZE_FINDINGS = [
    "What the cuts saved (issue 31, item 3; measured by hand on 2026-11-26, stripped sizes, same objects "
    "linked both ways unless said):\n",
    "| cut | installed MB | saved MB | kept? |", "|---|---|---|---|",
    "| before: the release build of this table until 8605c37 (`--no-export-dynamic`, the toolchain's ICU data) | 81.6 | — | — |",
    "| ICU data trimmed to the items camsched opens (`scripts/icu-data.py`, `scripts/icu-items.txt`: 24 of "
    "4,855 items, 2.1 of 34.0 MB) | 49.7 | **31.9** | yes |",
    "| the same build of 17aac0d's newer tree (MQTT TLS and snapshot commands) | 50.0 | — | — |",
    "| `-Xswiftc -Osize` (every Swift module, dependencies too; 17aac0d) | 47.3 | 2.7 | no: `.text` 32.3 → 29.6 MB, "
    "but CPU +4 % for `plan` of a year of sun times, +1 % for a 300-still time-lapse, a motion-watching trigger job "
    "+7 % (median of 5, noisy); cold start unchanged |",
    "| lld `--icf=safe` (identical code folding) | 49.7 | 0.04 | no |",
    "| lld `--icf=all` | 49.0 | 0.7 | no: folds functions whose address is taken, so code comparing function "
    "pointers can change behaviour; not worth 0.7 MB |",
    "| `--gc-sections` (dead stripping) | — | — | already: SwiftPM passes it to every release link |",
    "| unwind tables (`.eh_frame` 6.2 + `.eh_frame_hdr` 1.4) | (42.4) | 7.6 | no: Swift's crash backtracer "
    "(`swift-backtrace`, `unwind=precise`) reads them, libgcc's unwinder needs them for glibc's forced unwinding "
    "(`pthread_exit`, `pthread_cancel`) and any C++ exception, and gdb and perf need them to walk a stripped "
    "binary's frames in C code built without frame pointers |",
    "\nCold start on the host (`echo 3 > /proc/sys/vm/drop_caches` before each `camsched snapshot --device test: "
    "--size 320x180` of the stripped binary, the three taking turns, medians of 5): 81.6 MB 0.638 s, trimmed ICU "
    "(50.0 MB) 0.628 s, and `-Osize` (47.3 MB) 0.625 s: a start reads only the pages it touches, and the ICU data "
    "dropped was never among them.\n",
]

def sections(path):
    out = subprocess.run(["size", "-A", path], capture_output=True, text=True, check=True).stdout
    return {p[0]: int(p[1]) for p in (line.split() for line in out.splitlines()) if len(p) >= 2 and p[1].isdigit()}


def icu_data_bytes(path):
    # The toolchain's icudtNN_dat, or the trimmed package the release build links instead
    # (camsched_icudtNN_dat; icudtNN_dat is then an alias without a size).
    out = subprocess.run(["nm", "-S", "--defined-only", path], capture_output=True, text=True).stdout
    return sum(int(p[1], 16) for p in (line.split() for line in out.splitlines())
               if len(p) == 4 and re.match(r"(camsched_)?icudt\d+_dat$", p[3]))


@host_bench("binary_size")
def binary_size():
    """The release binary, the installed one (`install -s`: stripped) and its parts, beside fswebcam."""
    installed = os.path.join(WORK, "camsched-installed")
    subprocess.run(["strip", "-o", installed, BIN], check=True)
    parts = sections(installed)
    fswebcam = shutil.which("fswebcam")
    libs = []
    if fswebcam:
        ldd = subprocess.run(["ldd", fswebcam], capture_output=True, text=True).stdout
        libs = [m.group(1) for m in re.finditer(r"=> (/\S+)", ldd)]
    return {"release": os.path.getsize(BIN), "installed": os.path.getsize(installed),
            "text": parts.get(".text", 0), "rodata": parts.get(".rodata", 0), "icu": icu_data_bytes(BIN),
            "eh_frame": parts.get(".eh_frame", 0) + parts.get(".eh_frame_hdr", 0),
            "dynsym": parts.get(".dynsym", 0) + parts.get(".dynstr", 0) + parts.get(".gnu.hash", 0),
            "swift_meta": sum(v for k, v in parts.items() if k.startswith("swift5_")),
            "data": parts.get(".data", 0) + parts.get(".data.rel.ro", 0),
            "fswebcam": os.path.getsize(fswebcam) if fswebcam else 0,
            "fswebcam_libs": sum(os.path.getsize(l) for l in libs if os.path.exists(l)), "fswebcam_lib_count": len(libs)}


@report("binary_size", 36)
def binary_size_report(b):
    mb = lambda n: f"{n / 1e6:.1f}"
    rest = b["installed"] - (b["text"] + b["rodata"] + b["eh_frame"] + b["dynsym"] + b["swift_meta"] + b["data"])
    return ["## The installed binary and what makes it (issue 31)\n",
            "`make install` installs the release build stripped (`install -s`). MB are 10⁶ bytes; `size -A` of the stripped "
            "binary, the ICU data is the symbol `camsched_icudt*_dat` inside `.rodata`: the items of "
            "`scripts/icu-items.txt`, not the toolchain's whole package (below).\n",
            "| part | MB |", "|---|---|",
            f"| release build (with debug info) | {mb(b['release'])} |",
            f"| **installed (stripped)** | **{mb(b['installed'])}** |",
            f"| of it: `.rodata` | {mb(b['rodata'])} |",
            f"| of which ICU data (`camsched_icudt*_dat`, trimmed; Foundation's `_FoundationICU` has 34.0) | {mb(b['icu'])} |",
            f"| of it: `.text` (code) | {mb(b['text'])} |",
            f"| of it: `.eh_frame` + header (unwind tables) | {mb(b['eh_frame'])} |",
            f"| of it: `.dynsym` + `.dynstr` + `.gnu.hash` (exported symbols) | {mb(b['dynsym'])} |",
            f"| of it: Swift metadata sections (`swift5_*`) | {mb(b['swift_meta'])} |",
            f"| of it: `.data` + `.data.rel.ro` | {mb(b['data'])} |",
            f"| of it: the rest | {mb(rest)} |",
            f"| fswebcam's binary | {b['fswebcam'] / 1e3:.0f} kB |",
            f"| fswebcam's {b['fswebcam_lib_count']} shared libraries (ldd, shared with other programs) | {mb(b['fswebcam_libs'])} |",
            f"\nInstalled camsched / fswebcam with its libraries: {ratio(b['installed'], b['fswebcam'] + b['fswebcam_libs'])}.\n"] \
        + SIZE_FINDINGS


# MARK: The lean binary: a cold-cache start in the guest

@guest_bench("cold_cache", r'''
# Both read from the host's share (9p): camsched's installed (stripped) binary and fswebcam with
# its libraries, each after `echo 3 > /proc/sys/vm/drop_caches` (the guest's /tmp is memory).
strip -o $OUT/camsched-installed $ROOT/.build/release/camsched
for i in $(seq $RUNS); do
  sync; echo 3 > /proc/sys/vm/drop_caches
  T cold_cache_camsched "$OUT/camsched-installed snapshot --device /dev/video0 --size 640x360 --warmup 0 -o /tmp/cc.jpg --overwrite"
  sync; echo 3 > /proc/sys/vm/drop_caches
  T cold_cache_fswebcam "fswebcam -q -d /dev/video0 -r 640x360 --no-banner /tmp/cf.jpg"
done
python3 Benchmarks/check_still.py /tmp/cc.jpg 640 360 > $OUT/cold_cache.check || echo "FAILED check_still cold_cache" >> $OUT/failures
''')
def cold_cache():
    from bench_guest import guest_times, med
    result = {tool: {"wall": med(guest_times(f"cold_cache_{tool}"), "wall"), "cpu": med(guest_times(f"cold_cache_{tool}"), "cpu")}
              for tool in ["camsched", "fswebcam"]}
    result["check"] = open(os.path.join(GUEST, "cold_cache.check")).read().strip()
    return result


@report("cold_cache", 25)
def cold_cache_report(g):
    c, f = g["camsched"], g["fswebcam"]
    return ["### A still from a cold page cache (640x360; issue 31)\n",
            "`echo 3 > /proc/sys/vm/drop_caches` before each: the installed (stripped) camsched and fswebcam with its "
            f"libraries both read from the host's share (9p). Medians of {RUNS} runs in turns. The still checked: {g.get('check', '?')}.\n",
            "| tool | wall s | CPU s |", "|---|---|---|",
            f"| camsched snapshot | {c['wall']:.2f} | {c['cpu']:.2f} |", f"| fswebcam | {f['wall']:.2f} | {f['cpu']:.2f} |",
            f"\ncamsched / fswebcam, cold: wall {ratio(c['wall'], f['wall'])} (goal ≤ 1.0×), CPU {ratio(c['cpu'], f['cpu'])}."]
