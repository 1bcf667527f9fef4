// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunsDialog.h"

#include "ReportWriter.h"
#include "RunHistory.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace Labforge {

namespace {

QString seconds(qint64 ms)
{
    return QLocale().toString(double(ms) / 1000.0, 'f', 1);
}

} // namespace

RunsDialog::RunsDialog(QString lab, QWidget *parent)
    : QDialog(parent)
    , m_lab(std::move(lab))
{
    setObjectName(QStringLiteral("runsDialog"));
    setWindowTitle(tr("Runs of %1").arg(m_lab));
    m_runs = new QTreeWidget;
    m_runs->setRootIsDecorated(false);
    m_runs->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_runs->setHeaderLabels({tr("Started"), tr("Verdict"), tr("Duration"), tr("Passed"), tr("Failed"), tr("Skipped"),
                             tr("Figures"), tr("Run")});
    m_runs->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_changes = new QTreeWidget;
    m_changes->setRootIsDecorated(false);
    m_changes->setHeaderLabels(
        {tr("Step"), tr("Before"), tr("After"), tr("Time before"), tr("Time after"), tr("Change")});
    m_changes->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summary = new QLabel(pickTwo());
    m_summary->setWordWrap(true);
    auto *lower = new QWidget;
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_summary);
    lowerLayout->addWidget(m_changes, 1);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_runs);
    split->addWidget(lower);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_open = buttons->addButton(tr("Open"), QDialogButtonBox::ActionRole);
    m_browser = buttons->addButton(tr("Open in Browser"), QDialogButtonBox::ActionRole);
    m_compare = buttons->addButton(tr("Compare"), QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(820, 560);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_runs, &QTreeWidget::itemSelectionChanged, this, &RunsDialog::updateButtons);
    connect(m_runs, &QTreeWidget::itemSelectionChanged, this, &RunsDialog::followSelection);
    connect(m_runs, &QTreeWidget::itemDoubleClicked, this,
            [this](QTreeWidgetItem *item) { Q_EMIT openRequested(item->data(0, Qt::UserRole).toString()); });
    connect(m_open, &QPushButton::clicked, this, [this] { Q_EMIT openRequested(selectedDirectories().value(0)); });
    connect(m_browser, &QPushButton::clicked, this, [this] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(selectedDirectories().value(0) + QStringLiteral("/report.html")));
    });
    connect(m_compare, &QPushButton::clicked, this, &RunsDialog::followSelection);
    refresh();
}

QString RunsDialog::pickTwo()
{
    return tr("Select two runs (Ctrl+click) to set them side by side.");
}

void RunsDialog::followSelection()
{
    QList<int> rows;
    for (QTreeWidgetItem *item : m_runs->selectedItems())
        rows.append(m_runs->indexOfTopLevelItem(item));
    std::sort(rows.begin(), rows.end());
    if (rows.size() == 2) {
        compare(rows.at(1), rows.at(0)); // newest first: the lower row is the earlier run
        return;
    }
    // What was compared before is not what is selected now: nothing stays that could be taken for it.
    m_changes->clear();
    if (m_runs->topLevelItemCount() > 0)
        m_summary->setText(pickTwo());
}

QString RunsDialog::summary() const
{
    return m_summary->text();
}

void RunsDialog::refresh()
{
    m_runs->clear();
    for (const RunHistory::Entry &e : RunHistory::list(m_lab)) {
        auto *item = new QTreeWidgetItem(m_runs);
        item->setData(0, Qt::UserRole, e.directory);
        item->setToolTip(0, e.directory);
        if (!e.error.isEmpty()) {
            item->setText(0, e.directory.section(u'/', -1));
            item->setText(1, tr("unreadable"));
            item->setToolTip(1, e.error);
            continue;
        }
        item->setText(0, QLocale().toString(e.started.toLocalTime(), QLocale::ShortFormat));
        item->setText(1, e.verdict);
        item->setText(2, tr("%1 s").arg(QLocale().toString(e.seconds, 'f', 0)));
        item->setText(3, QString::number(e.passed));
        item->setText(4, QString::number(e.failed));
        item->setText(5, QString::number(e.skipped));
        item->setText(6, QString::number(e.figures));
        item->setText(7, e.runInfo);
        item->setForeground(1, e.verdict == u"passed" ? QColor(0x1b, 0x7f, 0x3b) : QColor(0xb0, 0x20, 0x20));
    }
    if (m_runs->topLevelItemCount() == 0)
        m_summary->setText(
            tr("Lab %1 has no kept report here yet: Build and Boot or Run Scenarios makes one.").arg(m_lab));
    updateButtons();
}

QStringList RunsDialog::selectedDirectories() const
{
    QStringList dirs;
    for (QTreeWidgetItem *item : m_runs->selectedItems())
        dirs.append(item->data(0, Qt::UserRole).toString());
    return dirs;
}

void RunsDialog::updateButtons()
{
    const qsizetype selected = m_runs->selectedItems().size();
    m_open->setEnabled(selected == 1);
    m_browser->setEnabled(selected == 1);
    m_compare->setEnabled(selected == 2);
}

bool RunsDialog::compare(int a, int b)
{
    QTreeWidgetItem *earlier = m_runs->topLevelItem(a);
    QTreeWidgetItem *later = m_runs->topLevelItem(b);
    if (!earlier || !later)
        return false;
    QString error;
    const auto before = ReportWriter::read(earlier->data(0, Qt::UserRole).toString(), &error);
    const auto after = before ? ReportWriter::read(later->data(0, Qt::UserRole).toString(), &error) : std::nullopt;
    m_changes->clear();
    if (!before || !after) {
        m_summary->setText(tr("Cannot compare: %1").arg(error));
        return false;
    }
    QList<RunHistory::Change> changes = RunHistory::compare(*before, *after);
    std::stable_sort(changes.begin(), changes.end(), [](const RunHistory::Change &x, const RunHistory::Change &y) {
        return x.verdictChanged() && !y.verdictChanged();
    });
    int changed = 0;
    for (const RunHistory::Change &c : std::as_const(changes)) {
        auto *item = new QTreeWidgetItem(m_changes);
        item->setText(0, c.stepId);
        item->setText(1, c.before.isEmpty() ? tr("(not run)") : c.before);
        item->setText(2, c.after.isEmpty() ? tr("(not run)") : c.after);
        item->setText(3, c.before.isEmpty() ? QString() : tr("%1 s").arg(seconds(c.beforeMs)));
        item->setText(4, c.after.isEmpty() ? QString() : tr("%1 s").arg(seconds(c.afterMs)));
        if (!c.before.isEmpty() && !c.after.isEmpty())
            item->setText(5,
                          tr("%1%2 s").arg(c.afterMs >= c.beforeMs ? QStringLiteral("+") : QString(),
                                           seconds(c.afterMs - c.beforeMs)));
        if (c.verdictChanged()) {
            ++changed;
            QFont bold = item->font(0);
            bold.setBold(true);
            for (int col = 0; col < 3; ++col)
                item->setFont(col, bold);
        }
    }
    m_summary->setText(
        tr("%1 → %2: %n step(s) changed verdict", nullptr, changed).arg(earlier->text(0), later->text(0)));
    return true;
}

} // namespace Labforge
