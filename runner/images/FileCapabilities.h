// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Labforge {

// File capabilities (the security.capability extended attribute a package's maintainer
// script sets with setcap, as iputils-arping does on arping) of a root filesystem at each
// place a tree passes on its way to a guest: a tar (its pax headers, as mmdebstrap and
// labforge write them), an unpacked tree, and an ext4 image (read back with debugfs). An
// image is refused when one of them was lost on the way: the program would fail for an
// ordinary user of the lab ("Operation not permitted") long after the build said it was fine.
class FileCapabilities
{
public:
    // A path inside the root ("/usr/bin/arping") and its attribute's raw value.
    using Map = QMap<QString, QByteArray>;

    static constexpr const char *Attribute = "security.capability";

    // Every member of the tar file `tar` that carries the attribute. Reads the headers only.
    static std::optional<Map> ofTar(const QString &tar, QString *error);
    // Every regular file under `tree` that carries it (not crossing into /proc, /sys or /dev).
    static Map ofTree(const QString &tree);
    // The attribute of each of `paths` in the ext4 image `image` (a path without one is absent).
    static std::optional<Map> ofExt4(const QString &image, const QStringList &paths, QString *error);

    // What `expected` holds that `actual` lacks or holds with another value, one entry each
    // ("/usr/bin/arping (01000002…)"); empty when nothing was lost.
    static QStringList lost(const Map &expected, const Map &actual);
    // `map` without the paths that are not files of `tree` (a package the node does not keep).
    static Map presentIn(const Map &map, const QString &tree);
    // An error naming where the capabilities were lost ("unpacking the base"), or empty.
    static QString check(const Map &expected, const Map &actual, const QString &where);
};

} // namespace Labforge
