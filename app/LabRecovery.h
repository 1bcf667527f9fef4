// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QLockFile>
#include <QObject>

class QTimer;
class QWidget;

namespace Labforge {

class LabDocument;

// Unsaved work survives a crash: every 30 s a lab with unsaved changes is written (atomically)
// to a recovery copy, which the next start offers back. The copy belongs to one running
// designer at a time (a lock beside it, taken over when its holder died): another designer
// started meanwhile neither offers it nor writes or removes it.
class LabRecovery : public QObject
{
    Q_OBJECT
public:
    LabRecovery(LabDocument *document, QWidget *window);

    static QString path();
    // How often unsaved work is written (30 s unless changed).
    void setInterval(int milliseconds);
    // Asks whether to take back the recovery copy, if there is one; true when it was taken.
    bool offer();
    // The work is saved or given up: the copy goes.
    void discard();
    // Whether this designer holds the recovery copy.
    bool owns() const { return m_lock.isLocked(); }

private:
    void autosave();

    LabDocument *m_document;
    QWidget *m_window;
    QTimer *m_timer;
    QLockFile m_lock;
};

} // namespace Labforge
