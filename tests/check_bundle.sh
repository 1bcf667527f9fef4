#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Generates the built-in labs' bundles and runs check_bundle.py on them; then proves
# the checker itself catches a broken bundle (unknown Helm key, shell syntax error).
set -euo pipefail
labforge=$1
tests=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for lab in slurm-hpc web-lab; do
    "$labforge" generate --template "$lab" -o "$work/$lab" >/dev/null
    python3 "$tests/check_bundle.py" "$work/$lab" "$tests/data/chart-values"
done
values="$work/slurm-hpc/nodes/controller/overlay/usr/local/share/openfactory/slinky/values-slurm.yaml"
printf 'controller:\n  bogusKey: 1\n' >> "$values"
echo 'if then fi' >> "$work/slurm-hpc/nodes/storage/build.sh"
if out=$(python3 "$tests/check_bundle.py" "$work/slurm-hpc" "$tests/data/chart-values"); then
    echo "check_bundle.py accepted a broken bundle"
    exit 1
fi
grep -q 'controller.bogusKey is not a key' <<<"$out" || { echo "unknown Helm key not reported"; echo "$out"; exit 1; }
grep -q 'bash -n .*storage/build.sh' <<<"$out" || { echo "shell syntax error not reported"; echo "$out"; exit 1; }
echo "check_bundle.py rejects a broken bundle: ok"
