// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Cli.h"
#include "DesignerOptions.h"
#include "FeatureModules.h"
#include "MainWindow.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTextStream>
#include <QTimer>
#include <QTranslator>

#include <algorithm>

namespace {

void loadTranslations(QCoreApplication &app, const QLocale &locale = QLocale())
{
    // The app follows the system locale (or the designer's --language); translations are
    // compiled in (:/i18n).
    static QTranslator labforge;
    if (labforge.load(locale, QStringLiteral("labforge"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        app.installTranslator(&labforge);
    static QTranslator qt;
    if (qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(&qt);
}

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("labforge"));
    QCoreApplication::setOrganizationName(QStringLiteral("labforge"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LABFORGE_VERSION));
}

} // namespace

int main(int argc, char **argv)
{
    // The composition root: every recipe feature, before any lab is read.
    Labforge::FeatureModules::install();
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    if (Labforge::DesignerOptions::named(arguments)) {
        // `labforge designer …` opens the window as `labforge …` does; its --help (and a
        // mistake in its options) is answered by the command line, without a display.
        Labforge::DesignerOptions options;
        if (options.parse(QStringList(arguments.first()) + arguments.mid(2)) && !options.helpAsked()) {
            std::copy(argv + 2, argv + argc + 1, argv + 1);
            --argc;
            arguments.removeAt(1);
        }
    }
    if (Labforge::Cli::wantsCli(arguments)) {
        // Rendering needs a GUI application but never a display.
        const bool renders = arguments.value(1) == QLatin1String("export-image");
        if (renders && qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        std::unique_ptr<QCoreApplication> app(renders ? new QApplication(argc, argv)
                                                      : new QCoreApplication(argc, argv));
        setIdentity();
        loadTranslations(*app);
        Labforge::Cli cli;
        return cli.run(app->arguments());
    }
    QApplication app(argc, argv);
    setIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("labforge"));
    Labforge::DesignerOptions options;
    if (!options.parse(app.arguments()) || options.helpAsked()) {
        QTextStream err(stderr);
        err << "labforge designer: " << (options.helpAsked() ? options.helpText() : options.errorText()) << '\n';
        return 2;
    }
    if (options.languageUnknown())
        QTextStream(stderr) << "labforge designer: --language names no language; the system's is used\n";
    loadTranslations(app, options.locale());
    Labforge::MainWindow window;
    if (!options.templateName().isEmpty())
        window.openTemplate(options.templateName());
    else if (!options.file().isEmpty())
        window.openFile(options.file());
    else
        window.openTemplate(QStringLiteral("slurm-hpc"));
    window.show();
    if (!options.report().isEmpty() && !window.openReport(options.report()))
        return 1;
    if (!options.screenshot().isEmpty()) {
        const QString path = options.screenshot();
        QTimer::singleShot(1500, &window, [&window, path] {
            window.grab().save(path);
            QCoreApplication::exit(0);
        });
    }
    return app.exec();
}
