#!/usr/bin/env bash
# Configures and builds labforge into ./build (Ninja, warnings as errors).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-RelWithDebInfo}" -DLABFORGE_WERROR=ON "$@" >/dev/null
cmake --build build --parallel "$(nproc)"
