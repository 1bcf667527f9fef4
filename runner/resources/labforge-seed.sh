#!/bin/bash
# labforge-seed: applies this run's keys and secrets from the seed disk (virtio
# serial LABFORGE_SEED) that labforge attaches to every VM of a run. Images carry
# no secret; this is how the SSH key, host keys, password hash and (on Kubernetes
# members) the kubeadm bootstrap token arrive.
#
# The disk holds a tar archive (runner/boot/SeedDisk): its members are the guest paths, with
# their modes and owners, extracted by one tar; the password hashes are one member read by
# chpasswd, never extracted. The disk is found by its serial in sysfs and opened through
# devtmpfs, so nothing here waits for udev. Every process costs seconds of emulated CPU at
# boot, and sshd starts after this script: no program runs that is not needed.
set -euo pipefail
passwords=.labforge-seed/passwords
# sshd starts after this script: with no host key (no seed disk, or a seed without keys) it
# gets fresh ones rather than none. A glob test, not a program.
host_keys() {
    [ -x /usr/sbin/sshd ] || return 0
    compgen -G '/etc/ssh/ssh_host_*_key' >/dev/null || ssh-keygen -A
}
find_seed() {
    local serial_file serial name
    for serial_file in /sys/block/*/serial; do
        serial=
        read -r serial <"$serial_file" 2>/dev/null || true
        if [ "$serial" = LABFORGE_SEED ]; then
            name=${serial_file%/serial}
            dev=/dev/${name##*/}
            [ -b "$dev" ] && return 0
        fi
    done
    return 1
}
dev=
for _ in {1..180}; do
    find_seed && break
    dev=
    sleep 0.5
done
if [ -z "$dev" ]; then
    echo "labforge-seed: no seed disk (serial LABFORGE_SEED) after 90 s; this boot has no keys or secrets"
    host_keys
    exit 1
fi
# Root extracts with the archive's modes and owners (by name); existing files are replaced.
# The passwords member (and anything under its directory) is never extracted.
if ! listing=$(tar --extract --verbose --file="$dev" --directory=/ --exclude=.labforge-seed); then
    echo "labforge-seed: extracting the seed from $dev failed"
    exit 1
fi
# Passwords: "USER HASH" (crypt(3) SHA-512), set by one chpasswd for all users.
hashes=$(tar --extract --to-stdout --file="$dev" "$passwords" 2>/dev/null) || hashes=
entries=""
while read -r user hash; do
    [ -n "${hash:-}" ] && entries+="$user:$hash"$'\n'
done <<<"$hashes"
[ -z "$entries" ] || printf '%s' "$entries" | chpasswd -e
host_keys
applied=0
while read -r line; do [ -n "$line" ] && applied=$((applied + 1)); done <<<"$listing"
echo "labforge-seed: applied $applied entries from $dev"
