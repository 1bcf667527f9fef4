#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Runs one VM test on a cache root of its own, so that its verdict never depends on what an
# earlier run left behind:
#   - the root (LABFORGE_CACHE_DIR) is made empty before the test and removed after it;
#   - it is seeded, by hard links (a copy across file systems), from the machine's cache
#     (LABFORGE_VM_MACHINE_CACHE, default /var/cache/labforge) with what is checked before
#     use whatever its origin: Debian packages (apt checks each against the mirror's signed
#     index), pinned artifacts (checked by digest), bases (their key hashes the image layout
#     and their inputs; a base of another layout is never used), and the host's accelerator
#     probe; LABFORGE_VM_SEED names the kinds (default "packages artifacts base"): a test about
#     the cache's own paths takes fewer and builds the state it needs;
#   - after a pass, what the test fetched or built of those kinds goes back to the machine's
#     cache (new files only, each linked under a temporary name and renamed), so that a warm
#     machine stays fast; node images, runs and reports never do.
# The test's evidence goes to LABFORGE_VM_ARTIFACTS (BUILD_DIR/vm-artifacts/NAME).
# LABFORGE_VM_MACHINE_CACHE=<empty directory> runs a test cold (scripts/vm-cold.sh).
# usage: hermetic.sh NAME BUILD_DIR PROGRAM [ARGS...]
set -uo pipefail
name=$1
build=$2
shift 2
machine=${LABFORGE_VM_MACHINE_CACHE:-/var/cache/labforge}
# One root per build tree and test: two checkouts on one machine never share one. Under
# /var/tmp, not the build tree: QEMU (libvirt's user) must reach the kernels and disks, and a
# checkout may sit in a home directory it cannot enter. Short, as /var/cache/labforge is: ssh's
# control sockets live under it (runs/LAB/ssh/…), and a socket's path has 107 bytes at most.
id=$(printf '%s:%s' "$(cd "$build" && pwd -P)" "$name" | sha256sum | cut -c1-8)
root=${LABFORGE_VM_ROOTS:-/var/tmp}/lf-$id
read -r -a seeded <<< "${LABFORGE_VM_SEED:-packages artifacts base}"

clear_root() {
    local dir=${1:-$root}
    # A run's leftovers may hold mounts (a killed image build's /proc or scratch tmpfs).
    if [ -d "$dir" ]; then
        findmnt -rn -o TARGET | grep -F "$dir/" | sort -r | while read -r m; do umount -l "$m" 2>/dev/null; done
        rm -rf --one-file-system "$dir"
    fi
}

# Links every file of $1 that $2 lacks into $2 (same relative path), atomically per file.
link_missing() {
    local from=$1 to=$2
    [ -d "$from" ] || return 0
    (cd "$from" && find . -type f ! -name '*.partial' ! -name '*.part' ! -name '*.tmp.*' -print0) | while IFS= read -r -d '' f; do
        [ -e "$to/$f" ] && continue
        mkdir -p "$(dirname "$to/$f")"
        local tmp="$to/$f.tmp.$$"
        { ln "$from/$f" "$tmp" 2>/dev/null || cp -p "$from/$f" "$tmp"; } && mv -f "$tmp" "$to/$f"
    done
}

# Whatever the test left up (a failed check, a test killed at its time limit) is taken down
# while the root that records it still exists.
take_down() {
    local from=${1:-$root}
    [ -x "${LABFORGE_BINARY:-}" ] && [ -d "$from/runs" ] || return 0
    local run lab
    for run in "$from"/runs/*/; do
        [ -f "$run/state.json" ] || continue
        lab=$(basename "$run")
        LABFORGE_CACHE_DIR=$from timeout 600 "$LABFORGE_BINARY" down "$lab" >/dev/null 2>&1 \
            && echo "hermetic: took $lab down (left in $from)" || echo "hermetic: could not take $lab down ($from)"
    done
}

# The roots of this build's other VM tests that are still there: a test killed outright
# (CTest's time limit kills without a word) leaves its root and whatever it had up. VM tests
# run one at a time (RUN_SERIAL), so none of them is running now: what they left up is taken
# down (a lab of the same name would refuse this test's `up`) and the root removed.
sweep_build_roots() {
    local other
    for other in "${LABFORGE_VM_ROOTS:-/var/tmp}"/lf-*/; do
        other=${other%/}
        if [ "$other" = "$root" ] || [ ! -f "$other/TEST" ] || [ "$(cut -d' ' -f2- "$other/TEST")" != "$build" ]; then
            continue
        fi
        take_down "$other"
        clear_root "$other"
    done
}

# A run the same test left up when it was killed outright (CTest's time limit kills without a
# word) is still recorded in its root: taken down before the root is cleared.
take_down
clear_root
sweep_build_roots
mkdir -p "$root"
chmod 0755 "$root"
echo "$name $build" > "$root/TEST"
for d in "${seeded[@]}"; do
    link_missing "$machine/$d" "$root/$d"
done
[ -f "$machine/accel-probe.json" ] && cp -p "$machine/accel-probe.json" "$root/"
echo "hermetic: $name on $root, seeded from $machine ($(find "$root" -type f | wc -l) files)"

export LABFORGE_CACHE_DIR=$root
export LABFORGE_VM_ARTIFACTS=$build/vm-artifacts/$name
rm -rf "$LABFORGE_VM_ARTIFACTS"
mkdir -p "$LABFORGE_VM_ARTIFACTS"
start=$(date +%s)
"$@" &
child=$!
trap 'kill "$child" 2>/dev/null; wait "$child"; take_down; clear_root; exit 143' TERM INT HUP
wait "$child"
status=$?
trap - TERM INT HUP
take_down
seconds=$(($(date +%s) - start))
echo "hermetic: $name exited $status after $seconds s"

if [ "$status" -eq 0 ]; then
    mkdir -p "$machine"
    for d in packages artifacts base; do
        link_missing "$root/$d" "$machine/$d"
    done
    [ -f "$machine/accel-probe.json" ] || { [ -f "$root/accel-probe.json" ] && cp -p "$root/accel-probe.json" "$machine/"; }
fi
clear_root
exit "$status"
