// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DesignerOptions.h"

#include "CommandParser.h"

namespace Labforge {

namespace {

const QString TemplateOption = QStringLiteral("template");
const QString ReportOption = QStringLiteral("report");
const QString ScreenshotOption = QStringLiteral("screenshot");
const QString LanguageOption = QStringLiteral("language");

} // namespace

DesignerOptions::DesignerOptions()
{
    m_parser.setApplicationDescription(
        QStringLiteral("Open the designer: a lab file, a built-in lab (slurm-hpc when neither is given) "
                       "or a run's report. `labforge --help` lists the command line."));
    m_parser.addHelpOption();
    m_parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Lab file to open."),
                                   QStringLiteral("[FILE]"));
    m_parser.addOption(QCommandLineOption(
        TemplateOption, QStringLiteral("Open a built-in lab (see `labforge templates`)."), QStringLiteral("NAME")));
    m_parser.addOption(QCommandLineOption(
        ReportOption, QStringLiteral("Open a run's report (its directory) in Assertions."), QStringLiteral("DIR")));
    m_parser.addOption(QCommandLineOption(
        LanguageOption, QStringLiteral("Speak LANG (en, de) instead of the system's language (LANGUAGE, LANG)."),
        QStringLiteral("LANG")));
    m_parser.addOption(QCommandLineOption(
        ScreenshotOption, QStringLiteral("Save a picture of the window to FILE and quit (docs, tests)."),
        QStringLiteral("FILE")));
}

bool DesignerOptions::named(const QStringList &arguments)
{
    return arguments.value(1) == QLatin1String(Command);
}

bool DesignerOptions::parse(const QStringList &arguments)
{
    if (!m_parser.parse(arguments))
        return false;
    return m_parser.positionalArguments().size() <= 1;
}

QString DesignerOptions::errorText() const
{
    if (!m_parser.errorText().isEmpty())
        return m_parser.errorText();
    return QStringLiteral("Give one lab file at most (got %1).").arg(m_parser.positionalArguments().join(u' '));
}

QString DesignerOptions::helpText() const
{
    return CommandParser::helpText(m_parser, QStringLiteral("labforge designer"));
}

bool DesignerOptions::helpAsked() const
{
    return m_parser.isSet(QStringLiteral("help"));
}

QString DesignerOptions::file() const
{
    return m_parser.positionalArguments().value(0);
}

QString DesignerOptions::templateName() const
{
    return m_parser.value(TemplateOption);
}

QString DesignerOptions::report() const
{
    return m_parser.value(ReportOption);
}

QString DesignerOptions::screenshot() const
{
    return m_parser.value(ScreenshotOption);
}

QLocale DesignerOptions::locale() const
{
    return m_parser.isSet(LanguageOption) ? QLocale(m_parser.value(LanguageOption)) : QLocale();
}

bool DesignerOptions::languageUnknown() const
{
    return m_parser.isSet(LanguageOption) && QLocale(m_parser.value(LanguageOption)).language() == QLocale::C;
}

} // namespace Labforge
