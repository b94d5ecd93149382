#!/usr/bin/env python3
"""One concurrency style (Documentation/architecture.md, "Threads"): state a lock guards is a
`Mutex<State>` in a checked Sendable type, and a wait is a signal with a deadline, not a poll.
Fails when Sources/ holds more than MAX_UNCHECKED `@unchecked Sendable` (each needs a comment
just above it saying why the compiler cannot check it: "Unchecked: ...") or more than MAX_SLEEPS
sleeps (only where time itself is the behaviour: a clock, a period, a back-off, a deadline)."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MAX_UNCHECKED = 10
MAX_SLEEPS = 8
UNCHECKED = re.compile(r"@unchecked Sendable")
SLEEP = re.compile(r"Task\.sleep|usleep\(|Thread\.sleep|clock_nanosleep")
# How many lines above an `@unchecked Sendable` its reason may start.
REASON_WINDOW = 6


def main() -> int:
    unchecked, unexplained, sleeps = [], [], []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for index, line in enumerate(lines):
            where = f"{path.relative_to(ROOT)}:{index + 1}: {line.strip()}"
            if UNCHECKED.search(line):
                unchecked.append(where)
                above = lines[max(0, index - REASON_WINDOW):index]
                if not any(l.strip().startswith("//") and "unchecked" in l.lower() for l in above):
                    unexplained.append(where)
            if SLEEP.search(line):
                sleeps.append(where)
    failed = False
    if len(unchecked) > MAX_UNCHECKED:
        failed = True
        print(f"check-concurrency: {len(unchecked)} `@unchecked Sendable` in Sources (at most {MAX_UNCHECKED}): "
              "put the state in a Mutex and let the compiler check it")
        for item in unchecked:
            print("  " + item)
    if unexplained:
        failed = True
        print("check-concurrency: `@unchecked Sendable` without its reason (a comment just above: \"Unchecked: why\"):")
        for item in unexplained:
            print("  " + item)
    if len(sleeps) > MAX_SLEEPS:
        failed = True
        print(f"check-concurrency: {len(sleeps)} sleeps in Sources (at most {MAX_SLEEPS}): wait for a signal with a "
              "deadline (CamschedCore's Deadline), or run a periodic chore with Periodic")
        for item in sleeps:
            print("  " + item)
    if failed:
        return 1
    print(f"check-concurrency: {len(unchecked)} `@unchecked Sendable` (at most {MAX_UNCHECKED}), "
          f"{len(sleeps)} sleeps (at most {MAX_SLEEPS})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
