#!/usr/bin/env python3
"""Checks that every environment variable camsched reads or sets is documented.

Usage: scripts/check-env-docs.py

Scans Sources/ for environment["NAME"], getenv("NAME") and the CAMSCHED_* names handed to
hooks, and requires each in the user guide's Environment section and in the man page
generator (scripts/gen-man.py), which writes camsched(1)'s ENVIRONMENT. Exits 1 naming the
missing ones.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
READ = re.compile(r'(?:environment\[\s*"|getenv\(\s*")([A-Z][A-Z0-9_]+)"')
CAMSCHED = re.compile(r'"(CAMSCHED_[A-Z0-9_]+)"')


def names():
    found = {}
    for path in glob.glob(os.path.join(ROOT, "Sources", "**", "*.*"), recursive=True):
        if not path.endswith((".swift", ".c", ".h")):
            continue
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        for name in READ.findall(text) + CAMSCHED.findall(text):
            found.setdefault(name, os.path.relpath(path, ROOT))
    return found


def main():
    with open(os.path.join(ROOT, "Documentation", "user-guide.md"), encoding="utf-8") as handle:
        guide = handle.read()
    section = guide.split("## Environment", 1)[-1].split("\n## ", 1)[0] if "## Environment" in guide else ""
    with open(os.path.join(ROOT, "scripts", "gen-man.py"), encoding="utf-8") as handle:
        man = handle.read()
    problems = []
    for name, source in sorted(names().items()):
        if f"`{name}`" not in section:
            problems.append(f"{name} (read in {source}) is not in Documentation/user-guide.md#environment")
        if name not in man:
            problems.append(f"{name} (read in {source}) is not in camsched(1) (scripts/gen-man.py ENVIRONMENT)")
    for problem in problems:
        print("check-env-docs: " + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-env-docs: {len(names())} environment variables, all documented")


if __name__ == "__main__":
    main()
