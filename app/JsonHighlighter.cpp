// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "JsonHighlighter.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

namespace Labforge {

JsonHighlighter::JsonHighlighter(QTextDocument *document, Language language)
    : QSyntaxHighlighter(document)
    , m_language(language)
{ }

JsonHighlighter::Language JsonHighlighter::languageForPath(const QString &path)
{
    if (path.endsWith(QLatin1String(".json")))
        return Language::Json;
    if (path.endsWith(QLatin1String(".yaml")) || path.endsWith(QLatin1String(".yml")))
        return Language::Yaml;
    // systemd units and their drop-ins, networkd files, TOML: key = value under [sections]
    static const QStringList iniSuffixes {
        QStringLiteral(".service"), QStringLiteral(".socket"),  QStringLiteral(".timer"),     QStringLiteral(".target"),
        QStringLiteral(".path"),    QStringLiteral(".mount"),   QStringLiteral(".automount"), QStringLiteral(".swap"),
        QStringLiteral(".slice"),   QStringLiteral(".network"), QStringLiteral(".netdev"),    QStringLiteral(".link"),
        QStringLiteral(".conf"),    QStringLiteral(".toml")};
    if (std::any_of(iniSuffixes.begin(), iniSuffixes.end(), [&](const QString &s) { return path.endsWith(s); }))
        return Language::Ini;
    return Language::Shell;
}

void JsonHighlighter::highlightBlock(const QString &text)
{
    QTextCharFormat key, string, number, comment, keyword;
    key.setForeground(QColor(0x15, 0x65, 0xc0));
    string.setForeground(QColor(0x2e, 0x7d, 0x32));
    number.setForeground(QColor(0x6a, 0x1b, 0x9a));
    comment.setForeground(QColor(0x90, 0x90, 0x90));
    keyword.setForeground(QColor(0xc6, 0x28, 0x28));
    keyword.setFontWeight(QFont::Bold);
    auto apply = [&](const QRegularExpression &re, const QTextCharFormat &format, int group = 0) {
        for (auto it = re.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            setFormat(int(m.capturedStart(group)), int(m.capturedLength(group)), format);
        }
    };
    static const QRegularExpression jsonString(QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\""));
    static const QRegularExpression jsonKey(QStringLiteral("(\"(?:[^\"\\\\]|\\\\.)*\")\\s*:"));
    static const QRegularExpression numbers(QStringLiteral("\\b-?[0-9]+(\\.[0-9]+)?\\b"));
    static const QRegularExpression literals(QStringLiteral("\\b(true|false|null)\\b"));
    static const QRegularExpression hashComment(QStringLiteral("(^|\\s)#.*$"));
    static const QRegularExpression shellWords(QStringLiteral(
        "\\b(if|then|else|elif|fi|for|in|do|done|while|until|case|esac|function|return|exit|set|local|export)\\b"));
    static const QRegularExpression variables(QStringLiteral("\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?"));
    static const QRegularExpression yamlKey(QStringLiteral("^\\s*-?\\s*([A-Za-z0-9_.\\-/\"]+):"));
    static const QRegularExpression iniSection(QStringLiteral("^\\[[^\\]]+\\]"));
    static const QRegularExpression iniKey(QStringLiteral("^([A-Za-z0-9_.\\-]+)\\s*="));
    static const QRegularExpression singleQuoted(QStringLiteral("'[^']*'"));
    switch (m_language) {
    case Language::Json:
        apply(numbers, number);
        apply(literals, keyword);
        apply(jsonString, string);
        apply(jsonKey, key, 1);
        break;
    case Language::Shell:
        apply(shellWords, keyword);
        apply(variables, key);
        apply(jsonString, string);
        apply(singleQuoted, string);
        apply(hashComment, comment);
        break;
    case Language::Yaml:
        apply(numbers, number);
        apply(literals, keyword);
        apply(jsonString, string);
        apply(yamlKey, key, 1);
        apply(hashComment, comment);
        break;
    case Language::Ini:
        apply(iniSection, keyword);
        apply(iniKey, key, 1);
        apply(hashComment, comment);
        break;
    }
}

} // namespace Labforge
