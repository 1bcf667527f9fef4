// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Problem.h"

#include <QToolButton>

namespace Labforge {

class LabDocument;

// The status bar's count of the lab's problems ("3 errors, 1 warning", or "Valid"); a click
// asks for the first one (the first error, else the first warning). It also keeps the
// Problems dock's title counting.
class ProblemCount : public QToolButton
{
    Q_OBJECT
public:
    explicit ProblemCount(LabDocument *document, QWidget *parent = nullptr);

    // "3 errors, 1 warning", "1 error", "2 warnings"; "Valid" when there is nothing.
    static QString text(const QList<Problem> &problems);
    // The row of the first error, else of the first warning; -1 when there is none.
    static int firstRow(const QList<Problem> &problems);
    // Keeps `dock`'s title "Problems (3 errors, 1 warning)".
    void countInTitleOf(QWidget *dock);
    void refresh();

Q_SIGNALS:
    void firstProblemRequested(int row);

private:
    LabDocument *m_document;
    QWidget *m_dock = nullptr;
};

} // namespace Labforge
