#!/usr/bin/env python3
"""Which pages of camsched's code the status server keeps resident in an idle daemon.

Starts `camsched daemon` on a job folder with one scheduled job, idle for a while, once without
and once with `--listen 127.0.0.1:0`, reads /proc/PID/pagemap (root) for the executable's
r-x mapping, and reports the pages resident only with the server: how many, in how many
64 KiB windows (the kernel's fault-around maps up to 16 cached pages around each fault), and
which Swift modules their functions belong to (by `nm`).

    sudo python3 Benchmarks/resident_code.py .build/release/camsched [seconds]
"""
import bisect, collections, json, os, re, struct, subprocess, sys, tempfile, time


def resident_offsets(pid, binary):
    """File offsets of the resident pages of the executable's code mapping."""
    for line in open(f"/proc/{pid}/maps"):
        p = line.split()
        if p[1] == "r-xp" and os.path.realpath(p[-1]) == binary:
            lo, hi = (int(x, 16) for x in p[0].split("-"))
            offset = int(p[2], 16)
            break
    else:
        sys.exit("no r-x mapping of the binary")
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        f.seek(lo // 4096 * 8)
        data = f.read((hi - lo) // 4096 * 8)
    return {offset + i * 4096 for i in range((hi - lo) // 4096) if struct.unpack_from("<Q", data, i * 8)[0] >> 63}


def idle_daemon(binary, jobs, seconds, server):
    args = [binary, "daemon", jobs] + (["--listen", "127.0.0.1:0"] if server else [])
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, CAMSCHED_PRESSURE_SOURCES="file"))
    time.sleep(seconds)
    pages = resident_offsets(proc.pid, binary)
    hwm = int(re.search(r"VmHWM:\s+(\d+)", open(f"/proc/{proc.pid}/status").read()).group(1))
    proc.terminate()
    proc.wait()
    return pages, hwm


def module_of(symbol):
    m = re.match(r"\$s(\d+)([A-Za-z_]\w*)", symbol)
    return m.group(2)[:int(m.group(1))] if m else "C/C++"


def main():
    binary = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/camsched")
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 12
    work = tempfile.mkdtemp(prefix="camsched-resident-")
    os.makedirs(os.path.join(work, "jobs"))
    with open(os.path.join(work, "jobs", "idle.json"), "w") as f:
        json.dump({"name": "idle", "camera": {"device": "test:?size=640x360&fps=30", "warmup": "0s"},
                   "capture": {"record": {"duration": "12s", "preset": "ultrafast"}},
                   "output": {"root": os.path.join(work, "out"), "path": "{run}"},
                   "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}}, f)
    without, hwm_without = idle_daemon(binary, os.path.join(work, "jobs"), seconds, False)
    with_server, hwm_with = idle_daemon(binary, os.path.join(work, "jobs"), seconds, True)
    extra = sorted(with_server - without)
    print(f"peak RSS {hwm_without / 1024:.1f} MiB without the server, {hwm_with / 1024:.1f} MiB with it")
    print(f"resident code pages: {len(without)} without, {len(with_server)} with; {len(extra)} only with the server "
          f"({len(extra) * 4} KiB)")
    windows = collections.Counter(page // 65536 for page in extra)
    print(f"in {len(windows)} 64 KiB windows; pages per window: {sorted(collections.Counter(windows.values()).items(), reverse=True)}")
    text = subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True).stdout
    load = next(line.split() for line in text.splitlines() if line.split()[:1] == ["LOAD"] and "E" in line.split()[-2])
    file_offset, vaddr = int(load[1], 16), int(load[2], 16)
    symbols = []
    for line in subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
        p = line.split(" ", 2)
        if len(p) == 3 and p[1] in "tTwW":
            symbols.append((int(p[0], 16), p[2]))
    addresses = [s[0] for s in symbols]
    modules = collections.Counter()
    for page in extra:
        i = bisect.bisect_right(addresses, page - file_offset + vaddr) - 1
        modules[module_of(symbols[i][1]) if i >= 0 else "?"] += 4
    print("KiB by module:", ", ".join(f"{m} {k}" for m, k in modules.most_common(15)), flush=True)


if __name__ == "__main__":
    main()
