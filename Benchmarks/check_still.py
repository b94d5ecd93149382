#!/usr/bin/env python3
"""Checks a benchmarked still: a JPEG that decodes, of WIDTH x HEIGHT, with an EXIF block.

    check_still.py FILE WIDTH HEIGHT

Prints one line saying what was checked; exit 1 when something is wrong. Decoding goes through
ffmpeg (-xerror: any decoding error fails), the size and EXIF are read from the markers.
"""
import struct, subprocess, sys


def markers(data):
    """(marker, payload) of each segment up to the start of scan."""
    if data[:2] != b"\xff\xd8":
        raise ValueError("no JPEG start-of-image marker")
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            raise ValueError(f"no marker at byte {pos}")
        marker = data[pos + 1]
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        yield marker, data[pos + 4:pos + 2 + length]
        if marker == 0xDA:
            return
        pos += 2 + length


def main():
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    data = open(path, "rb").read()
    size, exif = None, False
    for marker, payload in markers(data):
        if marker == 0xE1 and payload.startswith(b"Exif\x00\x00"):
            exif = True
        if marker in (0xC0, 0xC1, 0xC2):
            h, w = struct.unpack(">HH", payload[1:5])
            size = (w, h)
    problems = []
    if not data.rstrip(b"\x00").endswith(b"\xff\xd9"):
        problems.append("no end-of-image marker")
    if size != (width, height):
        problems.append(f"size {size}, not {width}x{height}")
    if not exif:
        problems.append("no EXIF block")
    decode = subprocess.run(["ffmpeg", "-v", "error", "-xerror", "-i", path, "-f", "null", "-"], capture_output=True, text=True)
    if decode.returncode != 0 or decode.stderr.strip():
        problems.append(f"does not decode cleanly: {decode.stderr.strip()[:200]}")
    if problems:
        print(f"{path}: " + "; ".join(problems))
        sys.exit(1)
    print(f"a JPEG of {width}x{height} with EXIF that decodes without error ({len(data)} bytes)")


if __name__ == "__main__":
    main()
