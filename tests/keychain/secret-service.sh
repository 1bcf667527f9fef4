#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Runs the keychain test binary twice, each time on a private D-Bus session bus
# (dbus-run-session) with a throw-away HOME and XDG_RUNTIME_DIR:
#   1. a bus with no secret service on it and none activatable
#      (tests/keychain/no-services-bus.conf; LABFORGE_KEYCHAIN_MODE=absent)
#   2. the same after gnome-keyring-daemon --unlock --components=secrets has
#      created and unlocked a fresh login keyring (LABFORGE_KEYCHAIN_MODE=present).
# Nothing of the user's own keyring is read or written.
set -euo pipefail
bin=$1
if [ "${2:-}" != --inside ]; then
    home=$(mktemp -d)
    trap 'rm -rf "$home"' EXIT
    mkdir -m 700 "$home/run"
    here=$(cd "$(dirname "$0")" && pwd)
    for mode in absent present; do
        echo "== keychain test, secret service $mode"
        config=()
        [ $mode = absent ] && config=(--config-file="$here/no-services-bus.conf")
        HOME=$home XDG_RUNTIME_DIR=$home/run XDG_DATA_HOME=$home/data LABFORGE_KEYCHAIN_MODE=$mode \
            dbus-run-session "${config[@]}" -- "$0" "$bin" --inside
    done
    exit 0
fi
if [ "$LABFORGE_KEYCHAIN_MODE" = present ]; then
    # The daemon reads the new keyring's password on stdin; kept in the foreground so
    # that its PID is ours to stop.
    printf 'labforge-test-keyring' | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
    keyring_pid=$!
    for _ in $(seq 50); do
        if dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.ListNames | grep -q org.freedesktop.secrets; then
            break
        fi
        sleep 0.1
    done
fi
status=0
"$bin" || status=$?
if [ -n "${keyring_pid:-}" ]; then
    kill "$keyring_pid" 2>/dev/null || true
    wait "$keyring_pid" 2>/dev/null || true
fi
exit $status
