"""A day to night on the test camera's day scene: the exposure ramp against the camera's own
auto exposure, shot by shot (issue 29)."""
import json, math, os, shutil, subprocess
from benchlib import BIN, WORK, host_bench, report

TARGET = 0.45
SHOTS = 300
# The equinox in Berlin from 16:00 UTC (sun 11° high) to 18:30 (11° below the horizon), 300 shots a
# camera second apart at 30x: what DayRampTests runs.
SCENE = ("test:?size=640x360&fps=10&pace=fast&scene=day&start=2026-03-21T16:00:00Z&timeScale=30"
         "&latitude=52.52&longitude=13.40")
RAMP = {"mode": "ramp", "target": TARGET, "maxExposure": "1s", "maxGain": 16, "maxStep": "0.3EV"}


def flicker(series, window=15):
    """FlickerMetric's definition (Sources/CamschedMedia/Motion/FlickerMetric.swift): RMS of each
    shot's brightness over the centred moving average of 15 shots, less one; the window shrinks
    evenly at the ends; the first and last shots are not counted."""
    squares = []
    for i in range(1, len(series) - 1):
        half = min(window // 2, i, len(series) - 1 - i)
        average = sum(series[i - half:i + half + 1]) / (2 * half + 1)
        if average > 0:
            squares.append((series[i] / average - 1) ** 2)
    return math.sqrt(sum(squares) / len(squares)) if squares else 0.0


def filed_shots(root):
    """Each still's (seq, path, sidecar) in shot order, and its mean brightness 0-1 decoded by the
    ffmpeg CLI (the JPEGs are full range: Y / 255)."""
    shots = []
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".jpg.json"):
                with open(os.path.join(folder, name)) as f:
                    sidecar = json.load(f)
                if sidecar.get("kind") == "still":
                    shots.append((sidecar["seq"], os.path.join(folder, name[:-5]), sidecar))
    shots.sort(key=lambda shot: shot[0])
    listing = os.path.join(root, "concat.txt")
    with open(listing, "w") as f:
        f.writelines(f"file '{os.path.abspath(path)}'\n" for _, path, _ in shots)
    raw = subprocess.run(["ffmpeg", "-v", "error", "-f", "concat", "-safe", "0", "-i", listing, "-f", "rawvideo",
                          "-pix_fmt", "gray", "-"], capture_output=True, check=True).stdout
    size = len(raw) // max(len(shots), 1)
    return shots, [sum(raw[i * size:(i + 1) * size]) / size / 255 for i in range(len(shots))]


def measure(name, exposure):
    """Runs the day with `exposure` and returns its figures: a shot is out of reach when the
    ramp (or the camera) is at its longest exposure and highest gain and still below the
    target — darker than the emulated sensor can answer."""
    root = os.path.join(WORK, "out-" + name)
    shutil.rmtree(root, ignore_errors=True)
    path = os.path.join(WORK, name + ".json")
    with open(path, "w") as f:
        json.dump({"name": name, "camera": {"device": SCENE, "warmup": "0s", "exposure": exposure},
                   "location": {"latitude": 52.52, "longitude": 13.40},
                   "capture": {"interval": {"every": "1s", "count": SHOTS, "keepOpen": True}},
                   "output": {"root": root, "path": "{job}/{seq}", "catalog": False}}, f)
    subprocess.run([BIN, "run", path, "--no-progress"], check=True, capture_output=True)
    shots, brightness = filed_shots(root)
    at_limit = [s[2].get("controls", {}).get("exposure_time_absolute") == 10000 and s[2].get("controls", {}).get("gain") == 1600
                for s in shots]
    reach = [b for b, limit in zip(brightness, at_limit) if not (limit and b < TARGET)]
    within = sum(1 for b in reach if abs(b / TARGET - 1) <= 0.10)
    return {"shots": len(shots), "in_reach": len(reach), "within_10": within,
            "within_share": within / max(len(reach), 1), "flicker_in_reach": flicker(reach),
            "flicker_all": flicker(brightness)}


def video_flicker(stills, deflicker):
    """The flicker of the video `camsched assemble` makes of a run's stills, decoded by the
    ffmpeg CLI as full-range grey (ffmpeg expands the limited range on the way), Y / 255."""
    video = stills.rstrip("/") + ("-deflickered.mp4" if deflicker else ".mp4")
    if os.path.exists(video):
        os.remove(video)
    subprocess.run([BIN, "assemble", stills, "-o", video] + (["--deflicker"] if deflicker else []),
                   check=True, capture_output=True)
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                            "-of", "csv=p=0", video], capture_output=True, text=True, check=True).stdout.strip().split(",")
    size = int(probe[0]) * int(probe[1])
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", video, "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                         capture_output=True, check=True).stdout
    return flicker([sum(raw[i:i + size]) / size / 255 for i in range(0, len(raw) - size + 1, size)])


@host_bench("dayramp")
def day_ramp():
    """Exposure ramp vs the camera's auto exposure (`python3 Benchmarks/bench.py dayramp`): an
    accelerated afternoon to night (300 shots) on the test camera's day scene, once with
    `"mode": "ramp"` and once with the emulated webcam auto exposure; brightness decoded from the
    filed JPEGs."""
    os.makedirs(WORK, exist_ok=True)
    result = {"ramp": measure("day-ramp", RAMP), "auto": measure("day-auto", "continuous")}
    stills = os.path.join(WORK, "out-day-auto", "day-auto")
    result["auto_video"] = {"flicker": video_flicker(stills, False), "deflickered": video_flicker(stills, True)}
    print(json.dumps(result, indent=2))
    return result


@report("dayramp", 57)
def day_ramp_report(r):
    def row(label, m):
        return (f"| {label} | {m['within_10']} of {m['in_reach']} ({m['within_share'] * 100:.1f} %) | "
                f"{m['flicker_in_reach'] * 100:.2f} % | {m['flicker_all'] * 100:.2f} % |")
    return ["## Day to night: exposure ramp vs the camera's auto exposure (host)\n",
            f"{SHOTS} shots from afternoon to night (Berlin, 21 March from 16:00 UTC, the test camera's day scene at 30x, 640x360), "
            f"target brightness {TARGET}, brightness decoded from each filed JPEG. In reach: every shot but those where the "
            "exposure time (1 s) and gain (16x) are both at their limit and the picture is still too dark. Flicker: RMS of "
            "each shot's brightness over the moving average of 15 shots, less one (goals: ±10 % in ≥ 95 % of the shots in "
            "reach, flicker ≤ 1 %).\n",
            "| exposure | within ±10 % of the target | flicker (in reach) | flicker (all shots) |", "|---|---|---|---|",
            row("`\"mode\": \"ramp\"` (max step 0.3 EV)", r["ramp"]),
            row("the camera's own auto exposure (`continuous`)", r["auto"]),
            "",
            f"The auto-exposure run's stills assembled into a video (`camsched assemble`) flicker "
            f"{r['auto_video']['flicker'] * 100:.2f} % (all frames, decoded); with `--deflicker` "
            f"{r['auto_video']['deflickered'] * 100:.2f} % (goal: at most half)."]
