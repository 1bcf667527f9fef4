#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Takes the README screenshot: the designer on the built-in slurm-hpc lab, in a real
# window under Xvfb, in its own D-Bus session and a scratch HOME (nothing left behind).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-docs/designer-slurm-hpc.png}")
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
HOME=$home XDG_RUNTIME_DIR=$home dbus-run-session -- xvfb-run -a -s "-screen 0 1600x1000x24" \
    build/app/labforge --template slurm-hpc --screenshot "$out"
echo "wrote $out"
