"""Stream copy (issue 28): recording a camera's own compressed stream (`codec: "copy"`) against the
ffmpeg CLI's `-c copy` and against camsched's own decode + x264 path, from the same source.

There is no MJPEG V4L2 device on the benchmark machine, so the source is the real RTSP server of
the tests (GStreamer's, `scripts/rtsp-test-server.py`, on loopback), started here for each case:
its MJPEG stream at 1920x1080 30 fps, its H.264 stream at 1280x720 30 fps. Every process reads the
same live stream for the same real time (BENCH_COPY_SECONDS, 60 s: a recording's cost, with the
fixed start diluted as in a long recording) into 10 s segments; the server's own CPU is not
counted (it is another process). CPU is user + system of the whole process (GNU time).

Bytes written (issue 45): the files go to a loop-mounted ext4 image (bench_writes.Image); the loop
device's sectors written from the start of a run to a `sync` after it, per recorded minute —
what an SD card would take, journal and metadata included."""
import json, os, shutil, subprocess
from benchlib import BIN, ENV, ROOT, RUNS, WORK, alternating, host_bench, ratio, report, timed
from bench_writes import Image

SECONDS = int(os.environ.get("BENCH_COPY_SECONDS", "60"))
SEGMENT = 10


class RTSPServer:
    """scripts/rtsp-test-server.py on a free port, until `stop()`."""
    def __init__(self, size, fps=30):
        self.process = subprocess.Popen(["/usr/bin/python3", os.path.join(ROOT, "scripts/rtsp-test-server.py"), "--port", "0",
                                         "--size", size, "--fps", str(fps)], stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("listening"):
            self.stop()
            raise RuntimeError(f"the RTSP test server did not start: {line!r}")
        self.port = int(line.split()[1])

    def url(self, path):
        return f"rtsp://127.0.0.1:{self.port}/{path}"

    def stop(self):
        self.process.terminate()
        self.process.wait()


def frames_in(folder):
    """Video packets in every MP4 under `folder` (ffprobe, outside the timed run)."""
    total, files = 0, 0
    for dirpath, _, names in os.walk(folder):
        for name in sorted(n for n in names if n.endswith(".mp4")):
            out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                                  "stream=nb_read_packets", "-of", "csv=p=0", os.path.join(dirpath, name)],
                                 capture_output=True, text=True)
            total += int(out.stdout.strip() or 0)
            files += 1
    return total, files


def measured_writes(image, out, command):
    """Runs `command` (timed) writing under `out` on `image`, then `sync`: the timing, with the
    bytes the device took per recorded minute (`mb_per_minute`)."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    subprocess.run(["sync"], check=True)
    before = image.sectors()
    r = timed(command)
    subprocess.run(["sync"], check=True)
    r["mb_per_minute"] = (image.sectors() - before) * 512 / 1e6 * 60 / SECONDS
    r["frames"], r["files"] = frames_in(out)
    return r


def camsched_case(name, url, record, image):
    """`camsched run` of a SECONDS recording of `url` in SEGMENT s files (no sidecar or catalog,
    as the other recording benchmarks; the files are still hashed, as every recording's)."""
    job = os.path.join(WORK, f"{name}.json")
    out = os.path.join(image.mount, f"out-{name}")
    with open(job, "w") as f:
        json.dump({"name": name, "camera": {"device": url},
                   "capture": {"record": dict({"duration": f"{SECONDS}s", "segment": f"{SEGMENT}s"}, **record)},
                   "output": {"root": out, "path": "{job}/{seq}", "catalog": False, "sidecar": False}}, f)
    return lambda: measured_writes(image, out, f"{BIN} run {job} --no-progress")


def ffmpeg_case(name, url, image):
    """`ffmpeg -rtsp_transport tcp -i URL -t SECONDS -c copy -f segment -segment_time SEGMENT`."""
    out = os.path.join(image.mount, f"out-{name}")
    return lambda: measured_writes(image, out, f"ffmpeg -v error -rtsp_transport tcp -i {url} -t {SECONDS} -c copy -f segment "
                                               f"-segment_time {SEGMENT} -reset_timestamps 1 {out}/%03d.mp4")


@host_bench("copy")
def copy():
    """The three comparisons: MJPEG 1080p30 copy vs ffmpeg -c copy and vs decode + x264 (taking
    turns in one rotation), then RTSP H.264 720p30 copy vs ffmpeg's segment muxer."""
    os.makedirs(WORK, exist_ok=True)
    result = {"seconds": SECONDS, "segment": SEGMENT}
    image = Image(size=2 << 30)
    server = RTSPServer("1920x1080")
    try:
        url = server.url("mjpeg")
        result["mjpeg"] = alternating({"copy": camsched_case("copy-mjpeg", url, {"codec": "copy"}, image),
                                       "ffmpeg": ffmpeg_case("ff-mjpeg", url, image),
                                       "encode": camsched_case("enc-mjpeg", url, {"codec": "h264", "encoder": "libx264"}, image)})
        server.stop()
        server = RTSPServer("1280x720")
        url = server.url("h264")
        result["h264"] = alternating({"copy": camsched_case("copy-h264", url, {"codec": "copy"}, image),
                                      "ffmpeg": ffmpeg_case("ff-h264", url, image)})
    finally:
        server.stop()
        image.close()
    print(json.dumps(result, indent=2))
    return result


@report("copy", 15)
def copy_report(c):
    m, h = c["mjpeg"], c["h264"]
    L = ["## Stream copy: the camera's own stream filed as it came (issue 28)\n",
         f"The real RTSP server of the tests (GStreamer's, `scripts/rtsp-test-server.py`, on loopback; there is no MJPEG "
         f"V4L2 device here) serves a moving picture; each process records {c['seconds']} s of it in {c['segment']} s MP4 "
         "segments: `camsched run` with `record.codec` `copy` (or `h264`, libx264 at the job defaults: the MJPEG "
         "decoded and encoded again), no sidecar or catalog (the files are still hashed), and "
         f"`ffmpeg -rtsp_transport tcp -i URL -t {c['seconds']} -c copy -f segment -segment_time {c['segment']} "
         "-reset_timestamps 1 %03d.mp4`. CPU is user + system of the whole process (start-up included); the server's "
         f"is not counted. Medians of {RUNS} rounds, the commands taking turns.\n",
         "Bytes written: the files go to a loop-mounted ext4 image; the loop device's sectors written from the start "
         "of a run to a `sync` after it, per recorded minute (journal and metadata included).\n",
         "| source | command | CPU s | peak RSS MiB | frames | files | MB written per minute | CPU vs copy |",
         "|---|---|---|---|---|---|---|---|"]
    for label, group, names in [("MJPEG 1920x1080 30 fps", m, [("copy", "camsched, codec copy"), ("ffmpeg", "ffmpeg -c copy -f segment"),
                                                               ("encode", "camsched, decode + x264")]),
                                ("H.264 1280x720 30 fps", h, [("copy", "camsched, codec copy"), ("ffmpeg", "ffmpeg -c copy -f segment")])]:
        for key, name in names:
            r = group[key]
            written = f"{r['mb_per_minute']:.1f}" if "mb_per_minute" in r else "—"
            L.append(f"| {label} | {name} | {r['cpu']:.2f} | {r['rss'] / 1024:.1f} | {r['frames']:.0f} | {r['files']:.0f} | "
                     f"{written} | {ratio(r['cpu'], group['copy']['cpu'])} |")
    L += ["", f"Ratios (goals in the table at the top): MJPEG copy / ffmpeg {ratio(m['copy']['cpu'], m['ffmpeg']['cpu'])}, "
              f"MJPEG copy / decode + x264 {ratio(m['copy']['cpu'], m['encode']['cpu'])}, "
              f"H.264 copy / ffmpeg {ratio(h['copy']['cpu'], h['ffmpeg']['cpu'])}; bytes written per minute, "
              f"MJPEG copy / ffmpeg {ratio(m['copy'].get('mb_per_minute', 0), m['ffmpeg'].get('mb_per_minute', 1))}, "
              f"H.264 copy / ffmpeg {ratio(h['copy'].get('mb_per_minute', 0), h['ffmpeg'].get('mb_per_minute', 1))}."]
    return L
