"""Guest benchmarks of a libcamera camera (issue 46): vimc, libcamera's virtual camera (built by
scripts/build-vimc.sh), through Debian's libcamera 0.0.3, against libcamera's own `cam` and
`libcamerify fswebcam` (the V4L2 compatibility layer, package libcamera-v4l2)."""
import json, os, statistics
from benchlib import GUEST, RUNS, guest_bench, ratio, report
from bench_guest import guest_times, med

LC_SHOTS = 10
# vimc takes widths that are multiples of 3 as asked.
LC_SIZE = (960, 540)


@guest_bench("libcamera", r'''
# vimc: the stock modules it needs, then the module built for this kernel.
for m in mc videodev videobuf2-common videobuf2-v4l2 videobuf2-vmalloc videobuf2-dma-contig v4l2-tpg; do modprobe $m; done
[ -d /sys/module/vimc ] || insmod .cache/vimc/vimc.ko
udevadm settle 2>/dev/null || true
# camsched's libcamera module beside the copied binary, where an installed one is looked for.
cp .build/release/libcamsched-libcamera.so /tmp/libcamsched-libcamera.so
# The node libcamerify's fswebcam opens: vimc's scaler output, the end of the camera's pipeline.
LCNODE=$(for n in /sys/class/video4linux/video*; do grep -q "RGB/YUV Capture" $n/name && echo /dev/$(basename $n); done | head -n1)
LCW=960; LCH=540; LCSHOTS=10
for i in $(seq $RUNS); do
  T lc_cold_camsched "$BIN snapshot --device libcamera: --size ${LCW}x$LCH --warmup 0 -o /tmp/lc.jpg --overwrite"
  T lc_cold_cam "cam -c 1 --capture=1 --file=/tmp/lccam.bin -s width=$LCW,height=$LCH"
  T lc_cold_libcamerify "libcamerify fswebcam -q -d $LCNODE -r ${LCW}x$LCH --no-banner /tmp/lcf.jpg"
done
python3 Benchmarks/check_still.py /tmp/lc.jpg $LCW $LCH > $OUT/lc_cold.check || echo "FAILED check_still libcamera" >> $OUT/failures
ls -l /tmp/lccam.bin | awk '{print $5}' > $OUT/lc_cam.bytes || echo "FAILED cam wrote nothing" >> $OUT/failures
ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0 /tmp/lcf.jpg > $OUT/lc_libcamerify.size 2>&1 || echo "FAILED libcamerify fswebcam wrote no JPEG" >> $OUT/failures
cat > /tmp/lctl.json <<JOB
{"name": "lctl", "camera": {"device": "libcamera:", "size": "${LCW}x$LCH", "fps": 30, "warmup": "0s"},
 "capture": {"interval": {"every": "1s", "count": $((LCSHOTS + 2))}}, "output": {"root": "/tmp/lctl", "path": "{seq}"}}
JOB
for i in $(seq $RUNS); do
  rm -rf /tmp/lctl
  python3 Benchmarks/cpu_per_shot.py /tmp/lctl $LCSHOTS -- $BIN run /tmp/lctl.json --no-progress >> $OUT/lc_tl_camsched.json || echo "FAILED lc_tl_camsched" >> $OUT/failures
done
# The same loop with libcamera's own tool: a cold `cam` per shot, a shot a second.
T lc_tl_cam_each "for i in \$(seq 5); do cam -c 1 --capture=1 --file=/tmp/lce.bin -s width=$LCW,height=$LCH; sleep 1; done"
''')
def libcamera():
    rows = [json.loads(line) for line in open(os.path.join(GUEST, "lc_tl_camsched.json")) if line.startswith("{")]
    rows = [row for row in rows if "per_shot" in row]
    result = {tool: {"wall": med(guest_times(f"lc_cold_{tool}"), "wall"), "cpu": med(guest_times(f"lc_cold_{tool}"), "cpu"),
                     "runs": len(guest_times(f"lc_cold_{tool}"))}
              for tool in ["camsched", "cam", "libcamerify"] if os.path.exists(os.path.join(GUEST, f"lc_cold_{tool}.times"))}
    result["check"] = open(os.path.join(GUEST, "lc_cold.check")).read().strip()
    result["cam_bytes"] = int(open(os.path.join(GUEST, "lc_cam.bytes")).read().strip() or 0)
    result["libcamerify_size"] = open(os.path.join(GUEST, "lc_libcamerify.size")).read().strip()
    if rows:
        result["timelapse"] = {key: statistics.median(row[key] for row in rows) for key in ["per_shot", "startup", "wall_per_shot"]}
        result["timelapse"]["runs"] = len(rows)
    each = guest_times("lc_tl_cam_each")
    if each:
        result["cam_each"] = {"per_shot": each[0]["cpu"] / 5, "wall_per_shot": each[0]["wall"] / 5}
    return result


@report("libcamera", 25)
def libcamera_report(g):
    width, height = LC_SIZE
    L = [f"### A libcamera camera: vimc through libcamera 0.0.3 ({width}x{height})\n",
         f"Medians of {RUNS} runs, the tools taking turns. `camsched snapshot --device libcamera: --size {width}x{height} --warmup 0` "
         f"(a JPEG with EXIF; checked: {g.get('check', '?')}); libcamera's `cam -c 1 --capture=1 --file=F -s width={width},height={height}` "
         f"(the raw BGR888 frame, {g.get('cam_bytes', '?')} bytes, no encoding); `libcamerify fswebcam -d NODE -r {width}x{height} --no-banner` "
         f"(fswebcam on libcamera's V4L2 compatibility layer; its JPEG: {g.get('libcamerify_size') or '?'}).\n",
         "| tool | wall s | CPU s | camsched's wall / this tool's | camsched's CPU / this tool's |", "|---|---|---|---|---|"]
    labels = {"camsched": "camsched snapshot libcamera:", "cam": "cam --capture=1", "libcamerify": "libcamerify fswebcam"}
    cs = g.get("camsched")
    for tool in [t for t in labels if t in g]:
        t = g[tool]
        L.append(f"| {labels[tool]} | {t['wall']:.2f} | {t['cpu']:.2f} | {ratio(cs['wall'], t['wall']) if cs else '—'} | "
                 f"{ratio(cs['cpu'], t['cpu']) if cs else '—'} |")
    if "timelapse" in g and "cam_each" in g:
        tl, each = g["timelapse"], g["cam_each"]
        L += ["", f"A time-lapse, CPU per shot once running (`Benchmarks/cpu_per_shot.py`, {LC_SHOTS} shots at 1 s, medians of "
              f"{tl['runs']} runs) against the same loop with `cam`: a shell loop calling `cam --capture=1` once a second, 5 shots "
              "(libcamera has no time-lapse mode of its own).\n",
              "| tool | CPU per shot ms | start-up CPU s | wall per shot s |", "|---|---|---|---|",
              f"| camsched interval job on libcamera: | {tl['per_shot'] * 1000:.0f} | {tl['startup']:.2f} | {tl['wall_per_shot']:.2f} |",
              f"| shell loop calling cam | {each['per_shot'] * 1000:.0f} | — | {each['wall_per_shot']:.2f} |",
              f"\ncamsched's CPU per shot / the cam loop's: {ratio(tl['per_shot'], each['per_shot'])}."]
    return L
