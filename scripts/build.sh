#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Configures and builds labforge (Ninja, warnings as errors).
# LABFORGE_BUILD_DIR (default: build) and LABFORGE_CMAKE_ARGS (e.g. -DLABFORGE_SANITIZE=ON) adjust it.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${LABFORGE_BUILD_DIR:-build}
# shellcheck source=scripts/ccache-env.sh
. scripts/ccache-env.sh
# shellcheck disable=SC2086
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-RelWithDebInfo}" -DLABFORGE_WERROR=ON ${LABFORGE_CCACHE_ARGS} ${LABFORGE_CMAKE_ARGS:-} >/dev/null
cmake --build "$dir" --parallel "$(nproc)"
