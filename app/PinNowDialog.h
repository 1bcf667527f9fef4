// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"
#include "PinPlan.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

namespace Labforge {

// Build and Boot's "Pin Now…": first what it would pin (PinPlan: each artifact with its size
// as its server says it, and the total) for the user to confirm with Pin or leave with
// Cancel; then PinOps::lock on the lock file (off the UI thread, what `labforge pins lock
// --lock FILE` does), each of its steps shown as it comes in the designer's language; closes
// once it has finished. What it could not pin
// keeps its previous digest, and the output says why. Cancel stops it at once (a download
// under way is aborted and its file removed); the lock is then not written.
class PinNowDialog : public QDialog
{
    Q_OBJECT
public:
    PinNowDialog(const QString &lockFile, QWidget *parent = nullptr);
    ~PinNowDialog() override;

    // True from Pin until `pins lock` has ended.
    bool isRunning() const { return m_running; }
    // The list to confirm is there (Pin is enabled).
    bool isListed() const;
    bool wasCancelled() const { return m_cancel.isCancelled(); }
    // What `labforge pins lock` would exit with (PinOps::Done::exitCode, OpError::exitCode); -1 until the end.
    int exitCode() const { return m_exitCode; }
    QString output() const;

    void reject() override;

Q_SIGNALS:
    void finished(int exitCode);

private:
    void listed(const QList<PinPlan::Item> &items);
    void start();
    void append(const QString &text);

    QString m_lockFile;
    QTreeWidget *m_list;
    QLabel *m_total;
    QPlainTextEdit *m_log;
    QLabel *m_state;
    QDialogButtonBox *m_buttons;
    QPushButton *m_pin;
    CancelToken m_cancel;
    CancelToken m_listing; // the size look-ups, stopped when the dialog goes
    bool m_running = false;
    int m_exitCode = -1;
};

} // namespace Labforge
