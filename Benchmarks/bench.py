#!/usr/bin/env python3
"""camsched benchmarks: `make bench` runs them all and writes Documentation/performance.md.

Every figure is measured side by side with the tool a user would pick instead (the ffmpeg CLI,
fswebcam) in the same run, on the same machine, and reported raw and as a ratio. Timings on
shared 2-core machines vary: the tools take turns (camsched, peer, camsched, peer, …) so that a
burst of load hits both, and the median of RUNS runs is reported.

The benchmarks live in modules of one concern each, registered with the decorators of
benchlib.py: bench_host.py (recording against the ffmpeg CLI, interval timing, soaks),
bench_copy.py (stream copy against the ffmpeg CLI and the encoding path),
bench_guest.py (the vivid guest's cases), bench_libcamera.py (a libcamera camera, vimc, in the guest), bench_live.py (the status server), bench_fleet.py and
bench_trigger.py, bench_sound.py (what a microphone costs a recording), bench_dayramp.py (the exposure ramp over a day), bench_cron.py (the cron path and the binary), bench_writes.py (bytes written per time-lapse still), bench_meter.py (metering an MJPEG still). This file runs them and writes the report, the goals and the ratio history.

Adding a benchmark is one block in one of them: a function decorated with `@host_bench(key)`
(runs on the host, returns a JSON-able result) or a `guest_bench(key, SCRIPT)` shell fragment
with its parser (runs in the vivid guest), and a `@report(key, order)` function that returns its
Markdown lines. A target with a ratio goes in `goals()`, which feeds the targets table and the
ratio history. `bench.py KEY` runs one host benchmark alone and prints its section, `bench.py guest` the guest's
cases (with BENCH_BEFORE=FILE, a second camsched in the cold-still and time-lapse cases);
`bench.py --report-only` writes performance.md again from the last run's figures.
"""
import json, os, platform, re, subprocess, sys, time
from benchlib import BIN, HISTORY, HOST_BENCHES, REPORTS, ROOT, RUNS, WORK
# Imported for their registrations, in the order the host benchmarks run.
import bench_host, bench_copy, bench_guest, bench_libcamera, bench_live, bench_fleet, bench_trigger, bench_sound, bench_dayramp, bench_cron, bench_writes, bench_meter  # noqa: F401
from bench_guest import REC_SIZES, run_guest


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
             get(lambda: g["timelapse"]["camsched"]["per_shot"] / g["timelapse"]["fswebcam_loop"]["per_shot"])),
            # Issue 46: a libcamera camera (vimc) against libcamera's own cam.
            ("lc_cold_still", "cold still wall time, libcamera: vs cam --capture=1 (guest, vimc)", 0.8,
             get(lambda: g["libcamera"]["camsched"]["wall"] / g["libcamera"]["cam"]["wall"])),
            ("lc_timelapse_shot", "time-lapse CPU per shot, libcamera: vs a loop of cam (guest, vimc)", 0.7,
             get(lambda: g["libcamera"]["timelapse"]["per_shot"] / g["libcamera"]["cam_each"]["per_shot"]))]
    for size in REC_SIZES:
        rows.append((f"rec_host_{size}", f"recording CPU vs ffmpeg CLI, host {size}", 0.95,
                     get(lambda: r["rec_host"][size]["camsched"]["cpu"] / r["rec_host"][size]["ffmpeg"]["cpu"])))
    for size in REC_SIZES:
        rows.append((f"rec_guest_{size}", f"recording CPU vs ffmpeg CLI, guest {size}", 0.95,
                     get(lambda: g["rec_guest"][f"camsched_{size}"]["cpu"] / g["rec_guest"][f"ffmpeg_{size}"]["cpu"])))
    c = r.get("copy") or {}
    rows += [("copy_mjpeg", "MJPEG 1080p30 copy CPU vs ffmpeg -c copy (RTSP source, 60 s)", 1.1,
              get(lambda: c["mjpeg"]["copy"]["cpu"] / c["mjpeg"]["ffmpeg"]["cpu"])),
             ("copy_vs_encode", "MJPEG 1080p30 copy CPU vs decode + x264, same source", 0.05,
              get(lambda: c["mjpeg"]["copy"]["cpu"] / c["mjpeg"]["encode"]["cpu"])),
             ("copy_rtsp_h264", "RTSP H.264 720p30 copy in segments vs ffmpeg -f segment", 1.1,
              get(lambda: c["h264"]["copy"]["cpu"] / c["h264"]["ffmpeg"]["cpu"])),
             # Issue 45: each byte written once.
             ("copy_mjpeg_bytes", "MJPEG 1080p30 copy: bytes written per recorded minute vs ffmpeg -c copy -f segment", 1.05,
              get(lambda: c["mjpeg"]["copy"]["mb_per_minute"] / c["mjpeg"]["ffmpeg"]["mb_per_minute"])),
             ("copy_h264_bytes", "RTSP H.264 720p30 copy: bytes written per recorded minute vs ffmpeg -c copy -f segment", 1.05,
              get(lambda: c["h264"]["copy"]["mb_per_minute"] / c["h264"]["ffmpeg"]["mb_per_minute"]))]
    # Issue 48: sound beside an encoded recording.
    s = r.get("sound") or {}
    rows += [("sound_cpu", "encoded 720p30 recording with the test microphone (AAC) vs without, CPU", 1.05,
              get(lambda: s["with_cpu_s"] / s["without_cpu_s"]))]
    # Issue 31: the cron path and the lean binary.
    rows += [("cron_guest", "one-shot run (catalog there) wall vs fswebcam (guest)", 0.6,
              get(lambda: g["cold_still"]["camsched_cron"]["wall"] / g["cold_still"]["fswebcam"]["wall"])),
             ("cron_host", "one-shot run vs snapshot wall (host, test camera, MJPG)", 2.0, get(lambda: r["cron_host"]["MJPG"]["ratios"])),
             ("binary_size", "installed binary size vs 20 MB", 1.0, get(lambda: r["binary_size"]["installed"] / 20e6)),
             ("cold_cache", "cold-cache snapshot wall vs fswebcam (guest)", 1.0,
              get(lambda: g["cold_cache"]["camsched"]["wall"] / g["cold_cache"]["fswebcam"]["wall"])),
             ("writes_1080p", "bytes written per 1080p still beyond the JPEG vs 24 KiB (loop-mounted ext4)", 1.0,
              get(lambda: r["writes"]["1920x1080"]["full"]["overhead"] / (24 * 1024)))]
    # Issue 45, item 3: a still in one journal commit, at a time-lapse's usual intervals.
    for every in ("1", "10"):
        case = f"full, a still every {every} s (steady state)"
        rows += [(f"writes_1080p_{every}s", f"bytes written per 1080p still beyond the JPEG vs 48 KiB, a still every {every} s", 1.0,
                  get(lambda case=case: r["writes"]["1920x1080"][case]["overhead"] / (48 * 1024))),
                 (f"commits_1080p_{every}s", f"ext4 journal commits per 1080p still vs 1, a still every {every} s", 1.0,
                  get(lambda case=case: r["writes"]["1920x1080"][case]["commits"]))]
    return rows


# The benchmark (a BENCH_ONLY key) each goal's ratio comes from.
def goal_source(key):
    if key in ("cron_host", "binary_size"):
        return key
    if key == "sound_cpu":
        return "sound"
        return key
    if key.startswith(("writes_1080p", "commits_1080p")):
        return "writes"
    return "rec_host" if key.startswith("rec_host") else "copy" if key.startswith("copy") else "guest"


def current_commit():
    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()


def history_entry(r, only=()):
    """This run's ratios; with BENCH_ONLY, only those it measured (guest, rec_host), not the figures
    kept from the previous run."""
    def measured(key):
        return not only or goal_source(key) in only
    note = f"make bench, medians of {RUNS}" + (f"; BENCH_ONLY={','.join(sorted(only))}" if only else "")
    return {"date": time.strftime("%Y-%m-%d"), "commit": current_commit(), "note": note,
            "ratios": {key: round(value, 2) for key, _, _, value in goals(r) if value is not None and measured(key)}}


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
        results["commit"] = current_commit()
    else:
        results["remeasured"] = results.get("remeasured", {}) | {key: current_commit() for key in only}
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(results, f)
    history = json.load(open(HISTORY))
    if not only or os.environ.get("BENCH_HISTORY") == "1":
        history.append(history_entry(results, only))
        with open(HISTORY, "w") as f:
            json.dump(history, f, indent=1)
    write_report(results, history)


def report_only():
    """Writes performance.md again from the last run's figures (after editing findings.md)."""
    with open(os.path.join(WORK, "results.json")) as f:
        write_report(json.load(f), json.load(open(HISTORY)))


def remeasured_line(r):
    """The header's note on figures measured again alone (BENCH_ONLY) after the whole suite's run."""
    if not r.get("remeasured"):
        return ""
    again = ", ".join(f"{key} (at {commit})" for key, commit in sorted(r["remeasured"].items()))
    return f"\n- Measured again later, alone (BENCH_ONLY): {again}; every other figure is from the whole suite's run."


def write_report(r, history):
    host = r["host"]
    L = ["# Performance\n",
         "Measured by `make bench` (Benchmarks/bench.py), which writes this file. Every camsched figure is "
         "measured in the same run as the tool a user would pick instead, the two taking turns, and is reported raw "
         f"and as a ratio camsched / peer (below 1 is better for camsched). Medians of {RUNS} runs unless said otherwise. "
         "These are shared 2-core machines: compare ratios, not absolute times.\n",
         f"- Machine: {host['model']}, {host['cores']} cores, Linux {host['kernel']}\n- {host['camsched']} (release build); {host['ffmpeg']}\n"
         f"- The whole suite took {r.get('elapsed', 0) / 60:.1f} minutes" + (f", at commit {r['commit']}" if r.get("commit") else "")
         + "." + remeasured_line(r) + "\n",
         "Running it: `make bench` (a release build, then everything: about 50 minutes). Knobs, all environment "
         "variables: `BENCH_RUNS` (alternating runs per figure, 5), `BENCH_ONLY=key,…` (measure those again — a host "
         "benchmark's key or `guest` — and keep the other figures; `BENCH_HISTORY=1` adds a history row), "
         "`BENCH_GUEST=0` (no guest), `BENCH_GUEST_ONLY=cold_still,…`, `BENCH_BIN` (another binary), `BENCH_TIMING_SHOTS`, "
         "`BENCH_SOAK_HOURS`, `BENCH_SOAK_REC_HOURS`, `BENCH_SOAK_STATUS_SECONDS`, `BENCH_COPY_SECONDS` (the stream-copy recordings, 60), `BENCH_WRITES_SHOTS` (stills per bytes-written case, 100), `BENCH_WRITES_ALL=1` (every bytes-written case at both sizes), `BENCH_METER_STILLS` (stills per metering round, 200), `BENCH_LIVE_RUNS`, `BENCH_FLEET_SHOTS`. "
         "`python3 Benchmarks/bench.py KEY` prints one host benchmark without writing this file; `bench.py guest` the guest's "
         "cases, with `BENCH_BEFORE=FILE` (a binary under the repository) taking turns in the cold-still and time-lapse "
         "cases to measure a change against its base; `bench.py --report-only` rewrites this file from the last figures.\n"]
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


def guest_only():
    """`bench.py guest`: the vivid guest's cases alone, printed (performance.md is not rewritten).
    With BENCH_BEFORE=FILE (under the repository), that camsched takes turns in the cold-still and
    time-lapse cases: a change measured against its base in one run."""
    os.makedirs(WORK, exist_ok=True)
    print("\n".join(dict((k, f) for _, k, f in REPORTS)["guest"](run_guest())))


if __name__ == "__main__":
    if sys.argv[1:2] and sys.argv[1] in dict(HOST_BENCHES):
        only(sys.argv[1])
    elif sys.argv[1:2] == ["guest"]:
        guest_only()
    else:
        report_only() if "--report-only" in sys.argv else main()
