#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Writes labforge(1) from `labforge --help` and each command's --help.
set -euo pipefail
labforge=$1
out=$2
version=$3
esc() { sed -e 's/\\/\\\\/g' -e 's/^\./\\\&./' -e "s/^'/\\\\\&'/"; }
{
    echo ".TH LABFORGE 1 \"2026-11-30\" \"labforge ${version}\" \"User Commands\""
    echo ".SH NAME"
    echo "labforge \\- design, build, boot and verify multi-VM labs"
    echo ".SH SYNOPSIS"
    echo ".B labforge"
    echo "[\\fIFILE\\fR | \\fB\\-\\-template\\fR \\fINAME\\fR]"
    echo ".br"
    echo ".B labforge"
    echo "\\fICOMMAND\\fR [\\fIOPTIONS\\fR]"
    echo ".SH DESCRIPTION"
    echo ".nf"
    QT_QPA_PLATFORM=offscreen "$labforge" --help | esc
    echo ".fi"
    echo ".SH COMMANDS"
    for command in $("$labforge" --help | awk '/^Commands:/ {on = 1; next} on && NF == 0 {exit} on {print $1}'); do
        echo ".SS $command"
        echo ".nf"
        QT_QPA_PLATFORM=offscreen "$labforge" "$command" --help | esc
        echo ".fi"
    done
    echo ".SH ENVIRONMENT"
    echo ".TP"
    echo ".B LABFORGE_OPS_PASSWORD, LABFORGE_SSH_KEY_FILE"
    echo "Secrets for headless use when no OS keychain (Secret Service) is running."
    echo ".TP"
    echo ".B LABFORGE_CACHE_DIR"
    echo "Where artifacts, base images, role images and run state are kept."
    echo ".TP"
    echo ".B LABFORGE_DEBIAN_MIRROR"
    echo "The Debian mirror images are built from (default: the host's apt sources)."
    echo ".SH EXIT STATUS"
    echo "validate and test: 0 success, 1 errors or failed assertions, 2 nothing could be read or run."
} > "$out"
