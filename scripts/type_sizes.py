"""Measures every type declared in Sources/ with all its extensions, for check-sizes.py.

A type's size is the lines of its `struct`/`class`/`enum`/`actor` declaration (from the keyword
to the closing brace) plus those of every `extension` of it anywhere under the root, less the
lines of the types nested in them: a nested type counts under its own name (`Outer.Inner`).
Names declared in more than one module are told apart by module (`Module/Name`)."""
import os
import re

MAX_TYPE = 400
DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|final|'
                  r'indirect|nonisolated)\s+)*(struct|class|enum|actor|extension|protocol)\s+([A-Za-z_][\w.]*)')
KEYWORDS = {'func', 'var', 'let', 'init', 'subscript', 'case'}


def code_lines(lines):
    """Each line with string literals (plain, raw, multi-line) and comments blanked out, so that
    only the code's braces are left to count. Code inside a string's interpolation is kept."""
    text = '\n'.join(lines)
    out, line, index = [], [], 0
    # The strings being read, innermost last: [closing delimiter, hashes, open parentheses of the
    # interpolation inside it (0 while reading the string's text)].
    strings = []
    while index < len(text):
        char = text[index]
        reading_text = strings and strings[-1][2] == 0
        if char == '\n':
            out.append(''.join(line))
            line = []
            index += 1
            continue
        if reading_text:
            closing, hashes, _ = strings[-1]
            if text.startswith('\\' + hashes + '(', index):
                strings[-1][2] = 1
                index += 2 + len(hashes)
            elif text.startswith(closing, index):
                strings.pop()
                index += len(closing)
            else:
                escaped = char == '\\' and not hashes and text[index + 1:index + 2] not in ('', '\n')
                index += 2 if escaped else 1
            continue
        if text.startswith('//', index):
            while index < len(text) and text[index] != '\n':
                index += 1
            continue
        if text.startswith('/*', index):
            close = text.find('*/', index + 2)
            close = len(text) if close < 0 else close + 2
            for skipped in text[index:close]:
                if skipped == '\n':
                    out.append(''.join(line))
                    line = []
            index = close
            continue
        opening = re.match(r'(#*)("""|")', text[index:])
        if opening:
            strings.append([opening.group(2) + opening.group(1), opening.group(1), 0])
            index += len(opening.group(0))
            continue
        if strings and char in '()':
            strings[-1][2] += 1 if char == '(' else -1
            if strings[-1][2] == 0:
                index += 1
                continue
        line.append(char)
        index += 1
    out.append(''.join(line))
    return out


def spans(lines):
    """(kind, qualified name, first line, last line, enclosing type span index) of every type body."""
    found, stack, pending = [], [], None
    for number, (raw, stripped) in enumerate(zip(lines, code_lines(lines)), 1):
        match = DECL.match(stripped)
        if match and match.group(2) not in KEYWORDS:
            pending = (match.group(1), match.group(2), number)
        for char in stripped:
            if char == '{':
                if pending:
                    kind, name, first = pending
                    outer = next((entry for entry in reversed(stack) if entry), None)
                    if outer and kind != 'extension':
                        name = outer['name'] + '.' + name
                    stack.append({'kind': kind, 'name': name, 'first': first,
                                  'outer': outer['index'] if outer else None, 'index': len(found)})
                    found.append(None)
                    pending = None
                else:
                    stack.append(None)
            elif char == '}' and stack:
                entry = stack.pop()
                if entry:
                    found[entry['index']] = (entry['kind'], entry['name'], entry['first'], number, entry['outer'])
        if pending and pending[2] != number and '{' not in stripped and raw.strip() == '':
            pending = None  # a declaration without a body
    return [span for span in found if span]


def type_sizes(root):
    """{name: (lines, [files])} of every struct, class, enum and actor declared under root."""
    declared, parts = {}, []
    for folder, _, files in os.walk(root):
        for file_name in sorted(files):
            if not file_name.endswith('.swift'):
                continue
            path = os.path.join(folder, file_name)
            module = os.path.relpath(path, root).split(os.sep)[0]
            with open(path, encoding='utf-8') as handle:
                found = spans(handle.read().split('\n'))
            nested = {}
            for kind, name, first, last, outer in found:
                if outer is not None:
                    nested[outer] = nested.get(outer, 0) + last - first + 1
            for index, (kind, name, first, last, outer) in enumerate(found):
                if kind in ('struct', 'class', 'enum', 'actor'):
                    declared.setdefault(name, set()).add(module)
                parts.append((module, name, path, last - first + 1 - nested.get(index, 0)))
    sizes = {}
    for module, name, path, lines in parts:
        modules = declared.get(name)
        if not modules:
            continue  # an extension of a type from elsewhere, or a protocol
        key = f'{module}/{name}' if len(modules) > 1 and module in modules else name
        if len(modules) > 1 and module not in modules:
            continue  # an extension across modules of a name declared twice: not measured
        total, files = sizes.get(key, (0, []))
        sizes[key] = (total + lines, files + ([path] if path not in files else []))
    return sizes


if __name__ == '__main__':
    import sys
    for name, (lines, files) in sorted(type_sizes(sys.argv[1] if len(sys.argv) > 1 else 'Sources').items(),
                                      key=lambda item: -item[1][0])[:int(os.environ.get('TOP', '30'))]:
        print(f'{lines:6} {name} ({len(files)} files)')
