// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// libFuzzer target: reading what a run left behind, from arbitrary bytes: a report directory's
// report.json (`labforge report`, the Runs view, compare) and the run record state.json
// (status, console, node, link, snapshot, down). Properties: never crash, abort or hang; a
// refusal says why and names the file; a report that reads renders as JUnit and HTML, and
// its JSON reads back as the same report.
#include "ReportWriter.h"
#include "RunInventory.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdlib>

namespace {

const QTemporaryDir &scratch()
{
    static const QTemporaryDir dir;
    if (!dir.isValid())
        abort();
    return dir;
}

void place(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace Labforge;
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString dir = scratch().path();

    place(dir + QStringLiteral("/report.json"), bytes);
    QString error;
    if (const auto report = ReportWriter::read(dir, &error)) {
        ReportWriter::junit(*report);
        ReportWriter::html(*report);
        // What reads once reads again the same after a write (report.json is written canonically).
        const QByteArray written = QJsonDocument(report->toJson()).toJson();
        place(dir + QStringLiteral("/report.json"), written);
        QString again;
        const auto back = ReportWriter::read(dir, &again);
        if (!back || QJsonDocument(back->toJson()).toJson() != written)
            abort(); // a report that does not read back as itself
    } else if (!error.contains(dir)) {
        abort(); // a refusal must name the file
    }

    RunInventory inventory(dir);
    place(inventory.path(), bytes);
    error.clear();
    if (!inventory.load(&error) && !error.contains(inventory.path()))
        abort();
    return 0;
}
