// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunningLabsPanel.h"

#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QSettings>
#include <QTreeWidget>
#include <QtConcurrent>

namespace Labforge {

namespace {
constexpr int LabRole = Qt::UserRole;
constexpr int ReportRole = Qt::UserRole + 1;
} // namespace

RunningLabsPanel::RunningLabsPanel(QWidget *parent)
    : QWidget(parent)
    , m_tree(new QTreeWidget)
    , m_down(new QPushButton(tr("Down…")))
    , m_report(new QPushButton(tr("Open Report")))
{
    m_tree->setObjectName(QStringLiteral("runningLabs"));
    m_tree->setHeaderLabels({tr("Lab"), tr("Nodes"), tr("Verdict"), tr("Run")});
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *refresh = new QPushButton(tr("Refresh"));
    m_down->setObjectName(QStringLiteral("runningLabsDown"));
    m_report->setObjectName(QStringLiteral("runningLabsReport"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(refresh);
    buttons->addWidget(m_report);
    buttons->addWidget(m_down);
    buttons->addStretch();
    // Beside the tree, not under it: the bottom docks stay as low as the Log's.
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins({});
    layout->addWidget(m_tree, 1);
    buttons->setDirection(QBoxLayout::TopToBottom);
    layout->addLayout(buttons);
    connect(refresh, &QPushButton::clicked, this, &RunningLabsPanel::refresh);
    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, &RunningLabsPanel::selectionChanged);
    connect(m_down, &QPushButton::clicked, this, [this] {
        if (QTreeWidgetItem *item = m_tree->currentItem())
            Q_EMIT downRequested(item->data(0, LabRole).toString());
    });
    connect(m_report, &QPushButton::clicked, this, [this] {
        if (QTreeWidgetItem *item = m_tree->currentItem())
            Q_EMIT openReportRequested(item->data(0, ReportRole).toString());
    });
    selectionChanged();
}

void RunningLabsPanel::refresh()
{
    if (m_gathering)
        return;
    m_gathering = true;
    const QString uri = QSettings().value(QStringLiteral("run/uri"), QStringLiteral("qemu:///system")).toString();
    auto *watcher = new QFutureWatcher<StatusOps::Status>(this);
    connect(watcher, &QFutureWatcher<StatusOps::Status>::finished, this, [this, watcher] {
        m_gathering = false;
        show(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([uri] { return StatusOps::gather({}, uri); }));
}

void RunningLabsPanel::show(const StatusOps::Status &status)
{
    const RunStatus::Snapshot &snapshot = status.snapshot;
    m_tree->clear();
    if (status.unreachable) {
        // Not "No lab is up here": what is up there is not known.
        auto *item = new QTreeWidgetItem(
            m_tree, {tr("libvirt could not be reached"), tr("%1: %2").arg(snapshot.uri, snapshot.unreachable)});
        item->setToolTip(0, status.unreachable->message());
        item->setToolTip(1, item->toolTip(0));
    }
    for (const RunStatus::Run &run : snapshot.runs) {
        auto *item = new QTreeWidgetItem(m_tree,
                                         {run.lab, tr("%1 of %2 running").arg(run.running()).arg(run.nodes.size()),
                                          run.verdict.isEmpty() ? tr("no report") : run.verdict, run.runId.left(8)});
        item->setData(0, LabRole, run.lab);
        item->setData(0, ReportRole, run.report);
        item->setToolTip(0, RunStatus::summary(run));
        for (const RunStatus::Node &n : run.nodes)
            new QTreeWidgetItem(item, {n.node, n.state, n.address, n.uri});
    }
    if (!snapshot.orphans.isEmpty()) {
        auto *orphans = new QTreeWidgetItem(m_tree, {tr("In no recorded run")});
        for (const RunStatus::Orphan &o : snapshot.orphans) {
            auto *item = new QTreeWidgetItem(orphans, {o.name, o.kind, o.lab, o.uri});
            item->setToolTip(0, tr("Remove with: %1").arg(o.removeWith));
        }
    }
    if (!snapshot.elsewhere.isEmpty()) {
        // Theirs, not orphans: Down is not offered, and nothing says to remove them.
        auto *theirs = new QTreeWidgetItem(m_tree, {tr("Runs of another cache root or user")});
        for (const RunStatus::Elsewhere &e : snapshot.elsewhere) {
            const QString what = e.owner.relation() == RunOwner::Relation::OtherUser
                ? tr("another user's run (%1)").arg(e.owner.user)
                : tr("run of another cache root (%1)").arg(e.owner.cacheRoot);
            auto *item = new QTreeWidgetItem(theirs, {e.name, e.kind, e.lab, e.uri});
            item->setToolTip(0, what);
            item->setToolTip(1, what);
        }
    }
    for (const QString &problem : snapshot.problems)
        new QTreeWidgetItem(m_tree, {tr("(not answered)"), problem});
    if (m_tree->topLevelItemCount() == 0)
        new QTreeWidgetItem(m_tree, {tr("No lab is up here.")});
    m_tree->expandToDepth(0);
    selectionChanged();
}

void RunningLabsPanel::selectionChanged()
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    const bool run = item && !item->data(0, LabRole).toString().isEmpty();
    m_down->setEnabled(run);
    m_report->setEnabled(run && !item->data(0, ReportRole).toString().isEmpty());
}

} // namespace Labforge
