#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Starts virtlogd and libvirtd when none answers (these machines have no systemd as
# PID 1), remembering what it started; `stop` stops exactly those, by PID.
# When labforge's KVM probe found (and cached) that KVM guests hang on this host,
# libvirtd starts in a private mount namespace with /dev/null over /dev/kvm: guests
# run under TCG either way, but libvirt stops re-probing QEMU's capabilities on every
# domain define (about a minute each; see docs/images-and-boot.md#booting).
# On a host with /dev/kvm whose answer is not kept yet, `labforge accel` finds it first,
# booting Debian's kernel (fetched from the Debian mirror), so that libvirtd starts the
# right way from the first test on.
# usage: libvirt-daemons.sh start|stop STATE_FILE [LABFORGE_BINARY]
set -euo pipefail
action=$1
state=$2
labforge=${3:-}
# The machine's cache (the one the VM tests seed from: tests/vm/hermetic.sh) keeps the answer.
machine=${LABFORGE_VM_MACHINE_CACHE:-${LABFORGE_CACHE_DIR:-/var/cache/labforge}}
probe=$machine/accel-probe.json

# The kept answer is for this host's kernel.
probe_kept() {
    [ -f "$probe" ] && grep -qF "kernel=$(uname -r) " "$probe"
}

# Debian's kernel, unpacked into $1; prints its path.
debian_kernel() {
    local package
    package=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
    [ -n "$package" ] || return 1
    (cd "$1" && apt-get download -q -o APT::Sandbox::User=root "$package" >/dev/null) || return 1
    dpkg-deb --fsys-tarfile "$1"/*.deb | tar -x -C "$1" --wildcards './boot/vmlinuz-*' || return 1
    ls "$1"/boot/vmlinuz-*
}

probe_accel() {
    [ -e /dev/kvm ] && [ -n "$labforge" ] && ! probe_kept || return 0
    local dir kernel
    dir=$(mktemp -d)
    chmod 0755 "$dir"
    if kernel=$(debian_kernel "$dir"); then
        echo "libvirt-daemons: finding the accelerator before libvirtd starts, with $(basename "$kernel")"
        mkdir -p "$machine"
        LABFORGE_CACHE_DIR=$machine "$labforge" accel --kernel "$kernel" || true
    else
        echo "libvirt-daemons: no Debian kernel to probe with; the first run finds the accelerator"
    fi
    rm -rf "$dir"
}

answers() {
    timeout 20 virsh -c qemu:///system version >/dev/null 2>&1
}

case "$action" in
    start)
        : > "$state"
        mkdir -p /var/log/libvirt /run/libvirt /var/lib/libvirt/dnsmasq /var/lib/libvirt/qemu
        if answers; then
            echo "libvirt-daemons: libvirtd already answers; starting nothing"
            exit 0
        fi
        if ! pgrep -x virtlogd >/dev/null; then
            virtlogd --daemon
            sleep 1
            pgrep -nx virtlogd >> "$state"
        fi
        if ! pgrep -x libvirtd >/dev/null; then
            probe_accel
            if [ -e /dev/kvm ] && probe_kept && grep -q '"accel": "tcg"' "$probe"; then
                echo "libvirt-daemons: KVM hangs on this host (cached probe in ${probe}); libvirtd starts with /dev/kvm hidden"
                # Behind a device node QEMU's user cannot open (not /dev/null itself, which anyone
                # can: libvirt would then take KVM for usable, find the TCG-only capabilities it
                # cached stale and probe QEMU again on every define). A device node, not a plain
                # file: libvirt recreates /dev in each domain's namespace and cannot move a file's
                # bind mount there.
                rm -f /run/labforge-no-kvm
                mknod -m 0600 /run/labforge-no-kvm c 1 3
                unshare -m --propagation private sh -c 'mount --bind /run/labforge-no-kvm /dev/kvm && exec libvirtd --daemon'
            else
                libvirtd --daemon
            fi
            for _ in $(seq 1 10); do pgrep -nx libvirtd >/dev/null && break; sleep 0.5; done
            pgrep -nx libvirtd >> "$state"
        fi
        for _ in $(seq 1 30); do
            answers && { echo "libvirt-daemons: started (pids $(paste -sd' ' "$state"))"; exit 0; }
            sleep 1
        done
        echo "libvirt-daemons: libvirtd did not answer within 30 s"
        exit 1
        ;;
    stop)
        [ -f "$state" ] || exit 0
        # Stop libvirtd before virtlogd: reverse order of start.
        tac "$state" | while read -r pid; do
            [ -n "$pid" ] || continue
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 1 20); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.5
            done
        done
        rm -f "$state"
        echo "libvirt-daemons: stopped what this run started"
        ;;
    *)
        echo "usage: $0 start|stop STATE_FILE" >&2
        exit 2
        ;;
esac
