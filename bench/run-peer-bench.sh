#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# labforge beside the usual tools (bench_peers: mmdebstrap + cloud-init + virt-install, Vagrant
# with vagrant-libvirt) and its cost curve (bench_scale), on this machine, from one command:
# installs the peers' Debian packages when missing, starts virtlogd and libvirtd when none
# answers (as the VM tests do), runs the benchmarks, stops what it started, then writes the
# cost curve's plot and the benchmark page from the saved baselines. Needs root and Debian's
# mirror; a quiet machine (no VM tests beside it): about two hours on 2 cores with TCG.
#   bench/run-peer-bench.sh [--peers | --scale | --all] [--dry-run] [build dir] [benchmark options…]
# --peers (default) runs bench_peers, --scale bench_scale, --all both. --dry-run prints every
# command instead of running it (no root needed, nothing started). Pass --save-baseline to
# make this run the baseline (bench/baseline/bench_peers.json, bench_scale.json).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
programs=(bench_peers)
dry=
while [ $# -gt 0 ]; do
    case $1 in
        --peers) programs=(bench_peers) ;;
        --scale) programs=(bench_scale) ;;
        --all) programs=(bench_peers bench_scale) ;;
        --dry-run) dry=--dry-run ;;
        *) break ;;
    esac
    shift
done
build=$(cd "${1:-$root/build}" && pwd)
shift || true
save=
for a in "$@"; do
    [ "$a" = --save-baseline ] && save=1
done

# The peers' tools, from Debian's packages (bench only: scripts/deps.sh leaves them out).
peer_packages=(mmdebstrap e2fsprogs qemu-utils cloud-image-utils genisoimage virtinst vagrant
    vagrant-libvirt openssh-client)
missing=()
for p in "${peer_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ -n "$dry" ]; then
        echo "+ apt-get install -y --no-install-recommends ${missing[*]}"
    else
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    fi
fi

if [ -n "$dry" ]; then
    echo "+ $root/tests/vm/libvirt-daemons.sh start STATE $build/app/labforge"
else
    pids=$(mktemp)
    "$root/tests/vm/libvirt-daemons.sh" start "$pids" "$build/app/labforge"
    trap '"$root/tests/vm/libvirt-daemons.sh" stop "$pids"; rm -f "$pids"' EXIT
fi
for program in "${programs[@]}"; do
    LABFORGE_BINARY=$build/app/labforge "$build/bench/$program" $dry --benchmark_counters_tabular=true "$@"
done
if [ -n "$save" ]; then
    if [ -n "$dry" ]; then
        echo "+ $root/scripts/bench-plot.py"
        echo "+ $root/scripts/bench-page.py"
    else
        "$root/scripts/bench-plot.py"
        "$root/scripts/bench-page.py"
    fi
fi
