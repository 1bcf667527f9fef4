#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# The VM tests cold: every one of them on an empty private machine cache (no Debian package,
# artifact or base from any earlier run; the accelerator probe is found again), as on a
# machine that never ran labforge. Extra arguments go to ctest (e.g. -R tst_vm_nfs).
# Prints each test's seconds; scripts/vm-durations.py cold records them.
#   LABFORGE_VM_COLD_CACHE   the private machine cache (default: a new directory under /var/tmp,
#                            removed afterwards)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
cache=${LABFORGE_VM_COLD_CACHE:-}
if [ -z "$cache" ]; then
    cache=$(mktemp -d /var/tmp/labforge-cold-XXXXXX)
    trap 'rm -rf --one-file-system "$cache"' EXIT
fi
mkdir -p "$cache"
chmod 0755 "$cache"
export LABFORGE_VM_MACHINE_CACHE=$cache
src=$PWD
cd "${LABFORGE_BUILD_DIR:-build}"
status=0
ctest --output-on-failure -L vm --output-junit vm-cold.xml "$@" || status=$?
python3 "$src/scripts/vm-durations.py" show vm-cold.xml
exit "$status"
