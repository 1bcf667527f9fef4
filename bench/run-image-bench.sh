#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# The image and boot benchmarks (bench_images) on this machine: starts virtlogd and
# libvirtd when none answers (as the VM test does), runs the benchmark, stops what it
# started. Needs root and Debian's mirror; about 20 minutes on 2 cores with TCG.
#   bench/run-image-bench.sh [build dir] [benchmark options…]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
shift || true
pids=$(mktemp)
"$here/../tests/vm/libvirt-daemons.sh" start "$pids"
trap '"$here/../tests/vm/libvirt-daemons.sh" stop "$pids"; rm -f "$pids"' EXIT
"$build/bench/bench_images" --benchmark_counters_tabular=true "$@"
