#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Includes follow the rooms' order: every #include "..." in the sources is resolved to the
header it names and refused when the including file's room may not include the header's
room, as scripts/room-order.txt declares; a circle between rooms is named too. Headers are
included by file name, so a header name used twice among the rooms is refused as well.
Exits 1 naming every include out of order, as "file:line: room X may not include room Y".

usage: scripts/room-check.py [SOURCE_DIR [ORDER_FILE]]"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
ARROW = re.compile(r"\s*(?:→|->)\s*")
SOURCES = (".h", ".cpp")


class Order:
    """One level of rooms (the top-level folders, or one folder's rooms): which room may
    include which, as the chains in the order file say, closed over."""

    def __init__(self, name):
        self.name = name
        self.chains = []
        self.below = {}

    def add_chain(self, line, where, errors):
        ranks = [[r.strip() for r in rank.split("|")] for rank in ARROW.split(line.strip())]
        if any(not r for rank in ranks for r in rank):
            errors.append(f"{where}: an empty room name in '{line.strip()}'")
            return
        self.chains.append(" → ".join(" | ".join(rank) for rank in ranks))
        for i, rank in enumerate(ranks):
            for room in rank:
                below = self.below.setdefault(room, set())
                for lower in ranks[:i]:
                    below.update(lower)

    def close(self, errors):
        changed = True
        while changed:
            changed = False
            for room, below in self.below.items():
                more = set().union(*(self.below.get(r, set()) for r in below)) - below
                if more:
                    below |= more
                    changed = True
        for room, below in sorted(self.below.items()):
            if room in below:
                errors.append(f"room-order: room {room} is below itself in {self.name} (order: {self.text()})")

    def allows(self, room, other):
        return room == other or other in self.below.get(room, set())

    def text(self):
        return "; ".join(self.chains)


def read_order(path, errors):
    top = Order("the top-level rooms")
    sections = {}
    current = top
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            section = re.fullmatch(r"\[([A-Za-z0-9_-]+)\]", line)
            if section:
                current = sections.setdefault(section.group(1), Order(section.group(1) + "/"))
            else:
                current.add_chain(line, f"{path}:{number}", errors)
    top.close(errors)
    for order in sections.values():
        order.close(errors)
    return top, sections


def room_of(path, sections):
    """(top-level room, room inside it or None) of a path relative to the source dir."""
    parts = path.split("/")
    top = parts[0]
    if top not in sections:
        return top, None
    return top, parts[1] if len(parts) > 2 else "root"


def sources(source, tops):
    for top in sorted(tops):
        for folder, dirs, files in os.walk(os.path.join(source, top)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(SOURCES):
                    yield os.path.relpath(os.path.join(folder, name), source).replace(os.sep, "/")


def find_cycles(edges):
    """Every strongly connected set of more than one room, as one circle through it and
    its members."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append((circle(graph, set(component)), sorted(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def circle(graph, component):
    start = min(component)
    path, seen = [start], {start}
    while True:
        nxt = sorted(w for w in graph[path[-1]] if w in component)
        back = [w for w in nxt if w == start]
        if back and len(path) > 1:
            return path + [start]
        fresh = [w for w in nxt if w not in seen]
        if not fresh:
            # Any member leads back inside a strongly connected set; close on the first seen.
            w = nxt[0]
            return path[path.index(w):] + [w]
        path.append(fresh[0])
        seen.add(fresh[0])


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    source = argv[1] if len(argv) > 1 else os.path.dirname(here)
    order_file = argv[2] if len(argv) > 2 else os.path.join(here, "room-order.txt")
    errors = []
    top, sections = read_order(order_file, errors)
    tops = set(top.below)
    files = list(sources(source, [t for t in tops if os.path.isdir(os.path.join(source, t))]))

    for name, order in sorted(sections.items()):
        folder = os.path.join(source, name)
        if not os.path.isdir(folder):
            continue
        present = {room_of(f, sections)[1] for f in files if f.startswith(name + "/")}
        for room in sorted(present - set(order.below)):
            errors.append(f"{name}/{'' if room == 'root' else room + '/'}: room {room} is not in the order of "
                          f"{name}/ ({os.path.relpath(order_file, source)})")

    headers = {}
    for path in files:
        if path.endswith(".h"):
            headers.setdefault(os.path.basename(path), []).append(path)
    for name, paths in sorted(headers.items()):
        if len(paths) > 1:
            errors.append(f"{paths[1]}: header name {name} is also {paths[0]} (headers are included by name)")

    top_edges, room_edges, crossing = {}, {}, 0
    for path in files:
        room = room_of(path, sections)
        with open(os.path.join(source, path), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                included = m.group(1)
                near = os.path.normpath(os.path.join(os.path.dirname(path), included)).replace(os.sep, "/")
                targets = [near] if near in files else [p for p in headers.get(os.path.basename(included), [])
                                                         if p == included or p.endswith("/" + included)]
                if not targets:
                    continue  # generated, or not one of the rooms' headers
                other = room_of(targets[0], sections)
                where = f"{path}:{number}"
                crossing += room != other
                if room[0] != other[0]:
                    top_edges.setdefault((room[0], other[0]), where)
                    if not top.allows(room[0], other[0]):
                        errors.append(f"{where}: room {room[0]} may not include room {other[0]} "
                                      f"(order: {top.text()})")
                elif room[1] is not None and room[1] != other[1]:
                    order = sections[room[0]]
                    room_edges.setdefault(room[0], {}).setdefault((room[1], other[1]), where)
                    if not order.allows(room[1], other[1]):
                        errors.append(f"{where}: room {room[0]}/{room[1]} may not include room "
                                      f"{room[0]}/{other[1]} (order: {order.text()})")

    levels = [("", top_edges)] + [(name + "/", edges) for name, edges in sorted(room_edges.items())]
    for prefix, edges in levels:
        for cycle, members in find_cycles(edges):
            steps = [f"{prefix}{a} → {prefix}{b} ({edges[(a, b)]})" for a, b in zip(cycle, cycle[1:])]
            errors.append(f"circle between rooms {', '.join(prefix + m for m in members)}: " + ", ".join(steps))

    for e in errors:
        print(e)
    if errors:
        return 1
    print(f"{len(files)} files, {crossing} includes between rooms, all in order, no circle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
