#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Installs what is needed, builds, and runs the whole test suite.
# Extra arguments go to ctest (e.g. -L unit, or -LE vm to skip the VM system test).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
cd "${LABFORGE_BUILD_DIR:-build}"
# Two at a time: the VM tests are RUN_SERIAL, so they still run alone.
ctest --output-on-failure --timeout 1800 -j"${LABFORGE_TEST_JOBS:-2}" "$@"
