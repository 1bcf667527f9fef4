#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""scripts/bench-plot.py draws one line per series of a bench_scale baseline (the fixture
tests/data/bench/bench_scale.fixture.json), the floor dashed, with the machine's cores,
memory and accelerator, as well-formed SVG; without a baseline it writes nothing."""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
script = os.path.join(here, "..", "scripts", "bench-plot.py")
fixture = os.path.join(here, "data", "bench", "bench_scale.fixture.json")
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "plot.svg")
    subprocess.run([sys.executable, script, "--baseline", fixture, "--out", out], check=True)
    svg = ET.parse(out).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    lines = svg.findall(f"{ns}polyline")
    assert len(lines) == 4, f"{len(lines)} lines, not 4"
    assert [len(p.get("points").split()) for p in lines] == [2, 2, 2, 2], "a series lost or gained a point"
    assert [p.get("stroke-dasharray") is not None for p in lines] == [False, False, False, True], \
        "only the floor is dashed"
    text = " ".join(t.text or "" for t in svg.iter(f"{ns}text"))
    for needed in ("2 cores", "24 GiB", "accelerator: TCG (fixture)", "floor"):
        assert needed in text, f"'{needed}' missing from the plot"
    missing = os.path.join(tmp, "none.json")
    subprocess.run([sys.executable, script, "--baseline", missing, "--out", os.path.join(tmp, "x.svg")], check=True)
    assert not os.path.exists(os.path.join(tmp, "x.svg")), "a plot without a baseline"
print("bench-plot.py: the fixture's four series drawn")
