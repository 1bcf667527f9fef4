#!/bin/bash
# Run by the image builder inside node compute-2's root tree after packages and overlay files are in place.
set -euo pipefail
systemctl mask e2scrub_reap.service e2scrub_all.timer apt-daily.timer apt-daily-upgrade.timer man-db.timer dpkg-db-backup.timer fstrim.timer logrotate.timer modprobe@drm.service modprobe@fuse.service modprobe@efi_pstore.service systemd-pstore.service getty@tty1.service dev-hugepages.mount sys-kernel-debug.mount sys-kernel-tracing.mount systemd-network-generator.service systemd-udev-load-credentials.service >/dev/null
mkdir -p /etc/systemd/system-generators && for generator in systemd-ssh-generator systemd-gpt-auto-generator systemd-tpm2-generator systemd-hibernate-resume-generator systemd-debug-generator systemd-run-generator systemd-system-update-generator systemd-sysv-generator systemd-rc-local-generator; do ln -sf /dev/null "/etc/systemd/system-generators/$generator"; done
id -u 'ops' >/dev/null 2>&1 || useradd --create-home --shell /bin/bash --user-group 'ops'
systemctl set-default multi-user.target
rm -f /etc/ssh/ssh_host_*_key /etc/ssh/ssh_host_*_key.pub
labforge_key=$(mktemp -u /tmp/labforge-sshd-check.XXXXXX); ssh-keygen -q -t ed25519 -N '' -f "$labforge_key"; mkdir -p /run/sshd; if ! /usr/sbin/sshd -t -h "$labforge_key"; then rm -f "$labforge_key" "$labforge_key.pub"; echo 'labforge: sshd -t refused the configuration' >&2; exit 1; fi; rm -f "$labforge_key" "$labforge_key.pub"
systemctl mask "user@$(id -u 'ops').service" >/dev/null
mkdir -p /opt/cni/bin && for p in /usr/lib/cni/*; do ln -sf "$p" /opt/cni/bin/; done
