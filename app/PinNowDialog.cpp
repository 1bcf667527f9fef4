// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PinNowDialog.h"

#include "PinEventText.h"
#include "PinOps.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollBar>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace Labforge {

PinNowDialog::PinNowDialog(const QString &lockFile, QWidget *parent)
    : QDialog(parent)
    , m_lockFile(lockFile)
    , m_list(new QTreeWidget)
    , m_total(new QLabel)
    , m_log(new QPlainTextEdit)
    , m_state(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel | QDialogButtonBox::Close))
{
    setWindowTitle(tr("Pin Now"));
    auto *layout = new QVBoxLayout(this);
    auto *what = new QLabel(tr("Downloads every artifact and resolves every image the lock has no digest for, "
                               "verifies what it has, and writes %1. What cannot be fetched keeps its previous state.")
                                .arg(lockFile));
    what->setWordWrap(true);
    layout->addWidget(what);
    m_list->setObjectName(QStringLiteral("pinList"));
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("Artifact"), tr("Size"), tr("From")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->setMinimumSize(620, 160);
    layout->addWidget(m_list, 1);
    m_total->setObjectName(QStringLiteral("pinTotal"));
    layout->addWidget(m_total);
    m_log->setObjectName(QStringLiteral("pinLog"));
    m_log->setReadOnly(true);
    m_log->setMinimumSize(620, 200);
    m_log->hide(); // until Pin
    layout->addWidget(m_log, 1);
    m_state->setObjectName(QStringLiteral("pinState"));
    m_state->setText(tr("Asking the servers what there is to pin and its size…"));
    layout->addWidget(m_state);
    layout->addWidget(m_buttons);
    m_pin = m_buttons->addButton(tr("Pin"), QDialogButtonBox::AcceptRole);
    m_pin->setObjectName(QStringLiteral("startPinning"));
    m_pin->setEnabled(false);
    m_buttons->button(QDialogButtonBox::Close)->hide();
    connect(m_pin, &QPushButton::clicked, this, &PinNowDialog::start);
    QPushButton *cancel = m_buttons->button(QDialogButtonBox::Cancel);
    cancel->setObjectName(QStringLiteral("cancelPinning"));
    connect(cancel, &QPushButton::clicked, this, [this, cancel] {
        m_cancel.cancel();
        if (!m_running) { // nothing started: nothing to undo
            m_exitCode = PinOps::CancelledExitCode;
            Q_EMIT finished(m_exitCode);
            QDialog::reject();
            return;
        }
        cancel->setEnabled(false);
        m_state->setText(tr("Cancelling…"));
    });
    connect(m_buttons->button(QDialogButtonBox::Close), &QPushButton::clicked, this, &PinNowDialog::reject);

    // The list, off the UI thread (the size of each is a request to its server).
    const auto current = QFile::exists(lockFile) ? PinsLock::fromFile(lockFile) : std::optional(PinsLock::builtIn());
    auto *watcher = new QFutureWatcher<QList<PinPlan::Item>>(this);
    connect(watcher, &QFutureWatcher<QList<PinPlan::Item>>::finished, this,
            [this, watcher] { listed(watcher->result()); });
    watcher->setFuture(QtConcurrent::run([lock = current.value_or(PinsLock::builtIn()), token = m_listing] {
        ArtifactFetcher fetcher(20000);
        fetcher.setCancelToken(token);
        return PinPlan::list(lock, ArtifactCache(), fetcher);
    }));
}

PinNowDialog::~PinNowDialog()
{
    m_listing.cancel();
}

bool PinNowDialog::isListed() const
{
    return m_pin->isEnabled();
}

void PinNowDialog::listed(const QList<PinPlan::Item> &items)
{
    const QLocale locale;
    const auto size = [&locale](std::optional<qint64> bytes) {
        return bytes ? locale.formattedDataSize(*bytes) : tr("size unknown");
    };
    for (const PinPlan::Item &item : items) {
        auto *row = new QTreeWidgetItem(m_list);
        row->setText(0,
                     item.image ? tr("%1/%2 (image)").arg(item.component, item.name)
                                : QStringLiteral("%1/%2").arg(item.component, item.name));
        row->setText(1, size(item.bytes));
        row->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        row->setText(2, item.from);
    }
    int unknown = 0;
    const qint64 total = PinPlan::total(items, &unknown);
    m_total->setText(unknown == 0 ? tr("%n artifact(s), %1 in all", nullptr, int(items.size())).arg(size(total))
                                  : tr("%n artifact(s), %1 in all and %2 of unknown size", nullptr, int(items.size()))
                                        .arg(size(total))
                                        .arg(unknown));
    m_state->setText(items.isEmpty() ? tr("Nothing is listed to download: Pin verifies the cache and writes the lock.")
                                     : tr("Pin downloads and pins these; Cancel leaves the lock as it is."));
    m_pin->setEnabled(true);
    m_pin->setDefault(true);
}

void PinNowDialog::start()
{
    m_running = true;
    m_pin->setEnabled(false);
    m_log->show();
    m_state->setText(tr("Working…"));
    QPointer<PinNowDialog> self(this);
    auto *watcher = new QFutureWatcher<Outcome<PinOps::Done>>(this);
    connect(watcher, &QFutureWatcher<Outcome<PinOps::Done>>::finished, this, [this, watcher] {
        const Outcome<PinOps::Done> done = watcher->result();
        watcher->deleteLater();
        if (!done)
            append(tr("Nothing was pinned: %1").arg(done.error().message()) + u'\n');
        m_exitCode = done ? done->exitCode() : done.error().exitCode();
        m_running = false;
        m_state->setText(m_exitCode == PinOps::CancelledExitCode ? tr("Cancelled: the lock is unchanged.")
                             : m_exitCode == 0                   ? tr("Every artifact is pinned.")
                             : !done                             ? tr("The lock could not be pinned.")
                                     : tr("Some artifacts could not be pinned (exit code %1): "
                                          "see the lines marked FAILED.")
                                           .arg(m_exitCode));
        m_buttons->button(QDialogButtonBox::Cancel)->setEnabled(false);
        m_buttons->button(QDialogButtonBox::Close)->show();
        Q_EMIT finished(m_exitCode);
    });
    watcher->setFuture(QtConcurrent::run([self, lockFile = m_lockFile, token = m_cancel] {
        // The dialog refuses to close while this runs (reject() does nothing until the end);
        // `self` guards the steps posted to it should it go anyway (its parent closing). Each
        // step is written in the designer's language there.
        const PinEvents events = [self](const PinEvent &e) {
            QMetaObject::invokeMethod(
                self.data(),
                [self, e] {
                    if (self)
                        self->append(PinEventText::line(e) + u'\n');
                },
                Qt::QueuedConnection);
        };
        const Outcome<PinsLock> lock = PinOps::load(lockFile);
        if (!lock)
            return Outcome<PinOps::Done>(lock.error());
        return PinOps::lock(*lock, lockFile, ArtifactCache::defaultRoot(), token, events);
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
    if (m_running)
        return;
    if (m_exitCode == -1) { // left before Pin, as Cancel does
        m_cancel.cancel();
        m_exitCode = PinOps::CancelledExitCode;
        Q_EMIT finished(m_exitCode);
    }
    QDialog::reject();
}

} // namespace Labforge
