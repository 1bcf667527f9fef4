// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunProgressPanel.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QHash>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QVBoxLayout>

namespace Labforge {

namespace {
constexpr int Scale = 1000;

void clearGrid(QGridLayout *grid)
{
    while (QLayoutItem *item = grid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}
} // namespace

RunProgressPanel::RunProgressPanel(const RunProgress *progress, QWidget *parent)
    : QWidget(parent)
    , m_progress(progress)
{
    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);
    // One line: the dock stays narrow until a run begins (RunWorkbench::fitProgressDock).
    m_idle = new QLabel(tr("No run yet"));
    m_idle->setObjectName(QStringLiteral("progressIdle"));
    m_idle->setToolTip(tr("Run ▸ Build and Boot starts one; its stages and nodes show here."));
    column->addWidget(m_idle);
    m_stagesBox = new QGroupBox(tr("Stages"));
    m_stagesGrid = new QGridLayout(m_stagesBox);
    column->addWidget(m_stagesBox);
    m_nodesBox = new QGroupBox(tr("Nodes"));
    m_nodesGrid = new QGridLayout(m_nodesBox);
    column->addWidget(m_nodesBox);
    column->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    rebuild();
}

QString RunProgressPanel::stageTitle(RunStage stage)
{
    switch (stage) {
    case RunStage::Probe:
        return tr("Accelerator check");
    case RunStage::Artifacts:
        return tr("Pinned downloads");
    case RunStage::Base:
        return tr("Base system");
    case RunStage::Image:
        return tr("Node images");
    case RunStage::Seed:
        return tr("Secrets and disks");
    case RunStage::Network:
        return tr("Networks");
    case RunStage::Boot:
        return tr("Boot");
    case RunStage::Ssh:
        return tr("SSH reachable");
    case RunStage::Startup:
        return tr("Startup finished");
    case RunStage::Scenario:
        return tr("Scenarios");
    case RunStage::Teardown:
        return tr("Clean-up");
    case RunStage::None:
        break;
    }
    return {};
}

QString RunProgressPanel::nodeStateTitle(const QString &state)
{
    static const QHash<QString, const char *> titles {
        {QString(), QT_TR_NOOP("waiting")},
        {QStringLiteral("building"), QT_TR_NOOP("building")},
        {QStringLiteral("built"), QT_TR_NOOP("built")},
        {QStringLiteral("reused"), QT_TR_NOOP("image unchanged")},
        {QStringLiteral("booting"), QT_TR_NOOP("booting")},
        {QStringLiteral("up"), QT_TR_NOOP("up")},
        {QStringLiteral("testing"), QT_TR_NOOP("testing")},
        {QStringLiteral("passed"), QT_TR_NOOP("passed")},
        {QStringLiteral("failed"), QT_TR_NOOP("failed")},
        {QStringLiteral("stopped"), QT_TR_NOOP("stopped")},
    };
    const char *title = titles.value(state);
    return title ? tr(title) : state;
}

QString RunProgressPanel::elapsed(const QDateTime &from, const QDateTime &to)
{
    if (!from.isValid() || !to.isValid())
        return {};
    const qint64 s = std::max<qint64>(0, from.secsTo(to));
    return s < 60 ? tr("%1 s").arg(s) : tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

RunProgressPanel::Row RunProgressPanel::makeRow(QGridLayout *grid, int row, const QString &key, const QString &title)
{
    Row r {key, new QLabel(title), new QProgressBar, new QLabel};
    r.bar->setRange(0, Scale);
    r.bar->setTextVisible(true);
    r.bar->setMinimumWidth(160);
    r.bar->setAccessibleName(title);
    r.detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(r.title, row, 0);
    grid->addWidget(r.bar, row, 1);
    grid->addWidget(r.detail, row, 2);
    grid->setColumnStretch(2, 1);
    return r;
}

void RunProgressPanel::rebuild()
{
    clearGrid(m_stagesGrid);
    clearGrid(m_nodesGrid);
    m_stageRows.clear();
    m_nodeRows.clear();
    for (const auto &s : m_progress->stages())
        m_stageRows.append(makeRow(m_stagesGrid, int(m_stageRows.size()), stageName(s.stage), stageTitle(s.stage)));
    for (const auto &n : m_progress->nodes())
        m_nodeRows.append(makeRow(m_nodesGrid, int(m_nodeRows.size()), n.node, n.node));
    refresh();
}

void RunProgressPanel::showBar(QProgressBar *bar, double progress, bool running, bool failed)
{
    if (progress < 0 && running) {
        bar->setRange(0, 0); // busy: nothing measures this part
    } else {
        bar->setRange(0, Scale);
        bar->setValue(int(std::clamp(progress, 0.0, 1.0) * Scale));
    }
    QPalette p = bar->palette();
    p.setColor(QPalette::Highlight, failed ? QColor(0xc6, 0x28, 0x28) : QPalette().color(QPalette::Highlight));
    bar->setPalette(p);
}

void RunProgressPanel::refresh(const QDateTime &now)
{
    const bool idle = m_progress->stages().isEmpty();
    m_idle->setVisible(idle);
    m_stagesBox->setVisible(!idle);
    m_nodesBox->setVisible(!idle);
    // Stages that appear during a run (clean-up after a failure) get a row.
    for (qsizetype i = m_stageRows.size(); i < m_progress->stages().size(); ++i) {
        const RunStage stage = m_progress->stages().at(i).stage;
        m_stageRows.append(makeRow(m_stagesGrid, int(i), stageName(stage), stageTitle(stage)));
    }
    for (const Row &row : std::as_const(m_stageRows)) {
        const RunProgress::Stage *s = m_progress->stage(stageFromName(row.key));
        if (!s)
            continue;
        const bool running = s->state == RunProgress::State::Running;
        showBar(row.bar, s->progress, running, s->state == RunProgress::State::Failed);
        QString status;
        switch (s->state) {
        case RunProgress::State::Pending:
            status = tr("waiting");
            break;
        case RunProgress::State::Running:
            status = tr("running for %1").arg(elapsed(s->started, now));
            break;
        case RunProgress::State::Done:
            status = tr("done in %1").arg(elapsed(s->started, s->finished));
            break;
        case RunProgress::State::Failed:
            status = tr("failed after %1").arg(elapsed(s->started, s->finished));
            break;
        }
        row.bar->setFormat(s->state == RunProgress::State::Pending ? QString() : QStringLiteral("%p%"));
        const QString message = s->message.section(QLatin1Char('\n'), 0, 0);
        row.detail->setText(message.isEmpty() ? status : status + QStringLiteral(" · ") + message);
        row.detail->setToolTip(s->message);
    }
    for (const Row &row : std::as_const(m_nodeRows)) {
        const RunProgress::NodeProgress *n = m_progress->node(row.key);
        if (!n)
            continue;
        const bool running =
            m_progress->isActive() && n->state != QLatin1String("failed") && n->state != QLatin1String("up");
        showBar(row.bar, n->progress, running, n->failed());
        QString text = nodeStateTitle(n->state);
        if (n->state == QLatin1String("booting") || n->state == QLatin1String("building")
            || n->state == QLatin1String("testing"))
            text = tr("%1 for %2").arg(text, elapsed(n->since, now));
        if (n->stepsTotal > 0 && (n->stepsPassed || n->stepsFailed))
            text += tr(" · %1 of %2 checks passed").arg(n->stepsPassed).arg(n->stepsTotal);
        if (!n->message.isEmpty() && n->state == QLatin1String("building"))
            text += QStringLiteral(" · ") + n->message;
        row.bar->setFormat(n->state.isEmpty() ? QString() : QStringLiteral("%p%"));
        row.detail->setText(text);
    }
}

const RunProgressPanel::Row *RunProgressPanel::rowOf(const QList<Row> &rows, const QString &key)
{
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const Row &r) { return r.key == key; });
    return it == rows.end() ? nullptr : &*it;
}

QProgressBar *RunProgressPanel::stageBar(RunStage stage) const
{
    const Row *r = rowOf(m_stageRows, stageName(stage));
    return r ? r->bar : nullptr;
}

QProgressBar *RunProgressPanel::nodeBar(const QString &node) const
{
    const Row *r = rowOf(m_nodeRows, node);
    return r ? r->bar : nullptr;
}

QString RunProgressPanel::stageText(RunStage stage) const
{
    const Row *r = rowOf(m_stageRows, stageName(stage));
    return r ? r->detail->text() : QString();
}

QString RunProgressPanel::nodeText(const QString &node) const
{
    const Row *r = rowOf(m_nodeRows, node);
    return r ? r->detail->text() : QString();
}

} // namespace Labforge
