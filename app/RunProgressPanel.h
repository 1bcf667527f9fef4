// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunProgress.h"

#include <QWidget>

class QGridLayout;
class QGroupBox;
class QLabel;
class QProgressBar;

namespace Labforge {

// Progress bars for the current run: one per stage, one per node. It only draws
// what RunProgress derived from the event stream; refresh() is cheap and is called
// by the window's batching timer (elapsed times tick while a run is active).
class RunProgressPanel : public QWidget
{
    Q_OBJECT
public:
    explicit RunProgressPanel(const RunProgress *progress, QWidget *parent = nullptr);

    // Recreates the rows after RunProgress::begin(); refresh() updates them.
    void rebuild();
    void refresh(const QDateTime &now = QDateTime::currentDateTimeUtc());

    // For tests and accessibility: the bar of a stage or a node.
    QProgressBar *stageBar(RunStage stage) const;
    QProgressBar *nodeBar(const QString &node) const;
    QString stageText(RunStage stage) const;
    QString nodeText(const QString &node) const;

    static QString stageTitle(RunStage stage);
    static QString nodeStateTitle(const QString &state);
    static QString elapsed(const QDateTime &from, const QDateTime &to);

private:
    struct Row
    {
        QString key;
        QLabel *title;
        QProgressBar *bar;
        QLabel *detail;
    };
    static const Row *rowOf(const QList<Row> &rows, const QString &key);
    Row makeRow(QGridLayout *grid, int row, const QString &key, const QString &title);
    static void showBar(QProgressBar *bar, double progress, bool running, bool failed);

    const RunProgress *m_progress;
    QGridLayout *m_stagesGrid;
    QGridLayout *m_nodesGrid;
    QLabel *m_idle;
    QGroupBox *m_stagesBox;
    QGroupBox *m_nodesBox;
    QList<Row> m_stageRows;
    QList<Row> m_nodeRows;
};

} // namespace Labforge
