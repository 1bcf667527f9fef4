// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QDialog>
#include <QFutureWatcher>
#include <functional>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QDialogButtonBox;

namespace Labforge {

// Runs an offline kit's export or import (runner/artifacts/OfflineKit) off the UI thread and shows its
// progress as it goes: each line the job logs, a busy bar, and at the end what happened (or
// why nothing was imported). Closing waits for the job: a half-written kit is never left.
class KitTransferDialog : public QDialog
{
    Q_OBJECT
public:
    using Log = std::function<void(const QString &line)>;
    using Job = std::function<bool(const Log &log, QString *error)>;

    KitTransferDialog(const QString &title, Job job, QWidget *parent = nullptr);
    ~KitTransferDialog() override; // waits for the job
    void start();
    bool finished() const { return m_done; }
    bool succeeded() const { return m_ok; }
    QString logText() const;
    void reject() override; // only once the job has ended

Q_SIGNALS:
    void transferFinished(bool ok);

private:
    void appendLine(const QString &line);
    void finish();

    Job m_job;
    QLabel *m_state;
    QProgressBar *m_bar;
    QPlainTextEdit *m_log;
    QDialogButtonBox *m_buttons;
    QFutureWatcher<std::pair<bool, QString>> m_watcher;
    bool m_done = false;
    bool m_ok = false;
};

} // namespace Labforge
