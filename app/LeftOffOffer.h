// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeJoin.h"

#include <QObject>

class QMainWindow;
class QToolButton;

namespace Labforge {

class LabDocument;

// A node dropped before the lab could hold one of its features (a compute before the
// controller that starts the Kubernetes plan) is added without it, and the status bar says
// which and why. Once an edit completes what such a feature needs, a button in the status
// bar offers to turn on every feature left off that now lands valid, in one undo step, so
// that the order of the drops does not decide what the lab runs.
class LeftOffOffer : public QObject
{
    Q_OBJECT
public:
    LeftOffOffer(LabDocument *document, QMainWindow *window);

    // What could be turned on now.
    QList<NodeJoin::LeftOff> possible() const;
    // Turns `features` on (one undo step) and forgets them.
    void enable(const QList<NodeJoin::LeftOff> &features);
    QToolButton *button() const { return m_button; }

private:
    void refresh();
    static QString describe(const QList<NodeJoin::LeftOff> &features);

    LabDocument *m_document;
    QMainWindow *m_window;
    QToolButton *m_button;
};

} // namespace Labforge
