#include "Cli.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("labforge"));
    QCoreApplication::setOrganizationName(QStringLiteral("labforge"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LABFORGE_VERSION));
    Labforge::Cli cli;
    return cli.run(app.arguments());
}
