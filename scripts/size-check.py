#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Production sources stay small: no file over 600 lines, no function over 120 (spans from
Universal Ctags). The units that are still larger are listed in scripts/size-exceptions.txt
with the size they have; each may shrink, none may grow, and no new one may appear. When one
shrinks below its limit, its line goes. Exits 1 naming every unit out of bounds.

usage: scripts/size-check.py [--write-exceptions]"""
import json
import os
import subprocess
import sys

FILE_LIMIT = 600
FUNCTION_LIMIT = 120
DIRS = ["model", "generators", "runner", "operations", "canvas", "app"]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EXCEPTIONS = os.path.join(HERE, "size-exceptions.txt")


def measure():
    units = {}
    for d in DIRS:
        for base, _, files in os.walk(os.path.join(ROOT, d)):
            for f in files:
                if f.endswith((".cpp", ".h")):
                    path = os.path.relpath(os.path.join(base, f), ROOT)
                    with open(os.path.join(ROOT, path), encoding="utf-8") as text:
                        lines = sum(1 for _ in text)
                    if lines > FILE_LIMIT:
                        units["file " + path] = lines
    tags = subprocess.run(
        ["ctags", "--output-format=json", "--fields=+ne", "--kinds-C++=f", "--languages=C++", "-R", "-f", "-"] + DIRS,
        cwd=ROOT, check=True, capture_output=True, text=True).stdout
    for line in tags.splitlines():
        tag = json.loads(line)
        if "end" not in tag:
            continue
        span = tag["end"] - tag["line"] + 1
        if span > FUNCTION_LIMIT:
            scope = tag.get("scope", "")
            name = (scope + "::" if scope else "") + tag["name"]
            key = "function %s %s" % (tag["path"], name)
            units[key] = max(units.get(key, 0), span)
    return units


def main():
    units = measure()
    if "--write-exceptions" in sys.argv:
        with open(EXCEPTIONS, "w", encoding="utf-8") as out:
            out.write("# Units still over the limits of scripts/size-check.py, with their size: may shrink, not grow.\n")
            for key in sorted(units):
                out.write("%s %d\n" % (key, units[key]))
        return 0
    allowed = {}
    with open(EXCEPTIONS, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                key, size = line.rstrip("\n").rsplit(" ", 1)
                allowed[key] = int(size)
    problems = []
    for key, size in sorted(units.items()):
        limit = FILE_LIMIT if key.startswith("file ") else FUNCTION_LIMIT
        if key not in allowed:
            problems.append("%s: %d lines, over the limit of %d" % (key, size, limit))
        elif size > allowed[key]:
            problems.append("%s: %d lines, grew from %d (limit %d)" % (key, size, allowed[key], limit))
    for key in sorted(set(allowed) - set(units)):
        problems.append("%s: now within its limit; remove its line from scripts/size-exceptions.txt" % key)
    for p in problems:
        print("size-check: " + p)
    print("size-check: %d unit(s) over the limits, all listed and none grown" % len(units) if not problems
          else "size-check: %d problem(s)" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
