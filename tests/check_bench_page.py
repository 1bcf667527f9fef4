#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""scripts/bench-page.py on fixture baselines (tests/data/bench/*.fixture.json) in a temporary
directory: the side-by-side table of labforge and its peers with the ratios and their goals'
verdicts, the cost curve's table and SVG (its points where the figures put them, the floor
dashed) with the machine beside it, and "not measured yet" for a program without a baseline;
the page's `--check` sees a page edited by hand. The repository's page is left as it is."""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
script = os.path.join(here, "..", "scripts", "bench-page.py")
fixtures = os.path.join(here, "data", "bench")
real_page = os.path.join(here, "..", "docs", "benchmarks.md")
real_before = open(real_page, encoding="utf-8").read()


def generate(baselines, out, *extra):
    return subprocess.run([sys.executable, script, "--baselines", baselines, "--out", out, *extra],
                          capture_output=True, text=True)


def row(text, first_cell):
    """The cells of the table row whose first cell is `first_cell`."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == first_cell:
            return cells
    raise AssertionError(f"no row '{first_cell}' on the page")


def expect(cells, wanted, what):
    assert cells == wanted, f"{what}:\n  got    {cells}\n  wanted {wanted}"


with tempfile.TemporaryDirectory() as tmp:
    baselines = os.path.join(tmp, "baseline")
    os.makedirs(baselines)
    for program in ("bench_peers", "bench_scale"):
        shutil.copy(os.path.join(fixtures, program + ".fixture.json"), os.path.join(baselines, program + ".json"))
    out = os.path.join(tmp, "docs", "benchmarks.md")
    result = generate(baselines, out)
    assert result.returncode == 0, result.stdout + result.stderr
    page = open(out, encoding="utf-8").read()

    # labforge beside cloud-init + virt-install and Vagrant, the ratios with their goals.
    expect(row(page, "six role images, cold"),
           ["six role images, cold", "200.0 s", "500.0 s", "cloud-init's images, boxed in 42.0 s",
            "0.400 × (≤ 0.5: met)", "–"], "cold build")
    expect(row(page, "six role images, one package added to one role"),
           ["six role images, one package added to one role", "20.0 s", "80.0 s",
            "cloud-init's images, boxed in 42.0 s", "0.250 × (≤ 0.2: missed by 1.25 ×)", "–"], "rebuild")
    expect(row(page, "one VM, define → SSH"),
           ["one VM, define → SSH", "20.0 s", "40.0 s", "not measured", "0.500 ×", "not measured"], "one VM")
    expect(row(page, "six VMs, define → SSH"),
           ["six VMs, define → SSH", "30.0 s", "100.0 s", "50.0 s", "0.300 × (≤ 0.5: met)",
            "0.600 × (≤ 0.5: missed by 1.20 ×)"], "six VMs")
    expect(row(page, "six VMs, define → a first passing check on all"),
           ["six VMs, define → a first passing check on all", "36.0 s", "120.0 s", "72.0 s", "0.300 ×", "0.500 ×"],
           "first check")
    assert "Where the time of `build_change_ratio` goes:\n\nfixture: the derived image's packing" in page, \
        "a missed goal's breakdown is not on the page"
    assert "Machine: Fixture OS, 2 cores, 24 GiB, accelerator: TCG (fixture)." in page, "the peers' machine"

    # The cost curve: its table by N, the goal per extra node, the SVG beside the machine.
    expect(row(page, "1"), ["1", "10.0 s", "11.0 s", "20.0 s", "9.0 s", "–"], "N = 1")
    expect(row(page, "4"), ["4", "20.0 s", "30.0 s", "50.0 s", "36.0 s", "1.111 × (≤ 1.1: missed by 1.01 ×)"],
           "N = 4")
    expect(row(page, "cpu (`vm_boot_cpu_s`)"), ["cpu (`vm_boot_cpu_s`)", "18.0 s", "–", "–"],
           "a curve figure outside the table")
    scale_section = page[page.index("## `bench_scale`"):]
    assert scale_section.index("](bench-scale.svg)") < scale_section.index(
        "Machine: 2 cores, 24 GiB, accelerator: TCG (fixture)."), "the plot and the machine beside it"
    svg = ET.parse(os.path.join(tmp, "docs", "bench-scale.svg")).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    lines = {p.get("stroke"): p for p in svg.findall(f"{ns}polyline")}
    # x = 70 + 400 N / 4; y = 370 - 330 v / 55 (the tallest figure, 50 s, times 1.1).
    wanted = {"#1f77b4": "170.0,310.0 470.0,250.0", "#ff7f0e": "170.0,304.0 470.0,190.0",
              "#2ca02c": "170.0,250.0 470.0,70.0", "#7f7f7f": "170.0,316.0 470.0,154.0"}
    for colour, points in wanted.items():
        assert lines[colour].get("points") == points, f"{colour}: {lines[colour].get('points')}, not {points}"
    assert [c for c, p in lines.items() if p.get("stroke-dasharray")] == ["#7f7f7f"], "only the floor is dashed"
    text = " ".join(t.text or "" for t in svg.iter(f"{ns}text"))
    assert "2 cores, 24 GiB, accelerator: TCG (fixture)" in text, "the machine is not on the plot"

    # The page and the plot are what --check expects; a hand edit is seen.
    assert generate(baselines, out, "--check").returncode == 0, "--check refuses the page it wrote"
    open(out, "a", encoding="utf-8").write("edited by hand\n")
    assert generate(baselines, out, "--check").returncode == 1, "--check took a page edited by hand"

    # Without baselines: said plainly, no figures, no plot.
    empty = os.path.join(tmp, "empty")
    os.makedirs(empty)
    bare = os.path.join(tmp, "bare", "benchmarks.md")
    assert generate(empty, bare).returncode == 0
    page = open(bare, encoding="utf-8").read()
    for program, part in (("bench_peers", "--peers"), ("bench_scale", "--scale"), ("bench_canvas", "--designer")):
        section = page[page.index(f"## `{program}`"):]
        section = section[:section.index("\n## ", 1)]
        assert "Not measured yet: run `" in section and f"run-peer-bench.sh {part} build --save-baseline`" in section, \
            f"{program}: no 'not measured yet'"
        assert "| " not in section, f"{program}: a table without a baseline"
    assert not os.path.exists(os.path.join(tmp, "bare", "bench-scale.svg")), "a plot without a baseline"

assert open(real_page, encoding="utf-8").read() == real_before, "the repository's page was written"
print("bench-page.py: the peers' table, the ratios' goals, the cost curve and 'not measured yet' from fixtures")
