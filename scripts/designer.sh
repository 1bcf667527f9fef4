#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Installs what is needed, builds, and opens the designer on the built-in slurm-hpc lab.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
# Build and Boot needs libvirtd. Where nothing starts it (no systemd as PID 1, as on these
# machines), start virtlogd and libvirtd the way the VM tests do; they keep running after the
# designer closes, like a system daemon (VMs of a lab left up need them).
if [ "$(id -u)" -eq 0 ] && ! timeout 20 virsh -c qemu:///system version >/dev/null 2>&1; then
    tests/vm/libvirt-daemons.sh start build/libvirt-daemons.designer.pids
fi
exec build/app/labforge --template slurm-hpc "$@"
