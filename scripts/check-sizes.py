#!/usr/bin/env python3
"""Checks the size rules of CONVENTIONS.md on Sources/: no Swift file over 300 lines, no function
(func, init, deinit, closure-free accessors) over 60 lines, and no type over 400 lines counting all
its extensions (measured by type_sizes.py beside this script). Every rule holds for every file,
function and type under the root. Prints each violation; exit 1 if any."""
import os
import re
import sys

from type_sizes import MAX_TYPE, type_sizes

MAX_FILE, MAX_FUNC = 300, 60
DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|'
                  r'final|override|mutating|nonisolated|required|convenience|@discardableResult)\s+)*'
                  r'(func\s+[^\s(<]+|init[?!]?|deinit)\b')


def strip(line):
    """The line without string literals and // comments (good enough for brace counting)."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split('//', 1)[0]


def functions(lines):
    """(name, first line, length) of every function body."""
    found = []
    for index, line in enumerate(lines):
        match = DECL.match(line)
        if not match:
            continue
        depth, opened = 0, False
        for end in range(index, len(lines)):
            text = strip(lines[end])
            depth += text.count('{') - text.count('}')
            opened = opened or '{' in text
            if opened and depth <= 0:
                found.append((match.group(1), index + 1, end - index + 1))
                break
            if not opened and end > index and (text.strip() == '' or DECL.match(lines[end])):
                break  # a protocol requirement: no body
    return found


def main(root):
    problems = []
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith('.swift'):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding='utf-8') as handle:
                lines = handle.read().split('\n')
            count = len(lines) - (1 if lines and lines[-1] == '' else 0)
            if count > MAX_FILE:
                problems.append(f'{path}: {count} lines (at most {MAX_FILE})')
            for func, line, length in functions(lines):
                if length > MAX_FUNC:
                    problems.append(f'{path}:{line}: {func} is {length} lines (at most {MAX_FUNC})')
    for name, (lines, files) in sorted(type_sizes(root).items()):
        if lines <= MAX_TYPE:
            continue
        where = files[0] if len(files) == 1 else f'{len(files)} files in {os.path.commonpath(files)}'
        problems.append(f'{name}: {lines} lines with its extensions (at most {MAX_TYPE}), {where}')
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else 'Sources'))
