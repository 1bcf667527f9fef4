// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"
#include "NodeJoin.h"
#include "Problem.h"
#include "ValidationContext.h"

#include <QHash>
#include <QObject>
#include <QUndoStack>

namespace Labforge {

// The open lab: the model plus its undo stack. Every change goes through an undo
// command that calls the mutators below; views listen to the signals and never
// change the model themselves (the nodeeditor / Qt undo-framework split).
class LabDocument : public QObject
{
    Q_OBJECT
public:
    explicit LabDocument(QObject *parent = nullptr);

    const Lab &lab() const { return m_lab; }
    QUndoStack *undoStack() { return &m_undo; }
    const Problems &problems() const { return m_problems; }
    void setValidationContext(const ValidationContext &context);
    const ValidationContext &validationContext() const { return m_context; }

    // Replaces the whole lab (open, new); clears undo history.
    void reset(const Lab &lab);

    // Mutators for undo commands only.
    void insertNode(int index, const Node &node);
    void removeNode(const QString &id);
    void replaceNode(const QString &id, const Node &node); // id may change
    void moveNode(const QString &id, QPointF position);
    void moveNodes(const QHash<QString, QPointF> &positions); // one change, however many nodes
    // Lab-wide edits (networks, plan, scenarios, warnings, a rename or readdress that reaches
    // every reference). `renamedNodes` (old id -> new id) lets views keep what they show of a
    // renamed node; views update only what differs (labReplaced), unlike reset().
    void replaceLab(const Lab &lab, const QHash<QString, QString> &renamedNodes = {});

    // Features nodes were added without (NodeJoin::LeftOff) since the lab was opened: what a
    // later edit that completes their prerequisites offers to turn on (app/LeftOffOffer).
    void recordLeftOff(const QList<NodeJoin::LeftOff> &leftOff);
    const QList<NodeJoin::LeftOff> &leftOff() const { return m_leftOff; }
    void forgetLeftOff(const QList<NodeJoin::LeftOff> &done);

    // Helpers for building commands.
    QString uniqueNodeId(const QString &base) const;
    QString freeIp(const QString &network) const;

Q_SIGNALS:
    void labReset(); // a different lab: views start over
    void labReplaced(const QHash<QString, QString> &renamedNodes); // the same lab, edited anywhere
    void nodeAdded(const QString &id);
    void nodeRemoved(const QString &id);
    void nodeChanged(const QString &oldId, const QString &newId);
    void nodesMoved(const QStringList &ids); // moveNodes(): positions only, all at once
    void labChanged(); // any change at all
    void problemsChanged();
    void leftOffRecorded(const QList<NodeJoin::LeftOff> &leftOff); // a node was added without these

private:
    void changed();
    void validate();

    Lab m_lab;
    QUndoStack m_undo;
    Problems m_problems;
    ValidationContext m_context;
    QList<NodeJoin::LeftOff> m_leftOff;
};

} // namespace Labforge
