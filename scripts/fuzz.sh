#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Fuzzes with libFuzzer (build-fuzz, clang) two targets, one after the other:
#   fuzz_lab      the lab loader, the validator and bundle generation (tests/fuzz/corpus);
#   fuzz_records  reading what a run left: report.json and the run record state.json
#                 (tests/fuzz/records-corpus).
# For each:
#   1. replays every input of its saved corpus once (-runs=0), whatever the time given;
#   2. then explores from it for a bounded time (the time given, default 120 s, shared: two
#      thirds for fuzz_lab, one third for fuzz_records). New interesting inputs go to
#      build-fuzz/corpus and build-fuzz/records-corpus (the checkout stays clean);
#      `scripts/fuzz.sh SECONDS --keep` then merges those that add coverage into the saved
#      corpora, to be committed.
# A crash, leak, timeout or out-of-memory in either fails the run (exit status non-zero, and
# a target's exploration is not started after its failed replay). Each input that caused one
# is named (build-fuzz/crashes/<target>-<kind>-<sha1>, written by libFuzzer) and, when at most
# 256 bytes long, printed in hex and base64; `build-fuzz/tests/fuzz/TARGET FILE` runs it again.
# libFuzzer's whole output is in build-fuzz/TARGET-replay.log and build-fuzz/TARGET.log.
# usage: fuzz.sh [SECONDS [--keep]]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-120}
# shellcheck source=scripts/ccache-env.sh
. scripts/ccache-env.sh
# shellcheck disable=SC2086
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLABFORGE_FUZZ=ON ${LABFORGE_CCACHE_ARGS} \
    -DLABFORGE_BUILD_TESTS=OFF -DLABFORGE_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build build-fuzz --target fuzz_lab fuzz_records
mkdir -p build-fuzz/crashes
headlines='^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY: )|Test unit written'
export ASAN_OPTIONS=detect_leaks=1
status=0

# fuzz TARGET SAVED-CORPUS NEW-CORPUS SECONDS
fuzz() {
    local target=$1 saved=$2 new=$3 time=$4
    local fuzzer=build-fuzz/tests/fuzz/$target
    local options=(-max_len=65536 -timeout=10 -rss_limit_mb=2048 "-artifact_prefix=build-fuzz/crashes/${target}-" -print_final_stats=1)
    # Artifacts newer than this stamp are this run's (build-fuzz/crashes keeps older ones).
    local stamp=build-fuzz/$target.start replay explore explored inputs
    touch "$stamp"
    mkdir -p "$new"
    rm -f "build-fuzz/$target.log"
    inputs=$(find "$saved" -type f | wc -l)
    echo "fuzz: $target: replaying the ${inputs} inputs of $saved"
    set +e
    "$fuzzer" "${options[@]}" -runs=0 "$saved" 2>&1 | tee "build-fuzz/$target-replay.log" | grep -E "$headlines"
    replay=${PIPESTATUS[0]}
    set -e
    if [ "$replay" -eq 0 ]; then
        echo "fuzz: $target: replayed the ${inputs} inputs of $saved, no crash"
        local start=$SECONDS
        set +e
        "$fuzzer" "${options[@]}" -max_total_time="$time" "$new" "$saved" 2>&1 |
            tee "build-fuzz/$target.log" | grep -E "$headlines"
        explore=${PIPESTATUS[0]}
        set -e
        explored="exploration exit ${explore}"
        echo "fuzz: $target: $(grep -o 'stat::number_of_executed_units: [0-9]*' "build-fuzz/$target.log" | awk '{print $2}') executions in $((SECONDS - start)) s (${time} s allowed)," \
            "$(find "$new" -type f | wc -l) new input(s) in $new"
    else
        echo "fuzz: $target: the replay of $saved failed (exit ${replay}); not exploring"
        explore=0 explored="no exploration"
    fi

    local found f size from
    mapfile -t found < <(find build-fuzz/crashes -type f -newer "$stamp" -name "${target}-*" \( -name '*crash-*' -o -name '*leak-*' -o -name '*timeout-*' -o -name '*oom-*' \) | sort)
    for f in "${found[@]}"; do
        size=$(stat -c %s "$f")
        # libFuzzer names inputs by their SHA-1: a replayed one is found in the corpus by it.
        from=$(cd "$saved" && sha1sum -- * | awk -v h="${f##*-}" -v d="$saved" '$1 == h { print " = " d "/" $2 }')
        echo "fuzz: $target: crash input ${f}${from} (${size} bytes); run it again with ${fuzzer} ${f}"
        if [ "$size" -le 256 ]; then
            od -An -tx1 -v "$f" | sed 's/^/fuzz:   hex /'
            echo "fuzz:   base64 $(base64 -w0 "$f")"
        fi
    done
    if [ "$replay" -ne 0 ] || [ "$explore" -ne 0 ] || [ ${#found[@]} -gt 0 ]; then
        echo "fuzz: $target: FAILED: ${#found[@]} crash input(s); replay exit ${replay}, ${explored} (logs: build-fuzz/$target-replay.log, build-fuzz/$target.log)"
        status=1
    fi
    if [ "$keep" = --keep ]; then
        local before
        before=$(find "$saved" -type f | wc -l)
        "$fuzzer" -merge=1 "$saved" "$new" >/dev/null 2>&1
        echo "fuzz: $target: $saved $before -> $(find "$saved" -type f | wc -l) inputs"
    fi
}

keep=${2:-}
records=$((seconds / 3 > 0 ? seconds / 3 : 1))
lab=$((seconds - records > 0 ? seconds - records : 1))
fuzz fuzz_lab tests/fuzz/corpus build-fuzz/corpus "$lab"
fuzz fuzz_records tests/fuzz/records-corpus build-fuzz/records-corpus "$records"
exit "$status"
