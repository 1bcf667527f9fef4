#!/bin/bash
# labforge-seed: applies this run's keys and secrets from the seed disk (virtio
# serial LABFORGE_SEED) that labforge attaches to every VM of a run. Images carry
# no secret; this is how the SSH key, host keys, password hash and (on Kubernetes
# members) the kubeadm bootstrap token arrive.
set -euo pipefail
# sshd starts after this script: with no host key (no seed disk, or a seed without keys) it
# gets fresh ones rather than none. A glob test, not a program: every process costs seconds
# of emulated CPU at boot.
host_keys() {
    [ -x /usr/sbin/sshd ] || return 0
    compgen -G '/etc/ssh/ssh_host_*_key' >/dev/null || ssh-keygen -A
}
dev=/dev/disk/by-id/virtio-LABFORGE_SEED
for _ in $(seq 1 90); do
    [ -e "$dev" ] && break
    sleep 1
done
if [ ! -e "$dev" ]; then
    echo "labforge-seed: no seed disk after 90 s; this boot has no keys or secrets"
    host_keys
    exit 1
fi
mnt=$(mktemp -d)
mount -o ro "$dev" "$mnt"
trap 'umount "$mnt"; rmdir "$mnt"' EXIT
# manifest: one entry per line, "d MODE USER PATH" (directory) or "f MODE USER PATH"
# (file, copied from files/PATH on the seed disk).
declare -A groups
while read -r kind mode user path; do
    [ -n "${path:-}" ] || continue
    [ -n "${groups[$user]:-}" ] || groups[$user]=$(id -gn "$user")
    group=${groups[$user]}
    if [ "$kind" = d ]; then
        install -d -m "$mode" -o "$user" -g "$group" "$path"
    else
        install -D -m "$mode" -o "$user" -g "$group" "$mnt/files$path" "$path"
    fi
done < "$mnt/manifest"
# passwords: "USER HASH" (crypt(3) SHA-512), set by one chpasswd for all users
entries=""
while read -r user hash; do
    [ -n "${hash:-}" ] && entries+="$user:$hash"$'\n'
done < "$mnt/passwords"
[ -z "$entries" ] || printf '%s' "$entries" | chpasswd -e
host_keys
applied=0
while read -r line; do [ -n "$line" ] && applied=$((applied + 1)); done < "$mnt/manifest"
echo "labforge-seed: applied $applied entries"
