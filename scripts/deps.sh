#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Installs every Debian package labforge needs to build, test and run.
# Idempotent: apt is only called when something is missing.
set -euo pipefail

packages=(
    # toolchain
    build-essential cmake ninja-build pkg-config git ccache
    # libraries of the product card
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqt6svg6 qt6-translations-l10n
    qtkeychain-qt6-dev libsecret-1-0 libvirt-dev libssl-dev libgl-dev
    # the runner: image builds, libvirt/QEMU (TCG), SSH, archives
    mmdebstrap qemu-system-x86 qemu-utils libvirt-daemon-system libvirt-daemon-driver-qemu libvirt-clients
    libarchive-tools openssh-client openssh-server libcrypt-dev dnsmasq-base iptables gpgv gnupg
    # offline kits: a loopback registry, image tools, a static binary for the test image
    docker-registry skopeo umoci busybox-static apt-utils
    # labs across hosts: bridges and VXLAN tunnels (ip, bridge), a second host reached by qemu+ssh
    # (virt-ssh-helper, in libvirt-daemon), traffic through the tunnel in tests
    iproute2 curl
    # cutting, impairing and capturing a running lab's links (tc is iproute2's)
    tcpdump
    # tests and benchmarks
    libbenchmark-dev python3 python3-jsonschema python3-yaml shellcheck gnome-keyring
    # packaging checks
    dpkg-dev desktop-file-utils appstream
    # fuzzing (scripts/fuzz.sh)
    clang libclang-rt-dev
    # static checks (scripts/static-checks.sh, scripts/size-check.py)
    cppcheck clang-tidy universal-ctags
    # screenshots and GUI runs without a display
    xvfb xauth dbus jq util-linux e2fsprogs
    # file capabilities in image trees (setcap in the image tests; getcap when looking at a tree)
    libcap2-bin
)

# Where the distribution has it (Debian 13 on): KF6 SyntaxHighlighting for the code highlighting
# (app/CodeHighlighting). Debian 12 has none; the build then uses the built-in highlighter.
optional=(libkf6syntaxhighlighting-dev)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing=()
for p in "${packages[@]}"; do
    installed "$p" || missing+=("$p")
done
optional_missing=()
for p in "${optional[@]}"; do
    installed "$p" || optional_missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ] && [ ${#optional_missing[@]} -eq 0 ]; then
    echo "deps: all $((${#packages[@]} + ${#optional[@]})) packages present"
    exit 0
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
    sudo_cmd=(sudo)
fi
if [ ${#missing[@]} -gt 0 ]; then
    "${sudo_cmd[@]}" apt-get update -qq
fi
for p in "${optional_missing[@]}"; do
    if apt-cache show "$p" >/dev/null 2>&1; then
        missing+=("$p")
    else
        echo "deps: $p is not in this distribution's archive (fine: the build uses the built-in highlighter)"
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "deps: all ${#packages[@]} required packages present"
    exit 0
fi
echo "deps: installing ${missing[*]}"
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
