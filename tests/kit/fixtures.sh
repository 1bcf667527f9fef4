#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Fixtures of tst_kit, made here on loopback with Debian's tools:
#   image DIR PORT          a small OCI image (busybox-static, umoci) served as
#                           127.0.0.1:PORT/lab/hello:1.0 by Debian's docker-registry (pid in DIR/registry.pid)
#   debian DIR GPGHOME SUITE PACKAGE...
#                           a package cache with one tiny .deb per PACKAGE, and the signed index a
#                           Debian mirror would have served for them (InRelease by the key in GPGHOME)
set -euo pipefail
what=$1
shift
case "$what" in
image)
    dir=$1 port=$2
    mkdir -p "$dir"
    cd "$dir"
    umoci init --layout layout
    umoci new --image layout:1.0
    umoci unpack --image layout:1.0 bundle >/dev/null
    mkdir -p bundle/rootfs/bin
    cp /bin/busybox bundle/rootfs/bin/busybox
    umoci repack --image layout:1.0 bundle
    umoci config --image layout:1.0 --config.cmd /bin/busybox --config.cmd echo --config.cmd "hello from the kit"
    cat > registry.yml <<YAML
version: 0.1
storage:
  filesystem:
    rootdirectory: $dir/registry
http:
  addr: 127.0.0.1:$port
YAML
    docker-registry serve registry.yml > registry.log 2>&1 &
    echo $! > registry.pid
    for _ in $(seq 50); do
        curl -fsS "http://127.0.0.1:$port/v2/" >/dev/null 2>&1 && break
        sleep 0.2
    done
    skopeo copy --quiet --dest-tls-verify=false oci:layout:1.0 "docker://127.0.0.1:$port/lab/hello:1.0"
    ;;
debian)
    dir=$1 gpghome=$2 suite=$3
    shift 3
    cache=$dir/packages/$suite
    lists=$dir/packages/$suite-lists
    mirror=$dir/mirror
    mkdir -p "$cache" "$lists" "$mirror/dists/$suite/main/binary-amd64"
    for package in "$@"; do
        src=$dir/src/$package
        mkdir -p "$src/DEBIAN" "$src/usr/share/doc/$package"
        printf 'Package: %s\nVersion: 1:1.0-1\nArchitecture: amd64\nMaintainer: tst_kit <kit@example.invalid>\nDescription: a tst_kit package\n' "$package" > "$src/DEBIAN/control"
        echo "$package" > "$src/usr/share/doc/$package/README"
        pool=$mirror/pool/main/${package:0:1}/$package
        mkdir -p "$pool"
        dpkg-deb --root-owner-group -Zgzip --build "$src" "$pool/${package}_1.0-1_amd64.deb" >/dev/null
        cp "$pool/${package}_1.0-1_amd64.deb" "$cache/${package}_1%3a1.0-1_amd64.deb"
    done
    (cd "$mirror" && dpkg-scanpackages --multiversion pool /dev/null 2>/dev/null) > "$mirror/dists/$suite/main/binary-amd64/Packages"
    (cd "$mirror/dists/$suite" && apt-ftparchive -o APT::FTPArchive::Release::Suite="$suite" release . > Release)
    gpg --homedir "$gpghome" --batch --quiet --yes --clearsign --output "$mirror/dists/$suite/InRelease" "$mirror/dists/$suite/Release"
    cp "$mirror/dists/$suite/InRelease" "$lists/deb.example.invalid_debian_dists_${suite}_InRelease"
    cp "$mirror/dists/$suite/main/binary-amd64/Packages" "$lists/deb.example.invalid_debian_dists_${suite}_main_binary-amd64_Packages"
    ;;
*)
    echo "fixtures.sh image|debian ..." >&2
    exit 2
    ;;
esac
