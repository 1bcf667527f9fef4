// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PlacementPreview.h"

#include "HostPlacement.h"
#include "HostProbe.h"
#include "Lab.h"

#include <QFutureWatcher>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace Labforge {

PlacementPreview::PlacementPreview(const Lab &lab, std::function<BootPlan()> plan, QWidget *parent)
    : QWidget(parent)
    , m_lab(lab)
    , m_plan(std::move(plan))
    , m_button(new QPushButton(tr("Preview Placement")))
    , m_text(new QLabel)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins({});
    m_button->setObjectName(QStringLiteral("previewPlacement"));
    m_button->setAutoDefault(false);
    m_button->setToolTip(tr("Ask the lab's hosts what they have and show where each node would run"));
    m_text->setObjectName(QStringLiteral("placement"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setText(tr("The lab runs on its %n host(s); the planner places the nodes that name none when the run "
                       "starts.",
                       nullptr, int(lab.hosts.size())));
    layout->addWidget(m_text);
    layout->addWidget(m_button, 0, Qt::AlignLeft);
    connect(m_button, &QPushButton::clicked, this, &PlacementPreview::preview);
}

void PlacementPreview::preview()
{
    m_button->setEnabled(false);
    m_result.clear();
    m_text->setText(tr("Asking %n host(s)…", nullptr, int(m_lab.hosts.size())));
    const QList<LabHost> hosts = m_lab.hosts;
    auto *watcher = new QFutureWatcher<QList<HostPlacement::Capacity>>(this);
    connect(watcher, &QFutureWatcher<QList<HostPlacement::Capacity>>::finished, this, [this, watcher] {
        const QList<HostPlacement::Capacity> capacities = watcher->result();
        watcher->deleteLater();
        const HostPlacement::Result placed = HostPlacement::place(m_lab, m_plan(), capacities);
        QStringList lines = HostPlacement::describe(placed, capacities);
        if (!placed.ok)
            lines.prepend(placed.error);
        m_result = lines.join(u'\n');
        m_text->setText(m_result);
        m_button->setEnabled(true);
    });
    watcher->setFuture(QtConcurrent::run([hosts] { return HostProbe::probe(hosts); }));
}

} // namespace Labforge
