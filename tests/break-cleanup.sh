#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Proves the fault tests can fail: breaks one piece of LabRunner::cleanup at a time
# (domains, networks, files), rebuilds tst_orchestration and runs each fault test alone
# against it, then restores the source. Every test that creates that kind of object must
# FAIL. Not part of the default run (it rebuilds three times); run it after changing the
# runner's clean-up or its tests.   usage: tests/break-cleanup.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
source=runner/LabRunner.cpp
backup=$(mktemp)
cp "$source" "$backup"
trap 'cp "$backup" "$source"; rm -f "$backup"; cmake --build "$build" --target tst_orchestration >/dev/null 2>&1 || true' EXIT
export LABFORGE_BINARY=$PWD/$build/app/labforge LABFORGE_SOURCE_DIR=$PWD
tests="aNodeThatNeverAnswersSshIsCleanedUp aNameTakenBehindTheRunnersBackFailsTheRun:domain
aNameTakenBehindTheRunnersBackFailsTheRun:network aFileSystemThatWillNotGrowFailsTheRun aVmPoweredOffFromOutsideFailsTheRun"
for breakage in domains networks files; do
    cp "$backup" "$source"
    case $breakage in
        domains) sed -i 's/        if (virt.isOpen() \&\& !virt.destroyDomain(\*it, \&error))/        if (false \&\& !virt.destroyDomain(*it, \&error))/' "$source" ;;
        networks) sed -i 's/        if (virt.isOpen() \&\& !virt.destroyNetwork(\*it, \&error))/        if (false \&\& !virt.destroyNetwork(*it, \&error))/' "$source" ;;
        files) sed -i 's/        if (m_inventory.owns(f) \&\& (QFile::remove(f) || !QFile::exists(f)))/        if (m_inventory.owns(f))/' "$source" ;;
    esac
    if cmp -s "$backup" "$source"; then
        echo "break-cleanup: the $breakage breakage no longer applies; update this script" >&2
        exit 1
    fi
    cmake --build "$build" --target tst_orchestration >/dev/null
    for t in $tests; do
        output=$("$build/tests/tst_orchestration" "$t" 2>&1 || true)
        if grep -q '^FAIL' <<<"$output"; then verdict=FAILS; else verdict=passes; fi
        echo "$breakage clean-up broken: $t $verdict"
    done
done
