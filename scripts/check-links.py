#!/usr/bin/env python3
"""Checks that README.md and Documentation/*.md link only files (and headings) that exist.

Usage: scripts/check-links.py [FILE.md ...]   (default: README.md Documentation/*.md)

Every Markdown link [text](target) that is not a URL must name a file or folder of the
repository, relative to the page, and a #fragment must name a heading of the target page
(GitHub's anchors). A name ending in .md mentioned in the text (`SPEC.md`) must exist too: a
reader looks for it. Exits 1 listing every broken link with its line.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
MENTION = re.compile(r"(?<![\w/.(-])([\w./-]*[\w-]\.md)\b")
FENCE = re.compile(r"^\s*(```|~~~)")


def anchors(path):
    """GitHub's heading anchors of a Markdown file."""
    found, seen, fenced = set(), {}, False
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if FENCE.match(line):
                fenced = not fenced
            if fenced or not line.startswith("#"):
                continue
            text = line.lstrip("#").strip().lower()
            text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", text)
            slug = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def check(page):
    problems = []
    folder = os.path.dirname(page)
    fenced = False
    with open(page, encoding="utf-8") as handle:
        lines = handle.readlines()
    for number, line in enumerate(lines, 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
                continue
            path, _, fragment = target.partition("#")
            resolved = os.path.normpath(os.path.join(folder, path)) if path else page
            if not os.path.exists(resolved):
                problems.append(f"{number}: link to {target}: {os.path.relpath(resolved, ROOT)} does not exist")
            elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                problems.append(f"{number}: link to {target}: no heading #{fragment} in {os.path.relpath(resolved, ROOT)}")
        prose = LINK.sub("", line)
        for name in MENTION.findall(prose):
            candidates = [os.path.join(folder, name), os.path.join(ROOT, name), os.path.join(ROOT, "Documentation", name)]
            if not any(os.path.exists(c) for c in candidates):
                problems.append(f"{number}: mentions {name}, which is not in the repository")
    return [f"{os.path.relpath(page, ROOT)}:{p}" for p in problems]


def main():
    pages = sys.argv[1:] or [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "Documentation", "*.md")))
    problems = [p for page in pages for p in check(os.path.abspath(page))]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-links: {len(pages)} page(s), every link resolves")


if __name__ == "__main__":
    main()
