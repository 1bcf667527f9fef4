#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Prints what a CI run (.ci/run) did and what broke, as the last thing in its log:

  * with --steps: a table of the steps (name, seconds, verdict) from a file of lines
    NAME<TAB>SECONDS<TAB>VERDICT, VERDICT being the step's exit status or "skipped: WHY";
    for each failed step (but the one that ran the tests of the JUnit file, --junit-step),
    the first lines of its log (LOGS/NAME.log) that name a problem (compiler and analyser
    findings, sanitizer reports, fuzzer crashes), else its last lines;
  * with --junit: each failed CTest test of that CTest JUnit file (ctest --output-junit) with
    its first failure: QtTest's first "FAIL!" (or "XPASS") line, the lines up to its
    "Loc: [file(line)]" and that location; for a test that is not a QtTest (or crashed
    before a verdict), its first line naming an error (a sanitizer's with its first frame in
    the tree) or else its last line. --ctest-log (ctest's console output) adds why CTest
    failed it (Failed, Timeout, SegFault...), which the JUnit file does not record.

Runs on its own against an existing JUnit file, e.g. scripts/ci-summary.py --junit
build/ctest-results.xml. Exits 1 when a step failed or a test failed, else 0.

usage: ci-summary.py [--title TEXT] [--steps FILE [--logs DIR]]
                     [--junit FILE [--ctest-log FILE] [--junit-step NAME (default tests)]]"""
import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

# A line that names a problem, in a step's log.
PROBLEM = re.compile(r"(\b(error|warning|runtime error)\b:|^FAILED:|==\d+==ERROR|^fuzz: crash|^check-vm-ran: |"
                     r"^size-check: (?!\d+ unit)|^clang-tidy: .*(exited|findings in)|^fuzz: (FAILED|the replay)|^SUMMARY: |^CMake Error|"
                     r"^E: |Traceback|\*\*\*(Failed|Exception|Timeout))")
# In a test's output: QtTest's verdicts, and first lines of other failures.
QT_FAIL = re.compile(r"^(FAIL!|XPASS) +: ")
QT_LOC = re.compile(r"^\s+Loc: \[(.*)\]\s*$")
TEST_PROBLEM = re.compile(r"(==\d+==ERROR|runtime error:|^QFATAL|Traceback|\b(error|Error|ERROR)\b|"
                          r"\bFAIL(ED)?\b|\bfailed\b|Assertion|terminate called|Segmentation fault)")
FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ in .* ((?!/usr/)/\S+:\d+)\s*$")
MAX_LOG_LINES = 8
MAX_CONTINUATION = 6


def read_steps(path):
    steps = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3:
                steps.append(parts)
    return steps


def verdict(code):
    if code == "0":
        return "ok"
    if code.isdigit():
        return "FAILED (exit %s)" % code
    return code


def problem_lines(log):
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            lines = [line.rstrip("\n") for line in f]
    except OSError:
        return ["(no log at %s)" % log]
    found = [line for line in lines if PROBLEM.search(line)]
    if not found:
        found = [line for line in lines if line.strip()][-5:]
        return found or ["(empty log)"]
    if len(found) > MAX_LOG_LINES:
        return found[:MAX_LOG_LINES] + ["... %d more such lines in %s" % (len(found) - MAX_LOG_LINES, log)]
    return found


def print_steps(steps, logs, title, quiet=()):
    width = max([len(s[0]) for s in steps] + [len("total")])
    print("=" * 72)
    print("CI summary" + (" (%s)" % title if title else ""))
    print("%-*s  %7s  %s" % (width, "step", "seconds", "verdict"))
    for name, seconds, code in steps:
        print("%-*s  %7s  %s" % (width, name, seconds, verdict(code)))
    failed = [s[0] for s in steps if s[2] != "0" and not s[2].startswith("skipped")]
    total = sum(int(s[1]) for s in steps if s[1].isdigit())
    print("%-*s  %7d  %s" % (width, "total", total, "FAILED: " + ", ".join(failed) if failed else "ok"))
    for name, _, code in steps:
        if code == "0" or code.startswith("skipped") or name in quiet or not logs:
            continue
        log = os.path.join(logs, name + ".log")
        print("-- %s: %s; log %s" % (name, verdict(code), log))
        for line in problem_lines(log):
            print("   " + line)
    return bool(failed)


def first_failure(output):
    """The first failure in a test's output: (lines to show, location or None)."""
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if QT_FAIL.match(line):
            shown = [line]
            for follow in lines[i + 1:i + 1 + MAX_CONTINUATION]:
                loc = QT_LOC.match(follow)
                if loc:
                    return shown, "Loc: [%s]" % loc.group(1)
                if not follow.startswith(" "):
                    break
                shown.append(follow)
            return shown, None
    for i, line in enumerate(lines):
        if TEST_PROBLEM.search(line):
            where = None
            for follow in lines[i + 1:]:
                frame = FRAME.match(follow)
                if frame:
                    where = "at %s (its first frame in the tree)" % frame.group(1)
                    break
            return [line], where
    tail = [line for line in lines if line.strip()][-1:]
    return (["last output line: " + tail[0]] if tail else ["(no output)"]), None


def ctest_reasons(path):
    """Why ctest failed each test, from its console output: name -> "Failed", "Timeout", ..."""
    reasons = {}
    if not path:
        return reasons
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.search(r"Test +#\d+: (\S+) \.*\s*\*+(.+?)\s+[\d.]+ sec", line)
                if m:
                    reasons[m.group(1)] = m.group(2).strip()
    except OSError:
        pass
    return reasons


def parse_junit(path):
    """[(name, status, seconds, output)] from a CTest JUnit file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    try:
        root = ET.fromstring(text)
        cases = []
        for case in root.iter("testcase"):
            out = case.find("system-out")
            status = case.get("status") or ("fail" if case.find("failure") is not None else "run")
            cases.append((case.get("name", "?"), status, case.get("time", ""), (out.text or "") if out is not None else ""))
        return cases
    except ET.ParseError as e:
        # An output that made the file unreadable as XML: fall back to reading its elements.
        print("ci-summary: %s is not well-formed XML (%s); reading it loosely" % (path, e))
        cases = []
        for m in re.finditer(r"<testcase\b([^>]*)>(.*?)</testcase>", text, re.S):
            attrs = dict(re.findall(r'(\w+)="([^"]*)"', m.group(1)))
            out = re.search(r"<system-out>(.*?)</system-out>", m.group(2), re.S)
            body = out.group(1) if out else ""
            for ent, ch in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"), ("&amp;", "&")):
                body = body.replace(ent, ch)
            status = attrs.get("status") or ("fail" if "<failure" in m.group(2) else "run")
            cases.append((attrs.get("name", "?"), status, attrs.get("time", ""), body))
        return cases


def print_tests(junit, ctest_log):
    if not os.path.exists(junit):
        print("-- tests: no CTest results (%s is missing: the suite did not run to its end)" % junit)
        return True
    cases = parse_junit(junit)
    failed = [c for c in cases if c[1] not in ("run", "notrun", "disabled")]
    skipped = [c[0] for c in cases if c[1] in ("notrun", "disabled")]
    reasons = ctest_reasons(ctest_log)
    print("-- tests: %d, %d failed, %d skipped (%s)" % (len(cases), len(failed), len(skipped), junit))
    if skipped:
        print("   skipped: " + ", ".join(skipped))
    for name, _, seconds, output in failed:
        try:
            took = "%.1f s" % float(seconds)
        except ValueError:
            took = "? s"
        why = reasons.get(name, "failed")
        print("FAILED %s (%s, %s)" % (name, why, took))
        shown, where = first_failure(output)
        for line in shown:
            print("   " + line)
        if where:
            print("   " + where)
        more = sum(1 for line in output.splitlines() if QT_FAIL.match(line)) - 1
        if more > 0:
            print("   (and %d more FAIL line(s) in its output)" % more)
    return bool(failed)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--title")
    p.add_argument("--steps")
    p.add_argument("--logs")
    p.add_argument("--junit")
    p.add_argument("--ctest-log")
    p.add_argument("--junit-step", default="tests")
    a = p.parse_args()
    if not a.steps and not a.junit:
        p.error("give --steps, --junit or both")
    failed = False
    if a.steps:
        # The failed tests are told from the JUnit file, when there is one.
        quiet = (a.junit_step,) if a.junit and os.path.exists(a.junit) else ()
        failed |= print_steps(read_steps(a.steps), a.logs, a.title, quiet)
    if a.junit:
        failed |= print_tests(a.junit, a.ctest_log)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
