#!/usr/bin/env python3
"""CPU per shot of a time-lapse tool in its steady state, without its start-up.

    cpu_per_shot.py FOLDER SHOTS -- COMMAND...

Starts COMMAND, watches FOLDER for *.jpg files, reads the process's CPU time (user + system,
its children's included) when the first still appears and again when the (1 + SHOTS)th does,
then ends the command (SIGTERM) if it still runs. Prints one JSON line: the CPU between the two
as `per_shot` seconds (divided by SHOTS), `startup` (the CPU until the first still) and the
wall time per shot. The same measurement for camsched and `fswebcam --loop`: each pays its
start-up once, which a time-lapse of a year amortises to nothing.
"""
import json, os, signal, subprocess, sys, time

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """utime + stime + cutime + cstime of a live process, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / TICK


def stills(folder):
    count = 0
    for _, _, names in os.walk(folder):
        count += sum(1 for n in names if n.endswith(".jpg"))
    return count


def main():
    folder, shots = sys.argv[1], int(sys.argv[2])
    command = sys.argv[sys.argv.index("--") + 1:]
    os.makedirs(folder, exist_ok=True)
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    marks = {}
    while proc.poll() is None:
        seen = stills(folder)
        for mark in (1, 1 + shots):
            if seen >= mark and mark not in marks:
                try:
                    marks[mark] = (cpu_seconds(proc.pid), time.monotonic())
                except (FileNotFoundError, ProcessLookupError):
                    pass
        if 1 + shots in marks:
            proc.send_signal(signal.SIGTERM)
            proc.wait()
            break
        time.sleep(0.01)
    if 1 not in marks or 1 + shots not in marks:
        print(json.dumps({"error": f"saw {stills(folder)} stills, wanted {1 + shots}"}))
        sys.exit(1)
    (c0, t0), (c1, t1) = marks[1], marks[1 + shots]
    print(json.dumps({"per_shot": (c1 - c0) / shots, "startup": c0, "wall_per_shot": (t1 - t0) / shots}))


if __name__ == "__main__":
    main()
