#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""bench/run-peer-bench.sh --all --dry-run: every command the benchmarks would run (each
`+ ` line, the scripts run by `sh -c`, mmdebstrap's hooks) is one the script installs and
checks (`--list-commands`) or comes with every Debian system; the three programs run; it says
which binary and build it measures. Nothing runs but the dry run.
  check_peer_bench.py BUILD_DIR"""
import os
import shlex
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
script = os.path.join(here, "..", "bench", "run-peer-bench.sh")
build = sys.argv[1]
# Builtins and Debian's Essential packages (coreutils, dash, tar, …): on every system.
ESSENTIAL = {"cd", "set", "printf", "echo", "true", "test", "[", "id", "install", "chown", "chmod", "useradd",
             "sh", "rm", "mkdir", "cp", "ls", "tail", "cat", "mv", "sync", "env"}
SEPARATORS = {"&&", "||", ";", "|", "&", "(", ")", "$("}


def commands(words):
    """The programs a command line runs: the first word of each simple command, and of the
    scripts it hands to `sh -c` and mmdebstrap's hooks."""
    found, start = [], True
    for i, word in enumerate(words):
        if word in SEPARATORS or word.endswith("$("):
            start = True
            continue
        if start and "=" in word and not word.startswith("-"):
            continue  # VAR=value before a command
        if start:
            found.append(word)
            start = False
            if word == "sh" and i + 2 < len(words) and words[i + 1] == "-c":
                found += commands(split(words[i + 2]))
        for hook in ("--setup-hook=", "--customize-hook="):
            if word.startswith(hook):
                first = split(word[len(hook):])[0]
                if first not in ("sync-in", "sync-out"):
                    found.append(first)
    return found


def split(text):
    lexer = shlex.shlex(text.replace("$(", " $( ").replace("\n", " ; "), posix=True, punctuation_chars=";&|()")
    lexer.wordchars += "$:,{}[]@+%"
    try:
        return [w for w in lexer]
    except ValueError:
        return text.split()


with tempfile.TemporaryDirectory() as tmp:
    env = dict(os.environ, LABFORGE_CACHE_DIR=tmp, LABFORGE_PEER_WORK=os.path.join(tmp, "peers"))
    run = subprocess.run([script, "--all", "--dry-run", build], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    listed = set(subprocess.run([script, "--list-commands"], capture_output=True, text=True, check=True)
                 .stdout.split())
out = run.stdout
assert f"labforge binary: {os.path.realpath(build)}/app/labforge (" in out, "which binary is not said"
assert f"build: {os.path.realpath(build)} (" in out, "which build is not said"


def balanced(text):
    try:
        shlex.split(text)
        return True
    except ValueError:
        return False


# Each `+ ` line with the lines of its quoted scripts; a written file's lines are not commands.
records, current = [], None
for line in out.splitlines():
    if line.startswith("+ "):
        current = None if line.startswith("+ write ") else line[2:]
        if current is not None:
            records.append(current)
    elif current is not None and not balanced(records[-1]):
        records[-1] += "\n" + line
ran = set()
for text in records:
    text = text.removeprefix("until it answers: ").removesuffix(" &")
    if "(labforge's cache" in text:
        text = text[:text.index(" (")]
    ran |= set(commands(split(text)))
for program in ("bench_peers", "bench_scale", "bench_canvas"):
    assert any(r.endswith("/bench/" + program) for r in ran), f"{program} is not run"
unlisted = sorted(c for c in ran if not c.startswith("/") and c not in listed and c not in ESSENTIAL)
assert not unlisted, f"commands run-peer-bench.sh neither installs nor checks: {unlisted}"
for needed in ("mmdebstrap", "virt-install", "cloud-localds", "vagrant", "qemu-img", "virsh", "ssh", "debugfs",
               "mkfs.ext4"):
    assert needed in ran, f"the dry run never runs {needed}: this check reads it wrongly"
print(f"run-peer-bench.sh: the {len(ran)} commands of the dry run are installed and checked")
