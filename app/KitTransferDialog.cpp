// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "KitTransferDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace Labforge {

KitTransferDialog::KitTransferDialog(const QString &title, Job job, QWidget *parent)
    : QDialog(parent)
    , m_job(std::move(job))
    , m_state(new QLabel(tr("Working…")))
    , m_bar(new QProgressBar)
    , m_log(new QPlainTextEdit)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close))
{
    setWindowTitle(title);
    setObjectName(QStringLiteral("kitTransferDialog"));
    m_log->setObjectName(QStringLiteral("kitLog"));
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_bar->setRange(0, 0); // busy until the job ends
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_state);
    layout->addWidget(m_bar);
    layout->addWidget(m_log, 1);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Close)->setEnabled(false);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(&m_watcher, &QFutureWatcher<std::pair<bool, QString>>::finished, this, &KitTransferDialog::finish);
    resize(720, 420);
}

KitTransferDialog::~KitTransferDialog()
{
    m_watcher.waitForFinished();
}

void KitTransferDialog::start()
{
    QPointer<KitTransferDialog> self(this);
    const Job job = m_job;
    m_watcher.setFuture(QtConcurrent::run([job, self] {
        QString error;
        const bool ok = job(
            [self](const QString &line) {
                if (self) // alive: the destructor waits for this job
                    QMetaObject::invokeMethod(
                        self.data(),
                        [self, line] {
                            if (self)
                                self->appendLine(line);
                        },
                        Qt::QueuedConnection);
            },
            &error);
        return std::make_pair(ok, error);
    }));
}

QString KitTransferDialog::logText() const
{
    return m_log->toPlainText();
}

void KitTransferDialog::appendLine(const QString &line)
{
    m_log->appendPlainText(line);
}

void KitTransferDialog::finish()
{
    const auto [ok, error] = m_watcher.result();
    m_done = true;
    m_ok = ok;
    m_bar->setRange(0, 1);
    m_bar->setValue(ok ? 1 : 0); // a failure is not a full bar
    // The cause in the dialog itself (its first line; the whole of it closes the log).
    m_state->setText(ok ? tr("Done.") : tr("Failed: %1").arg(error.section(u'\n', 0, 0)));
    m_state->setToolTip(ok ? QString() : error);
    if (!ok)
        m_log->appendPlainText(error);
    m_buttons->button(QDialogButtonBox::Close)->setEnabled(true);
    Q_EMIT transferFinished(ok);
}

void KitTransferDialog::reject()
{
    if (m_done) // the job runs to its end (export removes a partial kit, import fills nothing half-way)
        QDialog::reject();
}

} // namespace Labforge
