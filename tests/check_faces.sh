#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# The designer calls the operations (operations/), never the command line's commands: no file
# but the command line's own (app/Cli.cpp, app/*Command.*, app/*Commands.*) includes the header
# of `labforge node`, `link`, `capture` or `snapshot`.
set -euo pipefail
source=$1
found=$(grep -rlE '#include "(NodeCommands|LinkCommands|SnapshotCommand)\.h"' \
    "$source/app" "$source/canvas" "$source/operations" "$source/model" "$source/generators" "$source/runner" \
    | grep -vE '/app/(Cli\.cpp|[A-Za-z]+Commands?\.(h|cpp))$' || true)
if [ -n "$found" ]; then
    echo "designer or library code includes a command line command's header (call operations/ instead):"
    echo "$found" | sed "s|^$source/||"
    exit 1
fi
echo "no designer file includes NodeCommands.h, LinkCommands.h or SnapshotCommand.h"
