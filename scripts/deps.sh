#!/usr/bin/env bash
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
    libarchive-tools openssh-client openssh-server libcrypt-dev dnsmasq-base iptables
    # tests and benchmarks
    libbenchmark-dev python3 python3-jsonschema python3-yaml shellcheck gnome-keyring
    # packaging checks
    dpkg-dev desktop-file-utils appstream
    # fuzzing (scripts/fuzz.sh)
    clang libclang-rt-14-dev
    # screenshots and GUI runs without a display
    xvfb xauth dbus jq util-linux e2fsprogs
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "deps: all ${#packages[@]} packages present"
    exit 0
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
    sudo_cmd=(sudo)
fi
echo "deps: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
