// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CodeHighlighting.h"

#include "JsonHighlighter.h"

#include <QTextDocument>

#include <array>

#ifdef LABFORGE_HAVE_KF6_SYNTAX
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#include <QGuiApplication>
#include <QPalette>
#include <ksyntaxhighlighting_version.h>
#endif

namespace Labforge {

namespace {

using Language = JsonHighlighter::Language;

// The language names callers use, with the KF6 definition and the built-in language for each.
struct NamedLanguage
{
    QLatin1String name;
    QLatin1String kf6Definition;
    Language builtin;
};
constexpr std::array namedLanguages {
    NamedLanguage {QLatin1String("json"), QLatin1String("JSON"), Language::Json},
    NamedLanguage {QLatin1String("yaml"), QLatin1String("YAML"), Language::Yaml},
    NamedLanguage {QLatin1String("bash"), QLatin1String("Bash"), Language::Shell},
    NamedLanguage {QLatin1String("shell"), QLatin1String("Bash"), Language::Shell},
    NamedLanguage {QLatin1String("ini files"), QLatin1String("INI Files"), Language::Ini},
    NamedLanguage {QLatin1String("systemd unit"), QLatin1String("systemd unit"), Language::Ini},
};

const NamedLanguage *named(const QString &pathOrLanguage)
{
    for (const NamedLanguage &l : namedLanguages) {
        if (pathOrLanguage.compare(l.name, Qt::CaseInsensitive) == 0)
            return &l;
    }
    return nullptr;
}

Language builtinLanguage(const QString &pathOrLanguage)
{
    const NamedLanguage *l = named(pathOrLanguage);
    return l ? l->builtin : JsonHighlighter::languageForPath(pathOrLanguage);
}

QString builtinName(Language language)
{
    switch (language) {
    case Language::Json:
        return QStringLiteral("JSON");
    case Language::Shell:
        return QStringLiteral("Shell");
    case Language::Yaml:
        return QStringLiteral("YAML");
    case Language::Ini:
        return QStringLiteral("INI");
    }
    return {};
}

#ifdef LABFORGE_HAVE_KF6_SYNTAX
// Loading every definition takes a while: one repository for the program's life.
Q_GLOBAL_STATIC(KSyntaxHighlighting::Repository, repository)

// systemd reads these as units too, but KF6 knows them by no name of its own (networkd
// files) or takes them for TOML (*.conf drop-ins such as kubelet.service.d/10-kubeadm.conf).
bool systemdUnitSyntax(const QString &path)
{
    return path.endsWith(QLatin1String(".network")) || path.endsWith(QLatin1String(".netdev"))
        || path.endsWith(QLatin1String(".link"))
        || (path.contains(QLatin1String("systemd/")) && path.endsWith(QLatin1String(".conf")));
}

KSyntaxHighlighting::Definition kf6Definition(const QString &pathOrLanguage)
{
    if (const NamedLanguage *l = named(pathOrLanguage))
        return repository->definitionForName(l->kf6Definition);
    if (systemdUnitSyntax(pathOrLanguage)) {
        const KSyntaxHighlighting::Definition unit = repository->definitionForName(QStringLiteral("systemd unit"));
        if (unit.isValid())
            return unit;
    }
    return repository->definitionForFileName(pathOrLanguage);
}

KSyntaxHighlighting::Theme kf6Theme()
{
    // Light or dark as the palette is (no QGuiApplication: a command-line caller).
    if (qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return repository->themeForPalette(QGuiApplication::palette());
    return repository->defaultTheme(KSyntaxHighlighting::Repository::LightTheme);
}
#endif

} // namespace

QString CodeHighlighting::backend()
{
#ifdef LABFORGE_HAVE_KF6_SYNTAX
    return QStringLiteral("KF6 SyntaxHighlighting " KSYNTAXHIGHLIGHTING_VERSION_STRING);
#else
    return QStringLiteral("built-in");
#endif
}

bool CodeHighlighting::usesKf6()
{
#ifdef LABFORGE_HAVE_KF6_SYNTAX
    return true;
#else
    return false;
#endif
}

CodeHighlighting::Syntax CodeHighlighting::syntaxFor(const QString &pathOrLanguage)
{
#ifdef LABFORGE_HAVE_KF6_SYNTAX
    const KSyntaxHighlighting::Definition definition = kf6Definition(pathOrLanguage);
    if (definition.isValid())
        return {true, definition.name()};
#endif
    return {false, builtinName(builtinLanguage(pathOrLanguage))};
}

QSyntaxHighlighter *CodeHighlighting::attach(QTextDocument *document, const QString &pathOrLanguage)
{
    // One highlighter per document: Review shows one file after another in the same view.
    const auto earlier = document->findChildren<QSyntaxHighlighter *>(Qt::FindDirectChildrenOnly);
    qDeleteAll(earlier);
    QSyntaxHighlighter *highlighter = nullptr;
#ifdef LABFORGE_HAVE_KF6_SYNTAX
    const KSyntaxHighlighting::Definition definition = kf6Definition(pathOrLanguage);
    if (definition.isValid()) {
        auto *kf6 = new KSyntaxHighlighting::SyntaxHighlighter(document);
        kf6->setTheme(kf6Theme());
        kf6->setDefinition(definition);
        highlighter = kf6;
    }
#endif
    if (!highlighter)
        highlighter = new JsonHighlighter(document, builtinLanguage(pathOrLanguage));
    // QSyntaxHighlighter would highlight existing text later, from the event loop.
    if (!document->isEmpty())
        highlighter->rehighlight();
    return highlighter;
}

} // namespace Labforge
