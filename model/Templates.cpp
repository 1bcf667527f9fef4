// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Templates.h"

#include <QDir>
#include <QFile>

static void initLabResources()
{
    Q_INIT_RESOURCE(labs);
}

namespace Labforge {

namespace {
const QString Root = QStringLiteral(":/labforge/labs/");
const QString Suffix = QStringLiteral(".lab.json");

void ensureResources()
{
    static const bool done = [] {
        initLabResources();
        return true;
    }();
    Q_UNUSED(done);
}
} // namespace

QStringList Templates::names()
{
    ensureResources();
    QStringList out;
    const QStringList files = QDir(Root).entryList({QStringLiteral("*") + Suffix}, QDir::Files, QDir::Name);
    for (const QString &f : files)
        out.append(f.chopped(Suffix.size()));
    return out;
}

QByteArray Templates::bytes(const QString &name)
{
    ensureResources();
    QFile file(Root + name + Suffix);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

QString Templates::description(const QString &name)
{
    const auto result = LabReader::read(bytes(name));
    return result.ok() ? result.lab->description : QString();
}

LabReader::Result Templates::load(const QString &name)
{
    if (!names().contains(name)) {
        LabReader::Result r;
        r.errors.append(LoadError {
            QString(), 0, 0,
            QStringLiteral("no built-in lab \"%1\" (built-in: %2)").arg(name, names().join(QStringLiteral(", ")))});
        return r;
    }
    return LabReader::read(bytes(name));
}

Lab Templates::blank()
{
    Lab lab;
    lab.name = QStringLiteral("new-lab");
    lab.networks.append(
        Network {QStringLiteral("lab-net"), QStringLiteral("10.50.0.0/24"), QStringLiteral("10.50.0.1"), {}, false});
    return lab;
}

} // namespace Labforge
