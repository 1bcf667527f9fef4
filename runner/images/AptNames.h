// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <QStringList>

namespace Labforge {

// Package names from a lab reach apt only as exact names of the mirror's index. apt reads
// a name it does not find as an instruction or a pattern: a trailing "-" removes a package,
// a trailing "+" installs one, "." or "*" make a regular expression or glob over every
// package. A name apt finds exactly is taken as that package and nothing else.
class AptNames
{
public:
    // A POSIX shell snippet that exits non-zero, naming the first package the index does not
    // hold under that exact name, before apt installs anything. `packages` may carry
    // "=version" (the pins lock's); the name before it is checked. It runs where
    // `apt-cache` reads the index in question: inside the tree after `apt-get update`
    // (Where::InTree), or in an mmdebstrap hook outside it (Where::MmdebstrapHook: apt-cache
    // reads the tree's index through the configuration mmdebstrap names).
    enum class Where { InTree, MmdebstrapHook };
    static QString exactNamesScript(const QStringList &packages, Where where = Where::InTree);
};

} // namespace Labforge
