#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Fuzzes the lab loader, validator and bundle generation with libFuzzer for a bounded time (default
# 120 s), starting from the corpus in tests/fuzz/corpus. New interesting inputs go to
# build-fuzz/corpus (the checkout stays clean); `scripts/fuzz.sh SECONDS --keep` then
# merges those that add coverage into tests/fuzz/corpus, to be committed.
# Prints executions and crashes; exits non-zero on a crash.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-120}
# shellcheck source=scripts/ccache-env.sh
. scripts/ccache-env.sh
# shellcheck disable=SC2086
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLABFORGE_FUZZ=ON ${LABFORGE_CCACHE_ARGS} \
    -DLABFORGE_BUILD_TESTS=OFF -DLABFORGE_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build build-fuzz --target fuzz_lab
mkdir -p build-fuzz/crashes build-fuzz/corpus
export ASAN_OPTIONS=detect_leaks=1
set +e
build-fuzz/tests/fuzz/fuzz_lab -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=build-fuzz/crashes/ -print_final_stats=1 build-fuzz/corpus tests/fuzz/corpus 2>&1 | tee build-fuzz/fuzz.log | grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR)|Test unit written'
status=${PIPESTATUS[0]}
set -e
crashes=$(find build-fuzz/crashes -type f | wc -l)
echo "fuzz: $(grep -o 'stat::number_of_executed_units: [0-9]*' build-fuzz/fuzz.log | awk '{print $2}') executions in ${seconds} s, ${crashes} crash(es), $(find build-fuzz/corpus -type f | wc -l) new input(s) in build-fuzz/corpus"
if [ "${2:-}" = --keep ]; then
    before=$(find tests/fuzz/corpus -type f | wc -l)
    build-fuzz/tests/fuzz/fuzz_lab -merge=1 tests/fuzz/corpus build-fuzz/corpus >/dev/null 2>&1
    echo "fuzz: tests/fuzz/corpus $before -> $(find tests/fuzz/corpus -type f | wc -l) inputs"
fi
exit "$status"
