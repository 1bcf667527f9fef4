#pragma once

#include "LabReader.h"

#include <QCommandLineParser>

namespace Labforge {

// Where a CLI command takes its lab from: a file argument, or --template NAME
// for a built-in lab. Keeps every command's "load or explain why not" the same.
class LabSource
{
public:
    static void addOptions(QCommandLineParser &parser);
    // Loads the lab named by the parser; on failure prints the errors to `err`.
    static std::optional<Lab> load(const QCommandLineParser &parser, QTextStream &err, QString *label = nullptr);
};

} // namespace Labforge
