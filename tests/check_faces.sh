#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# The designer calls the operations (operations/), never the command line's commands: no file
# but the command line's own (app/Cli.*, app/EventPrinter.*, app/*Command.*, app/*Commands.*,
# and app/main.cpp, which starts either face) includes a command line header, and no designer
# or library file makes an argv for a labforge command ("labforge VERB" as its first word).
set -euo pipefail
source=$1
cli_file='/app/(Cli|EventPrinter|[A-Za-z]+Commands?)\.(h|cpp)$'
# The command line's headers: Cli.h, EventPrinter.h and every command's (app/*Command.h, *Commands.h).
headers=$(find "$source/app" -name '*.h' -printf '%f\n' | grep -E '^(Cli|EventPrinter|[A-Za-z]+Commands?)\.h$' |
    sed 's/\./\\./' | paste -sd '|')
files=$(find "$source/app" "$source/canvas" "$source/operations" "$source/model" "$source/generators" \
    "$source/runner" -name '*.h' -o -name '*.cpp' | grep -vE "$cli_file")
status=0
found=$(echo "$files" | xargs grep -lE "#include \"($headers)\"" | grep -v '/app/main\.cpp$' || true)
if [ -n "$found" ]; then
    echo "designer or library code includes a command line header (call operations/ instead):"
    echo "${found//$source\//}"
    status=1
fi
argv=$(echo "$files" | xargs grep -nE '"labforge [a-z-]+"' | grep -vE '^[^:]+:[0-9]+: *//' |
    grep -v '"labforge designer"' || true)
if [ -n "$argv" ]; then
    echo "designer or library code makes an argv for a labforge command (call operations/ instead):"
    echo "${argv//$source\//}"
    status=1
fi
[ "$status" = 0 ] && echo "no designer file includes a command line header or makes an argv for labforge"
exit "$status"
