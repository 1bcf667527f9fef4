#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Fuzzes the lab loader, validator and bundle generation with libFuzzer (build-fuzz, clang):
#   1. replays every input of the saved corpus (tests/fuzz/corpus) once (-runs=0), whatever
#      the time given;
#   2. then explores from it for a bounded time (default 120 s). New interesting inputs go to
#      build-fuzz/corpus (the checkout stays clean); `scripts/fuzz.sh SECONDS --keep` then
#      merges those that add coverage into tests/fuzz/corpus, to be committed.
# A crash, leak, timeout or out-of-memory in either fails the run (exit status non-zero, and
# the exploration is not started after a failed replay). Each input that caused one is named
# (build-fuzz/crashes/<kind>-<sha1>, written by libFuzzer) and, when at most 256 bytes long,
# printed in hex and base64; `build-fuzz/tests/fuzz/fuzz_lab FILE` runs it again. libFuzzer's
# whole output is in build-fuzz/replay.log and build-fuzz/fuzz.log.
# usage: fuzz.sh [SECONDS [--keep]]
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
fuzzer=build-fuzz/tests/fuzz/fuzz_lab
options=(-max_len=65536 -timeout=10 -rss_limit_mb=2048 -artifact_prefix=build-fuzz/crashes/ -print_final_stats=1)
headlines='^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY: )|Test unit written'
export ASAN_OPTIONS=detect_leaks=1
# Artifacts newer than this stamp are this run's (build-fuzz/crashes keeps older ones).
stamp=build-fuzz/fuzz.start
touch "$stamp"
rm -f build-fuzz/fuzz.log

inputs=$(find tests/fuzz/corpus -type f | wc -l)
echo "fuzz: replaying the ${inputs} inputs of tests/fuzz/corpus"
set +e
"$fuzzer" "${options[@]}" -runs=0 tests/fuzz/corpus 2>&1 | tee build-fuzz/replay.log | grep -E "$headlines"
replay=${PIPESTATUS[0]}
set -e
if [ "$replay" -eq 0 ]; then
    echo "fuzz: replayed the ${inputs} inputs of tests/fuzz/corpus, no crash"
    start=$SECONDS
    set +e
    "$fuzzer" "${options[@]}" -max_total_time="$seconds" build-fuzz/corpus tests/fuzz/corpus 2>&1 |
        tee build-fuzz/fuzz.log | grep -E "$headlines"
    explore=${PIPESTATUS[0]}
    set -e
    explored="exploration exit ${explore}"
    echo "fuzz: $(grep -o 'stat::number_of_executed_units: [0-9]*' build-fuzz/fuzz.log | awk '{print $2}') executions in $((SECONDS - start)) s (${seconds} s allowed)," \
        "$(find build-fuzz/corpus -type f | wc -l) new input(s) in build-fuzz/corpus"
else
    echo "fuzz: the replay of tests/fuzz/corpus failed (exit ${replay}); not exploring"
    explore=0 explored="no exploration"
fi

mapfile -t found < <(find build-fuzz/crashes -type f -newer "$stamp" \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
for f in "${found[@]}"; do
    size=$(stat -c %s "$f")
    # libFuzzer names inputs by their SHA-1: a replayed one is found in the corpus by it.
    from=$(cd tests/fuzz/corpus && sha1sum -- * | awk -v h="${f##*-}" '$1 == h { print " = tests/fuzz/corpus/" $2 }')
    echo "fuzz: crash input ${f}${from} (${size} bytes); run it again with ${fuzzer} ${f}"
    if [ "$size" -le 256 ]; then
        od -An -tx1 -v "$f" | sed 's/^/fuzz:   hex /'
        echo "fuzz:   base64 $(base64 -w0 "$f")"
    fi
done
status=0
if [ "$replay" -ne 0 ] || [ "$explore" -ne 0 ] || [ ${#found[@]} -gt 0 ]; then
    echo "fuzz: FAILED: ${#found[@]} crash input(s); replay exit ${replay}, ${explored} (logs: build-fuzz/replay.log, build-fuzz/fuzz.log)"
    status=1
fi
if [ "${2:-}" = --keep ]; then
    before=$(find tests/fuzz/corpus -type f | wc -l)
    "$fuzzer" -merge=1 tests/fuzz/corpus build-fuzz/corpus >/dev/null 2>&1
    echo "fuzz: tests/fuzz/corpus $before -> $(find tests/fuzz/corpus -type f | wc -l) inputs"
fi
exit "$status"
