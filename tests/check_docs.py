#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""The manual says what the program does, in the project's own words.

  check_docs.py LABFORGE SOURCE_DIR

- docs/cli/<command>.md exists for every command `labforge --help` lists, with a Synopsis
  whose code block starts with `labforge <command>`, every option `labforge <command> --help`
  prints written in backticks under Options, and Exit codes and Examples sections;
- docs/lab-file.md has a `### <object>` section for every object of the lab file's JSON
  Schema, naming every key of that object in backticks;
- README.md is at most 300 lines and starts with the two set-up commands;
- docs/architecture.md's places are real: every file or folder it names in backticks
  (`runner/LabRunner`, `model/assertions/`) exists, and every `Class::member` it names is
  declared in that class's header, so "where each kind of change goes" cannot drift;
- no process narration (work sessions, "the issue", issue numbers, "seen failing", "used to
  crash", dates of work) in the README, the docs, the changelog, or a code comment: a test's
  comment says what behaviour it pins;
- every pointer into the manual is live: `README.md#x` and `docs/y.md#z` anywhere in the tree,
  "the README's X section", and every relative Markdown link of a page name a file that exists
  and, with an anchor, a heading it has;
- every picture the README and docs/ show, and every picture in docs/, is one a script under
  scripts/ writes (named there as `picture NAME`), and every picture in docs/ is shown.
"""
import json
import os
import re
import subprocess
import sys

binary, source = sys.argv[1], sys.argv[2]
problems = []
env = dict(os.environ, QT_QPA_PLATFORM="offscreen")


def run_help(*args):
    return subprocess.run([binary, *args, "--help"], capture_output=True, text=True, env=env).stdout


def section(text, title):
    m = re.search(r"^## " + re.escape(title) + r"\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1) if m else None


# The commands and their options, as the program prints them.
top = run_help()
commands = re.findall(r"^  ([a-z][a-z-]+)\s{2,}\S", top.split("Commands:", 1)[1].split("Options:", 1)[0], re.M)
if len(commands) < 10:
    problems.append(f"labforge --help lists only {commands}")
for command in commands:
    page = os.path.join(source, "docs", "cli", command + ".md")
    if not os.path.exists(page):
        problems.append(f"docs/cli/{command}.md is missing")
        continue
    text = open(page, encoding="utf-8").read()
    if not re.search(r"^# labforge " + re.escape(command) + r"\s*$", text, re.M):
        problems.append(f"docs/cli/{command}.md: no '# labforge {command}' heading")
    synopsis = section(text, "Synopsis")
    block = re.search(r"```[a-z]*\n(.*?)```", synopsis or "", re.S)
    if not block or not block.group(1).startswith("labforge " + command):
        problems.append(f"docs/cli/{command}.md: Synopsis has no code block starting with 'labforge {command}'")
    options = section(text, "Options") or ""
    for option in sorted(set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", run_help(command).split("Arguments:")[0]))):
        if option in ("-h", "--help", "--help-all"):
            continue
        if "`" + option not in options:
            problems.append(f"docs/cli/{command}.md: option {option} of `labforge {command} --help` is not under Options")
    # What its lab argument takes, said where the command takes a lab by file or --template.
    command_help = run_help(command)
    arguments = command_help.split("Arguments:", 1)[1] if "Arguments:" in command_help else ""
    first = re.search(r"^  (LAB|FILE)\s{2,}(.*(?:\n {6,}.*)*)", arguments, re.M)
    takes_template = "Use the built-in lab NAME instead of a file." in command_help  # LabSource's option
    if first and takes_template and "--template" not in first.group(2):
        problems.append(f"labforge {command} --help: {first.group(1)} does not say it may be --template NAME")
    for title in ("Exit codes", "Examples"):
        if section(text, title) is None:
            problems.append(f"docs/cli/{command}.md: no '## {title}' section")
    if "```" not in (section(text, "Examples") or ""):
        problems.append(f"docs/cli/{command}.md: Examples has no code block")

# Every object and key of the lab file.
schema = json.load(open(os.path.join(source, "resources", "schema", "lab.schema.json"), encoding="utf-8"))
labfile_path = os.path.join(source, "docs", "lab-file.md")
labfile = open(labfile_path, encoding="utf-8").read() if os.path.exists(labfile_path) else ""
if not labfile:
    problems.append("docs/lab-file.md is missing")
for name, definition in schema["$defs"].items():
    m = re.search(r"^### " + re.escape(name) + r"\s*$(.*?)(?=^#{1,3} |\Z)", labfile, re.M | re.S)
    if not m:
        problems.append(f"docs/lab-file.md: no '### {name}' section for the schema's {name}")
        continue
    for key in definition.get("properties", {}):
        if f"`{key}`" not in m.group(1):
            problems.append(f"docs/lab-file.md: ### {name} does not name its key `{key}`")

# The README a newcomer reads first.
readme = open(os.path.join(source, "README.md"), encoding="utf-8").read().splitlines()
if len(readme) > 300:
    problems.append(f"README.md has {len(readme)} lines; at most 300")
head = "\n".join(readme[:20])
for command in ("scripts/designer.sh", "scripts/test.sh"):
    if command not in head:
        problems.append(f"README.md does not start with {command}")

# The architecture's places: files, folders and members that exist.
roots = ("app/", "canvas/", "model/", "generators/", "runner/", "tests/", "bench/", "scripts/", "resources/",
         "packaging/", "translations/")
headers = {}
for dirpath, _, files in os.walk(source):
    if "/build" in dirpath or "/.git" in dirpath:
        continue
    for f in files:
        if f.endswith(".h"):
            headers.setdefault(f[:-2], os.path.join(dirpath, f))
architecture = open(os.path.join(source, "docs", "architecture.md"), encoding="utf-8").read()
for token in sorted(set(re.findall(r"`([^`\n]+)`", architecture))):
    name = token.split("::")[0].split("(")[0].strip()
    if name.startswith(roots) and "<" not in name:
        base = os.path.join(source, name.rstrip("/"))
        if not any(os.path.exists(base + suffix) for suffix in ("", ".h", ".cpp", ".json", ".py", ".sh")):
            problems.append(f"docs/architecture.md names `{token}`, which does not exist")
    member = re.match(r"^(?:[\w/]+/)?(\w+)::(\w+)", token)
    if member:
        cls, fn = member.groups()
        header = headers.get(cls) or (os.path.join(source, "tests", cls + ".cpp") if cls.startswith("tst_") else None)
        if header and not os.path.exists(header):
            header = None
        if not header:
            problems.append(f"docs/architecture.md names `{token}`: no header {cls}.h")
        elif not re.search(r"\b" + re.escape(fn) + r"\b", open(header, encoding="utf-8").read()):
            problems.append(f"docs/architecture.md names `{token}`: {os.path.basename(header)} has no {fn}")

# Project words only.
narration = re.compile(r"\bsessions? \d+|\b(?:this|work|helper|previous|last|earlier) sessions?\b|\bseen (?:to )?fail"
                       r"|\bsaw it fail|\bbefore the fix\b|\bdesigner review\b|\b(?:user|designer) walk\b"
                       r"|\bhelper (?:task|engineer|brief)s?\b|\bthe audit\b|\bused to (?:crash|fail|hang|break|be|leak"
                       r"|lose|miss|show|print|ignore|take)\b", re.I)
# "issue" as a noun of the work ("The issue:", "the runner issue", "issue 14"), not the verb
# ("to issue a certificate", "issues a token"), "issuer", or a link to someone's tracker.
issue = re.compile(r"(?<![/\w-])issues?\b(?![/\w-])", re.I)
issue_verb = re.compile(r"\b(?:to|and|or|will|can|may|must|not|then|never) issue\b|\bissues (?:a|an|one|its|their|every)\b",
                        re.I)
url = re.compile(r"\w+://\S+")
months = "January|February|March|April|May|June|July|August|September|October|November|December"
date = re.compile(r"\b20\d\d-\d\d-\d\d\b|\b(?:" + months + r") (?:\d{1,2}, )?20\d\d\b")


def narrates(text):
    text = url.sub("", text)
    return bool(narration.search(text) or date.search(text)
                or (issue.search(text) and not issue_verb.search(text)))


helper = re.compile(r"(?<![\w-])helpers?\b(?!-)", re.I)
tracked = subprocess.run(["git", "-C", source, "ls-files"], capture_output=True, text=True).stdout.split()
for path in tracked:
    full = os.path.join(source, path)
    prose = path == "README.md" or path == "CHANGELOG.md" or (path.startswith("docs/") and path.endswith(".md"))
    code = re.search(r"\.(cpp|h|sh|py)$|(^|/)CMakeLists\.txt$", path) and not re.match(
        r"tests/(data|golden)/|tests/fuzz/corpus/", path)
    if not (prose or code) or not os.path.isfile(full) or path == "tests/check_docs.py":
        continue
    for number, line in enumerate(open(full, encoding="utf-8", errors="replace"), 1):
        text = line
        if code:
            # Comments only: what the code says in strings is behaviour, tested elsewhere.
            m = re.search(r"(//|(?:^|\s)#(?!include|pragma|!|define|if|endif|else))(.*)$", line)
            if not m:
                continue
            text = m.group(2)
        if narrates(text) or (prose and helper.search(text)):
            problems.append(f"{path}:{number}: process narration: {line.strip()[:100]}")

# Pointers into the manual: every `README.md#x` / `docs/y.md#z` a tracked file names, every
# relative Markdown link of a page (`[..](lab-file.md#node)`, `[..](#review)`), and every "the
# README's X section" names a file that exists and a heading it has.
def slug(heading):
    # As GitHub makes it: emphasis marks go, an underscore inside a code span stays.
    parts = re.split(r"(`[^`]*`)", heading.strip().lower())
    heading = "".join(p.strip("`") if p.startswith("`") else re.sub(r"[*_]|\]\([^)]*\)|\[", "", p) for p in parts)
    return re.sub(r"\s", "-", re.sub(r"[^\w\s-]", "", heading))


anchors = {}


def anchors_of(path):
    if path not in anchors:
        full = os.path.join(source, path)
        found, seen = set(), {}
        if os.path.isfile(full):
            fenced = False
            for line in open(full, encoding="utf-8"):
                if line.startswith("```"):
                    fenced = not fenced
                m = None if fenced else re.match(r"#{1,6} (.*)", line)
                if m:
                    base = slug(m.group(1))
                    n = seen.get(base, 0)
                    seen[base] = n + 1
                    found.add(base if n == 0 else f"{base}-{n}")
        anchors[path] = found if os.path.isfile(full) else None
    return anchors[path]


def check_pointer(where, target, anchor):
    names = anchors_of(target)
    if names is None:
        problems.append(f"{where}: points to {target}, which does not exist")
    elif anchor is not None and anchor.lower() not in names:
        problems.append(f"{where}: points to {target}#{anchor}; {target} has no such heading")


for path in tracked:
    if re.match(r"tests/(data|golden)/|tests/fuzz/corpus/", path) or not re.search(
            r"\.(md|cpp|h|sh|py|txt|in|json|xml|desktop)$", path) or path == "tests/check_docs.py":
        continue
    full = os.path.join(source, path)
    if not os.path.isfile(full):
        continue
    for number, line in enumerate(open(full, encoding="utf-8", errors="replace"), 1):
        where = f"{path}:{number}"
        line = url.sub("", line)
        for target, anchor in re.findall(r"(?<![\w./-])((?:docs/[\w/.-]+|README)\.md)(?:#([\w-]+))?", line):
            check_pointer(where, target, anchor or None)
        for section_name in re.findall(r"README(?:\.md)?'s ([A-Z][\w ,-]*?) section", line):
            check_pointer(where, "README.md", slug(section_name))
        if path.endswith(".md"):
            for link in re.findall(r"\]\(([^)\s]+)\)", line):
                target, _, anchor = link.partition("#")
                if re.match(r"\w+:", target) or not (target.endswith(".md") or not target):
                    continue
                target = os.path.normpath(os.path.join(os.path.dirname(path), target)) if target else path
                check_pointer(where, target, anchor or None)

# Pictures: every one the README and docs/ show, and every one docs/ holds, is written by a
# script (scripts/*.sh name each as `picture NAME`), so each can be made again from the program.
written = set()
for script in sorted(os.listdir(os.path.join(source, "scripts"))):
    if script.endswith(".sh"):
        written |= set(re.findall(r"\bpicture ([\w.-]+\.(?:png|svg|jpg))\b",
                                  open(os.path.join(source, "scripts", script), encoding="utf-8").read()))
shown = set()
for path in tracked:
    if path == "README.md" or (path.startswith("docs/") and path.endswith(".md")):
        text = open(os.path.join(source, path), encoding="utf-8").read()
        for picture in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text):
            name = os.path.normpath(os.path.join(os.path.dirname(path), picture))
            shown.add(name)
            if not name.startswith("docs/") or os.path.basename(name) not in written:
                problems.append(f"{path}: shows {picture}, which no script under scripts/ writes")
    elif path.startswith("docs/") and re.search(r"\.(png|svg|jpg)$", path):
        if os.path.basename(path) not in written:
            problems.append(f"{path}: no script under scripts/ writes this picture")
for path in tracked:
    if path.startswith("docs/") and re.search(r"\.(png|svg|jpg)$", path) and path not in shown:
        problems.append(f"{path}: no page shows this picture")

for p in problems:
    print(p)
print(f"docs: {len(problems)} problem(s)" if problems else "docs: the manual matches the program")
sys.exit(1 if problems else 0)
