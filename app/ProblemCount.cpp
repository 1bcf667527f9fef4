// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ProblemCount.h"

#include "LabDocument.h"

#include <algorithm>

namespace Labforge {

ProblemCount::ProblemCount(LabDocument *document, QWidget *parent)
    : QToolButton(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("problemCount"));
    setAutoRaise(true);
    connect(document, &LabDocument::problemsChanged, this, &ProblemCount::refresh);
    connect(this, &QToolButton::clicked, this, [this] {
        const int row = firstRow(m_document->problems());
        if (row >= 0)
            Q_EMIT firstProblemRequested(row);
    });
    refresh();
}

QString ProblemCount::text(const QList<Problem> &problems)
{
    const int errors =
        int(std::count_if(problems.begin(), problems.end(), [](const Problem &p) { return p.isError(); }));
    const int warnings = int(problems.size()) - errors;
    if (errors == 0 && warnings == 0)
        return tr("Valid");
    QStringList parts;
    if (errors > 0)
        parts.append(errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors));
    if (warnings > 0)
        parts.append(warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings));
    return parts.join(QStringLiteral(", "));
}

int ProblemCount::firstRow(const QList<Problem> &problems)
{
    const auto error = std::find_if(problems.begin(), problems.end(), [](const Problem &p) { return p.isError(); });
    if (error != problems.end())
        return int(error - problems.begin());
    return problems.isEmpty() ? -1 : 0;
}

void ProblemCount::countInTitleOf(QWidget *dock)
{
    m_dock = dock;
    refresh();
}

void ProblemCount::refresh()
{
    const QList<Problem> &problems = m_document->problems();
    setText(text(problems));
    setEnabled(!problems.isEmpty());
    setToolTip(problems.isEmpty() ? QString() : tr("Go to the first problem"));
    if (m_dock)
        m_dock->setWindowTitle(problems.isEmpty() ? tr("Problems") : tr("Problems (%1)").arg(text(problems)));
}

} // namespace Labforge
