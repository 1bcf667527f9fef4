// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeJoin.h"

#include <QObject>

class QMainWindow;
class QToolButton;
class QWidget;

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

    // What could be turned on now (LeftOffFeatures: what the Problems panel and Edit ▸ Turn On
    // Left-Off Features read too).
    QList<NodeJoin::LeftOff> possible() const;
    // Turn On, as the button and Edit ▸ Turn On Left-Off Features do it: asks, naming what is
    // turned on and what cannot be yet with what it lacks, then turns on (one undo step). The
    // status bar's message: what was turned on, or why nothing can be; empty when declined.
    static QString turnOn(LabDocument *document, QWidget *parent);
    // Turns `features` on (one undo step) and forgets them.
    void enable(const QList<NodeJoin::LeftOff> &features);
    QToolButton *button() const { return m_button; }

private:
    void refresh();
    static QString describe(const QList<NodeJoin::LeftOff> &features);
    // What the undo history calls turning `features` on: "Turn on feature F on a, b".
    static QString undoLabel(const QList<NodeJoin::LeftOff> &features);

    LabDocument *m_document;
    QMainWindow *m_window;
    QToolButton *m_button;
};

} // namespace Labforge
