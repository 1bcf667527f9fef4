#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Writes docs/benchmarks.md from the saved benchmark baselines (bench/baseline/*.json): one
table per benchmark program with the machine it ran on, each figure beside its goal (met, or
missed by how much, with where the time goes when the baseline holds that breakdown). The page
is never edited by hand; `--check` exits 1 when it is not what this script writes, or when a
goal bench/<program>.cpp states is missing from its baseline (a test runs that).

  scripts/bench-page.py [--check] [--baselines DIR] [--out FILE]

`--baselines` reads another directory of baselines and `--out` writes the page elsewhere (the
cost curve's SVG beside it): tests/check_bench_page.py feeds fixtures through them.
"""
import glob
import importlib.util
import json
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
baselines = os.path.join(root, "bench", "baseline")
page = os.path.join(root, "docs", "benchmarks.md")
args = sys.argv[1:]
check = "--check" in args
for flag in ("--baselines", "--out"):
    if flag in args:
        at = args.index(flag)
        if at + 1 >= len(args):
            sys.exit(__doc__)
        if flag == "--baselines":
            baselines = args[at + 1]
        else:
            page = args[at + 1]
plot_name = "bench-scale.svg"  # the cost curve, beside the page
_spec = importlib.util.spec_from_file_location("bench_plot", os.path.join(root, "scripts", "bench-plot.py"))
bench_plot = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_plot)

INTRO = {
    "bench_images": "Image builds and boots with real parts: mmdebstrap bases and node images, libvirt "
                    "domains booted to SSH (`bench/run-image-bench.sh`, root, about 20 minutes).",
    "bench_canvas": "The designer at scale: generated labs of 500, 2,000 and 5,000 nodes on two networks, "
                    "each node linked to its row neighbour, opened, validated, panned and 100 of their nodes "
                    "dragged, offscreen (`build/bench/bench_canvas`).",
    "bench_labops": "Living in a lab that is up: the six VMs of the bench lab booted, then `labforge exec "
                    "--all`, `snapshot save` and `snapshot restore` and a link impairment, through the labforge "
                    "binary as a user runs them (`bench/run-labops-bench.sh`, root). The restore is set beside "
                    "the boot of the same six VMs with their images built.",
    "native_up": "Where the time of a `slurm-native` run goes, stage by stage: the six VMs at memory scale "
                 "0.25, the gate and the resilience scenario, from the report of one passing run of "
                 "`tst_vm_native_resilience` (which adds one step of its own) through "
                 "`bench/native-up-baseline.py REPORT.json`. The steps' figures are parts of the scenarios' time.",
    "bench_peers": "labforge beside what an engineer would use instead, on this host in one run, on the same lab: "
                   "the six roles of the native HPC lab at memory scale 0.5. Peer A: a stock Debian 13 image per "
                   "role built with mmdebstrap (Debian's kernel and default initramfs, cloud-init), booted with "
                   "`virt-install --import` and a NoCloud seed (`cloud-localds`) carrying the same user, key, "
                   "packages, hostname and address. Peer B: Vagrant with vagrant-libvirt on a box per role "
                   "packaged from peer A's image. labforge: `labforge build` and `labforge up --no-build "
                   "--no-test`. The check is the boot settled on every node (`systemctl is-system-running "
                   "--wait`). Ratios are labforge ÷ peer; goals: six VMs define → SSH ≤ 0.5 × each peer, the six "
                   "images ≤ 0.5 × the peer's cold build and ≤ 0.2 × its rebuild after one package change.",
    "bench_scale": "The cost curve: N = 1, 2, 4, 8 and 12 generic Debian 13 nodes (1 GiB each) through the "
                   "labforge binary, the base built first outside the clocks: the images of N nodes of one role "
                   "and of N distinct roles, and define → SSH, beside the arithmetic floor on this machine (one "
                   "VM's boot CPU time × N ÷ cores, dashed). Goal: the boot cost per extra node within 10 % of "
                   "the floor's.",
    "bench_ssh": "The kept remote shell the scenarios use against a fresh `ssh` per assertion, on a "
                 "loopback sshd (`build/bench/bench_ssh`).",
}


# What the page says of a program beside its table, about the product (not about a run).
NOTES = {
    "bench_labops": "The impairment's accuracy (100 ms of delay read as added round trip by ping) is measured "
                    "only where the host's kernel has the netem qdisc; without it `labforge link impair` says so "
                    "and the benchmark records no figure. The restore resumes each node from its kept memory; the "
                    "boot beside it is the same six VMs started with their images already built, not a cold `up` "
                    "with builds.",
    "bench_canvas": "A drag is one validation and one line layout per move, whatever the number of nodes moved.",
}


def goal_of(figure):
    """(at_least, bound) of a figure's goal, or None: "≤ 0.4" and "≥ 60" read from the text, a goal
    without a sign ("0 s") is met at or below its `goal_limit`."""
    text = figure.get("goal") or ""
    if not text:
        return None
    at_least = text.startswith("≥")
    if "goal_limit" in figure and not at_least:
        return False, float(figure["goal_limit"])
    m = re.search(r"[\d.]+", text)
    return (at_least, float(m.group(0))) if m else None


def verdict(figure):
    """'met' or 'missed by N ×' for a figure with a goal, '' without one."""
    goal = goal_of(figure)
    if goal is None:
        return ""
    at_least, bound = goal
    v = figure["value"]
    if (v >= bound) if at_least else (v <= bound):
        return "met"
    if at_least:
        return f"missed by {bound / v:.2f} ×" if v > 0 else "missed"
    return f"missed by {v / bound:.2f} ×" if bound > 0 else "missed"


def value(figure):
    v, unit = figure["value"], figure.get("unit", "")
    if unit == "×":
        return f"{v:.3f} ×"
    if unit == "ms":
        return f"{v:.1f} ms"
    if unit == "s":
        return f"{v:.1f} s" if v >= 1 or v == 0 else f"{v:.2f} s"
    if unit in ("fps", "MiB"):
        return f"{v:.1f} {unit}"
    return f"{v:g} {unit}".strip()


def machine(baseline):
    m = baseline.get("machine")
    if not m:
        return "the machine is not recorded in this baseline"
    parts = [m.get("os", ""), f"{m['cores']} cores" if "cores" in m else "",
             f"{m['memory_gib']} GiB" if "memory_gib" in m else "", m.get("cpu", ""),
             f"accelerator: {m['accelerator']}" if "accelerator" in m else ""]
    return ", ".join(p for p in parts if p)


# How to measure a program whose baseline is not there yet (the page says so instead of a table).
RUN = {
    "bench_peers": "sudo bench/run-peer-bench.sh --peers build --save-baseline",
    "bench_scale": "sudo bench/run-peer-bench.sh --scale build --save-baseline",
    "bench_canvas": "bench/run-peer-bench.sh --designer build --save-baseline",
}

HOW_TO_RUN = (
    "All of labforge's comparisons with the usual tools, its cost curve and the designer at scale "
    "come from one command on a quiet machine (no VM tests or other guests beside it), as root: "
    "`sudo bench/run-peer-bench.sh --all build --save-baseline`. It installs with apt the Debian "
    "packages the benchmarks' commands come from (mmdebstrap, virtinst, cloud-image-utils, "
    "genisoimage, vagrant, vagrant-libvirt, QEMU and libvirt among them) and checks each command is "
    "there, says which labforge binary and build it measures, starts libvirtd when none answers, "
    "prints each figure beside the previous run's, saves the baselines and writes this page. It "
    "needs a build (`scripts/build.sh`), Debian's mirror and room under `/var/tmp` and "
    "`/var/cache` for three sets of images. It has not been timed as a whole: on 2 cores without "
    "KVM expect hours (the native lab's six images built cold and again by each side, 21 guests "
    "booted for the peers, one then six by each side, and 27 for the cost curve); the designer's part takes minutes. "
    "`--peers`, `--scale` and `--designer` run one part; `--dry-run` prints every command and file "
    "instead, without root.")

PEER_ROWS = [  # what, labforge, cloud-init + virt-install, Vagrant, ratio to each peer
    ("six role images, cold", "labforge_build_cold_s", "peer_build_cold_s", None,
     "build_cold_ratio", None),
    ("six role images, one package added to one role", "labforge_build_change_s", "peer_build_change_s", None,
     "build_change_ratio", None),
    ("one VM, define → SSH", "labforge_boot_1_s", "cloudinit_boot_1_s", "vagrant_boot_1_s",
     "boot_1_ratio_cloudinit", "boot_1_ratio_vagrant"),
    ("six VMs, define → SSH", "labforge_boot_6_s", "cloudinit_boot_6_s", "vagrant_boot_6_s",
     "boot_6_ratio_cloudinit", "boot_6_ratio_vagrant"),
    ("six VMs, define → a first passing check on all", "labforge_check_6_s", "cloudinit_check_6_s",
     "vagrant_check_6_s", "check_ratio_cloudinit", "check_ratio_vagrant"),
]
SCALE_COLUMNS = [("build_one_role_{}_s", "build, N nodes of one role"), ("build_distinct_{}_s", "build, N distinct roles"),
                 ("boot_{}_s", "define → SSH"), ("floor_{}_s", "floor"),
                 ("boot_per_node_{}_ratio", "per extra node ÷ the floor's")]


def cell(figures, key, with_goal=False):
    """A figure's value (with its goal's verdict when asked), or "not measured"."""
    if key not in figures:
        return "not measured"
    figure = figures[key]
    result = verdict(figure) if with_goal else ""
    return f"{value(figure)} ({figure['goal']}: {result})" if result else value(figure)


def figure_table(figures, keys):
    """The generic table of `keys`, each figure beside its goal, and where the time of its missed
    goals goes."""
    out = ["| figure | value | goal | result |", "| --- | ---: | --- | --- |"]
    for key in keys:
        figure = figures[key]
        out.append(f"| {figure['what']} (`{key}`) | {value(figure)} | {figure.get('goal') or '–'} | "
                   f"{verdict(figure) or '–'} |")
    return out + [""] + breakdowns(figures, keys)


def breakdowns(figures, keys):
    """Where the time goes, for each of `keys` whose goal is missed and whose baseline says so."""
    out = []
    for key in keys:
        figure = figures[key]
        if verdict(figure).startswith("missed") and figure.get("breakdown"):
            breakdown = figure["breakdown"]
            out += [f"Where the time of `{key}` goes:", ""]
            out += (["```", breakdown.rstrip("\n"), "```"] if "\n" in breakdown else [breakdown])
            out.append("")
    return out


def peers_table(figures):
    """labforge beside each peer, figure by figure, with the ratios (and their goals' verdicts)."""
    out = ["| | labforge | cloud-init + virt-install | Vagrant (vagrant-libvirt) | labforge ÷ cloud-init | "
           "labforge ÷ Vagrant |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    boxes = figures.get("vagrant_boxes_s")
    same_images = "cloud-init's images" + (f", boxed in {value(boxes)}" if boxes else "")
    shown = {"vagrant_boxes_s"}
    for what, lf, ci, vg, ci_ratio, vg_ratio in PEER_ROWS:
        out.append(f"| {what} | {cell(figures, lf)} | {cell(figures, ci)} | "
                   f"{cell(figures, vg) if vg else same_images} | {cell(figures, ci_ratio, True)} | "
                   f"{cell(figures, vg_ratio, True) if vg_ratio else '–'} |")
        shown |= {k for k in (lf, ci, vg, ci_ratio, vg_ratio) if k}
    return out + [""], shown


def scale_table(figures):
    """The cost curve's figures by N, each row's boot cost per extra node beside its goal."""
    sizes = sorted({int(n) for key in figures for n in re.findall(r"_(\d+)_", key + "_")})
    out = ["| N | " + " | ".join(label for _, label in SCALE_COLUMNS) + " |",
           "| ---: |" + " ---: |" * len(SCALE_COLUMNS)]
    shown = set()
    for n in sizes:
        keys = [pattern.format(n) for pattern, _ in SCALE_COLUMNS]
        out.append(f"| {n} | " + " | ".join(cell(figures, k, True) if k in figures else "–" for k in keys) + " |")
        shown |= set(keys)
    return out + [""], shown


def order(item):
    """By the figure's own rank where it has one (the order of a run's stages), else by the size it
    is for (open_500_ms before open_2000_ms), then by name."""
    numbers = [int(part) for part in item[0].split("_") if part.isdigit()]
    return (item[1].get("rank", numbers[0] if numbers else 0), item[0])


def program_section(program, baseline):
    """A program's section: its table(s) from the baseline, or how to measure it when there is none."""
    out = [f"## `{program}`", ""]
    if program in INTRO:
        out += [INTRO[program], ""]
    if baseline is None:
        return out + [f"Not measured yet: run `{RUN[program]}`.", ""]
    figures = baseline["figures"]
    shown = set()
    if program == "bench_scale":
        out += [f"![The cost curve: build and boot as the lab grows, beside the floor]({plot_name})", ""]
    out += [f"Machine: {machine(baseline)}.", ""]
    if program == "bench_peers":
        table, shown = peers_table(figures)
        out += table
    elif program == "bench_scale":
        table, shown = scale_table(figures)
        out += table
    ordered = [key for key, _ in sorted(figures.items(), key=order)]
    out += breakdowns(figures, [key for key in ordered if key in shown])
    rest = [key for key in ordered if key not in shown]
    if rest:
        out += figure_table(figures, rest)
    if program in NOTES:
        out += [NOTES[program], ""]
    return out


def load(program):
    path = os.path.join(baselines, program + ".json")
    return json.load(open(path, encoding="utf-8")) if os.path.exists(path) else None


def programs():
    found = {os.path.splitext(os.path.basename(p))[0] for p in glob.glob(os.path.join(baselines, "*.json"))}
    return sorted(found | set(RUN))


def render():
    out = ["# Benchmarks", "",
           "Generated by `scripts/bench-page.py` from the baselines under `bench/baseline/`; each "
           "benchmark program prints its figures beside the saved ones and `--save-baseline` makes "
           "a run the new baseline. Do not edit this page by hand.", "", HOW_TO_RUN, ""]
    for program in programs():
        out += program_section(program, load(program))
    out += ["## Other benchmark programs", "",
            "`bench_validate` and `bench_generate` are Google Benchmark programs (validation of "
            "large labs, bundle generation); run them from `build/bench/` for this machine's "
            "figures.", ""]
    return "\n".join(out)


def unrecorded_goals():
    """Goals a benchmark program states (`QStringLiteral("≤ 0.4")` in bench/<program>.cpp) that its
    baseline does not carry: the page would show the figure without its goal."""
    problems = []
    for path in sorted(glob.glob(os.path.join(baselines, "*.json"))):
        program = os.path.splitext(os.path.basename(path))[0]
        source = os.path.join(root, "bench", program + ".cpp")
        if not os.path.exists(source):
            continue
        recorded = {f.get("goal") for f in json.load(open(path, encoding="utf-8"))["figures"].values()}
        for goal in sorted(set(re.findall(r'QStringLiteral\("([≤≥][^"%]*)"\)', open(source, encoding="utf-8").read()))):
            if goal not in recorded:
                problems.append(f"bench/{program}.cpp states the goal '{goal}'; no figure of {os.path.relpath(path, root)} has it")
    return problems


text = render()
scale = load("bench_scale")
svg = bench_plot.plot(scale) if scale else None
svg_path = os.path.join(os.path.dirname(os.path.abspath(page)), plot_name)
if check:
    problems = unrecorded_goals()
    current = open(page, encoding="utf-8").read() if os.path.exists(page) else ""
    if current != text:
        problems.append(f"{page} is not what scripts/bench-page.py writes from {baselines}; run it")
    if svg is not None and (not os.path.exists(svg_path) or open(svg_path, encoding="utf-8").read() != svg):
        problems.append(f"{svg_path} is not what scripts/bench-plot.py draws from the bench_scale baseline; run bench-page.py")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print("docs/benchmarks.md: generated from the baselines")
    sys.exit(0)
os.makedirs(os.path.dirname(os.path.abspath(page)), exist_ok=True)
open(page, "w", encoding="utf-8").write(text)
print(f"wrote {page}")
if svg is not None:
    open(svg_path, "w", encoding="utf-8").write(svg)
    print(f"wrote {svg_path}")
