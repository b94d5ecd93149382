#!/usr/bin/python3
"""Checks an output root after a simulated power cut (scripts/powercut-test.sh): every filed
file whose sidecar is there has the sidecar's size and SHA-256, and decodes (a still to one
picture, a movie to the frames its sidecar counts, its index plain); a sidecar without its file
is allowed only beside that file's partial (named together: the next start gives it its name).
Prints one line per problem and a summary; exit 1 if any."""
import hashlib, json, os, subprocess, sys

root = sys.argv[1]
problems, stills, movies = [], 0, 0


def frames(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                          "stream=nb_read_frames", "-of", "csv=p=0", path], capture_output=True, text=True)
    return int(out.stdout.strip() or -1) if out.returncode == 0 and not out.stderr.strip() else -1


def boxes(path):
    names, offset, size_of = [], 0, os.path.getsize(path)
    with open(path, "rb") as f:
        while offset + 8 <= size_of:
            f.seek(offset)
            head = f.read(16)
            size = int.from_bytes(head[:4], "big")
            names.append(head[4:8].decode("latin1"))
            if size == 1:
                size = int.from_bytes(head[8:16], "big")
            if size < 8:
                break
            offset += size
    return names


for folder, _, names in os.walk(root):
    for name in sorted(n for n in names if n.endswith(".json") and not n.startswith(".")):
        media = os.path.join(folder, name[:-5])
        if not os.path.splitext(media)[1] in (".jpg", ".mp4"):
            continue
        try:
            sidecar = json.load(open(os.path.join(folder, name)))
        except ValueError as error:
            problems.append(f"{name}: a sidecar that does not parse ({error})")
            continue
        if not os.path.exists(media):
            if not any(n.endswith(".partial") and os.path.basename(media) in n for n in names):
                problems.append(f"{name}: its file is gone and no partial of it is left")
            continue
        data = open(media, "rb").read()
        if len(data) != sidecar.get("bytes", len(data)) or hashlib.sha256(data).hexdigest() != sidecar.get("sha256"):
            problems.append(f"{media}: not the {sidecar.get('bytes')} bytes its sidecar hashed")
        if media.endswith(".jpg"):
            stills += 1
            if frames(media) != 1:
                problems.append(f"{media}: does not decode")
        else:
            movies += 1
            count = frames(media)
            if count != sidecar.get("frames"):
                problems.append(f"{media}: {count} frames decode, its sidecar counts {sidecar.get('frames')}")
            if boxes(media)[:2] == ["ftyp", "moov"] and "moof" in boxes(media):
                problems.append(f"{media}: filed fragmented (its sidecar: {sidecar.get('finalizationError')})")
for line in problems:
    print("powercut-check: " + line)
print(f"powercut-check: {stills} still(s) and {movies} movie(s) with sidecars checked, {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
