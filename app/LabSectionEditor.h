// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QWidget>

class QLabel;

#include <functional>

namespace Labforge {

class LabDocument;

// Base of the editors the lab panel is made of (one per concern: networks, plan.kubernetes,
// scenarios, warnings, ...). An editor reads the document when it changes and commits each
// edit as one EditLabCommand named `what` (continuous edits merge as EditLabCommand says).
class LabSectionEditor : public QWidget
{
    Q_OBJECT
public:
    explicit LabSectionEditor(LabDocument *document, QWidget *parent = nullptr);
    // Shows and focuses the field a JSON pointer of the lab file names (from the Problems
    // dock) and returns it; null when the pointer is not this editor's.
    virtual QWidget *focusPointer(const QStringList &tokens);

protected:
    // Re-reads the lab into the fields; signals from fields are ignored meanwhile.
    virtual void refresh() = 0;
    // `what` the field or section edited ("Edit lab name" in the undo history); commitAs with
    // the history's label as it stands ("Add host").
    void commit(const QString &what, const std::function<void(Lab &)> &change);
    void commitAs(const QString &label, const std::function<void(Lab &)> &change);
    LabDocument *document() const { return m_document; }
    const Lab &lab() const;
    bool isRefreshing() const { return m_refreshing; }
    void setRefreshing(bool refreshing) { m_refreshing = refreshing; }
    // The line under the editor's table that says why an edit was refused (hidden while
    // empty), named `objectName`; made once, shown by showProblem.
    QLabel *problemLabel(const QString &objectName);
    void showProblem(const QString &problem);

private:
    LabDocument *m_document;
    QLabel *m_problem = nullptr;
    bool m_refreshing = false;
};

} // namespace Labforge
