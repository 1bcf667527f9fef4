// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LeftOffOffer.h"

#include "EditLabCommand.h"
#include "LabDocument.h"

#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolButton>

namespace Labforge {

LeftOffOffer::LeftOffOffer(LabDocument *document, QMainWindow *window)
    : QObject(window)
    , m_document(document)
    , m_window(window)
    , m_button(new QToolButton)
{
    m_button->setObjectName(QStringLiteral("leftOffButton"));
    m_button->setAutoRaise(true);
    m_button->hide();
    window->statusBar()->addPermanentWidget(m_button);
    connect(m_document, &LabDocument::leftOffRecorded, this, [this](const QList<NodeJoin::LeftOff> &leftOff) {
        m_window->statusBar()->showMessage(
            tr("Added without what the lab cannot hold yet (offered again once it can): %1").arg(describe(leftOff)),
            15000);
    });
    connect(m_document, &LabDocument::labChanged, this, &LeftOffOffer::refresh);
    connect(m_button, &QToolButton::clicked, this, [this] {
        const QList<NodeJoin::LeftOff> now = possible();
        if (now.isEmpty())
            return;
        if (QMessageBox::question(m_window, tr("Turn on features left off?"),
                                  tr("The lab now has what these features need; they were left off when their nodes "
                                     "were added:\n\n%1\n\nTurn them on (one undo step)?")
                                      .arg(describe(now)))
            == QMessageBox::Yes)
            enable(now);
    });
}

QList<NodeJoin::LeftOff> LeftOffOffer::possible() const
{
    QList<NodeJoin::LeftOff> enabled;
    if (!m_document->leftOff().isEmpty())
        NodeJoin::withFeaturesEnabled(m_document->lab(), m_document->leftOff(), m_document->validationContext(),
                                      &enabled);
    return enabled;
}

void LeftOffOffer::enable(const QList<NodeJoin::LeftOff> &features)
{
    QList<NodeJoin::LeftOff> enabled;
    const Lab before = m_document->lab();
    const Lab after = NodeJoin::withFeaturesEnabled(before, features, m_document->validationContext(), &enabled);
    m_document->forgetLeftOff(enabled);
    if (!(after == before))
        m_document->undoStack()->push(new EditLabCommand(m_document, before, after, tr("Turn on features left off")));
    refresh();
}

void LeftOffOffer::refresh()
{
    const QList<NodeJoin::LeftOff> now = possible();
    m_button->setVisible(!now.isEmpty());
    m_button->setText(tr("Turn on %n feature(s) left off…", nullptr, int(now.size())));
    m_button->setToolTip(describe(now));
}

QString LeftOffOffer::describe(const QList<NodeJoin::LeftOff> &features)
{
    QStringList lines;
    for (const NodeJoin::LeftOff &f : features)
        lines.append(tr("%1 on %2 (%3)").arg(f.feature, f.node, f.why));
    return lines.join(u'\n');
}

} // namespace Labforge
