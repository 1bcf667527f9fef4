#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# labforge beside the usual tools (bench_peers: mmdebstrap + cloud-init + virt-install, Vagrant
# with vagrant-libvirt), its cost curve (bench_scale) and the designer at scale (bench_canvas),
# on this machine, from one command: installs with apt every Debian package the commands it
# runs come from (and checks each command is there), says which labforge binary and build it
# uses, starts virtlogd and libvirtd when none answers (as the VM tests do), runs the
# benchmarks, stops what it started, then with --save-baseline writes the cost curve's plot
# and the benchmark page from the saved baselines. Needs root and Debian's mirror; a quiet
# machine (no VM tests beside it): about two and a half hours on 2 cores with TCG.
#   bench/run-peer-bench.sh [--peers | --scale | --designer | --all] [--dry-run] [build dir] [benchmark options…]
# --peers (default) runs bench_peers, --scale bench_scale, --designer bench_canvas, --all the
# three. --dry-run prints every command instead of running it (no root needed, nothing
# installed or started). --save-baseline makes this run the baseline
# (bench/baseline/bench_peers.json, bench_scale.json, bench_canvas.json).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
programs=(bench_peers)
dry=
list=
while [ $# -gt 0 ]; do
    case $1 in
        --peers) programs=(bench_peers) ;;
        --scale) programs=(bench_scale) ;;
        --designer) programs=(bench_canvas) ;;
        --all) programs=(bench_peers bench_scale bench_canvas) ;;
        --dry-run) dry=--dry-run ;;
        --list-commands) list=1 ;; # the commands below, one a line (tests/check_peer_bench.py)
        *) break ;;
    esac
    shift
done
# Every command the benchmarks run (theirs, in the seeds' and images' scripts, and
# tests/vm/libvirt-daemons.sh's) with the Debian package it comes from; "-" for a package
# that brings no command of its own (a Vagrant plugin). scripts/deps.sh leaves the peers' out.
needs=(
    mmdebstrap:mmdebstrap chroot:coreutils mkfs.ext4:e2fsprogs debugfs:e2fsprogs tar:tar
    qemu-img:qemu-utils qemu-system-x86_64:qemu-system-x86 virsh:libvirt-clients
    libvirtd:libvirt-daemon-system virtlogd:libvirt-daemon-system dnsmasq:dnsmasq-base
    cloud-localds:cloud-image-utils genisoimage:genisoimage virt-install:virtinst
    vagrant:vagrant -:vagrant-libvirt ssh:openssh-client ssh-keygen:openssh-client
    unshare:util-linux dpkg-deb:dpkg apt-get:apt python3:python3
)
if [ -n "$list" ]; then
    for n in "${needs[@]}"; do [ "${n%%:*}" = - ] || echo "${n%%:*}"; done
    exit 0
fi
build=$(cd "${1:-$root/build}" && pwd)
shift || true
save=
for a in "$@"; do
    [ "$a" = --save-baseline ] && save=1
done

if [ -z "$dry" ] && [ "$(id -u)" -ne 0 ]; then
    echo "run-peer-bench: needs root (apt, mmdebstrap's chroots, libvirt's system instance): sudo $0 …" >&2
    exit 1
fi
packages=()
for n in "${needs[@]}"; do
    p=${n#*:}
    [[ " ${packages[*]} " == *" $p "* ]] || packages+=("$p")
done
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ -n "$dry" ]; then
        echo "+ apt-get install -y --no-install-recommends ${missing[*]}"
    else
        echo "run-peer-bench: installing ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
fi
absent=()
for n in "${needs[@]}"; do
    c=${n%%:*}
    [ "$c" = - ] || PATH=$PATH:/usr/sbin:/sbin command -v "$c" >/dev/null || absent+=("$c (${n#*:})")
done
if [ ${#absent[@]} -gt 0 ] && [ -z "$dry" ]; then
    echo "run-peer-bench: missing after apt: ${absent[*]}" >&2
    exit 1
fi

# What is measured: this binary, this build, this source.
labforge=$build/app/labforge
for program in "${programs[@]}"; do
    if [ ! -x "$build/bench/$program" ] || [ ! -x "$labforge" ]; then
        echo "run-peer-bench: $build has no bench/$program or app/labforge: build first (scripts/build.sh)" >&2
        exit 1
    fi
done
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
echo "labforge binary: $labforge ($("$labforge" --version 2>/dev/null | head -n 1))"
echo "build: $build (${build_type:-no build type}), source $(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)"
echo "benchmarks: ${programs[*]}"

if [ -n "$dry" ]; then
    echo "+ $root/tests/vm/libvirt-daemons.sh start STATE $labforge"
else
    pids=$(mktemp)
    "$root/tests/vm/libvirt-daemons.sh" start "$pids" "$labforge"
    trap '"$root/tests/vm/libvirt-daemons.sh" stop "$pids"; rm -f "$pids"' EXIT
fi
for program in "${programs[@]}"; do
    echo "+ LABFORGE_BINARY=$labforge $build/bench/$program $dry --benchmark_counters_tabular=true $*"
    # bench_canvas runs no VM: a dry run has nothing of it to print but the command.
    [ "$program" = bench_canvas ] && [ -n "$dry" ] && continue
    LABFORGE_BINARY=$labforge "$build/bench/$program" $dry --benchmark_counters_tabular=true "$@"
done
if [ -n "$save" ]; then
    if [ -n "$dry" ]; then
        echo "+ $root/scripts/bench-page.py"
    else
        "$root/scripts/bench-page.py"
    fi
fi
