// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

namespace Labforge {

// Writes files and links under a root directory that they may not leave: a bundle
// directory, or a node's image tree (where absolute paths and links mean the tree).
// Every path goes through ConfinedPath; the mode is applied exactly (chmod), and a
// failure to apply it is an error.
class TreeWriter
{
public:
    explicit TreeWriter(QString root)
        : m_root(std::move(root))
    { }
    // The confined host path of `path` under the root (empty with *error set if it leaves it).
    QString resolve(const QString &path, QString *error) const;
    bool writeFile(const QString &path, const QByteArray &content, int mode, QString *error) const;
    bool writeLink(const QString &path, const QString &target, QString *error) const;
    // Makes the parent directories of a confined path.
    bool makeParent(const QString &hostPath, QString *error) const;

private:
    QString m_root;
};

} // namespace Labforge
