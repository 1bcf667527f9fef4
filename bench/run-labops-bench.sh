#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# The lab-operation benchmarks (bench_labops) on this machine: starts virtlogd and libvirtd
# when none answers (as the VM tests do), runs the benchmark, stops what it started. Needs
# root and Debian's mirror (the six images are built into the cache first).
#   bench/run-labops-bench.sh [build dir] [benchmark options…]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
shift || true
pids=$(mktemp)
"$here/../tests/vm/libvirt-daemons.sh" start "$pids" "$build/app/labforge"
trap '"$here/../tests/vm/libvirt-daemons.sh" stop "$pids"; rm -f "$pids"' EXIT
LABFORGE_BINARY=$build/app/labforge "$build/bench/bench_labops" --benchmark_counters_tabular=true "$@"
