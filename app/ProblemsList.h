// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ProblemFix.h"

#include <QTreeWidget>

#include <optional>

namespace Labforge {

class LabDocument;

// The Problems panel: the validator's findings of the open lab, one row each (severity, rule,
// place, message), kept current with the document. A row with an obvious remedy offers it in
// its context menu, applied as one undo step.
class ProblemsList : public QTreeWidget
{
    Q_OBJECT
public:
    explicit ProblemsList(LabDocument *document, QWidget *parent = nullptr);

    // "Valid", or how many errors and warnings the lab has.
    QString summary() const;
    // The obvious remedy of the problem in row `row`, if it has one; fixProblem applies it as
    // one undo step (false when there is none).
    std::optional<ProblemFix::Fix> problemFix(int row) const;
    bool fixProblem(int row);

Q_SIGNALS:
    // The user asked to go to the place of the problem in row `row`.
    void problemActivated(int row);
    // The rows were rebuilt; summary() says what they hold.
    void refreshed();
    void message(const QString &text);

private:
    void refresh();
    void showMenu(const QPoint &at);

    LabDocument *m_document;
};

} // namespace Labforge
