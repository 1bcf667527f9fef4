// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

namespace Labforge {

// A file labforge writes where the user said (a capture, a diagram, a report, a kit): it is
// written under a temporary name beside the target (0600) and renamed over the target only
// when whole, so a failed writer leaves an existing target as it was, content and mode.
// A target that is a directory, a FIFO, a device, a socket or a link is refused before
// anything is written.
class OutputFile
{
public:
    explicit OutputFile(QString target);
    ~OutputFile();
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    // Checks the target and creates the empty temporary file beside it; false with *error.
    bool prepare(QString *error);
    // Where the writer writes (after prepare): ends with the target's name, so its suffix too.
    QString temporaryPath() const { return m_temporary; }
    // Puts the temporary file in place of the target (checked again); false with *error.
    bool commit(QString *error);
    // A writer's error as the user should read it: the temporary name, if there is one yet,
    // becomes the target's (before prepare() succeeded there is none, and nothing is replaced).
    QString aboutTarget(QString error) const;

    // The target alone: absent or a regular file is fine, anything else is refused with *error.
    static bool checkTarget(const QString &target, QString *error);
    // Writes `data` to `target` whole or not at all.
    static bool write(const QString &target, const QByteArray &data, QString *error);

private:
    QString m_target;
    QString m_temporary;
};

} // namespace Labforge
