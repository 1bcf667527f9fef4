// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

class QSyntaxHighlighter;
class QTextDocument;

namespace Labforge {

// Highlighting of the code labforge shows (Review's generated files, a service's JSON
// config, a scenario step's shell command). Where the build found KF6 SyntaxHighlighting
// (LABFORGE_HAVE_KF6_SYNTAX; Debian 13, Fedora, Arch) its definitions and a theme matching
// the palette are used; the built-in JsonHighlighter serves builds without it (Debian 12)
// and files no KF6 definition matches. One KF6 Repository is shared by every document.
class CodeHighlighting
{
public:
    // What highlights a file or language: a KF6 definition ("JSON", "YAML", "Bash",
    // "systemd unit", …) or a built-in language ("JSON", "YAML", "Shell", "INI").
    struct Syntax
    {
        bool kf6 = false;
        QString name;
    };

    // "KF6 SyntaxHighlighting 6.13.0" or "built-in": what this build uses.
    static QString backend();
    static bool usesKf6();

    // pathOrLanguage: a file name or path ("nodes/a/build.sh", "slurmd.service") or a
    // language name ("JSON", "YAML", "Bash", "INI Files"; case does not matter).
    static Syntax syntaxFor(const QString &pathOrLanguage);

    // Highlights the document as syntaxFor(pathOrLanguage) says, replacing the highlighter an
    // earlier attach() gave it. The highlighter belongs to the document; text already in the
    // document is highlighted before this returns.
    static QSyntaxHighlighter *attach(QTextDocument *document, const QString &pathOrLanguage);
};

} // namespace Labforge
