#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""The VM tests' measured durations, which set their time limits (tests/CMakeLists.txt).

  vm-durations.py show JUNIT             each VM test's seconds and verdict in a CTest JUnit file
  vm-durations.py record KIND JUNIT [--partial]
                                         adds the run to tests/vm/durations.json (KIND: cold or
                                         warm) and raises each test's KIND_s to the longest run
                                         of that kind recorded; only a run where every VM test
                                         passed is recorded, or with --partial the tests that
                                         passed (the others are listed as not passed)
  vm-durations.py budgets                each test's limit as CMake computes it, and their sum
  vm-durations.py page [--check]         writes that table into docs/development.md (between its
                                         vm-budgets markers), or fails when it is not there as is

A test's limit is max(cold_s, warm_s) * margin / 100 + 60 seconds (a kind not measured yet is null);
a test with neither measured gets scripts/test.sh's limit for every test, 1800 seconds.
"""
import json
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
DURATIONS = os.path.join(HERE, "..", "tests", "vm", "durations.json")
PAGE = os.path.join(HERE, "..", "docs", "development.md")
BEGIN, END = "<!-- vm-budgets -->", "<!-- /vm-budgets -->"
UNMEASURED = 1800


def vm_cases(junit):
    """(name, seconds, passed) of every tst_vm_* test case in a CTest JUnit file."""
    cases = []
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = case.get("name", "")
        if not name.startswith("tst_vm_"):
            continue
        passed = case.get("status") == "run" and case.find("failure") is None and case.find("skipped") is None
        cases.append((name, float(case.get("time", "0")), passed))
    return cases


def budget(data, name):
    t = data["tests"][name]
    longest = max(t["cold_s"] or 0, t["warm_s"] or 0)
    return longest * data["margin"] // 100 + 60 if longest else UNMEASURED


def shown(seconds):
    return "–" if seconds is None else f"{seconds} s"


def table(data):
    lines = ["| test | cold | warm | limit |", "| --- | ---: | ---: | ---: |"]
    total = 0
    for name, t in data["tests"].items():
        b = budget(data, name)
        total += b
        lines.append(f"| `{name}` | {shown(t['cold_s'])} | {shown(t['warm_s'])} | {b} s |")
    lines.append(f"| all | {sum(t['cold_s'] or 0 for t in data['tests'].values())} s "
                 f"| {sum(t['warm_s'] or 0 for t in data['tests'].values())} s | {total} s |")
    runs = data.get("runs", [])
    lines.append("")
    lines.append(f"Margin {data['margin'] - 100} % and 60 s; measured on {data['machine']}; "
                 f"{sum(1 for r in runs if r['kind'] == 'cold')} cold and "
                 f"{sum(1 for r in runs if r['kind'] == 'warm')} warm run(s) recorded.")
    lines += ["", *pairs(runs)]
    return "\n".join(lines)


def pairs(runs):
    """Each tested commit with its cold and warm runs (the whole VM suite's seconds), oldest first,
    and how many commits passed both ways since the last run that did not pass."""
    commits = []
    for r in runs:
        if r["commit"] not in commits:
            commits.append(r["commit"])

    def cell(commit, kind):
        done = [r for r in runs if r["commit"] == commit and r["kind"] == kind]
        if not done:
            return "–"
        return ", ".join(("passed" if not r.get("not_passed") else "not all passed")
                         + f" in {round(sum(r['seconds'].values()) + sum(r.get('not_passed', {}).values()))} s"
                         for r in done)

    def green(commit, kind):
        done = [r for r in runs if r["commit"] == commit and r["kind"] == kind]
        return bool(done) and all(not r.get("not_passed") for r in done)

    lines = ["| tested commit | cold (empty machine cache) | warm |", "| --- | --- | --- |"]
    lines += [f"| `{c}` | {cell(c, 'cold')} | {cell(c, 'warm')} |" for c in commits]
    streak = 0
    for c in reversed(commits):
        if any(r.get("not_passed") for r in runs if r["commit"] == c):
            break
        streak += green(c, "cold") and green(c, "warm")
    lines += ["", f"Commits that passed both cold and warm since the last run that did not pass: {streak}."]
    return lines


def main(argv):
    if len(argv) >= 2 and argv[0] == "show":
        for name, seconds, passed in vm_cases(argv[1]):
            print(f"{name:22} {seconds:8.1f} s  {'passed' if passed else 'FAILED'}")
        return 0
    if len(argv) in (3, 4) and argv[0] == "record" and argv[1] in ("cold", "warm"):
        kind, cases = argv[1], vm_cases(argv[2])
        partial = argv[3:] == ["--partial"]
        if not cases or (not partial and not all(p for _, _, p in cases)):
            print("vm-durations: not every VM test passed; nothing recorded", file=sys.stderr)
            return 1
        with open(DURATIONS) as f:
            data = json.load(f)
        commit = subprocess.run(["git", "-C", HERE, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        run = {"kind": kind, "commit": commit, "seconds": {n: round(s, 1) for n, s, p in cases if p}}
        failed = {n: round(s, 1) for n, s, p in cases if not p}
        if failed:
            run["not_passed"] = failed
        data.setdefault("runs", []).append(run)
        for name in data["tests"]:
            runs = [r["seconds"][name] for r in data["runs"] if r["kind"] == kind and name in r["seconds"]]
            if runs:
                data["tests"][name][kind + "_s"] = math.ceil(max(runs))
        with open(DURATIONS, "w") as f:
            json.dump(data, f, indent=4)
            f.write("\n")
        print(f"vm-durations: recorded a {kind} run of {len(cases)} VM tests ({commit})")
        return 0
    if argv == ["budgets"]:
        with open(DURATIONS) as f:
            data = json.load(f)
        total = 0
        for name in data["tests"]:
            b = budget(data, name)
            total += b
            t = data["tests"][name]
            print(f"{name:22} cold {shown(t['cold_s']):>7}  warm {shown(t['warm_s']):>7}  limit {b:5} s")
        print(f"{'all':22} {'':26} limit {total:5} s")
        return 0
    if argv and argv[0] == "page":
        with open(DURATIONS) as f:
            data = json.load(f)
        with open(PAGE) as f:
            page = f.read()
        start, end = page.index(BEGIN) + len(BEGIN), page.index(END)
        new = page[:start] + "\n" + table(data) + "\n" + page[end:]
        if argv[1:] == ["--check"]:
            if new != page:
                print("docs/development.md: the VM time limits are not those of tests/vm/durations.json "
                      "(scripts/vm-durations.py page)", file=sys.stderr)
                return 1
            return 0
        with open(PAGE, "w") as f:
            f.write(new)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
