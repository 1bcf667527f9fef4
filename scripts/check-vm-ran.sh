#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Fails unless every test labelled "vm" ran and passed in the given CTest JUnit file:
# a VM test that skipped (exit 77: not root, a tool missing) or never started must not
# let CI pass as if the real-VM proof had been made.
# usage: check-vm-ran.sh BUILD_DIR JUNIT_FILE
set -euo pipefail
build=$1
junit=$2
mapfile -t vm_tests < <(cd "$build" && ctest -N -L vm | sed -n 's/^ *Test *#[0-9]*: //p')
[ ${#vm_tests[@]} -gt 0 ] || { echo "check-vm-ran: no test has the vm label"; exit 1; }
[ -f "$junit" ] || { echo "check-vm-ran: $junit is missing (ctest ran without --output-junit?)"; exit 1; }
failed=0
for t in "${vm_tests[@]}"; do
    line=$(grep -o "<testcase name=\"$t\"[^>]*>" "$junit" || true)
    case "$line" in
        *'status="run"'*) ;;
        "") echo "check-vm-ran: $t did not run"; failed=1 ;;
        *) echo "check-vm-ran: $t did not pass (${line})"; failed=1 ;;
    esac
    # A test that ran but failed carries a <failure> element.
    if grep -A2 "<testcase name=\"$t\"" "$junit" | grep -q '<failure'; then
        echo "check-vm-ran: $t failed"
        failed=1
    fi
done
[ "$failed" -eq 0 ] && echo "check-vm-ran: ${#vm_tests[@]} vm test(s) ran and passed: ${vm_tests[*]}"
exit "$failed"
