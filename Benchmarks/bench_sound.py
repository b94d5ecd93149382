"""What sound costs a recording (issue 48): the same encoded recording with and without a
microphone (the test camera's test microphone, AAC at 64 kbit/s), in real time."""
import json, os, shutil, statistics
from benchlib import BIN, RUNS, WORK, host_bench, ratio, report, timed


@host_bench("sound")
def sound_costs(seconds=20):
    """Sound (`python3 Benchmarks/bench.py sound`): a 1280x720 30 fps recording from the test
    camera (libx264 veryfast, CRF 23) for `seconds`, with the test microphone's 48 kHz mono
    encoded to AAC beside it and without; runs taken in turn, medians of RUNS."""
    os.makedirs(WORK, exist_ok=True)
    def job(name, audio):
        camera = {"device": "test:?size=1280x720&fps=30" + ("&audio=tone" if audio else ""), "warmup": "0s"}
        if audio:
            camera["audio"] = {"codec": "aac"}
        path = os.path.join(WORK, f"{name}.json")
        with open(path, "w") as f:
            json.dump({"name": name, "camera": camera,
                       "capture": {"record": {"duration": f"{seconds}s", "preset": "veryfast", "quality": 23, "encoder": "libx264"}},
                       "output": {"root": os.path.join(WORK, "out-" + name), "catalog": False}}, f)
        return path
    def cpu(path, name):
        shutil.rmtree(os.path.join(WORK, "out-" + name), ignore_errors=True)
        return timed(f"{BIN} run {path} --no-progress")
    with_sound, without = job("rec-sound", True), job("rec-silent", False)
    runs = [(cpu(with_sound, "rec-sound"), cpu(without, "rec-silent")) for _ in range(RUNS)]
    median = lambda i, key: statistics.median(run[i][key] for run in runs)
    result = {"seconds": seconds, "with_cpu_s": median(0, "cpu"), "without_cpu_s": median(1, "cpu"),
              "with_rss_kib": median(0, "rss"), "without_rss_kib": median(1, "rss")}
    print(json.dumps(result, indent=2))
    return result


@report("sound", 57)
def sound_report(s):
    return ["## Sound beside a recording (host)\n",
            f"A {s['seconds']} s 1280x720 30 fps recording of the test camera (libx264 veryfast, CRF 23) in real time, "
            f"with the test microphone's 48 kHz mono encoded to AAC beside it and without; medians of {RUNS} runs taken in turn.\n",
            "| what | result |", "|---|---|",
            f"| CPU with sound vs without | {s['with_cpu_s']:.2f} vs {s['without_cpu_s']:.2f} CPU s "
            f"({ratio(s['with_cpu_s'], s['without_cpu_s'])}; goal ≤ 1.05) |",
            f"| peak RSS with sound vs without | {s['with_rss_kib'] / 1024:.0f} vs {s['without_rss_kib'] / 1024:.0f} MiB |"]
