"""What metering an MJPEG still costs (issue 45, item 4): the exposure ramp and a still's
`light.brightness` read a camera's JPEG through the shim's `cs_jpeg_levels_of`, a full decode
against the 1/8-scale one camsched uses."""
import json, os, shutil, statistics
from benchlib import ROOT, RUNS, WORK, host_bench, report, sh

STILLS = int(os.environ.get("BENCH_METER_STILLS", "200"))
# (name, scale denominator, chroma): the full decode the meter made before issue 45 (Y, Cb and
# Cr of every pixel), and the two it makes now (a white-balance ramp's, with chroma; the
# exposure ramp's and light.brightness's, luma alone).
CASES = [("full", 1, 1), ("eighth_chroma", 8, 1), ("eighth_luma", 8, 0)]
PICTURES = [("testsrc2 4:2:2 (as UVC cameras send)", "testsrc2=s=1920x1080", "yuvj422p"),
            ("testsrc2 4:2:0", "testsrc2=s=1920x1080", "yuvj420p"),
            ("testsrc2 with noise (a night shot at high gain), 4:2:2", "testsrc2=s=1920x1080,noise=alls=12:allf=t", "yuvj422p")]


def harness():
    """Benchmarks/meter_cost.c built against the shim's own source, as the release build
    compiles it (-O2); clang reads the header's nullability annotations."""
    out = os.path.join(WORK, "meter_cost")
    compiler = shutil.which("clang") or "cc"
    shim = os.path.join(ROOT, "Sources/CJPEGShim")
    sh(f"{compiler} -O2 -I {shim}/include {ROOT}/Benchmarks/meter_cost.c {shim}/CJPEGDecode.c -ljpeg -o {out}")
    return out


@host_bench("meter")
def meter():
    """CPU per 1920x1080 MJPEG still metered (`python3 Benchmarks/bench.py meter`): each case
    decodes the same still STILLS times in one process (CPU time of the loop alone), the cases
    taking turns, the median of RUNS rounds."""
    os.makedirs(WORK, exist_ok=True)
    program = harness()
    result = {"stills": STILLS}
    for label, source, pixel_format in PICTURES:
        still = os.path.join(WORK, f"meter-{len(result)}.jpg")
        sh(f"ffmpeg -v error -y -f lavfi -i {source} -frames:v 1 -pix_fmt {pixel_format} -q:v 3 {still}")
        rounds = {name: [] for name, _, _ in CASES}
        for _ in range(RUNS):
            for name, scale, chroma in CASES:
                rounds[name].append(json.loads(sh(f"{program} {still} {scale} {chroma} {STILLS}").stdout))
        result[label] = {"bytes": os.path.getsize(still)} | {
            name: rows[0] | {"ms_per_still": statistics.median(r["ms_per_still"] for r in rows)} for name, rows in rounds.items()}
    print(json.dumps(result, indent=2))
    return result


@report("meter", 38)
def meter_report(m):
    L = ["## No full decode to meter an MJPEG still (issue 45, item 4)\n",
         "The exposure ramp meters a frame before each shot and every still's sidecar has its `light.brightness`; a "
         "camera's MJPEG frame is read for them by libjpeg-turbo (`cs_jpeg_levels_of`). Before, every pixel was decoded "
         "(Y, Cb and Cr); now only each 8x8 block's mean (libjpeg's 1/8 IDCT scaling: 240x135), and the chroma only for "
         "a white-balance ramp. `Benchmarks/meter_cost.c` runs the shim's own code on one 1920x1080 JPEG made by the "
         f"ffmpeg tool (`-q:v 3`), {m['stills']} times a round, CPU time of the loop alone (no start-up); the cases "
         f"take turns, median of {RUNS} rounds.\n",
         "| still | bytes | full decode, ms | 1/8 with chroma, ms | 1/8 luma alone, ms | luma alone / full | mean luma full / 1/8 |",
         "|---|---|---|---|---|---|---|"]
    for label, r in m.items():
        if label == "stills":
            continue
        full, chroma, luma = r["full"], r["eighth_chroma"], r["eighth_luma"]
        L.append(f"| {label} | {r['bytes']} | {full['ms_per_still']:.2f} | {chroma['ms_per_still']:.2f} | "
                 f"{luma['ms_per_still']:.2f} | {luma['ms_per_still'] / full['ms_per_still']:.2f}× | "
                 f"{full['luma']:.2f} / {luma['luma']:.2f} |")
    L += ["", "What remains is mostly the Huffman decoding of every coefficient, which no scaling skips: a baseline "
          "JPEG's blocks can only be found by reading all of them. A frame cut short or damaged is not metered."]
    return L
