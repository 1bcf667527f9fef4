#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Draws the cost curve (docs/bench-scale.svg) from the saved bench_scale baseline
(bench/baseline/bench_scale.json): build time of N nodes of one role and of N distinct roles,
boot to SSH, and the arithmetic floor on the machine the baseline ran on (one VM's boot CPU
time x N / cores), with the machine's cores, memory and accelerator. Plain SVG, no plotting
library. Without a baseline it writes nothing and says so; scripts/bench-page.py draws
the page's plot with plot().

  scripts/bench-plot.py [--baseline FILE] [--out FILE]
"""
import json
import os
import sys
from xml.sax.saxutils import escape

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

SERIES = [  # key prefix, label, colour, dashed
    ("build_one_role_", "build: N nodes of one role", "#1f77b4", False),
    ("build_distinct_", "build: N distinct roles", "#ff7f0e", False),
    ("boot_", "boot: define → SSH", "#2ca02c", False),
    ("floor_", "floor: one VM's boot CPU × N ÷ cores", "#7f7f7f", True),
]


def points(figures, prefix):
    """(N, seconds) of the figures `prefix`N_s, by N."""
    found = []
    for key, figure in figures.items():
        rest = key[len(prefix):] if key.startswith(prefix) else ""
        number = rest[:-2] if rest.endswith("_s") else ""
        if number.isdigit():
            found.append((int(number), float(figure["value"])))
    return sorted(found)


def machine_line(baseline):
    m = baseline.get("machine", {})
    return ", ".join(p for p in [f"{m['cores']} cores" if "cores" in m else "",
                                 f"{m['memory_gib']} GiB" if "memory_gib" in m else "",
                                 f"accelerator: {m['accelerator']}" if "accelerator" in m else ""] if p)


def plot(baseline):
    """The SVG text of a bench_scale baseline's curve, or None when it holds no curve figures."""
    figures = baseline.get("figures", {})
    series = [(label, colour, dashed, points(figures, prefix)) for prefix, label, colour, dashed in SERIES]
    series = [s for s in series if s[3]]
    if not series:
        return None
    W, H, left, right, top, bottom = 720, 440, 70, 250, 40, 70
    xs = [n for s in series for n, _ in s[3]]
    ys = [v for s in series for _, v in s[3]]
    x_max = max(xs)
    y_max = max(ys) * 1.1 or 1

    def sx(n):
        return left + (W - left - right) * n / x_max

    def sy(v):
        return H - bottom - (H - top - bottom) * v / y_max

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="14">Cost as the lab grows ({escape(baseline.get("date", ""))})</text>',
           f'<line x1="{left}" y1="{H - bottom}" x2="{W - right}" y2="{H - bottom}" stroke="black"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{H - bottom}" stroke="black"/>']
    for n in sorted(set(xs)):
        svg.append(f'<text x="{sx(n):.1f}" y="{H - bottom + 16}" text-anchor="middle">{n}</text>')
    for i in range(6):
        v = y_max * i / 5
        svg.append(f'<text x="{left - 6}" y="{sy(v) + 4:.1f}" text-anchor="end">{v:.0f}</text>')
        svg.append(f'<line x1="{left}" y1="{sy(v):.1f}" x2="{W - right}" y2="{sy(v):.1f}" stroke="#ddd"/>')
    svg.append(f'<text x="{(left + W - right) / 2}" y="{H - bottom + 34}" text-anchor="middle">nodes (N)</text>')
    svg.append(f'<text x="16" y="{(top + H - bottom) / 2}" transform="rotate(-90 16 {(top + H - bottom) / 2})" '
               'text-anchor="middle">seconds</text>')
    svg.append(f'<text x="{left}" y="{H - 12}">{escape(machine_line(baseline))}</text>')
    for i, (label, colour, dashed, pts) in enumerate(series):
        dash = ' stroke-dasharray="6 4"' if dashed else ""
        path = " ".join(f"{sx(n):.1f},{sy(v):.1f}" for n, v in pts)
        svg.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dash} points="{path}"/>')
        for n, v in pts:
            svg.append(f'<circle cx="{sx(n):.1f}" cy="{sy(v):.1f}" r="3" fill="{colour}"/>')
        y = top + 10 + i * 20
        svg.append(f'<line x1="{W - right + 12}" y1="{y}" x2="{W - right + 36}" y2="{y}" stroke="{colour}" '
                   f'stroke-width="2"{dash}/>')
        svg.append(f'<text x="{W - right + 42}" y="{y + 4}">{escape(label)}</text>')
    svg.append("</svg>")
    return "\n".join(svg) + "\n"


def main(args):
    baseline_path = os.path.join(root, "bench", "baseline", "bench_scale.json")
    out_path = os.path.join(root, "docs", "bench-scale.svg")
    while args:
        flag = args.pop(0)
        if flag == "--baseline" and args:
            baseline_path = args.pop(0)
        elif flag == "--out" and args:
            out_path = args.pop(0)
        else:
            sys.exit(__doc__)
    if not os.path.exists(baseline_path):
        print(f"no baseline at {baseline_path}: nothing to plot "
              "(run bench/run-peer-bench.sh --scale BUILD --save-baseline)")
        return
    text = plot(json.load(open(baseline_path, encoding="utf-8")))
    if text is None:
        print(f"{baseline_path} holds no curve figures: nothing to plot")
        return
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    open(out_path, "w", encoding="utf-8").write(text)
    print(f"wrote {out_path}")


if __name__ == "__main__":
    main(sys.argv[1:])
