// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// libFuzzer target: the lab loader, the validator and bundle generation on arbitrary
// bytes. Properties: never crash, abort or hang; a loaded lab validates; a loaded lab
// saves canonically and loads back to the same lab (the writer's output is always
// readable); every lab the loader accepts, valid or not, is generated (the library
// API takes any lab) and every path of the bundle stays inside the bundle.
#include "BundleGenerator.h"
#include "ConfinedPath.h"
#include "FeatureModules.h"
#include "LabReader.h"
#include "LabWriter.h"
#include "Validator.h"

#include <cstdint>
#include <cstdlib>

// The composition root of this program: the recipe features, as app/main.cpp installs them.
static const bool featuresInstalled = (Labforge::FeatureModules::install(), true);

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto result = Labforge::LabReader::read(bytes);
    if (!result.ok()) {
        if (result.errors.isEmpty())
            abort(); // a refusal must say why
        return 0;
    }
    Labforge::Validator::validate(*result.lab);
    const QByteArray canonical = Labforge::LabWriter::toBytes(*result.lab);
    const auto again = Labforge::LabReader::read(canonical);
    if (!again.ok() || !(*again.lab == *result.lab))
        abort(); // round trip broken
    if (Labforge::LabWriter::toBytes(*again.lab) != canonical)
        abort(); // canonical form not stable
    const Labforge::Bundle bundle = Labforge::BundleGenerator::generate(*result.lab);
    const auto files = bundle.files();
    for (auto it = files.begin(); it != files.end(); ++it) {
        QString error;
        const QString placed = Labforge::ConfinedPath::join(QStringLiteral("/bundle"), it.key(), &error);
        if (!placed.isEmpty() && !placed.startsWith(QLatin1String("/bundle/")))
            abort(); // a confined join that left its root
    }
    return 0;
}
