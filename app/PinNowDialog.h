// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;

namespace Labforge {

// Build and Boot's "Pin Now…": `labforge pins lock --lock FILE` (its own implementation, off
// the UI thread), each line it prints shown as it comes; closes once it has finished. What
// it could not pin keeps its previous digest, and the output says why. Cancel stops it before
// the next artifact (one being downloaded finishes first); the lock is then not written.
class PinNowDialog : public QDialog
{
    Q_OBJECT
public:
    PinNowDialog(const QString &lockFile, QWidget *parent = nullptr);

    bool isRunning() const { return m_running; }
    bool wasCancelled() const { return m_cancel.isCancelled(); }
    int exitCode() const { return m_exitCode; }
    QString output() const;

    void reject() override;

Q_SIGNALS:
    void finished(int exitCode);

private:
    void append(const QString &text);

    QPlainTextEdit *m_log;
    QLabel *m_state;
    QDialogButtonBox *m_buttons;
    CancelToken m_cancel;
    bool m_running = true;
    int m_exitCode = -1;
};

} // namespace Labforge
