#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# The Debian 13 build root (CI variant `trixie`): builds labforge with Qt 6 and KF6
# SyntaxHighlighting from Debian 13 (trixie) inside an mmdebstrap chroot, configured with
# LABFORGE_SYNTAX_HIGHLIGHTING=KF6 (so the configure fails if KF6 is not found), checks that
# `labforge --version` names KF6, and runs the unit and GUI tests there (all but the "vm" and
# "hosttools" labels: the VM tests, and tst_kit whose registry tools are not in this root).
#
#   The root is cached in LABFORGE_TRIXIE_ROOT (default /var/cache/labforge/trixie-root) and
#   reused while its package list, suite and mirror are those below; otherwise, or with
#   LABFORGE_TRIXIE_REFRESH=1, it is made anew (into <root>.new, renamed when complete).
#   The checkout is bind-mounted read-only at /src, the build directory (LABFORGE_BUILD_DIR,
#   default build-trixie in the checkout) at /build and a ccache of its own
#   (/var/cache/labforge/trixie-ccache) at /ccache.
#   Everything runs in a mount and PID namespace of its own: the mounts (/proc, /sys, /dev,
#   /tmp, /run, /root and the three above) are unmounted on exit, and a process a test leaves
#   behind ends with the namespace.
#   The mirror is LABFORGE_DEBIAN_MIRROR, else the host's apt sources' Debian mirror.
# Needs root and mmdebstrap (scripts/deps.sh). Extra arguments go to ctest.
set -euo pipefail

case "${1:-}" in
--in-chroot)
    # Third stage, in the chroot: configure, build, check the highlighter, test.
    shift
    echo "trixie-buildroot: Debian $(cat /etc/debian_version), Qt $(dpkg-query -W -f='${Version}' qt6-base-dev)," \
        "KF6 SyntaxHighlighting $(dpkg-query -W -f='${Version}' libkf6syntaxhighlighting-dev)"
    cmake -S /src -B /build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLABFORGE_WERROR=ON \
        -DLABFORGE_SYNTAX_HIGHLIGHTING=KF6 -DLABFORGE_BUILD_BENCHMARKS=OFF \
        -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/build/configure.log \
        || { cat /build/configure.log; exit 1; }
    grep -- '-- Syntax highlighting' /build/configure.log
    ccache --zero-stats >/dev/null
    cmake --build /build --parallel "$(nproc)"
    version=$(/build/app/labforge --version)
    echo "$version"
    grep -q '^syntax highlighting: KF6 SyntaxHighlighting 6\.' <<<"$version" || {
        echo "trixie-buildroot: the build does not use KF6 SyntaxHighlighting"
        exit 1
    }
    echo "ccache: $(ccache --show-stats | grep -m2 -E '^ *(Hits|Misses):' | tr -s ' ' | paste -sd,)"
    cd /build
    exec ctest --output-on-failure --timeout 1800 -j"$(nproc)" -LE '^(vm|hosttools)$' "$@"
    ;;
--in-namespace)
    # Second stage, in private mount and PID namespaces: mount what the chroot needs, enter it.
    root=$2 src=$3 build=$4 ccache_dir=$5
    shift 5
    mounts=()
    # shellcheck disable=SC2317 # called by the trap
    cleanup() {
        local i
        for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
            umount -R "${mounts[i]}" 2>/dev/null || umount -R -l "${mounts[i]}" || true
        done
    }
    trap cleanup EXIT
    mnt() {
        mount "$@"
        mounts+=("${*: -1}")
    }
    mnt -t proc proc "$root/proc"
    mnt -t sysfs -o ro sysfs "$root/sys"
    mnt --rbind /dev "$root/dev"
    mnt -t tmpfs -o mode=1777 tmpfs "$root/tmp"
    mnt -t tmpfs -o mode=755 tmpfs "$root/run"
    # A fresh home each run: what tests leave there (~/.qttest) stays out of the cached root.
    mnt -t tmpfs -o mode=700 tmpfs "$root/root"
    mkdir -p "$root/src" "$root/build" "$root/ccache"
    mnt --bind "$src" "$root/src"
    mount -o remount,bind,ro "$root/src"
    mnt --bind "$build" "$root/build"
    mnt --bind "$ccache_dir" "$root/ccache"
    chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LANG=C.UTF-8 CI="${CI:-}" CCACHE_DIR=/ccache CCACHE_MAXSIZE=2G CCACHE_NOHASHDIR=1 \
        /bin/bash /src/scripts/trixie-buildroot.sh --in-chroot "$@"
    exit
    ;;
esac

cd "$(dirname "$0")/.."
if [ "$(id -u)" -ne 0 ]; then
    echo "trixie-buildroot: needs root (mmdebstrap, chroot, mounts)" >&2
    exit 1
fi
command -v mmdebstrap >/dev/null || {
    echo "trixie-buildroot: mmdebstrap is missing (scripts/deps.sh installs it)" >&2
    exit 1
}

suite=trixie
# scripts/deps.sh's packages by their Debian 13 names, less what only the VM tests (QEMU,
# libvirtd, dnsmasq, iptables, mmdebstrap), fuzzing (clang), the benchmarks and screenshots
# (Xvfb) need; plus KF6 SyntaxHighlighting, systemd (systemd-analyze in the bundle check) and
# file and man-db (the package check: CPack's dpkg-shlibdeps step, the man page).
packages=(
    build-essential cmake ninja-build pkg-config git ccache
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqt6svg6 qt6-translations-l10n
    qtkeychain-qt6-dev libsecret-1-0 libvirt-dev libssl-dev libgl-dev
    libkf6syntaxhighlighting-dev
    qemu-utils libvirt-clients libarchive-tools openssh-client openssh-server libcrypt-dev
    python3 python3-jsonschema python3-yaml shellcheck gnome-keyring dbus systemd
    dpkg-dev file desktop-file-utils appstream man-db
    jq util-linux e2fsprogs gpg
)

mirror=${LABFORGE_DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
    # The first Debian archive in the host's apt sources (deb822 or one-line), as the runner does.
    mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null \
        | sed -nE 's/^URIs:[[:space:]]*([^[:space:]]+).*/\1/p; s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]+).*/\2/p' \
        | grep -E '^https?://' | grep -v security | grep -E '/debian/?$' | head -n1 || true)
fi
if [ -z "$mirror" ]; then
    echo "trixie-buildroot: no Debian mirror in the apt sources; set LABFORGE_DEBIAN_MIRROR" >&2
    exit 1
fi

root=${LABFORGE_TRIXIE_ROOT:-/var/cache/labforge/trixie-root}
ccache_dir=${LABFORGE_TRIXIE_CCACHE:-/var/cache/labforge/trixie-ccache}
build=$PWD/${LABFORGE_BUILD_DIR:-build-trixie}
mkdir -p "$(dirname "$root")" "$ccache_dir" "$build"
# One run at a time per root (a developer's and CI's may meet).
exec 9>"$root.lock"
flock 9

want=$(printf '%s\n' "suite $suite" "mirror $mirror" "${packages[@]}" | sort)
stamp=etc/labforge-buildroot.packages
if [ "${LABFORGE_TRIXIE_REFRESH:-0}" != 1 ] && [ -f "$root/$stamp" ] && [ "$(cat "$root/$stamp")" = "$want" ]; then
    echo "trixie-buildroot: reusing $root"
else
    echo "trixie-buildroot: making $root ($suite from $mirror, ${#packages[@]} packages and their dependencies)"
    start=$SECONDS
    rm -rf "$root.new"
    mmdebstrap --quiet --variant=apt --include="$(
        IFS=,
        echo "${packages[*]}"
    )" \
        --aptopt='Acquire::Retries "3"' "$suite" "$root.new" "$mirror"
    printf '%s\n' "$want" >"$root.new/$stamp"
    rm -rf "$root"
    mv "$root.new" "$root"
    echo "trixie-buildroot: root made in $((SECONDS - start)) s"
fi

start=$SECONDS
unshare --mount --propagation private --pid --fork --kill-child -- \
    "$PWD/scripts/trixie-buildroot.sh" --in-namespace "$root" "$PWD" "$build" "$ccache_dir" "$@"
echo "trixie-buildroot: build and tests in $((SECONDS - start)) s"
