#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# The German translation is complete: lupdate over the UI sources finds no message
# that labforge_de.ts lacks or leaves unfinished.
set -euo pipefail
source=$1
lupdate=$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$source/translations/labforge_de.ts" "$work/check.ts"
"$lupdate" -silent "$source/app" "$source/canvas" "$source/operations" "$source/model" "$source/generators/features" -ts "$work/check.ts" -no-obsolete -locations none
unfinished=$(grep -c 'type="unfinished"' "$work/check.ts" || true)
if [ "$unfinished" -ne 0 ]; then
    echo "labforge_de.ts lacks $unfinished translation(s):"
    grep -B2 'type="unfinished"' "$work/check.ts" | grep '<source>' | head -20
    exit 1
fi
echo "labforge_de.ts: $(grep -c '<source>' "$work/check.ts") messages, all translated"
