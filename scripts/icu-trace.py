#!/usr/bin/env python3
"""Lists the ICU data items a command opens: what scripts/icu-items.txt must hold for it.

Usage (as root: it sets a uprobe through /sys/kernel/tracing):
  scripts/icu-trace.py -- .build/debug/camsched plan job.json
  scripts/icu-trace.py -- .build/debug/camschedPackageTests.xctest --testing-library swift-testing --filter SunPlanTests

The debug build links the toolchain's shared Foundation ICU (lib_FoundationICU.so), which has
all of ICU's items; every open of a packaged item goes through ucmndata.cpp's
offsetTOCLookupFn, and the probe there records the item's name. Each item the command's
processes looked up is printed with `listed` (in scripts/icu-items.txt), `MISSING` (in the
toolchain's package, not in the list: add it) or `absent` (ICU looked for it, but no package
has it: ICU falls back, nothing to add). Events of other processes using the library at the
same time are counted too: run it on a quiet machine.
"""
import importlib, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRACING = "/sys/kernel/tracing"
EVENT = "camsched_icu/lookup"


def library():
    info = json.loads(subprocess.run([os.environ.get("SWIFT", "swift"), "-print-target-info"],
                                     check=True, capture_output=True, text=True).stdout)
    for folder in info["paths"]["runtimeLibraryPaths"]:
        path = os.path.join(folder, "lib_FoundationICU.so")
        if os.path.exists(path):
            return path
    sys.exit("icu-trace: no lib_FoundationICU.so in the toolchain")


def file_offset(path, symbol_pattern):
    symbols = subprocess.run(["nm", path], check=True, capture_output=True, text=True).stdout
    found = [line.split()[0] for line in symbols.splitlines() if re.search(symbol_pattern, line)]
    if len(found) != 1:
        sys.exit(f"icu-trace: {len(found)} symbols match {symbol_pattern} in {path}")
    address = int(found[0], 16)
    for line in subprocess.run(["readelf", "-lW", path], check=True, capture_output=True, text=True).stdout.splitlines():
        fields = line.split()
        if fields[:1] == ["LOAD"]:
            offset, vaddr, size = int(fields[1], 16), int(fields[2], 16), int(fields[5], 16)
            if vaddr <= address < vaddr + size:
                return address - vaddr + offset
    sys.exit(f"icu-trace: {symbol_pattern} is in no loaded segment of {path}")


def tracefs(name, text, append=False):
    # os.open: Python's append mode seeks to the end, which tracefs refuses.
    fd = os.open(os.path.join(TRACING, name), os.O_WRONLY | (os.O_APPEND if append else os.O_TRUNC))
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def main():
    command = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    if not command:
        sys.exit(__doc__)
    so = library()
    offset = file_offset(so, r" _ZL17offsetTOCLookupFn")
    # An instance of its own: its buffer, not the global one someone else may be reading.
    instance = f"instances/camsched-icu-{os.getpid()}"
    tracefs("uprobe_events", f"p:{EVENT} {so}:{offset:#x} name=+0(%si):string\n", append=True)
    os.mkdir(os.path.join(TRACING, instance))
    try:
        tracefs(f"{instance}/buffer_size_kb", "4096")
        tracefs(f"{instance}/events/{EVENT}/enable", "1")
        status = subprocess.run(command).returncode
        tracefs(f"{instance}/events/{EVENT}/enable", "0")
        trace = open(os.path.join(TRACING, instance, "trace")).read()
    finally:
        os.rmdir(os.path.join(TRACING, instance))
        tracefs("uprobe_events", f"-:{EVENT}\n", append=True)
    names = sorted({m.split("/", 1)[1] for m in re.findall(r'name="([^"]*)"', trace) if "/" in m})
    listed = {line.split("#", 1)[0].strip() for line in open(os.path.join(ROOT, "scripts", "icu-items.txt"))}
    for name in names:
        print(f"{'listed ' if name in listed else 'MISSING' if in_toolchain(name) else 'absent '}  {name}")
    sys.exit(status)


def in_toolchain(name, cache={}):
    """Whether the toolchain's ICU package has the item (scripts/icu-data.py reads it)."""
    if "items" not in cache:
        sys.path.insert(0, os.path.join(ROOT, "scripts"))
        data = importlib.import_module("icu-data")
        archive, _ = data.toolchain()
        with tempfile.TemporaryDirectory() as work:
            _, package = data.packaged_data(archive, work)
        cache["items"] = {key.split("/", 1)[1] for key in data.items(package)}
    return name in cache["items"]


if __name__ == "__main__":
    main()
