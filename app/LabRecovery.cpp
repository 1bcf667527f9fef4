// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabRecovery.h"

#include "LabDocument.h"
#include "LabReader.h"
#include "LabWriter.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTimer>

namespace Labforge {

LabRecovery::LabRecovery(LabDocument *document, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_window(window)
    , m_timer(new QTimer(this))
    , m_lock(path() + QStringLiteral(".lock"))
{
    m_lock.setStaleLockTime(0); // only a holder that is gone gives the lock up, however long it ran
    // Held by another running designer: this one then neither offers nor writes the file (isLocked()).
    static_cast<void>(m_lock.tryLock(0));
    m_timer->setInterval(30000);
    connect(m_timer, &QTimer::timeout, this, &LabRecovery::autosave);
    m_timer->start();
}

QString LabRecovery::path()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + QStringLiteral("/recovery.lab.json");
}

void LabRecovery::setInterval(int milliseconds)
{
    m_timer->setInterval(milliseconds);
}

void LabRecovery::discard()
{
    if (owns())
        QFile::remove(path());
}

void LabRecovery::autosave()
{
    if (m_document->undoStack()->isClean() || !owns())
        return;
    QString error;
    LabWriter::save(m_document->lab(), path(), &error); // atomic; the previous copy survives a crash mid-write
}

bool LabRecovery::offer()
{
    if (!owns() || !QFile::exists(path()))
        return false;
    const auto result = LabReader::readFile(path());
    if (!result.ok())
        return false;
    const auto answer = QMessageBox::question(m_window, tr("Recover unsaved work?"),
                                              tr("labforge found unsaved changes to lab \"%1\" from %2. Recover them?")
                                                  .arg(result.lab->name, QFileInfo(path()).lastModified().toString()));
    if (answer != QMessageBox::Yes) {
        discard();
        return false;
    }
    m_document->reset(*result.lab);
    m_document->undoStack()->resetClean(); // recovered work is unsaved
    return true;
}

} // namespace Labforge
