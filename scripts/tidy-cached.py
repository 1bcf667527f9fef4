#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Runs clang-tidy over the given files, skipping a file whose exact input was already
found clean: the key is the SHA-256 of clang-tidy's version, the checks and the file's
preprocessed translation unit (every header it includes, with the build's flags), so any
change to the file, a header, a flag or the tool runs it again. Clean results are kept
under $LABFORGE_CACHE_DIR/clang-tidy (default /var/cache/labforge/clang-tidy); findings
are never cached. A file has findings when clang-tidy reports a warning or an error in it,
or exits non-zero (it could not parse the file, say): then the file's diagnostics, or else
clang-tidy's last lines, are printed. Exits 1 when any file has findings.

Files given with --first (the files a change touched) are checked first and always to the
end. With LABFORGE_TIDY_BUDGET=SECONDS, the other files get that time once those are done:
the ones not started within it are left unchecked and counted (give them newest change
first, so the newest code is checked first).

usage: tidy-cached.py [--first FILE]... BUILD_DIR CHECKS JOBS FILE..."""
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
    args = sys.argv[1:]
    first = []
    while len(args) >= 2 and args[0] == "--first":
        first.append(args[1])
        args = args[2:]
    if len(args) < 3:
        sys.exit(__doc__.rsplit("\n\n", 1)[1])
    build, checks, jobs = args[0], args[1], int(args[2])
    rest = [f for f in args[3:] if f not in first]
    cache = os.path.join(os.environ.get("LABFORGE_CACHE_DIR", "/var/cache/labforge"), "clang-tidy")
    os.makedirs(cache, exist_ok=True)
    commands = {}
    with open(os.path.join(build, "compile_commands.json")) as f:
        for entry in json.load(f):
            commands[os.path.realpath(os.path.join(entry["directory"], entry["file"]))] = entry
    version = subprocess.run(["clang-tidy", "--version"], capture_output=True, text=True, check=True).stdout
    budget = os.environ.get("LABFORGE_TIDY_BUDGET")
    deadline = None  # set once the --first files are done

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
        # Every diagnostic shown is an error, so that clang-tidy's exit status tells them all.
        r = subprocess.run(["clang-tidy", "-p", build, "--quiet", "--warnings-as-errors=*", "--checks=" + checks, path],
                           capture_output=True, text=True)
        findings = "\n".join(sorted({line for line in r.stdout.splitlines()
                                     if re.match(r"^\S.*:\d+:\d+: (warning|error): ", line)}))
        if r.returncode != 0 and not findings:
            tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-10:])
            findings = f"clang-tidy: exited {r.returncode} on {path}:\n{tail}"
        if k and not findings:
            open(os.path.join(cache, k), "w").close()
        return path, findings, False

    findings, reused, skipped = [], 0, 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        if first:
            print(f"clang-tidy: checking first, whatever the budget, the {len(first)} file(s) the change touched: "
                  + " ".join(first), flush=True)
        for phase in (first, rest):
            for path, found, cached in pool.map(check, phase):
                reused += cached
                skipped += found is None
                if found:
                    findings.append(found)
            if budget and deadline is None:
                deadline = time.monotonic() + float(budget)
    files = first + rest
    checked = len(files) - skipped
    if findings:
        print("\n".join(findings))
        print(f"clang-tidy: findings in {len(findings)} of {checked} files checked")
    else:
        print(f"clang-tidy: no findings ({checked} files, {reused} unchanged since a clean check)")
    if skipped:
        print(f"clang-tidy: {skipped} of {len(files)} files (the longest unchanged) left unchecked within the "
              f"budget of {budget} s; LABFORGE_CI_VARIANT=static checks every file")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
