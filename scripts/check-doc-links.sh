#!/usr/bin/env bash
# Checks every relative link in README.md and docs/**/*.md: the file (or folder) it names exists, and a #anchor
# matches a heading of the target page by GitHub's rule (lower case; letters, digits, '_', '-' and spaces kept,
# spaces made '-'; a repeated heading gets -1, -2, ...) or an explicit <a name> / id. Links inside code spans and
# fenced blocks are not links and are skipped; http(s), mailto and other schemes are not checked.
# Usage: scripts/check-doc-links.sh [REPO_ROOT]   (default: the repository this script is in)
# Prints each broken link as FILE:LINE: TARGET (reason), then a count; exits 1 if any is broken, else 0.
set -euo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
exec python3 - "$root" <<'PYTHON'
import os
import re
import sys
import unicodedata

root = os.path.abspath(sys.argv[1])
FENCE = re.compile(r'^\s*(```|~~~)')
CODE_SPAN = re.compile(r'(`+)(.+?)\1')
# [text](target) or ![alt](target); the target may hold one level of balanced parentheses.
LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|(?:[^()\s]|\([^()\s]*\))+)(?:\s+"[^"]*")?\s*\)')
REFERENCE_DEF = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*(\S+)')
HEADING = re.compile(r'^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
EXPLICIT_ANCHOR = re.compile(r'<a\s+(?:name|id)="([^"]+)"|\sid="([^"]+)"')


def markdown_files():
    files = [os.path.join(root, 'README.md')]
    for folder, dirs, names in os.walk(os.path.join(root, 'docs')):
        dirs.sort()
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith('.md')]
    return [f for f in files if os.path.isfile(f)]


def text_lines(path):
    """Each line outside fenced blocks, with its number."""
    fenced = False
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if not fenced:
                yield number, line.rstrip('\n')


def slug(heading):
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', heading)  # a link in a heading counts by its text
    text = re.sub(r'<[^>]+>', '', text).lower()
    kept = ''.join(c for c in text
                   if c in ' -_' or unicodedata.category(c)[0] in 'LMN' or unicodedata.category(c) == 'Pc')
    return kept.replace(' ', '-')


_anchors = {}


def anchors(path):
    if path not in _anchors:
        found, seen = set(), {}
        for _, line in text_lines(path):
            for m in EXPLICIT_ANCHOR.finditer(line):
                found.add(m.group(1) or m.group(2))
            h = HEADING.match(line)
            if h:
                s = slug(h.group(2))
                n = seen.get(s, 0)
                seen[s] = n + 1
                found.add(s if n == 0 else f'{s}-{n}')
        _anchors[path] = found
    return _anchors[path]


def targets(path):
    for number, line in text_lines(path):
        plain = CODE_SPAN.sub(lambda m: ' ' * len(m.group(0)), line)
        for m in LINK.finditer(plain):
            yield number, m.group(1).strip('<>')
        d = REFERENCE_DEF.match(plain)
        if d:
            yield number, d.group(1)


broken = checked = 0
for source in markdown_files():
    for number, target in targets(source):
        if re.match(r'^[a-zA-Z][a-zA-Z0-9+.-]*:', target):
            continue  # http:, https:, mailto: ...
        checked += 1
        file_part, _, anchor = target.partition('#')
        where = os.path.normpath(os.path.join(os.path.dirname(source), file_part)) if file_part else source
        problem = None
        if not os.path.exists(where):
            problem = 'no such file'
        elif anchor and os.path.isfile(where) and where.endswith('.md') and anchor not in anchors(where):
            problem = 'no heading with this anchor'
        if problem:
            broken += 1
            print(f'{os.path.relpath(source, root)}:{number}: {target} ({problem})')
print(f'{checked} relative links checked, {broken} broken')
sys.exit(1 if broken else 0)
PYTHON
