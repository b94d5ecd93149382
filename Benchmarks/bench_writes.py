"""Issue 31, item 2: the bytes a time-lapse writes to the block device per still, beyond the JPEG.

Each case gets a fresh ext4 image (512 MiB, `mkfs.ext4` defaults: 4 KiB blocks, 256-byte inodes, a
16 MiB journal; the inode tables and journal zeroed at mkfs rather than by the kernel's lazy-init
thread, which would otherwise write during the measurement), loop-mounted. A warm-up run of the same
job makes the catalog and the day's folder; then a run of SHOTS stills, `sync`, and the loop device's
sectors-written counter (/sys/block/loopN/stat, field 7) before and after. The writes are also
traced (`perf record -e block:block_rq_issue`) and each 4 KiB block is put in its region: the
ext4 journal, the filesystem's own metadata at home (bitmaps, inode tables, group descriptors,
superblock), the folders' blocks, the catalog's main file, and the rest (pictures, sidecars, the
catalog's write-ahead log and shared memory). jbd2's transaction count says how many journal
commits the run cost. The parts are told apart by turning features off (sidecar, catalog) and by
a run whose fsync/fdatasync/sync_file_range are no-ops (an LD_PRELOAD library built here, for the
benchmark only: camsched has no switch that turns durability off).

Issue 45, item 3: at 1920x1080 also a still every 1 s and every 10 s in steady state
(``measure_interval``), for the goals of one journal commit and 48 KiB a still.

fswebcam (its built-in `test` source: no V4L2 device on the host) writes the same number of stills
into a dated folder, one invocation per still as a cron line would; it never fsyncs, so its stills
share the journal commits of the 5 s commit interval."""
import json, os, re, shutil, subprocess, tempfile, time
from benchlib import BIN, ENV, WORK, host_bench, report

SHOTS = int(os.environ.get("BENCH_WRITES_SHOTS", "100"))
WARMUP = 50
SIZES = ["640x360", "1920x1080"]
BLOCK = 4096
NOSYNC_C = r"""
#define _GNU_SOURCE
#include <fcntl.h>
int fsync(int fd) { (void)fd; return 0; }
int fdatasync(int fd) { (void)fd; return 0; }
int sync_file_range(int fd, off_t offset, off_t count, unsigned int flags) { (void)fd; (void)offset; (void)count; (void)flags; return 0; }
"""


def run(argv, quiet=False, **kw):
    return subprocess.run(argv, check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL if quiet else subprocess.PIPE,
                          text=True, **kw)


class Image:
    """A fresh ext4 image, loop-mounted at a folder of its own."""

    def __init__(self, features=None, size=512 << 20):
        self.folder = tempfile.mkdtemp(prefix="writes-", dir=WORK)
        self.path = os.path.join(self.folder, "ext4.img")
        self.mount = os.path.join(self.folder, "mnt")
        with open(self.path, "wb") as f:
            f.truncate(size)
        run(["mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0"] + (["-O", features] if features else [])
            + [self.path])
        self.device = run(["losetup", "-f", "--show", self.path]).stdout.strip()
        os.makedirs(self.mount)
        run(["mount", self.device, self.mount])
        self.name = os.path.basename(self.device)
        self.rdev = os.stat(self.device).st_rdev

    def sectors(self):
        return int(open(f"/sys/block/{self.name}/stat").read().split()[6])

    def transactions(self):
        info = open(f"/proc/fs/jbd2/{self.name}-8/info").read()
        return int(re.match(r"(\d+) transactions", info).group(1))

    def regions(self, folders, catalog):
        """Block number → region name, for the blocks whose region is known."""
        where = {}
        for b in run(["debugfs", "-R", "blocks <8>", self.device], quiet=True).stdout.split():
            where[int(b)] = "journal"
        layout = run(["dumpe2fs", self.device], quiet=True).stdout
        for a, b in re.findall(r"(?:Inode table|Group descriptors|Reserved GDT blocks) at (\d+)-(\d+)", layout):
            for n in range(int(a), int(b) + 1):
                where[n] = "fs metadata"
        for n in re.findall(r"(?:(?:Block|Inode) bitmap|superblock) at (\d+)", layout):
            where[int(n)] = "fs metadata"
        for label, paths in [("folders", folders), ("catalog main file", [catalog])]:
            for p in paths:
                if os.path.exists(os.path.join(self.mount, p)):
                    out = run(["debugfs", "-R", f"blocks /{p}", self.device], quiet=True).stdout
                    for b in out.split():
                        where[int(b)] = label
        return where

    def close(self):
        subprocess.run(["umount", self.mount])
        subprocess.run(["losetup", "-d", self.device])
        shutil.rmtree(self.folder, ignore_errors=True)


def traced(image, command, env):
    """Runs `command` then `sync` under perf; returns the 4 KiB blocks written to the image's device (with repeats)."""
    data = os.path.join(image.folder, "perf.data")
    subprocess.run(["perf", "record", "-q", "-e", "block:block_rq_issue", "-a", "-o", data, "--", "sh", "-c",
                    command + " && sync"], env=env, check=True, capture_output=True)
    script = run(["perf", "script", "-i", data], quiet=True).stdout
    major, minor = os.major(image.rdev), os.minor(image.rdev)
    blocks = []
    for m in re.finditer(r"block_rq_issue: (\d+),(\d+) (\w+) \d+ \(\S*\) (\d+) \+ (\d+)", script):
        if (int(m.group(1)), int(m.group(2))) != (major, minor) or "W" not in m.group(3):
            continue
        first, count = int(m.group(4)), int(m.group(5))
        blocks += range(first // 8, (first + count + 7) // 8)
    return blocks


def job(image, size, sidecar, catalog, every="200ms"):
    path = os.path.join(image.mount, "tl.json")
    with open(path, "w") as f:
        f.write(f'''{{"name": "tl", "camera": {{"device": "test:?size={size}&fps=10PACE", "size": "{size}", "warmup": "0s"}},
 "capture": {{"interval": {{"every": "{every}", "count": COUNT}}}},
 "output": {{"root": "root", "path": "{{job}}/%Y-%m-%d/{{job}}-{{run}}-{{seq}}",
             "sidecar": {str(sidecar).lower()}, "catalog": {str(catalog).lower()}}}}}''')
    return path


def measure_camsched(size, sidecar=True, catalog=True, nosync=None, features=None, every="200ms", shots=SHOTS):
    image = Image(features)
    try:
        path = job(image, size, sidecar, catalog, every)
        text = open(path).read()
        env = dict(ENV, CAMSCHED_LOCK_DIR=os.path.join(image.folder, "locks"))
        # The warm-up paced fast; the measured run in real time, a shot every 200 ms: each still's
        # row is written before the next shot, as in a time-lapse of any interval.
        open(path, "w").write(text.replace("COUNT", str(WARMUP)).replace("PACE", "&pace=fast"))
        run([BIN, "run", path, "--no-progress"], env=env)
        open(path, "w").write(text.replace("COUNT", str(shots)).replace("PACE", ""))
        run(["sync"])
        jpegs_before = pictures(image.mount)
        if nosync:
            env["LD_PRELOAD"] = nosync
        return account(image, f"{BIN} run {path} --no-progress", env, jpegs_before, "root", shots)
    finally:
        image.close()


def measure_interval(size, every, first, last):
    """A still every `every` in steady state: one run of `last` stills, and the counters read as
    the run announces its `first` and its `last` still (`--json` on a pipe: the watching writes
    nothing), so that what a run costs once (its start and end rows, opening the catalog, the
    first still's folder) stays out. Bytes are what reached the device in between (the page
    cache's 30 s write-back included, as in any long time-lapse)."""
    image = Image()
    try:
        path = job(image, size, True, True, every)
        text = open(path).read()
        env = dict(ENV, CAMSCHED_LOCK_DIR=os.path.join(image.folder, "locks"))
        open(path, "w").write(text.replace("COUNT", str(WARMUP)).replace("PACE", "&pace=fast"))
        run([BIN, "run", path, "--no-progress"], env=env)
        open(path, "w").write(text.replace("COUNT", str(last)).replace("PACE", ""))
        run(["sync"])
        process = subprocess.Popen([BIN, "run", path, "--no-progress", "--json"], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True)
        seen, marks, sizes = 0, {}, []
        for line in process.stdout:
            if '"event":"capture"' not in line.replace(" ", ""):
                continue
            seen += 1
            if seen in (first, last):
                marks[seen] = (image.sectors(), image.transactions())
            if first < seen <= last:
                sizes.append(json.loads(line)["bytes"])
        process.wait()
        if len(marks) < 2:
            raise RuntimeError(f"{seen} stills announced, {last} asked for")
        n = last - first
        written = (marks[last][0] - marks[first][0]) * 512
        jpeg = sum(sizes) / len(sizes)
        return {"shots": n, "per_still": written / n, "jpeg": jpeg, "overhead": written / n - jpeg,
                "commits": (marks[last][1] - marks[first][1]) / n, "parts": {}, "traced": 0}
    finally:
        image.close()


def measure_fswebcam(size, spaced=False):
    """fswebcam's `test` source, one invocation per still, as a cron line runs it. fswebcam never
    flushes: stills taken in a burst share ext4's journal commits (one every 5 s); `spaced`
    stills each get one of their own, as stills more than 5 s apart would (a `sync` after each)."""
    image = Image()
    try:
        folder = os.path.join(image.mount, "root", "tl", time.strftime("%Y-%m-%d"))
        os.makedirs(folder)
        shot = f"fswebcam -q -d test -r {size} --no-banner {folder}/tl-%H%M%S-$i.jpg"
        run(["sh", "-c", f"for i in $(seq {WARMUP}); do {shot}; done"])
        run(["sync"])
        each = f"{shot}; sync" if spaced else shot
        return account(image, f"for i in $(seq 1001 {1000 + SHOTS}); do {each}; done", ENV, pictures(image.mount), "root")
    finally:
        image.close()


def pictures(mount):
    found = {}
    for folder, _, names in os.walk(mount):
        for n in names:
            if n.endswith(".jpg"):
                found[os.path.join(folder, n)] = os.path.getsize(os.path.join(folder, n))
    return found


def account(image, command, env, jpegs_before, root, expected=SHOTS):
    sectors, transactions = image.sectors(), image.transactions()
    blocks = traced(image, command, env)
    written = (image.sectors() - sectors) * 512
    new = {p: s for p, s in pictures(image.mount).items() if p not in jpegs_before}
    shots = len(new)  # a shot late by more than the interval is skipped (a loaded machine)
    if shots < expected * 0.9:
        raise RuntimeError(f"{shots} stills filed, {expected} asked for")
    folders = [os.path.relpath(f, image.mount) for f, _, _ in os.walk(os.path.join(image.mount, root))]
    where = image.regions(folders, os.path.join(root, "catalog.sqlite"))
    parts = {}
    for b in blocks:
        region = where.get(b, "pictures, sidecars, catalog log")
        parts[region] = parts.get(region, 0) + BLOCK
    jpeg = sum(new.values()) / shots
    return {"shots": shots, "per_still": written / shots, "jpeg": jpeg, "overhead": written / shots - jpeg,
            "commits": (image.transactions() - transactions) / shots,
            "parts": {k: v / shots for k, v in parts.items()}, "traced": len(blocks) * BLOCK / shots}


@host_bench("writes")
def writes():
    """Bytes per still at each size: camsched in full (sidecar and catalog), with parts off, without
    syncs (attribution only), and fswebcam."""
    if os.geteuid() != 0 or not shutil.which("perf") or not shutil.which("losetup"):
        return None
    os.makedirs(WORK, exist_ok=True)
    nosync = os.path.join(WORK, "nosync.so")
    source = os.path.join(WORK, "nosync.c")
    open(source, "w").write(NOSYNC_C)
    run(["cc", "-shared", "-fPIC", "-O2", "-o", nosync, source])
    # The sidecar's and the catalog's shares at 1080p; with BENCH_WRITES_ALL=1 every case at both
    # sizes (about 7 minutes): no syncs, neither, fast_commit.
    every = os.environ.get("BENCH_WRITES_ALL") == "1"
    results = {}
    for size in SIZES:
        cases = {"full": lambda: measure_camsched(size)}
        if every or size == "1920x1080":
            cases |= {"no sidecar": lambda: measure_camsched(size, sidecar=False),
                      "no catalog": lambda: measure_camsched(size, catalog=False)}
        if every:
            cases |= {"no syncs (attribution only)": lambda: measure_camsched(size, nosync=nosync),
                      "neither": lambda: measure_camsched(size, sidecar=False, catalog=False),
                      "ext4 with fast_commit": lambda: measure_camsched(size, features="fast_commit")}
        if size == "1920x1080":
            # Steady state at the intervals of issue 45 (item 3): each still's marginal cost.
            cases |= {"full, a still every 1 s (steady state)": lambda: measure_interval(size, "1s", 5, 65),
                      "full, a still every 10 s (steady state)": lambda: measure_interval(size, "10s", 3, 15)}
        cases["fswebcam, in a burst"] = lambda: measure_fswebcam(size)
        cases["fswebcam, stills > 5 s apart"] = lambda: measure_fswebcam(size, spaced=True)
        results[size] = {name: fn() for name, fn in cases.items()}
    return results


KIB = 1024
REGIONS = ["journal", "fs metadata", "folders", "catalog main file", "pictures, sidecars, catalog log"]


@report("writes", 37)
def writes_report(w):
    L = ["## Bytes written per time-lapse still (issue 31)\n",
         f"A time-lapse of {SHOTS} stills from the test camera (a shot every 200 ms in real time, so that each still's "
         "catalog row is written before the next shot, as in a time-lapse of any interval) on a fresh loop-mounted ext4 image (512 MiB, "
         "`mkfs.ext4` defaults: 4 KiB blocks, 16 MiB journal), after a warm-up run that made the catalog and the day's "
         "folder; bytes from the loop device's sectors-written counter around the run and a `sync`, per still. "
         "Overhead = bytes per still − the JPEG's mean size. Regions from a block trace (`perf`, `block_rq_issue`): "
         "`journal` is ext4's journal (every fsync that changed metadata commits a transaction: the changed 4 KiB "
         "metadata blocks plus a descriptor and a commit block), `fs metadata` the bitmaps, inode tables and group "
         "descriptors written at home, the rest the files' own blocks. \"no syncs\" runs with fsync, fdatasync and "
         "sync_file_range made no-ops (LD_PRELOAD, in the benchmark only): what the durability costs. fswebcam: its "
         "`test` source, one invocation per still; it never flushes (it promises nothing after a power cut), so stills "
         "taken in a burst share ext4's 5 s journal commits, while stills more than 5 s apart each cost one (emulated "
         "with a `sync` after each). The rows \"a still every 1 s\" and \"every 10 s\" (issue 45, item 3) are steady "
         "state: one run of 65 (15) stills, the counters read as it announces its 5th (3rd) and its last still, so that "
         "the run's start and end stay out (no block trace: their regions read 0).\n",
         "| size | case | KiB per still | JPEG KiB | **overhead KiB** | journal commits per still | "
         + " | ".join(f"{r} KiB" for r in REGIONS) + " |",
         "|---|---|---|---|---|---|" + "---|" * len(REGIONS)]
    for size, cases in w.items():
        for name, c in cases.items():
            parts = " | ".join(f"{c['parts'].get(r, 0) / KIB:.1f}" for r in REGIONS)
            L.append(f"| {size} | {name} | {c['per_still'] / KIB:.1f} | {c['jpeg'] / KIB:.1f} | **{c['overhead'] / KIB:.1f}** | "
                     f"{c['commits']:.2f} | {parts} |")
    return L
