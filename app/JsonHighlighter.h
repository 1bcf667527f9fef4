// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QSyntaxHighlighter>

namespace Labforge {

// A small highlighter for JSON, shell, YAML and systemd units, used where KF6
// SyntaxHighlighting is not available (Debian 12 ships only the Qt 5 one).
class JsonHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    enum class Language { Json, Shell, Yaml, Ini };
    explicit JsonHighlighter(QTextDocument *document, Language language = Language::Json);
    static Language languageForPath(const QString &path);

protected:
    void highlightBlock(const QString &text) override;

private:
    Language m_language;
};

} // namespace Labforge
