#!/usr/bin/env python3
"""Writes the ICU data object the release build links instead of the toolchain's: the ICU items
camsched opens (scripts/icu-items.txt), not all 34 MB of them.

Why: Foundation's ICU (`_FoundationICU`) carries every ICU item — collation, dictionaries,
transliteration, the names of every locale — as one symbol, `icudtNN_dat`, alone in an archive
member of lib_FoundationICU.a. A static binary links all of it. Given an object that defines
that symbol first, the linker never pulls the member, and ICU reads our package instead.

What it does:
  1. finds the archive member defining `icudtNN_dat` (the version comes from the symbol's name,
     so a new toolchain needs no change here) and reads the symbol's bytes: an ICU common data
     package;
  2. takes the items named in scripts/icu-items.txt out of it and packs them with ICU's own
     `icupkg` (icu-devtools), which also fails if an item needs another that is not listed;
  3. assembles the package as `camsched_icudtNN_dat` (.rodata, aligned to 16) into icudata.o
     beside SCRIPT, and writes SCRIPT, a linker script (given to the link with -Xlinker SCRIPT)
     that adds icudata.o and sets `icudtNN_dat = camsched_icudtNN_dat`. Defining `icudtNN_dat`
     in icudata.o itself would not do: the autolinked archive comes first on the link line, so
     its member is fetched before icudata.o is read (a duplicate symbol). With the assignment,
     ICU's references resolve to ours, and --gc-sections (SwiftPM's release link) drops the
     member's 34 MB, which nothing references any more.
The toolchain's package is parsed here, not by icupkg: Debian 12's icupkg (ICU 72) cannot read a
package with ICU 76's 4,855 item names ("total length of item name strings too long").

Usage: scripts/icu-data.py SCRIPT [--stale BINARY]
  SCRIPT and icudata.o are rewritten only when their contents change; then BINARY (the release
  build's output) is removed, so that SwiftPM links again (it does not track files passed with
  -Xlinker).
  SWIFT (default swift) names the toolchain. Any failure stops the build with the reason.
"""
import json, os, re, shutil, struct, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ITEMS = os.path.join(ROOT, "scripts", "icu-items.txt")
SYMBOL = re.compile(r"^icudt\d+_dat$")


def fail(message):
    sys.exit(f"icu-data: {message}")


def run(args, **kw):
    try:
        return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout
    except FileNotFoundError:
        fail(f"{args[0]} not found (scripts/install-deps.sh build installs it)")
    except subprocess.CalledProcessError as e:
        fail(f"{' '.join(args)} failed:\n{e.stderr.strip() or e.stdout.strip()}")


def toolchain():
    """The static ICU archive and the toolchain's clang."""
    swift = os.environ.get("SWIFT", "swift")
    info = json.loads(run([swift, "-print-target-info"]))
    resources = info["paths"]["runtimeResourcePath"]          # …/usr/lib/swift
    system = "linux" if "linux" in info["target"]["triple"] else fail(f"unsupported target {info['target']['triple']}")
    archive = os.path.join(resources + "_static", system, "lib_FoundationICU.a")
    if not os.path.exists(archive):
        fail(f"{archive} is missing: the toolchain has no static Foundation ICU")
    binary = shutil.which(swift) or fail(f"{swift} not on PATH")
    clang = os.path.join(os.path.dirname(os.path.realpath(binary)), "clang")
    return archive, clang if os.path.exists(clang) else (shutil.which("cc") or fail("no clang or cc to assemble with"))


def packaged_data(archive, work):
    """(symbol, bytes) of the archive's ICU data symbol."""
    defined = run(["nm", "-A", "--defined-only", archive])
    hits = [line.rsplit(" ", 2) for line in defined.splitlines() if SYMBOL.match(line.rsplit(" ", 1)[-1])]
    if len(hits) != 1:
        fail(f"expected one icudtNN_dat symbol in {archive}, found {len(hits)}: the toolchain's ICU changed")
    member = hits[0][0].split(":")[-2]
    symbol = hits[0][2]
    run(["ar", "x", archive, member], cwd=work)
    return symbol, symbol_bytes(os.path.join(work, member), symbol)


def symbol_bytes(path, name):
    """The bytes of a defined symbol in an ELF64 little-endian relocatable object."""
    elf = open(path, "rb").read()
    if elf[:6] != b"\x7fELF\x02\x01":
        fail(f"{path} is not a 64-bit little-endian ELF object")
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x3a)
    sections = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize) for i in range(shnum)]
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], 24):
            st_name, _, _, shndx, value, size = struct.unpack_from("<IBBHQQ", elf, off)
            end = elf.index(b"\0", strtab[4] + st_name)
            if elf[strtab[4] + st_name:end].decode() == name:
                start = sections[shndx][4] + value
                return elf[start:start + size]
    fail(f"{name} not in {path}'s symbol table")


def items(data):
    """{name: bytes} of an ICU common data package (ucmndata.h: a DataHeader, then the TOC)."""
    header_size, magic1, magic2 = struct.unpack_from("<HBB", data, 0)
    if (magic1, magic2) != (0xda, 0x27) or data[12:16] != b"CmnD" or data[8] != 0:
        fail("the ICU data symbol is not a little-endian ICU common data package (CmnD)")
    count, = struct.unpack_from("<I", data, header_size)
    entries = []
    for i in range(count):
        name_offset, data_offset = struct.unpack_from("<II", data, header_size + 4 + 8 * i)
        start = header_size + name_offset
        entries.append((data[start:data.index(b"\0", start)].decode(), header_size + data_offset))
    ends = [offset for _, offset in entries[1:]] + [len(data)]
    return {name: data[offset:end] for (name, offset), end in zip(entries, ends)}


def wanted():
    lines = (line.split("#", 1)[0].strip() for line in open(ITEMS))
    return [line for line in lines if line]


def assemble(clang, symbol, package, obj, work):
    source = os.path.join(work, "icudata.S")
    with open(source, "w") as f:
        f.write(f'\t.section .rodata.{symbol},"a",@progbits\n\t.globl {symbol}\n\t.type {symbol},@object\n'
                f'\t.balign 16\n{symbol}:\n\t.incbin "{package}"\n\t.size {symbol}, . - {symbol}\n'
                '\t.section .note.GNU-stack,"",@progbits\n')
    run([clang, "-c", source, "-o", obj])


def replace(path, content):
    """Writes content to path unless it is there already; whether it wrote."""
    if os.path.exists(path) and open(path, "rb").read() == content:
        return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".new", "wb") as f:
        f.write(content)
    os.replace(path + ".new", path)
    return True


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-") or (len(args) > 1 and (args[1] != "--stale" or len(args) != 3)):
        fail("usage: scripts/icu-data.py SCRIPT [--stale BINARY]")
    script = os.path.abspath(args[0])
    target = os.path.join(os.path.dirname(script), "icudata.o")
    archive, clang = toolchain()
    with tempfile.TemporaryDirectory(prefix="icu-data.") as work:
        symbol, data = packaged_data(archive, work)
        everything = items(data)
        prefix = next(iter(everything)).split("/", 1)[0]          # icudtNNl: version, endianness
        missing = [item for item in wanted() if f"{prefix}/{item}" not in everything]
        if missing:
            fail(f"{prefix} has no {', '.join(missing)}: update scripts/icu-items.txt for this toolchain's ICU")
        source = os.path.join(work, "items")
        for item in wanted():
            os.makedirs(os.path.dirname(os.path.join(source, item)), exist_ok=True)
            with open(os.path.join(source, item), "wb") as f:
                f.write(everything[f"{prefix}/{item}"])
        listing = os.path.join(work, "items.txt")
        with open(listing, "w") as f:
            f.write("\n".join(wanted()) + "\n")
        package = os.path.join(work, f"{prefix}.dat")
        run(["icupkg", "--toc_prefix", prefix, "-a", listing, "-s", source, "new", package])
        obj = os.path.join(work, "icudata.o")
        assemble(clang, "camsched_" + symbol, package, obj, work)
        size = os.path.getsize(package)
        print(f"icu-data: {symbol}: {len(wanted())} of {len(everything)} items, "
              f"{size / 1e6:.1f} of {len(data) / 1e6:.1f} MB ({archive})", file=sys.stderr)
        changed = replace(target, open(obj, "rb").read())
        changed |= replace(script, f"INPUT({target})\n{symbol} = camsched_{symbol};\n".encode())
        if changed and len(args) == 3 and os.path.lexists(args[2]):
            os.remove(args[2])


if __name__ == "__main__":
    main()
