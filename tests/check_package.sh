#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Builds the .deb with CPack, checks its desktop entry and AppStream metadata, unpacks
# it into a scratch root (dpkg -x) and runs the installed labforge from there.
set -euo pipefail
build=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
desktop-file-validate "$source/packaging/org.labforge.Labforge.desktop"
appstreamcli validate --no-net --explain "$source/packaging/org.labforge.Labforge.metainfo.xml"
(cd "$build" && cpack -G DEB -B "$work/out" >/dev/null)
deb=$(ls "$work"/out/labforge_*.deb)
# Read once: `dpkg-deb | grep -q` under pipefail fails at random when grep stops reading early.
info=$(dpkg-deb --info "$deb")
grep -E '^ (Package|Version|Depends|Recommends):' <<<"$info"
grep -q '^ Depends:.*libqt6widgets6' <<<"$info" || { echo "the package does not depend on Qt (dpkg-shlibdeps did not run)"; exit 1; }
dpkg -x "$deb" "$work/root"
for f in usr/bin/labforge usr/share/applications/org.labforge.Labforge.desktop usr/share/metainfo/org.labforge.Labforge.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/org.labforge.Labforge.svg usr/share/man/man1/labforge.1 \
         usr/share/doc/labforge/copyright; do
    [ -e "$work/root/$f" ] || { echo "missing from the package: /$f"; exit 1; }
done
# The copyright file is Debian's machine-readable format and says the licence the metadata declares.
copyright=$work/root/usr/share/doc/labforge/copyright
head -1 "$copyright" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' || { echo "copyright: not in Debian's machine-readable format"; exit 1; }
grep -q '<project_license>Apache-2.0</project_license>' "$source/packaging/org.labforge.Labforge.metainfo.xml" || { echo "metadata: not Apache-2.0"; exit 1; }
grep -qx 'License: Apache-2.0' "$copyright" || { echo "copyright: no Apache-2.0 licence stanza"; exit 1; }
version=$("$work/root/usr/bin/labforge" --version)
echo "$version"
# KF6 SyntaxHighlighting is a dependency exactly when the build uses it (dpkg-shlibdeps).
if grep -q '^syntax highlighting: KF6' <<<"$version"; then
    grep -q '^ Depends:.*libkf6syntaxhighlighting6' <<<"$info" || { echo "built with KF6 SyntaxHighlighting, but the package does not depend on it"; exit 1; }
else
    if grep -q '^ Depends:.*libkf6syntaxhighlighting' <<<"$info"; then echo "built without KF6 SyntaxHighlighting, but the package depends on it"; exit 1; fi
fi
"$work/root/usr/bin/labforge" validate --template slurm-hpc
man -l "$work/root/usr/share/man/man1/labforge.1" >/dev/null
echo "package ok: $(basename "$deb")"
