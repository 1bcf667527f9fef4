#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Runs clang-tidy over the given files, skipping a file whose exact input was already
found clean: the key is the SHA-256 of clang-tidy's version, the checks and the file's
preprocessed translation unit (every header it includes, with the build's flags), so any
change to the file, a header, a flag or the tool runs it again. Clean results are kept
under $LABFORGE_CACHE_DIR/clang-tidy (default /var/cache/labforge/clang-tidy); findings
are never cached. Prints the findings and exits 1 when there are any.

With LABFORGE_TIDY_BUDGET=SECONDS, files not started within that time are left unchecked
and counted (give the files newest change first, so the newest code is checked first).

usage: tidy-cached.py BUILD_DIR CHECKS JOBS FILE..."""
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import time


def main():
    build, checks, jobs, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    cache = os.path.join(os.environ.get("LABFORGE_CACHE_DIR", "/var/cache/labforge"), "clang-tidy")
    os.makedirs(cache, exist_ok=True)
    commands = {}
    with open(os.path.join(build, "compile_commands.json")) as f:
        for entry in json.load(f):
            commands[os.path.realpath(os.path.join(entry["directory"], entry["file"]))] = entry
    version = subprocess.run(["clang-tidy", "--version"], capture_output=True, text=True, check=True).stdout
    budget = os.environ.get("LABFORGE_TIDY_BUDGET")
    deadline = time.monotonic() + float(budget) if budget else None

    def key(path):
        entry = commands.get(os.path.realpath(path))
        if entry is None:
            return None  # not compiled by this build: always checked
        args = entry.get("arguments") or shlex.split(entry["command"])
        out = []
        skip = False
        for a in args:
            if skip:
                skip = False
                continue
            if a in ("-o", "-MF", "-MT", "-MQ"):
                skip = True
                continue
            if a in ("-c", "-MD", "-MMD"):
                continue
            out.append(a)
        pre = subprocess.run(out + ["-E", "-P"], cwd=entry["directory"], capture_output=True)
        if pre.returncode != 0:
            return None
        h = hashlib.sha256()
        for part in (version.encode(), checks.encode(), pre.stdout):
            h.update(hashlib.sha256(part).digest())
        return h.hexdigest()

    def check(path):
        if deadline is not None and time.monotonic() > deadline:
            return path, None, False
        k = key(path)
        if k and os.path.exists(os.path.join(cache, k)):
            return path, "", True
        r = subprocess.run(["clang-tidy", "-p", build, "--quiet", "--checks=" + checks, path],
                           capture_output=True, text=True)
        findings = "\n".join(sorted({line for line in r.stdout.splitlines()
                                     if re.match(r"^/.*(warning|error):", line)}))
        if k and not findings:
            open(os.path.join(cache, k), "w").close()
        return path, findings, False

    findings, reused, skipped = [], 0, 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for path, found, cached in pool.map(check, files):
            reused += cached
            skipped += found is None
            if found:
                findings.append(found)
    if findings:
        print("\n".join(findings))
        return 1
    checked = len(files) - skipped
    print(f"clang-tidy: no findings ({checked} files, {reused} unchanged since a clean check)")
    if skipped:
        print(f"clang-tidy: {skipped} of {len(files)} files (the longest unchanged) left unchecked within the "
              f"budget of {budget} s; LABFORGE_CI_VARIANT=static checks every file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
