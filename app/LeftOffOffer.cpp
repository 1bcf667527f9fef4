// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LeftOffOffer.h"

#include "EditLabCommand.h"
#include "LabDocument.h"
#include "LeftOffFeatures.h"

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
    connect(m_button, &QToolButton::clicked, this,
            [this] { m_window->statusBar()->showMessage(turnOn(m_document, m_window), 5000); });
}

QString LeftOffOffer::turnOn(LabDocument *document, QWidget *parent)
{
    const Lab lab = document->lab();
    const LeftOffFeatures features(lab, document->validationContext());
    if (features.addable().isEmpty())
        return features.all().isEmpty()
            ? tr("No node runs without a feature its cluster runs.")
            : tr("No left-off feature can be turned on yet: %1")
                  .arg(features.describe(features.all()).replace(u'\n', QStringLiteral("; ")));
    QList<NodeJoin::LeftOff> later = features.all();
    later.removeIf([&](const NodeJoin::LeftOff &l) { return features.missing(l.node, l.feature).isEmpty(); });
    QString question = tr("These features were left off; the lab has what they need now:\n\n%1")
                           .arg(features.describe(features.addable()));
    if (!later.isEmpty())
        question += tr("\n\nNot yet:\n%1").arg(features.describe(later));
    question += tr("\n\nTurn them on (one undo step)?");
    if (QMessageBox::question(parent, tr("Turn on features left off?"), question) != QMessageBox::Yes)
        return {};
    document->forgetLeftOff(features.addable());
    document->undoStack()->push(new EditLabCommand(document, lab, features.turnedOn(), undoLabel(features.addable())));
    QStringList what;
    for (const NodeJoin::LeftOff &l : features.addable())
        what.append(tr("%1 on %2").arg(l.feature, l.node));
    return tr("Turned on: %1").arg(what.join(QStringLiteral(", ")));
}

QList<NodeJoin::LeftOff> LeftOffOffer::possible() const
{
    return LeftOffFeatures(m_document->lab(), m_document->validationContext()).addable();
}

void LeftOffOffer::enable(const QList<NodeJoin::LeftOff> &features)
{
    QList<NodeJoin::LeftOff> enabled;
    const Lab before = m_document->lab();
    const Lab after = NodeJoin::withFeaturesEnabled(before, features, m_document->validationContext(), &enabled);
    m_document->forgetLeftOff(enabled);
    if (!(after == before))
        m_document->undoStack()->push(new EditLabCommand(m_document, before, after, undoLabel(enabled)));
    refresh();
}

void LeftOffOffer::refresh()
{
    const LeftOffFeatures features(m_document->lab(), m_document->validationContext());
    m_button->setVisible(!features.addable().isEmpty());
    m_button->setText(tr("Turn on %n feature(s) left off…", nullptr, int(features.addable().size())));
    m_button->setToolTip(features.describe(features.addable()));
}

QString LeftOffOffer::undoLabel(const QList<NodeJoin::LeftOff> &features)
{
    QStringList names, nodes;
    for (const NodeJoin::LeftOff &f : features) {
        if (!names.contains(f.feature))
            names.append(f.feature);
        if (!nodes.contains(f.node))
            nodes.append(f.node);
    }
    const QString comma = QStringLiteral(", ");
    return (names.size() == 1 ? tr("Turn on feature %1 on %2") : tr("Turn on features %1 on %2"))
        .arg(names.join(comma), nodes.join(comma));
}

QString LeftOffOffer::describe(const QList<NodeJoin::LeftOff> &features)
{
    QStringList lines;
    for (const NodeJoin::LeftOff &f : features)
        lines.append(tr("%1 on %2 (%3)").arg(f.feature, f.node, f.why));
    return lines.join(u'\n');
}

} // namespace Labforge
