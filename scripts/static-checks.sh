#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Static analysis, run by .ci/run after the build:
#   cppcheck over the whole tree (warning, performance, portability), and
#   clang-tidy (bugprone-* and performance-*) over the directories given, by default
#   every directory with C++ sources, one process per core, skipping files whose exact
#   preprocessed input was already found clean (scripts/tidy-cached.py).
# Findings are fixed in the code: there is no suppression today. One that must stay
# gets an inline // NOLINT(check) or // cppcheck-suppress with its reason. Three
# clang-tidy checks are off for the whole tree, on purpose:
#   bugprone-easily-swappable-parameters  flags every (QString, QString) signature;
#   bugprone-narrowing-conversions       Qt's int and qsizetype meet everywhere;
#   performance-unnecessary-value-param  Qt's implicitly shared types are cheap to copy.
# Needs a configured build/ (compile_commands.json), i.e. scripts/build.sh first.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${LABFORGE_BUILD_DIR:-build}
scripts/size-check.py
cppcheck --quiet --error-exitcode=1 --enable=warning,performance,portability --inline-suppr --suppress=missingIncludeSystem \
    --std=c++20 --library=qt -I model -I generators -I runner -I runner/artifacts -I runner/images -I runner/boot -I runner/hosts -I runner/remote -I runner/secrets -I runner/scenario -I runner/report \
    -I canvas -I app model generators runner canvas app
echo "cppcheck: no findings"
if [ "$#" -gt 0 ]; then
    dirs=("$@")
else
    dirs=(model model/assertions generators generators/features/* runner runner/{artifacts,images,boot,hosts,remote,secrets,scenario,report} canvas app tests bench)
fi
files=()
for d in "${dirs[@]}"; do
    files+=("$d"/*.cpp)
done
# Newest change first: with a time budget (LABFORGE_TIDY_BUDGET) the newest code is checked first.
mapfile -t files < <(for f in "${files[@]}"; do printf '%s %s\n' "$(git log -1 --format=%ct -- "$f" 2>/dev/null || echo 0)" "$f"; done | sort -rn | cut -d' ' -f2-)
checks='-*,bugprone-*,performance-*,-bugprone-easily-swappable-parameters,-bugprone-narrowing-conversions,-performance-unnecessary-value-param'
# Unchanged translation units (same preprocessed input, flags, checks and tool) that were
# clean before are not checked again: see scripts/tidy-cached.py.
scripts/tidy-cached.py "$build" "$checks" "$(nproc)" "${files[@]}"
