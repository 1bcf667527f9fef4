#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""The time a `slurm-native` run takes to its verdict, stage by stage, from the report of a
real run (report.json, as `labforge up --report DIR` or the VM test tst_vm_native write it),
saved as the baseline bench/baseline/native_up.json that scripts/bench-page.py shows.

  bench/native-up-baseline.py REPORT.json

What the run found in its cache (images built, or built on a cached base, or all cached) is
read from the report's timeline and named in the figures. Nothing is estimated: a stage the
report does not hold is left out, and a run that did not pass is refused.
"""
import datetime
import json
import os
import platform
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "baseline", "native_up.json")


def when(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def seconds(start, end):
    return (when(end) - when(start)).total_seconds()


def stage_spans(report):
    """Each whole stage's (start, end) from the report's timeline (node phases left out)."""
    spans = {}
    for span in report.get("timeline", []):
        if "node" in span or "stage" not in span:
            continue
        spans[span["stage"]] = (span["start"], span["end"])
    return spans


def machine(report):
    with open("/proc/meminfo") as f:
        kib = int(next(line for line in f if line.startswith("MemTotal:")).split()[1])
    cpu = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    release = platform.freedesktop_os_release().get("PRETTY_NAME", "Linux")
    accel = report.get("run", "").split(";")[0]
    accel = "TCG" if accel.startswith("TCG") else ("KVM" if accel.startswith("KVM") else accel)
    return {"os": release, "cores": os.cpu_count(), "cpu": cpu, "memory_gib": round(kib / 1024 / 1024),
            "accelerator": accel}


def figure(what, value, unit="s", goal=""):
    return {"what": what, "value": value, "unit": unit, "goal": goal}


def images_state(report):
    """What the image stage did: every node image built (and the base), or on a cached base, or none."""
    building = any(span.get("node") and span.get("stage") == "image" and span.get("what") == "building"
                   for span in report.get("timeline", []))
    if not building:
        return "cached"
    return "built with their base" if "base" in stage_spans(report) else "built on a cached base"


def figures(report):
    images = images_state(report)
    spans = stage_spans(report)
    out = {}
    total = seconds(report["started"], report["finished"])
    steps = report.get("assertions", [])
    left_out = [] if any(s.get("id") == "14-hpcc" for s in steps) else ["the HPC Challenge"]
    if not any(s.get("scenario") == "native-resilience" for s in steps):
        left_out.append("the resilience scenario")
    note = f", without {' and '.join(left_out)}" if left_out else ""
    out["total_s"] = figure(f"`up slurm-native` to its verdict ({len(steps)} steps{note}), images {images}",
                            total, goal="≤ 180 s")
    if "image" in spans:
        out["images_s"] = figure(f"images ({images})", seconds(*spans["image"]))
    if "boot" in spans and "ssh" in spans:
        out["boot_to_ssh_s"] = figure("six VMs, define → SSH", seconds(spans["boot"][0], spans["ssh"][1]))
    if "startup" in spans:
        out["startup_s"] = figure("every node's startup finished after SSH (Slurm, its database, the "
                                  "directory)", seconds(*spans["startup"]))
    if "scenario" in spans:
        out["scenarios_s"] = figure("the scenarios", seconds(*spans["scenario"]))
    multi_user = [a.get("multi_user_s") for a in report.get("boot_analysis", {}).values()
                  if isinstance(a, dict) and isinstance(a.get("multi_user_s"), (int, float))
                  and a["multi_user_s"] > 0]
    if multi_user:
        out["slowest_multi_user_s"] = figure("slowest guest's boot to multi-user.target (its own clock)",
                                             max(multi_user))
    for step_id, key, what in (("14-hpcc", "hpcc_s", "of the scenarios: the HPC Challenge step"),
                               ("11b-slurmd-failure-detected", "failure_detected_s",
                                "of the scenarios: a stopped slurmd marked down, a job on the other node"),
                               ("5c-controller-power-off", "power_cycle_s",
                                "of the scenarios: the controller's hard power-off, back over SSH")):
        step = next((s for s in steps if s.get("id") == step_id and s.get("state") == "passed"), None)
        if step and isinstance(step.get("duration_ms"), (int, float)):
            out[key] = figure(what, step["duration_ms"] / 1000.0)
    resilience = [s["duration_ms"] for s in steps
                  if s.get("scenario") == "native-resilience" and isinstance(s.get("duration_ms"), (int, float))]
    if resilience:
        out["resilience_s"] = figure("of the scenarios: native-resilience (not gating)", sum(resilience) / 1000.0)
    # Where the time goes, from the run's own profiles: the controller's startup chain as systemd
    # measured it in the guest (systemd-analyze critical-chain, kept in the report).
    chain = report.get("boot_analysis", {}).get("controller", {}).get("critical_chain", "")
    lines = [line for line in chain.splitlines() if "@" in line and not line.startswith("The time")]
    if lines:
        out["total_s"]["breakdown"] = ("The controller's boot, as `systemd-analyze critical-chain` measured it in "
                                       "the guest (after it, the startup stage waits for Slurm on every node):\n"
                                       + "\n".join(lines[:8]))
    for rank, key in enumerate(("images_s", "boot_to_ssh_s", "slowest_multi_user_s", "startup_s", "scenarios_s",
                                "hpcc_s", "failure_detected_s", "power_cycle_s", "resilience_s", "total_s")):
        if key in out:
            out[key]["rank"] = rank
    if report.get("summary", {}).get("failed", 1) != 0:
        sys.exit("native-up-baseline: the run did not pass; its figures are not a baseline")
    return out


def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    with open(argv[0]) as f:
        report = json.load(f)
    baseline = {"date": report["finished"][:10], "figures": figures(report), "machine": machine(report)}
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(baseline, f, indent=4, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, OUT)
    for key, fig in baseline["figures"].items():
        print(f"{key:24} {fig['value']:9.1f} {fig['unit']}  {fig['what']}")


if __name__ == "__main__":
    main(sys.argv[1:])
