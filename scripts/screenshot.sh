#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Takes the manual's screenshots of the designer on the built-in slurm-hpc lab, in a real
# window under Xvfb, in its own D-Bus session and a scratch HOME (nothing left behind):
# docs/designer-slurm-hpc.png in English and docs/designer-slurm-hpc-de.png in German.
#   scripts/screenshot.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-docs}")
mkdir -p "$out"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
shot() { # LANGUAGE FILE
    HOME=$home XDG_RUNTIME_DIR=$home LANGUAGE=$1 LANG=$1.UTF-8 LC_ALL=$1.UTF-8 dbus-run-session -- \
        xvfb-run -a -s "-screen 0 1600x1000x24" build/app/labforge --template slurm-hpc --screenshot "$2"
    echo "wrote $2"
}
shot en_US "$out/designer-slurm-hpc.png"
shot de_DE "$out/designer-slurm-hpc-de.png"
