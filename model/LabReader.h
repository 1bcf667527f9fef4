#pragma once

#include "Lab.h"
#include "LoadError.h"

#include <QByteArray>
#include <optional>

namespace Labforge {

// Loads labforge/lab@1 files. Strict: any syntax, type or shape error, or an
// unknown key, means no lab is returned, and every error names its place.
class LabReader
{
public:
    struct Result
    {
        std::optional<Lab> lab;
        LoadErrors errors;
        bool ok() const { return lab.has_value(); }
    };

    // Files larger than this are refused before parsing.
    static constexpr qint64 MaxFileSize = 32 * 1024 * 1024;

    static Result read(const QByteArray &data);
    static Result readFile(const QString &path);
};

} // namespace Labforge
