"""What a `trigger` job costs while it idles, against a `record` job."""
import json, os, shutil, statistics
from benchlib import BIN, RUNS, WORK, host_bench, ratio, report, sh, timed

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
