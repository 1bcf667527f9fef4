#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Static analysis:
#   the size limits (scripts/size-check.py) and cppcheck over the whole tree (warning,
#   performance, portability): neither needs a build; and
#   clang-tidy (bugprone-* and performance-*) over the directories given, by default
#   every directory with C++ sources, one process per core, skipping files whose exact
#   preprocessed input was already found clean (scripts/tidy-cached.py). It needs a
#   configured build (compile_commands.json in LABFORGE_BUILD_DIR, default build/), i.e.
#   scripts/build.sh first.
# usage: static-checks.sh [--no-tidy | --tidy-only] [DIR...]
#   no option     everything (the static CI variant);
#   --no-tidy     the size limits and cppcheck only (.ci/run runs them before the build);
#   --tidy-only   clang-tidy only (.ci/run runs it after the build).
# With LABFORGE_TIDY_BUDGET=SECONDS (the default CI run), clang-tidy first checks, to the end,
# the files the change touched: those changed since the merge-base with origin/main (or
# LABFORGE_TIDY_BASE), or, when that is HEAD or unknown, since HEAD~1, working tree
# included, with the .cpp of each changed header; the other files then get the budget,
# newest change first. Without a budget every file is checked.
# Findings are fixed in the code: there is no suppression today. One that must stay
# gets an inline // NOLINT(check) or // cppcheck-suppress with its reason. Three
# clang-tidy checks are off for the whole tree, on purpose:
#   bugprone-easily-swappable-parameters  flags every (QString, QString) signature;
#   bugprone-narrowing-conversions       Qt's int and qsizetype meet everywhere;
#   performance-unnecessary-value-param  Qt's implicitly shared types are cheap to copy.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${LABFORGE_BUILD_DIR:-build}
sources=1 tidy=1
case "${1:-}" in
--no-tidy)
    tidy=0
    shift
    ;;
--tidy-only)
    sources=0
    shift
    ;;
-*)
    echo "usage: $0 [--no-tidy | --tidy-only] [DIR...]" >&2
    exit 2
    ;;
esac

if [ "$sources" = 1 ]; then
    scripts/size-check.py
    cppcheck --quiet --error-exitcode=1 --enable=warning,performance,portability --inline-suppr --suppress=missingIncludeSystem \
        --std=c++20 --library=qt -I model -I generators -I runner -I runner/base -I runner/secrets -I runner/artifacts -I runner/remote -I runner/images -I runner/plan -I runner/boot -I runner/hosts -I runner/report -I runner/scenario -I operations \
        -I canvas -I app model generators runner operations canvas app
    echo "cppcheck: no findings"
fi
[ "$tidy" = 1 ] || exit 0

# The files a change touched (relative paths, one a line): against the merge-base with
# origin/main, or the last commit's when the checkout is origin/main itself or has no origin.
changed_files() {
    local base head
    head=$(git rev-parse HEAD)
    base=${LABFORGE_TIDY_BASE:-$(git merge-base HEAD origin/main 2>/dev/null || true)}
    if [ -z "$base" ] || [ "$(git rev-parse "$base" 2>/dev/null)" = "$head" ]; then
        base=$(git rev-parse -q --verify HEAD~1) || {
            echo "static-checks: no base to compare with (origin/main is HEAD or missing, and HEAD~1 is missing: a shallow clone?); no file checked first" >&2
            return 0
        }
    fi
    echo "static-checks: clang-tidy checks first the files changed since $(git rev-parse --short "$base") (working tree included)" >&2
    git diff --name-only "$base" --
    git ls-files --others --exclude-standard
}

if [ "$#" -gt 0 ]; then
    dirs=("$@")
else
    dirs=(model model/assertions generators generators/features/* runner runner/{base,secrets,artifacts,remote,images,plan,boot,hosts,report,scenario} operations canvas app tests bench)
fi
files=()
shopt -s nullglob
for d in "${dirs[@]}"; do
    files+=("${d%/}"/*.cpp)
done
shopt -u nullglob
# Newest change first: with a time budget (LABFORGE_TIDY_BUDGET) the newest code is checked first.
mapfile -t files < <(for f in "${files[@]}"; do printf '%s %s\n' "$(git log -1 --format=%ct -- "$f" 2>/dev/null || echo 0)" "$f"; done | sort -rn | cut -d' ' -f2-)
first=()
if [ -n "${LABFORGE_TIDY_BUDGET:-}" ]; then
    declare -A candidate touched
    for f in "${files[@]}"; do
        candidate[$f]=1
    done
    while read -r f; do
        case "$f" in
        *.cpp) ;;
        *.h) f=${f%.h}.cpp ;;
        *) continue ;;
        esac
        if [ -n "${candidate[$f]:-}" ] && [ -z "${touched[$f]:-}" ]; then
            touched[$f]=1
            first+=(--first "$f")
        fi
    done < <(changed_files)
fi
checks='-*,bugprone-*,performance-*,-bugprone-easily-swappable-parameters,-bugprone-narrowing-conversions,-performance-unnecessary-value-param'
# Unchanged translation units (same preprocessed input, flags, checks and tool) that were
# clean before are not checked again: see scripts/tidy-cached.py.
scripts/tidy-cached.py "${first[@]}" "$build" "$checks" "$(nproc)" "${files[@]}"
