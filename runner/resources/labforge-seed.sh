#!/bin/bash
# labforge-seed: applies this run's keys and secrets from the seed disk (virtio
# serial LABFORGE_SEED) that labforge attaches to every VM of a run. Images carry
# no secret; this is how the SSH key, host keys, password hash and (on Kubernetes
# members) the kubeadm bootstrap token arrive.
set -euo pipefail
dev=/dev/disk/by-id/virtio-LABFORGE_SEED
for _ in $(seq 1 90); do
    [ -e "$dev" ] && break
    sleep 1
done
if [ ! -e "$dev" ]; then
    echo "labforge-seed: no seed disk after 90 s; this boot has no keys or secrets"
    exit 1
fi
mnt=$(mktemp -d)
mount -o ro "$dev" "$mnt"
trap 'umount "$mnt"; rmdir "$mnt"' EXIT
# manifest: one entry per line, "d MODE USER PATH" (directory) or "f MODE USER PATH"
# (file, copied from files/PATH on the seed disk).
while read -r kind mode user path; do
    [ -n "${path:-}" ] || continue
    group=$(id -gn "$user")
    if [ "$kind" = d ]; then
        install -d -m "$mode" -o "$user" -g "$group" "$path"
    else
        install -D -m "$mode" -o "$user" -g "$group" "$mnt/files$path" "$path"
    fi
done < "$mnt/manifest"
# passwords: "USER HASH" (crypt(3) SHA-512)
while read -r user hash; do
    [ -n "${hash:-}" ] && usermod -p "$hash" "$user"
done < "$mnt/passwords"
echo "labforge-seed: applied $(grep -c . "$mnt/manifest") entries"
