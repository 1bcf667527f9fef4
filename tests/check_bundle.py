#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Checks a generated labforge bundle the way its consumers will read it.

usage: check_bundle.py BUNDLE_DIR REFERENCE_DIR

- every shell file (build.sh, overlay files with a bash/sh shebang, sourced *.sh) passes
  `bash -n` and `shellcheck`;
- every YAML file parses (all documents);
- every systemd unit passes `systemd-analyze verify`, except for an ExecStart program
  that the bundle itself installs (the host does not have it);
- every generated Helm values file uses only keys that exist in the pinned chart's
  default values (REFERENCE_DIR), where maps meant for your own keys are compared with
  their defaults (loginsets.* with loginsetDefaults, nodesets.* with nodesetDefaults,
  partitions.* with partitions.all) and Kubernetes objects (nodeSelector, affinity,
  volumes, volumeMounts, labels, configMap, extraConfMap, service.spec) are free-form.
Prints one line per finding and exits 1 when there is any.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

bundle, reference = sys.argv[1], sys.argv[2]
findings = []


def files(root):
    for base, _dirs, names in os.walk(root):
        for name in names:
            yield os.path.join(base, name)


def is_shell(path):
    if path.endswith(".sh"):
        return True
    if os.path.islink(path):
        return False
    with open(path, "rb") as f:
        head = f.read(32)
    return head.startswith(b"#!/bin/bash") or head.startswith(b"#!/bin/sh")


shell, yamls, units = [], [], []
for path in files(bundle):
    if os.path.islink(path):
        continue
    if is_shell(path):
        shell.append(path)
    elif path.endswith((".yaml", ".yml")):
        yamls.append(path)
    elif re.search(r"/overlay/etc/systemd/system/[^/]+\.(service|mount|automount)$", path):
        units.append(path)

for path in shell:
    r = subprocess.run(["bash", "-n", path], capture_output=True, text=True)
    if r.returncode:
        findings.append(f"bash -n {path}: {r.stderr.strip()}")
    r = subprocess.run(["shellcheck", "--shell=bash", "--external-sources", path], capture_output=True, text=True)
    if r.returncode:
        findings.append(f"shellcheck {path}:\n{r.stdout.strip()}")

for path in yamls:
    try:
        with open(path) as f:
            docs = [d for d in yaml.safe_load_all(f) if d is not None]
        if not docs:
            findings.append(f"yaml {path}: no document")
    except yaml.YAMLError as e:
        findings.append(f"yaml {path}: {e}")

def artifact_binaries(overlay):
    with open(os.path.join(os.path.dirname(overlay), "artifacts.json")) as f:
        return {a["destination"] for a in json.load(f) if int(a["mode"], 8) & 0o111}


for path in units:
    overlay = path[: path.index("/overlay/") + len("/overlay")]
    with tempfile.TemporaryDirectory() as tmp:
        # systemd-analyze wants the unit's own name; copy it out so drop-ins of other units do not interfere.
        target = os.path.join(tmp, os.path.basename(path))
        with open(path, "rb") as src, open(target, "wb") as dst:
            dst.write(src.read())
        r = subprocess.run(["systemd-analyze", "verify", "--man=no", target], capture_output=True, text=True)
    for line in (r.stdout + r.stderr).splitlines():
        m = re.search(r"Command (\S+) is not executable", line)
        if m and (os.access(overlay + m.group(1), os.X_OK) or m.group(1) in artifact_binaries(overlay)):
            continue  # installed by the bundle itself (overlay file or pinned artifact)
        if re.search(r"Unit \S+ not found|Failed to create .*/start|Failed to load", line) and not re.search(r"bad-setting|Unknown", line):
            continue  # dependencies (containerd, nfs-server, …) come with the image's packages
        if line.strip():
            findings.append(f"systemd-analyze {path}: {line}")


def load_reference(name):
    with open(os.path.join(reference, name)) as f:
        return yaml.safe_load(f)


FREE = {"nodeSelector", "affinity", "volumes", "volumeMounts", "labels", "annotations", "configMap", "extraConfMap",
        "tolerations", "resources", "env"}
# Subchart values of kube-prometheus-stack 86.0.0 (grafana 12.4.1, kube-state-metrics 7.4.0) are
# not in its values file; nodeSelector is a documented value of both subcharts.
SUBCHART_KEYS = {("grafana", "nodeSelector"), ("kube-state-metrics", "nodeSelector")}


def check_keys(values, defaults, path, mapped):
    if not isinstance(values, dict):
        return
    for key, value in values.items():
        here = path + (key,)
        if here in SUBCHART_KEYS:
            continue
        sub_defaults = None
        if path in mapped:
            sub_defaults = mapped[path]
        elif isinstance(defaults, dict) and key in defaults:
            sub_defaults = defaults[key]
        else:
            findings.append(f"helm values: {'.'.join(here)} is not a key of the pinned chart's defaults")
            continue
        if key in FREE or (path and path[-1] == "service" and key == "spec"):
            continue
        if isinstance(value, dict) and isinstance(sub_defaults, dict):
            check_keys(value, sub_defaults, here, mapped)


charts = {
    "values-slurm.yaml": "slinky-slurm-chart-1.2.0-values.yaml",
    "values-slurm-operator.yaml": "slinky-operator-chart-1.2.0-values.yaml",
    "values-kube-prometheus-stack.yaml": "kube-prometheus-stack-86.0.0-values.yaml",
}
seen = 0
for path in files(bundle):
    name = os.path.basename(path)
    if name not in charts:
        continue
    seen += 1
    defaults = load_reference(charts[name])
    with open(path) as f:
        values = yaml.safe_load(f)
    mapped = {}
    if name == "values-slurm.yaml":
        mapped = {("loginsets",): defaults["loginsetDefaults"], ("nodesets",): defaults["nodesetDefaults"],
                  ("partitions",): defaults["partitions"]["all"]}
    check_keys(values, defaults, (), mapped)

print(f"checked {len(shell)} shell files, {len(yamls)} YAML files, {len(units)} units, {seen} Helm values files")
for f in findings:
    print(f)
sys.exit(1 if findings else 0)
