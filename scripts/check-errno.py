#!/usr/bin/env python3
"""One errno path (CONVENTIONS): `EINTR` is retried in one place, CamschedCore's
`SystemCall` (Sources/CamschedCore/System/SystemCall.swift). Fails when any other Swift file
under Sources/ or Tests/ names EINTR: a hand-written retry loop belongs on that path."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The path itself, and its test (which plays an interrupted call).
ALLOWED = {ROOT / "Sources/CamschedCore/System/SystemCall.swift", ROOT / "Tests/CamschedFilingTests/CorePrimitivesTests.swift"}

def main() -> int:
    found = []
    for folder in ("Sources", "Tests"):
        for path in sorted((ROOT / folder).rglob("*.swift")):
            if path in ALLOWED:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"\bEINTR\b", line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    if found:
        print("check-errno: EINTR handled outside CamschedCore's SystemCall (use SystemCall.valueOrErrno):")
        for item in found:
            print("  " + item)
        return 1
    print("check-errno: EINTR is retried in one place (SystemCall)")
    return 0

if __name__ == "__main__":
    sys.exit(main())
