#!/usr/bin/env python3
"""Checks the layer graph: every `import` of one of camsched's own modules in Sources/ must be an
arrow that the import table of Documentation/architecture.md allows, and Package.swift must
declare exactly the arrows the sources use (no dependency nobody imports, none used without being
declared). Prints each violation; exit 1 if any."""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
IMPORT = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?'
                    r'import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)')
TABLE_ROW = re.compile(r'^\|\s*`([A-Za-z0-9_]+)`\s*\|([^|]*)\|')


def package_targets():
    """{target: set of its own-target dependencies} for every non-test target in Package.swift."""
    text = open(os.path.join(ROOT, 'Package.swift')).read()
    targets = {}
    for match in re.finditer(r'\.(target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"', text):
        kind, name = match.group(1), match.group(2)
        # The target's arguments: up to the next target declaration.
        rest = text[match.end():]
        end = re.search(r'\.(?:target|executableTarget|systemLibrary|testTarget)\(', rest)
        body = rest[:end.start()] if end else rest
        if 'path: "Tests/' in body:
            continue
        deps = set()
        dep_match = re.search(r'dependencies:\s*\[(.*?)\]\s*,\s*(?:path|swiftSettings|linkerSettings|exclude|resources|pkgConfig|providers|\))',
                              body, re.S)
        if dep_match:
            listed = re.sub(r'\.product\([^)]*\)', '', dep_match.group(1))
            deps = set(re.findall(r'"([^"]+)"', listed))
        targets[name] = (kind, deps)
    return targets


def allowed_arrows():
    """{target: set of modules it may import}, from the import table of architecture.md."""
    path = os.path.join(ROOT, 'Documentation', 'architecture.md')
    allowed = {}
    in_table = False
    for line in open(path):
        if line.startswith('## '):
            in_table = line.strip() == '## The import table'
            continue
        match = TABLE_ROW.match(line) if in_table else None
        if match:
            allowed[match.group(1)] = set(re.findall(r'`([A-Za-z0-9_]+)`', match.group(2)))
    return allowed


def imports_of(target):
    """{module: first file importing it} for one target's sources."""
    found = {}
    folder = os.path.join(ROOT, 'Sources', target)
    for base, _, files in os.walk(folder):
        for name in sorted(files):
            if not name.endswith('.swift'):
                continue
            path = os.path.join(base, name)
            for line in open(path, encoding='utf-8'):
                match = IMPORT.match(line)
                if match:
                    found.setdefault(match.group(1), os.path.relpath(path, ROOT))
    return found


def main():
    targets = package_targets()
    allowed = allowed_arrows()
    own = set(targets)
    problems = []
    if not allowed:
        problems.append('Documentation/architecture.md has no "## The import table" section with rows')
    for target, (kind, declared) in sorted(targets.items()):
        if kind == 'systemLibrary':
            continue
        if target not in allowed:
            problems.append(f'{target}: not in the import table of architecture.md')
            continue
        used = {module: path for module, path in imports_of(target).items() if module in own}
        for module, path in sorted(used.items()):
            if module not in allowed[target]:
                problems.append(f'{path}: {target} imports {module}, an arrow the import table does not allow')
            if module not in declared:
                problems.append(f'Package.swift: {target} imports {module} ({path}) without declaring it')
        for module in sorted(declared - set(used)):
            if targets.get(module, ('',))[0] == 'systemLibrary':
                continue  # a C library may be used only through its shim's headers
            problems.append(f'Package.swift: {target} declares {module}, which none of its files imports')
    for target in sorted(set(allowed) - own):
        problems.append(f'architecture.md: the import table names {target}, which Package.swift does not have')
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f'check-imports: {len(allowed)} targets, every import is an arrow the table allows')
    return 0


if __name__ == '__main__':
    sys.exit(main())
