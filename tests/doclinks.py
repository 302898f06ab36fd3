#!/usr/bin/env python3
"""Check the manual's internal links: README.md and docs/*.md.

Every relative Markdown link `[text](path)` or `[text](path#anchor)` or
`[text](#anchor)` must name a file or folder of the repository, and an anchor
must be a heading of the target Markdown file (GitHub's rule: lowercase,
punctuation dropped, blanks to hyphens; a repeated heading gets -1, -2).
Links with a scheme (http:, mailto:) are not followed.  Code spans and
indented code blocks are skipped.  Also run by tests/runner_test.py.

    doclinks.py            check, one line per broken link, exit 1 if any
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def manual_files(root=ROOT):
    docs = os.path.join(root, "docs")
    return [os.path.join(root, "README.md")] + sorted(
        os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))


def slug(heading):
    h = re.sub(r"`", "", heading.strip().lower())
    return re.sub(r"[^a-z0-9 _-]", "", h).replace(" ", "-")


def prose(text):
    """The lines outside fenced and indented code (a block indented 4 blanks
    after a blank line: continuation lines of a list are prose), with code
    spans removed; code lines become empty, so line numbers stay."""
    out, fenced, code, prev = [], False, False, ""
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append("")
            continue
        if line.strip():
            code = line.startswith("    ") and (code or not prev.strip())
        prev = line
        out.append("" if fenced or code else re.sub(r"`[^`]*`", "", line))
    return out


def anchors(path):
    seen, out = {}, set()
    for line in prose(open(path).read()):
        m = re.match(r"^#{1,6} (.*)$", line)
        if m:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            out.add(s if n == 0 else "%s-%d" % (s, n))
    return out


def broken_links(path, text, root=ROOT):
    """(line number, link, why) for each link of text (the file at path) that goes nowhere."""
    bad = []
    for n, line in enumerate(prose(text), 1):
        for target in LINK.findall(line):
            if re.match(r"^[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            if not os.path.exists(dest) or not dest.startswith(root):
                bad.append((n, target, "no such file %s" % os.path.relpath(dest, root)))
            elif anchor and (not dest.endswith(".md") or anchor not in anchors(dest)):
                bad.append((n, target, "no heading #%s in %s" % (anchor, os.path.relpath(dest, root))))
    return bad


def check(root=ROOT):
    """Every broken link of the manual, as printable lines, and the number of links checked."""
    lines, links = [], 0
    for path in manual_files(root):
        text = open(path).read()
        links += sum(len(LINK.findall(l)) for l in prose(text))
        for n, target, why in broken_links(path, text, root):
            lines.append("%s: link (%s): %s" % (os.path.relpath(path, root), target, why))
    return lines, links


def main():
    bad, links = check()
    for l in bad:
        print(l)
    print("doclinks: %d files, %d links, %d broken" % (len(manual_files()), links, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
