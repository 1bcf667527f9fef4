// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer's node Properties and Problems panels under QT_QPA_PLATFORM=offscreen: every
// problem leads to its field, an IP collision is shown, fixed in one step and cleared; a node's
// id, addresses, users, services, service config and disks are edited in one undo step each,
// refused inline when they would not hold; the wheel changes only a focused field.
#include "Catalog.h"
#include "DesignerFixture.h"
#include "EditLabCommand.h"
#include "FieldMark.h"
#include "InterfaceItem.h"
#include "LabView.h"
#include "LabWriter.h"
#include "NetworkItem.h"
#include "NodeItem.h"
#include "NodePanel.h"
#include "NodeReferences.h"
#include "ProblemFix.h"
#include "Templates.h"

#include <QAccessible>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QWheelEvent>

using namespace Labforge;

class TestDesignerPanels : public DesignerFixture
{
    Q_OBJECT

private Q_SLOTS:
    // Every problem leads to its field, lab-level ones included, and the
    // field shows the message until the next edit.
    void problemsNavigateToTheirField()
    {
        const auto activate = [this](const QString &rule, const QString &pointer) {
            return activateProblem(rule, pointer);
        };
        // A scenario step naming a node that is not there: the step, its node field.
        Lab lab = doc()->lab();
        lab.scenarios[0].steps[1].node = QStringLiteral("nowhere");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(activate(QStringLiteral("scenario.node-unknown"), {}));
        QVERIFY(scene()->selectedNodeIds().isEmpty());
        QCOMPARE(m_window->findChild<QListWidget *>(QStringLiteral("steps"))->currentRow(), 1);
        QWidget *field = FieldMark::current();
        QCOMPARE(field, m_window->findChild<QComboBox *>(QStringLiteral("stepNode")));
        QVERIFY(field->toolTip().contains(QStringLiteral("nowhere")));
        QVERIFY(field->styleSheet().contains(QStringLiteral("#c62828")));
        doc()->undoStack()->undo(); // the next edit takes the mark away
        QVERIFY(!FieldMark::current());
        QVERIFY(!field->styleSheet().contains(QStringLiteral("#c62828")));

        // A network's CIDR: its cell in the networks table.
        lab = doc()->lab();
        lab.networks[0].cidr = QStringLiteral("10.103.0.0/33");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(m_window->problemsList()->topLevelItemCount() > 0);
        const QString rule = m_window->problemsList()->topLevelItem(0)->text(1);
        QVERIFY2(rule.startsWith(QStringLiteral("network.")), qPrintable(rule));
        QVERIFY(activate(rule, QStringLiteral("/networks/0/cidr")));
        auto *networks = m_window->findChild<QTableWidget *>(QStringLiteral("networks"));
        QCOMPARE(FieldMark::current(), networks);
        QCOMPARE(networks->currentRow(), 0);
        QCOMPARE(networks->currentColumn(), 1);
        doc()->undoStack()->undo();

        // plan.kubernetes: a worker that is not a node.
        lab = doc()->lab();
        lab.kubernetes->workers.append(QStringLiteral("ghost"));
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(activate(QStringLiteral("kubernetes.member-unknown"), {}));
        QCOMPARE(FieldMark::current(), m_window->findChild<QListWidget *>(QStringLiteral("k8sWorkers")));
        doc()->undoStack()->undo();

        // A node's problem: the node is selected and its field marked.
        scene()->clearSelection();
        Node changed = *doc()->lab().node(QStringLiteral("compute-2"));
        changed.recipe.minCpu = 0;
        lab = doc()->lab();
        *lab.node(QStringLiteral("compute-2")) = changed;
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(activate(m_window->problemsList()->topLevelItem(0)->text(1), {}));
        QCOMPARE(scene()->selectedNodeIds(), QStringList {QStringLiteral("compute-2")});
        QCOMPARE(FieldMark::current(), m_window->nodePanel()->findChild<QSpinBox *>(QStringLiteral("minCpu")));
        doc()->undoStack()->undo();
    }

    // A scenario step's stale text opens the step in the scenario editor on the field the
    // problem names, not the node the step runs on, and the Problems panel offers the fix of a
    // count a delete changed: {{count:…}}. The command box has a visible label, its
    // accessible name and mnemonic.
    void staleStepTextOpensTheStepWithAQuickFix()
    {
        const QString command = QStringLiteral("/scenarios/1/steps/0/assertion/params/command");
        const auto rowOf = [this, &command](const QString &rule) {
            const Problems &problems = doc()->problems();
            for (int i = 0; i < problems.size(); ++i) {
                if (problems.at(i).rule == rule && problems.at(i).pointer == command)
                    return i;
            }
            return -1;
        };
        // storage renamed nas from its Node id field, then an old command pasted into a step
        // that runs on compute-1.
        scene()->selectNode(QStringLiteral("storage"));
        auto *id = m_window->findChild<QLineEdit *>(QStringLiteral("nodeId"));
        id->setText(QStringLiteral("nas"));
        Q_EMIT id->editingFinished();
        Lab lab = doc()->lab();
        lab.scenarios[1].steps[0].assertion.command = QStringLiteral("mount | grep storage:/home");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(activateProblem(QStringLiteral("scenario.stale-node-name"), command));
        QVERIFY(scene()->selectedNodeIds().isEmpty());
        QCOMPARE(m_window->findChild<QListWidget *>(QStringLiteral("steps"))->currentRow(), 0);
        auto *box = m_window->findChild<QPlainTextEdit *>(QStringLiteral("stepCommand"));
        QCOMPARE(FieldMark::current(), box);
        QVERIFY(FieldMark::current()->toolTip().contains(QStringLiteral("storage")));
        // The rename is remembered with the id it became: its fix puts nas in, in one undo step.
        const int renamed = rowOf(QStringLiteral("scenario.stale-node-name"));
        const std::optional<ProblemFix::Fix> offered = m_window->problemFix(renamed);
        QVERIFY(offered);
        QCOMPARE(offered->label,
                 QStringLiteral("Replace storage with nas in step \"%1\"").arg(doc()->lab().scenarios[1].steps[0].id));
        const int steps = doc()->undoStack()->count();
        QVERIFY(m_window->fixProblem(renamed));
        QCOMPARE(doc()->lab().scenarios[1].steps[0].assertion.command, QStringLiteral("mount | grep nas:/home"));
        QCOMPARE(rowOf(QStringLiteral("scenario.stale-node-name")), -1);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().scenarios[1].steps[0].assertion.command, QStringLiteral("mount | grep storage:/home"));
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        // Deleted instead of renamed: no id to guess.
        lab = NodeReferences::withoutNodes(doc()->lab(), {QStringLiteral("storage")});
        lab.scenarios[1].steps[0].assertion.command = QStringLiteral("mount | grep storage:/home");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(rowOf(QStringLiteral("scenario.stale-node-name")) >= 0);
        QVERIFY(!m_window->problemFix(rowOf(QStringLiteral("scenario.stale-node-name"))));
        doc()->undoStack()->undo();

        // A count: compute-2 deleted, a step still runs srun on two nodes.
        lab = NodeReferences::withoutNodes(doc()->lab(), {QStringLiteral("compute-2")});
        lab.scenarios[1].steps[0].assertion.command = QStringLiteral("srun -N2 hostname");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(activateProblem(QStringLiteral("scenario.stale-count"), command));
        QCOMPARE(FieldMark::current(), box);
        const int row = rowOf(QStringLiteral("scenario.stale-count"));
        const std::optional<ProblemFix::Fix> fix = m_window->problemFix(row);
        QVERIFY(fix);
        QVERIFY(m_window->fixProblem(row));
        const QString fixed = doc()->lab().scenarios[1].steps[0].assertion.command;
        QVERIFY2(fixed.startsWith(QLatin1String("srun -N{{count:")) && fixed.endsWith(QLatin1String("}} hostname")),
                 qPrintable(fixed));
        QCOMPARE(rowOf(QStringLiteral("scenario.stale-count")), -1);
        QVERIFY(doc()->undoStack()->undoText().endsWith(fix->label));
        // A list that still holds the deleted node: the variable that follows the nodes.
        lab = doc()->lab();
        lab.scenarios[1].steps[0].assertion.command = QStringLiteral("sinfo -h -n compute-1,compute-2");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(m_window->fixProblem(rowOf(QStringLiteral("scenario.stale-node-list"))));
        QCOMPARE(doc()->lab().scenarios[1].steps[0].assertion.command,
                 QStringLiteral("sinfo -h -n {{nodes:role=compute}}"));
        QCOMPARE(rowOf(QStringLiteral("scenario.stale-node-list")), -1);

        // The command box's label: visible, its buddy, a mnemonic, the box's accessible name.
        auto *label = m_window->findChild<QLabel *>(QStringLiteral("stepCommandLabel"));
        QVERIFY(label && label->isVisibleTo(m_window.get()));
        QCOMPARE(label->buddy(), box);
        QVERIFY(label->text().contains(u'&'));
        QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(box);
        QVERIFY(accessible);
        QCOMPARE(accessible->text(QAccessible::Name), QStringLiteral("Command"));
    }

    // A feature the node's role cannot take is greyed and says why, as a tooltip and to a
    // screen reader; one it can take says what it is.
    void greyedFeaturesSayWhy()
    {
        scene()->selectNode(QStringLiteral("compute-1"));
        for (const char *name : {"helm", "terraform"}) {
            auto *box = m_window->nodePanel()->findChild<QCheckBox *>(QStringLiteral("feature-") + QLatin1String(name));
            QVERIFY(box);
            QVERIFY(!box->isEnabled());
            const QString roles = Catalog::feature(QLatin1String(name))->allowedRoles.join(QStringLiteral(", "));
            for (const QString &said : {box->toolTip(), box->accessibleDescription()}) {
                QVERIFY2(said.contains(QLatin1String("Not for a compute node")), qPrintable(said));
                QVERIFY2(said.contains(roles), qPrintable(said));
            }
        }
        auto *slinky = m_window->nodePanel()->findChild<QCheckBox *>(QStringLiteral("feature-slinky-slurm"));
        QVERIFY(slinky && slinky->isEnabled());
        QVERIFY(!slinky->toolTip().contains(QLatin1String("Not for")));
        QCOMPARE(slinky->accessibleDescription(), Catalog::feature(QStringLiteral("slinky-slurm"))->summary);
        // Another node, another answer: helm is for a login node.
        scene()->selectNode(QStringLiteral("login-ops"));
        auto *helm = m_window->nodePanel()->findChild<QCheckBox *>(QStringLiteral("feature-helm"));
        QVERIFY(helm->isEnabled());
        QVERIFY(!helm->accessibleDescription().contains(QLatin1String("Not for")));
    }

    // The quick fixes of a member without kubeadm-lab and of a feature that needs another turn
    // the feature on, as one undo step that Undo takes back.
    void missingFeaturesHaveUndoableQuickFixes()
    {
        const auto rowOf = [this](const QString &rule) {
            for (int i = 0; i < doc()->problems().size(); ++i) {
                if (doc()->problems().at(i).rule == rule)
                    return i;
            }
            return -1;
        };
        Lab lab = doc()->lab();
        lab.node(QStringLiteral("compute-2"))->recipe.features.removeAll(QStringLiteral("kubeadm-lab"));
        lab.node(QStringLiteral("observability"))->recipe.features.removeAll(QStringLiteral("kubeadm-lab"));
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        for (const QString &rule :
             {QStringLiteral("kubernetes.member-without-feature"), QStringLiteral("feature.requires")}) {
            const int row = rowOf(rule);
            QVERIFY2(row >= 0, qPrintable(rule));
            const QString node = doc()->problems().at(row).nodeId;
            const Lab broken = doc()->lab();
            const auto fix = ProblemFix::of(doc()->lab(), doc()->problems().at(row), doc()->validationContext());
            QVERIFY2(fix, qPrintable(rule));
            QVERIFY(m_window->fixProblem(row));
            QVERIFY(doc()->lab().node(node)->recipe.hasFeature(QStringLiteral("kubeadm-lab")));
            QCOMPARE(doc()->undoStack()->undoText(), fix->label);
            QVERIFY2(fix->label.contains(QLatin1String("kubeadm-lab")) && fix->label.contains(node),
                     qPrintable(fix->label));
            doc()->undoStack()->undo();
            QVERIFY(doc()->lab() == broken);
            doc()->undoStack()->redo();
        }
        QCOMPARE(rowOf(QStringLiteral("kubernetes.member-without-feature")), -1);
        QCOMPARE(rowOf(QStringLiteral("feature.requires")), -1);
        doc()->undoStack()->setClean();
    }

    void anIpCollisionShowsAndClears()
    {
        scene()->selectNode(QStringLiteral("compute-2"));
        typeAddress(0, QStringLiteral("10.103.0.21"));
        QCOMPARE(doc()->lab().node(QStringLiteral("compute-2"))->ip(), QStringLiteral("10.103.0.21"));
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-2"))->problems().size(), 1);
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-2"))->problems().first().rule,
                 QStringLiteral("node.ip-duplicate"));
        // Both parties of the conflict are badged.
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->problems().size(), 1);
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->problems().first().rule,
                 QStringLiteral("node.ip-duplicate"));
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 2);
        QCOMPARE(m_window->problemsList()->topLevelItem(0)->text(1), QStringLiteral("node.ip-duplicate"));
        // The Problems panel offers the obvious remedy: one undo step.
        const auto fix = m_window->problemFix(0);
        QVERIFY(fix);
        QVERIFY2(fix->label.contains(QStringLiteral("free address")), qPrintable(fix->label));
        QVERIFY(m_window->fixProblem(0));
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
        QVERIFY(doc()->undoStack()->undoText().endsWith(fix->label));
        doc()->undoStack()->undo();
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 2);
        typeAddress(0, QStringLiteral("10.103.0.22"));
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-2"))->problems().isEmpty());
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-1"))->problems().isEmpty());
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
        doc()->undoStack()->undo();
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 2);
    }

    void usersExpectationsAndWarningsAreEditable()
    {
        scene()->selectNode(QStringLiteral("storage"));
        auto *users = m_window->nodePanel()->findChild<QTableWidget *>(QStringLiteral("users"));
        QVERIFY(users);
        QCOMPARE(users->rowCount(), 1);
        users->item(0, 1)->setCheckState(Qt::Unchecked); // ops loses sudo
        QVERIFY(!doc()->lab().node(QStringLiteral("storage"))->recipe.users.first().sudo);
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab().node(QStringLiteral("storage"))->recipe.users.first().sudo);
        users->item(0, 2)->setCheckState(Qt::Unchecked); // no SSH user left: the validator says so
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->problems().first().rule,
                 QStringLiteral("user.ssh-missing"));
        doc()->undoStack()->undo();

        // The step editor sets one expectation kind at a time.
        scene()->clearSelection();
        auto *kind = m_window->findChild<QComboBox *>(QStringLiteral("stepExpectKind"));
        QVERIFY(kind);
        Lab lab = doc()->lab();
        ScenarioStep &first = lab.scenarios[0].steps[0];
        QVERIFY(first.assertion.expect.equals);
        QCOMPARE(kind->currentText(), QStringLiteral("equals"));
        auto *value = m_window->findChild<QLineEdit *>(QStringLiteral("stepExpect"));
        QVERIFY(value);
        // The gate as the built-in lab writes it: counting with a topology variable.
        const QString Gate = QStringLiteral("ready={{count:feature=kubeadm-lab}} total={{count:feature=kubeadm-lab}}");
        QCOMPARE(value->text(), Gate);
        value->setText(QStringLiteral("ready=5"));
        Q_EMIT value->editingFinished();
        QCOMPARE(*doc()->lab().scenarios[0].steps[0].assertion.expect.equals, QStringLiteral("ready=5"));
        doc()->undoStack()->undo();
        QCOMPARE(*doc()->lab().scenarios[0].steps[0].assertion.expect.equals, Gate);
        // Another kind takes the value over: the step expects it that way alone, in one undo step.
        const int steps = doc()->undoStack()->index();
        kind->setCurrentText(QStringLiteral("contains"));
        const Expectation contains = doc()->lab().scenarios[0].steps[0].assertion.expect;
        QCOMPARE(contains.contains, std::optional<QString>(Gate));
        QVERIFY(!contains.equals);
        QCOMPARE(doc()->undoStack()->index(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(kind->currentText(), QStringLiteral("equals"));
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    void addServiceRebuildsTheSharedConfig()
    {
        const Lab before = doc()->lab();
        scene()->selectNode(QStringLiteral("compute-2"));
        QPushButton *remove = nullptr;
        QPushButton *add = m_window->nodePanel()->findChild<QPushButton *>(QStringLiteral("addService"));
        for (QPushButton *b : m_window->nodePanel()->findChildren<QPushButton *>()) {
            if (b->text() == QLatin1String("Remove service"))
                remove = b;
        }
        QVERIFY(add && remove);
        remove->click();
        QVERIFY(doc()->lab().node(QStringLiteral("compute-2"))->recipe.services.isEmpty());
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 1); // service.missing
        add->click();
        QVERIFY2(doc()->lab() == before,
                 "the re-added service carries the members' shared config with this node's role");
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
    }

    // Another node's id typed into Node id (two items, one id) is refused beside the field,
    // and nothing changes.
    void aDuplicateOrInvalidNodeIdIsRefusedInline()
    {
        scene()->selectNode(QStringLiteral("compute-2"));
        auto *id = m_window->findChild<QLineEdit *>(QStringLiteral("nodeId"));
        auto *problem = m_window->findChild<QLabel *>(QStringLiteral("nodeIdProblem"));
        QVERIFY(id && problem);
        const QByteArray before = LabWriter::toBytes(doc()->lab());
        for (const QString &typed : {QStringLiteral("compute-1"), QStringLiteral("Compute_3"), QString()}) {
            id->setText(typed);
            Q_EMIT id->editingFinished();
            QCOMPARE(LabWriter::toBytes(doc()->lab()), before);
            QVERIFY2(!problem->isHidden() && !problem->text().isEmpty(), qPrintable(typed));
            QCOMPARE(scene()->nodeItem(QStringLiteral("compute-2"))->nodeId(), QStringLiteral("compute-2"));
            QVERIFY(canvasPainted()); // a paint with both items still there
        }
        QVERIFY(problem->text().contains(QStringLiteral("host name")));
        id->setText(QStringLiteral("compute-3"));
        Q_EMIT id->editingFinished();
        QVERIFY(problem->isHidden());
        QVERIFY(doc()->lab().node(QStringLiteral("compute-3")));
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-3")));
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), before);
    }

    // A rename from the Node id field takes every reference with it (links, the plan, the
    // service configs, the scenario steps) in one undo step; the lab stays valid, and the
    // node keeps its item (and its badges).
    void renamingANodeTakesEveryReferenceInOneUndoStep()
    {
        scene()->selectNode(QStringLiteral("compute-1"));
        NodeItem *item = scene()->nodeItem(QStringLiteral("compute-1"));
        scene()->setTally(QStringLiteral("compute-1"), 3, 0);
        auto *id = m_window->findChild<QLineEdit *>(QStringLiteral("nodeId"));
        QVERIFY(id);
        const int steps = doc()->undoStack()->count();
        id->setText(QStringLiteral("cn-1"));
        Q_EMIT id->editingFinished();
        const Lab &lab = doc()->lab();
        QVERIFY(!lab.node(QStringLiteral("compute-1")));
        QVERIFY(lab.kubernetes->workers.contains(QStringLiteral("cn-1")));
        int configs = 0, onStep = 0;
        for (const Node &n : lab.nodes) {
            for (const Service &s : n.recipe.services)
                configs += s.config.value(QStringLiteral("compute_node_ids"))
                               .toArray()
                               .contains(QJsonValue(QStringLiteral("cn-1")));
        }
        for (const Scenario &sc : lab.scenarios) {
            for (const ScenarioStep &st : sc.steps)
                onStep += st.node == QLatin1String("cn-1") ? 1 : 0;
        }
        QCOMPARE(configs, 5);
        QCOMPARE(onStep, 2);
        QCOMPARE(doc()->problems().size(), 0);
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        QVERIFY(scene()->nodeItem(QStringLiteral("cn-1")) == item); // the same item, not a new one
        QVERIFY(item->isSelected());
        QCOMPARE(item->passed(), 3);
        QCOMPARE(m_window->nodePanel()->nodeId(), QStringLiteral("cn-1"));
        QCOMPARE(scene()->interfaceItems().size(), 6);
        QCOMPARE(scene()->interfaceItem(QStringLiteral("cn-1"), 0)->nodeItem(), item);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-1")) == item);
        QCOMPARE(m_window->nodePanel()->nodeId(), QStringLiteral("compute-1"));
        QCOMPARE(id->text(), QStringLiteral("compute-1"));
        doc()->undoStack()->redo();
        QVERIFY(doc()->lab().node(QStringLiteral("cn-1")));
    }

    // Readdressing the storage node moves nfs_server in every service config that names its
    // address, in one undo step.
    void readdressingStorageMovesNfsServerInOneUndoStep()
    {
        scene()->selectNode(QStringLiteral("storage"));
        const int steps = doc()->undoStack()->count();
        typeAddress(0, QStringLiteral("10.103.0.44"));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->ip(), QStringLiteral("10.103.0.44"));
        int following = 0;
        for (const Node &n : doc()->lab().nodes) {
            for (const Service &s : n.recipe.services) {
                if (s.config.contains(QStringLiteral("nfs_server"))) {
                    QCOMPARE(s.config.value(QStringLiteral("nfs_server")).toString(), QStringLiteral("10.103.0.44"));
                    ++following;
                }
            }
        }
        QCOMPARE(following, 5);
        QCOMPARE(doc()->problems().size(), 0);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    void theWheelChangesOnlyAFocusedField()
    {
        scene()->clearSelection();
        auto *ttl = m_window->findChild<QSpinBox *>(QStringLiteral("tokenTtl"));
        QVERIFY(ttl);
        ttl->window()->activateWindow();
        m_window->view()->setFocus();
        const int before = ttl->value();
        const int undoBefore = doc()->undoStack()->count();
        auto wheel = [&](QWidget *target) {
            const QPoint at = target->rect().center();
            QWheelEvent e(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(target, &e);
        };
        wheel(ttl);
        QCOMPARE(ttl->value(), before);
        QCOMPARE(doc()->undoStack()->count(), undoBefore);
        QVERIFY(!ttl->hasFocus());
        ttl->setFocus();
        QVERIFY(ttl->hasFocus());
        wheel(ttl);
        QVERIFY(ttl->value() != before); // focused: the wheel is for the field
        doc()->undoStack()->undo();
        QCOMPARE(ttl->value(), before);
    }

    // Inputs never change what was typed.
    // A disk's size is a spin box: letters cannot go in, so "twenty" never becomes 0.
    void diskSizeIsASpinBoxThatRefusesLetters()
    {
        QTableWidget *disks = disksOf(QStringLiteral("storage"));
        QVERIFY(disks);
        QCOMPARE(disks->rowCount(), 1);
        auto *size = qobject_cast<QSpinBox *>(disks->cellWidget(0, 1));
        QVERIFY(size);
        const int before = doc()->lab().node(QStringLiteral("storage"))->disks.first().sizeGb;
        QCOMPARE(size->value(), before);
        const int steps = doc()->undoStack()->count();
        size->window()->activateWindow();
        size->setFocus();
        size->selectAll();
        QTest::keyClicks(size, QStringLiteral("twenty"));
        QTest::keyClick(size, Qt::Key_Return);
        QCOMPARE(size->value(), before);
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->disks.first().sizeGb, before);
        QCOMPARE(doc()->undoStack()->count(), steps);
        // Digits are one edit, committed with Return.
        size->selectAll();
        QTest::keyClicks(size, QStringLiteral("25"));
        QTest::keyClick(size, Qt::Key_Return);
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->disks.first().sizeGb, 25);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        QCOMPARE(qobject_cast<QSpinBox *>(disks->cellWidget(0, 1))->value(), before);
    }

    // A disk's bus is a combo of the catalog's buses, not free text.
    void diskBusIsAComboOfTheCatalogsBuses()
    {
        QTableWidget *disks = disksOf(QStringLiteral("storage"));
        QVERIFY(disks);
        auto *bus = qobject_cast<QComboBox *>(disks->cellWidget(0, 2));
        QVERIFY(bus);
        QVERIFY(!bus->isEditable());
        QStringList offered;
        for (int i = 0; i < bus->count(); ++i)
            offered.append(bus->itemText(i));
        QCOMPARE(offered, Catalog::diskBuses());
        QCOMPARE(bus->currentText(), doc()->lab().node(QStringLiteral("storage"))->disks.first().bus);
        const int steps = doc()->undoStack()->count();
        bus->setCurrentText(QStringLiteral("scsi"));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->disks.first().bus, QStringLiteral("scsi"));
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        QCOMPARE(qobject_cast<QComboBox *>(disks->cellWidget(0, 2))->currentText(), QStringLiteral("virtio"));
    }

    // A service config with a key twice is not committed (one value would be dropped
    // without a word): the reason is shown beside it.
    void aServiceConfigWithAKeyTwiceIsNotCommitted()
    {
        scene()->selectNode(QStringLiteral("storage"));
        m_window->nodePanel()->showNode(QStringLiteral("storage"));
        auto *config = m_window->nodePanel()->findChild<QPlainTextEdit *>(QStringLiteral("serviceConfig"));
        auto *error = m_window->nodePanel()->findChild<QLabel *>(QStringLiteral("serviceConfigError"));
        QVERIFY(config && error);
        const QString original = config->toPlainText();
        QVERIFY(!original.isEmpty());
        const int steps = doc()->undoStack()->count();
        config->setPlainText(QStringLiteral("{\n  \"export\": \"/a\",\n  \"export\": \"/b\"\n}"));
        QCOMPARE(doc()->undoStack()->count(), steps);
        QVERIFY2(error->text().contains(QStringLiteral("\"export\" appears twice")), qPrintable(error->text()));
        QVERIFY2(error->text().contains(QStringLiteral("line 3")), qPrintable(error->text()));
        // A syntax error is placed by line and column, as an editor counts them.
        config->setPlainText(QStringLiteral("{\n  \"export\": \"/a\",\n  \"mode\" \"x\"\n}"));
        QCOMPARE(doc()->undoStack()->count(), steps);
        QVERIFY2(error->text().contains(QStringLiteral("line 3, column")), qPrintable(error->text()));
        // Another node shown and this one again: the draft is still there, with its error.
        const QString draft = config->toPlainText();
        scene()->selectNode(QStringLiteral("controller"));
        m_window->nodePanel()->showNode(QStringLiteral("controller"));
        QVERIFY(config->toPlainText() != draft);
        scene()->selectNode(QStringLiteral("storage"));
        m_window->nodePanel()->showNode(QStringLiteral("storage"));
        QCOMPARE(config->toPlainText(), draft);
        QVERIFY2(error->text().contains(QStringLiteral("line 3, column")), qPrintable(error->text()));
        config->setPlainText(original);
        QVERIFY(error->text().isEmpty());
        while (doc()->undoStack()->count() > steps)
            doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // The wheel guard covers the editors inside the disks table too.
    void theWheelChangesOnlyAFocusedDiskField()
    {
        QTableWidget *disks = disksOf(QStringLiteral("storage"));
        QVERIFY(disks);
        auto *size = qobject_cast<QSpinBox *>(disks->cellWidget(0, 1));
        auto *bus = qobject_cast<QComboBox *>(disks->cellWidget(0, 2));
        QVERIFY(size && bus);
        size->window()->activateWindow();
        m_window->view()->setFocus();
        const int steps = doc()->undoStack()->count();
        for (QWidget *target : {static_cast<QWidget *>(size), static_cast<QWidget *>(bus)}) {
            const QPoint at = target->rect().center();
            QWheelEvent e(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(target, &e);
        }
        QCOMPARE(doc()->undoStack()->count(), steps);
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        size->setFocus();
        const QPoint at = size->rect().center();
        QWheelEvent e(at, size->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(size, &e);
        QCOMPARE(doc()->undoStack()->count(), steps + 1); // focused: the wheel is for the field
        doc()->undoStack()->undo();
    }
};

QTEST_MAIN(TestDesignerPanels)
#include "tst_designer_panels.moc"
