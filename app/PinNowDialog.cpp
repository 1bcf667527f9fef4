// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PinNowDialog.h"

#include "PinsCommand.h"

#include <QDialogButtonBox>
#include <QFutureWatcher>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollBar>
#include <QTextStream>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <functional>

namespace Labforge {

namespace {

// What the command prints, handed on as it is written (from the worker thread).
class ForwardingDevice : public QIODevice
{
public:
    explicit ForwardingDevice(std::function<void(const QByteArray &)> sink)
        : m_sink(std::move(sink))
    {
        open(QIODevice::WriteOnly);
    }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override
    {
        m_sink(QByteArray(data, size));
        return size;
    }

private:
    std::function<void(const QByteArray &)> m_sink;
};

} // namespace

PinNowDialog::PinNowDialog(const QString &lockFile, QWidget *parent)
    : QDialog(parent)
    , m_log(new QPlainTextEdit)
    , m_state(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel | QDialogButtonBox::Close))
{
    setWindowTitle(tr("Pin Now"));
    auto *layout = new QVBoxLayout(this);
    auto *what = new QLabel(tr("Downloading every artifact and image the lock has no digest for, verifying what "
                               "it has, and writing %1. What cannot be fetched keeps its previous state.")
                                .arg(lockFile));
    what->setWordWrap(true);
    layout->addWidget(what);
    m_log->setObjectName(QStringLiteral("pinLog"));
    m_log->setReadOnly(true);
    m_log->setMinimumSize(620, 260);
    layout->addWidget(m_log, 1);
    m_state->setObjectName(QStringLiteral("pinState"));
    m_state->setText(tr("Working…"));
    layout->addWidget(m_state);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Close)->setEnabled(false);
    QPushButton *cancel = m_buttons->button(QDialogButtonBox::Cancel);
    cancel->setObjectName(QStringLiteral("cancelPinning"));
    connect(cancel, &QPushButton::clicked, this, [this, cancel] {
        m_cancel.cancel();
        cancel->setEnabled(false);
        m_state->setText(tr("Cancelling: a download under way finishes first…"));
    });
    connect(m_buttons->button(QDialogButtonBox::Close), &QPushButton::clicked, this, &PinNowDialog::reject);

    QPointer<PinNowDialog> self(this);
    auto *watcher = new QFutureWatcher<int>(this);
    connect(watcher, &QFutureWatcher<int>::finished, this, [this, watcher] {
        m_exitCode = watcher->result();
        m_running = false;
        m_state->setText(m_exitCode == PinsCommand::Cancelled ? tr("Cancelled: the lock is unchanged.")
                             : m_exitCode == 0                ? tr("Every artifact is pinned.")
                                               : tr("Some artifacts could not be pinned (exit code %1): see the "
                                                    "lines marked FAILED.")
                                                     .arg(m_exitCode));
        m_buttons->button(QDialogButtonBox::Cancel)->setEnabled(false);
        m_buttons->button(QDialogButtonBox::Close)->setEnabled(true);
        Q_EMIT finished(m_exitCode);
    });
    watcher->setFuture(QtConcurrent::run([self, lockFile, token = m_cancel] {
        // The dialog refuses to close while this runs (reject() does nothing until the end);
        // `self` guards the lines posted to it should it go anyway (its parent closing).
        ForwardingDevice device([self](const QByteArray &bytes) {
            QMetaObject::invokeMethod(
                self.data(),
                [self, text = QString::fromUtf8(bytes)] {
                    if (self)
                        self->append(text);
                },
                Qt::QueuedConnection);
        });
        QTextStream out(&device), err(&device);
        const int code = PinsCommand::run(
            {QStringLiteral("labforge pins"), QStringLiteral("lock"), QStringLiteral("--lock"), lockFile}, out, err,
            token);
        out.flush();
        err.flush();
        return code;
    }));
}

QString PinNowDialog::output() const
{
    return m_log->toPlainText();
}

void PinNowDialog::append(const QString &text)
{
    m_log->moveCursor(QTextCursor::End);
    m_log->insertPlainText(text);
    m_log->verticalScrollBar()->setValue(m_log->verticalScrollBar()->maximum());
}

void PinNowDialog::reject()
{
    if (!m_running)
        QDialog::reject();
}

} // namespace Labforge
