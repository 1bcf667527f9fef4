// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Cli.h"
#include "FeatureModules.h"
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

namespace {

void loadTranslations(QCoreApplication &app)
{
    // The app follows the system locale; translations are compiled in (:/i18n).
    static QTranslator labforge;
    if (labforge.load(QLocale(), QStringLiteral("labforge"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        app.installTranslator(&labforge);
    static QTranslator qt;
    if (qt.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
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
    loadTranslations(app);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("labforge designer. Run `labforge --help` for the command line."));
    parser.addOption(
        QCommandLineOption(QStringLiteral("template"), QStringLiteral("Open a built-in lab."), QStringLiteral("NAME")));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Lab file to open."));
    parser.addOption(QCommandLineOption(QStringLiteral("screenshot"),
                                        QStringLiteral("Save a picture of the window to FILE and quit (docs, tests)."),
                                        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("report"),
                                        QStringLiteral("Open a run's report (its directory) in Assertions."),
                                        QStringLiteral("DIR")));
    parser.process(app);
    Labforge::MainWindow window;
    if (parser.isSet(QStringLiteral("template")))
        window.openTemplate(parser.value(QStringLiteral("template")));
    else if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    else
        window.openTemplate(QStringLiteral("slurm-hpc"));
    window.show();
    if (parser.isSet(QStringLiteral("report")) && !window.openReport(parser.value(QStringLiteral("report"))))
        return 1;
    if (parser.isSet(QStringLiteral("screenshot"))) {
        const QString path = parser.value(QStringLiteral("screenshot"));
        QTimer::singleShot(1500, &window, [&window, path] {
            window.grab().save(path);
            QCoreApplication::exit(0);
        });
    }
    return app.exec();
}
