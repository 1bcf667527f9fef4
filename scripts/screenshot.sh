#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Takes the manual's pictures from the real program, in a real window under Xvfb, in its own
# D-Bus session and a scratch HOME (nothing left behind):
# - docs/designer-slurm-hpc.png in English and docs/designer-slurm-hpc-de.png in German: the
#   designer on the built-in slurm-hpc lab;
# - docs/designer-two-networks.png: the designer on tests/data/labs/nfs-pair.lab.json;
# - with RUN_DIR, the report directory of a passing slurm-native run (`labforge up` writes it;
#   so does the VM test tst_vm_native): docs/designer-slurm-native-run.png, the designer with
#   that report opened, and docs/report-slurm-native.png, its HTML report in headless Chromium.
# The lines `picture NAME` below are the list docs_match_the_program holds the manual to: every
# picture the README and docs/ show is one of them.
#   scripts/screenshot.sh [OUT_DIR [RUN_DIR]]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-docs}")
run=${2:-}
mkdir -p "$out"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
designer() { # LANGUAGE FILE ARGUMENTS...
    local language=$1 file=$2
    shift 2
    HOME=$home XDG_RUNTIME_DIR=$home LANGUAGE=$language LANG=$language.UTF-8 LC_ALL=$language.UTF-8 \
        dbus-run-session -- xvfb-run -a -s "-screen 0 1600x1000x24" build/app/labforge "$@" --screenshot "$file"
    echo "wrote $file"
}
picture() { # NAME: where the picture goes
    echo "$out/$1"
}
designer en_US "$(picture designer-slurm-hpc.png)" --template slurm-hpc
designer de_DE "$(picture designer-slurm-hpc-de.png)" --template slurm-hpc
designer en_US "$(picture designer-two-networks.png)" tests/data/labs/nfs-pair.lab.json
if [ -z "$run" ]; then
    echo "no RUN_DIR: the pictures of a run are kept as they are"
    exit 0
fi
designer en_US "$(picture designer-slurm-native-run.png)" --template slurm-native --report "$run"
HOME=$home chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,1800 \
    --screenshot="$(picture report-slurm-native.png)" "file://$(realpath "$run")/report.html" 2>/dev/null
echo "wrote $(picture report-slurm-native.png)"
