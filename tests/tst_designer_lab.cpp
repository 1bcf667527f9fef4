// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer's lab-wide Properties under QT_QPA_PLATFORM=offscreen (nothing selected): the
// lab's name, the networks table (default route, addresses and names refused inline), the
// Kubernetes plan (its section, workers, CNI), the scenario and step editor; each field's edit
// is an undo step of its own.
#include "DesignerFixture.h"
#include "EditLabCommand.h"
#include "LabView.h"
#include "LabWriter.h"
#include "LeftOffFeatures.h"
#include "LeftOffOffer.h"
#include "MenuAction.h"
#include "NetworkEdits.h"
#include "ReviewPanel.h"
#include "Templates.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

using namespace Labforge;

class TestDesignerLab : public DesignerFixture
{
    Q_OBJECT

private Q_SLOTS:
    // Compute then controller dropped on a blank lab: the Problems panel, the status bar's
    // button and Edit ▸ Turn On Left-Off Features give one answer. A warning says "Turn On
    // adds it" only for what Turn On adds; the others name what the lab lacks first. Both
    // ways to turn on ask the same question.
    void leftOffFeaturesHaveOneAnswer()
    {
        doc()->reset(Templates::blank());
        scene()->addNodeOfRole(QStringLiteral("compute"), {100, 300});
        scene()->addNodeOfRole(QStringLiteral("controller"), {400, 100});
        const auto warnings = [this](const char *saying) {
            QStringList out;
            for (const Problem &p : doc()->problems())
                if (p.rule == u"feature.left-off" && p.message.contains(QLatin1String(saying)))
                    out.append(p.nodeId + u' ' + p.message);
            return out;
        };
        const LeftOffFeatures features(doc()->lab(), doc()->validationContext());
        QVERIFY(!features.addable().isEmpty());
        QVERIFY(features.addable().size() < features.all().size());
        auto *offer = m_window->findChild<LeftOffOffer *>();
        QCOMPARE(offer->possible().size(), features.addable().size());
        QVERIFY(offer->button()->text().contains(QString::number(features.addable().size())));
        const QStringList adds = warnings("Turn On adds it");
        const QStringList lacks = warnings("Turn On cannot add it yet: ");
        for (const QString &w : adds) {
            QVERIFY2(std::any_of(features.addable().cbegin(), features.addable().cend(),
                                 [&](const NodeJoin::LeftOff &l) {
                                     return w.startsWith(l.node + u' ') && w.contains(l.feature);
                                 }),
                     qPrintable(w));
        }
        QVERIFY2(!lacks.isEmpty(), qPrintable(warnings("").join(u'\n')));
        // Edit ▸ Turn On asks as the button does, then turns on what it named.
        QString asked;
        QTimer::singleShot(200, [&asked] {
            for (QWidget *w : QApplication::topLevelWidgets()) {
                if (auto *box = qobject_cast<QMessageBox *>(w); box && box->isVisible()) {
                    asked = box->text();
                    box->button(QMessageBox::Yes)->click();
                }
            }
        });
        menuAction(m_window.get(), "&Turn On Left-Off Features")->trigger();
        QVERIFY2(asked.contains(features.describe(features.addable())), qPrintable(asked));
        QVERIFY(warnings("Turn On adds it").isEmpty());
        QCOMPARE(warnings("Turn On cannot add it yet: ").size(), warnings("").size());
        QVERIFY(offer->button()->isHidden());
        // Nothing more to add: Edit ▸ Turn On says why without asking.
        menuAction(m_window.get(), "&Turn On Left-Off Features")->trigger();
        const QString said = m_window->statusBar()->currentMessage();
        QVERIFY2(said.contains(QLatin1String("not yet")), qPrintable(said));
        doc()->undoStack()->setClean();
    }

    // Long texts filled into a field show their start, not their end: the lab's description,
    // a step's description and expectation, a node's packages.
    void longFieldsShowTheirStart()
    {
        scene()->clearSelection();
        auto *description = m_window->findChild<QLineEdit *>(QStringLiteral("labDescription"));
        QVERIFY(description);
        QVERIFY(description->text().size() > 60);
        QCOMPARE(description->cursorPosition(), 0);
        QLineEdit *stepDescription = nullptr;
        for (QLabel *l : m_window->findChildren<QLabel *>()) {
            if (l->text() == QLatin1String("Step description"))
                stepDescription = qobject_cast<QLineEdit *>(l->buddy());
        }
        QVERIFY(stepDescription);
        auto *steps = m_window->findChild<QListWidget *>(QStringLiteral("steps"));
        for (int row = 0; row < steps->count(); ++row) {
            steps->setCurrentRow(row);
            QVERIFY(!stepDescription->text().isEmpty());
            QCOMPARE(stepDescription->cursorPosition(), 0);
            QCOMPARE(m_window->findChild<QLineEdit *>(QStringLiteral("stepExpect"))->cursorPosition(), 0);
        }
        scene()->selectNode(QStringLiteral("compute-1"));
        Node packed = *doc()->lab().node(QStringLiteral("compute-1"));
        packed.recipe.packages = QStringList(8, QStringLiteral("fio"));
        for (int i = 0; i < packed.recipe.packages.size(); ++i)
            packed.recipe.packages[i] += QString::number(i);
        Lab lab = doc()->lab();
        *lab.node(QStringLiteral("compute-1")) = packed;
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        auto *packages = m_window->findChild<QLineEdit *>(QStringLiteral("packages"));
        QVERIFY(packages && packages->text().startsWith(QLatin1String("fio0 ")));
        QCOMPARE(packages->cursorPosition(), 0);
        doc()->undoStack()->setClean();
    }

    // A value that looks like a template placeholder, typed into fields the Review panel
    // renders into templates (lab name, pod subnet), stays text: no abort, nothing lost.
    void placeholderLikeValuesAreText()
    {
        scene()->clearSelection();
        auto *name = m_window->findChild<QLineEdit *>(QStringLiteral("labName"));
        auto *pod = m_window->findChild<QLineEdit *>(QStringLiteral("podCidr"));
        QVERIFY(name && pod);
        name->setText(QStringLiteral("hpc@X@lab"));
        Q_EMIT name->editingFinished();
        pod->setText(QStringLiteral("10.244.0.0/16@SERVICE_CIDR@"));
        Q_EMIT pod->editingFinished();
        QCOMPARE(doc()->lab().name, QStringLiteral("hpc@X@lab"));
        scene()->selectNode(QStringLiteral("controller"));
        QTreeWidget *tree = m_window->reviewPanel()->tree();
        QTreeWidgetItem *config = nullptr;
        const auto findConfig = [&] {
            for (QTreeWidgetItemIterator it(tree); *it; ++it) {
                if ((*it)->text(0) == QLatin1String("kubeadm-controller.yaml"))
                    config = *it;
            }
            return config != nullptr;
        };
        QTRY_VERIFY(findConfig()); // the Review lists the selected node's files
        tree->setCurrentItem(config);
        QVERIFY2(m_window->reviewPanel()->currentText().contains(QStringLiteral("10.244.0.0/16@SERVICE_CIDR@")),
                 qPrintable(m_window->reviewPanel()->currentText()));
        QVERIFY(std::any_of(doc()->problems().begin(), doc()->problems().end(),
                            [](const Problem &p) { return p.rule == QLatin1String("lab.name-invalid"); }));
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    void scenarioAndNetworkFieldsAreEditable()
    {
        scene()->clearSelection();
        auto *name = m_window->findChild<QLineEdit *>(QStringLiteral("scenarioName"));
        auto *stepId = m_window->findChild<QLineEdit *>(QStringLiteral("stepId"));
        QVERIFY(name && stepId);
        QCOMPARE(name->text(), QStringLiteral("real-hpc-acceptance"));
        QCOMPARE(stepId->text(), QStringLiteral("1a-nodes-ready"));
        stepId->setText(QStringLiteral("1a-ready"));
        Q_EMIT stepId->editingFinished();
        QCOMPARE(doc()->lab().scenarios[0].steps[0].id, QStringLiteral("1a-ready"));
        name->setText(QStringLiteral("acceptance"));
        Q_EMIT name->editingFinished();
        QCOMPARE(doc()->lab().scenarios[0].name, QStringLiteral("acceptance"));
        auto *networks = m_window->findChildren<QTableWidget *>().constFirst();
        for (QTableWidget *t : m_window->findChildren<QTableWidget *>()) {
            if (t->columnCount() == 5)
                networks = t;
        }
        QCOMPARE(networks->item(0, 4)->text(), QStringLiteral("1.1.1.1, 8.8.8.8"));
        networks->item(0, 4)->setText(QStringLiteral("9.9.9.9"));
        QCOMPARE(doc()->lab().networks[0].dnsServers, QStringList {QStringLiteral("9.9.9.9")});
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // The step editor offers every assertion type and every integer comparison the format
    // knows; a step that acts on the lab (power_cycle) has no command or expectation to edit.
    void stepEditorOffersEveryTypeAndComparison()
    {
        scene()->clearSelection();
        auto *type = m_window->findChild<QComboBox *>(QStringLiteral("stepType"));
        auto *kind = m_window->findChild<QComboBox *>(QStringLiteral("stepExpectKind"));
        auto *command = m_window->findChild<QPlainTextEdit *>(QStringLiteral("stepCommand"));
        QVERIFY(type && kind && command);
        QStringList types, kinds;
        for (int i = 0; i < type->count(); ++i)
            types.append(type->itemText(i));
        for (int i = 0; i < kind->count(); ++i)
            kinds.append(kind->itemText(i));
        QCOMPARE(types, Assertion::typeNames());
        for (const QString &op : Expectation::integerOperators())
            QVERIFY2(kinds.contains(QStringLiteral("integer ") + op), qPrintable(op));
        QVERIFY(command->isEnabled());
        type->setCurrentText(QStringLiteral("power_cycle"));
        QCOMPARE(doc()->lab().scenarios[0].steps[0].assertion.type, Assertion::Type::PowerCycle);
        QVERIFY(!command->isEnabled());
        QVERIFY(!kind->isEnabled());
        doc()->undoStack()->undo();
        QVERIFY(command->isEnabled());
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // Edits with one label ("Kubernetes plan", "scenario step") merged into one undo step
    // even when they changed different fields; only continuous edits of one field merge.
    void differentLabFieldsAreSeparateUndoSteps()
    {
        scene()->clearSelection();
        auto *version = m_window->findChild<QLineEdit *>(QStringLiteral("k8sVersion"));
        auto *pod = m_window->findChild<QLineEdit *>(QStringLiteral("podCidr"));
        auto *stepId = m_window->findChild<QLineEdit *>(QStringLiteral("stepId"));
        auto *expect = m_window->findChild<QLineEdit *>(QStringLiteral("stepExpect"));
        auto *command = m_window->findChild<QPlainTextEdit *>(QStringLiteral("stepCommand"));
        QVERIFY(version && pod && stepId && expect && command);
        const int steps = doc()->undoStack()->count();
        version->setText(QStringLiteral("v1.36.4"));
        Q_EMIT version->editingFinished();
        pod->setText(QStringLiteral("10.245.0.0/16"));
        Q_EMIT pod->editingFinished();
        QCOMPARE(doc()->undoStack()->count(), steps + 2);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().kubernetes->podCidr, QStringLiteral("10.244.0.0/16"));
        QCOMPARE(doc()->lab().kubernetes->version, QStringLiteral("v1.36.4"));
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));

        // Keystrokes in one step's command are one step; the step's id after them is another.
        QListWidget *stepList = nullptr;
        for (QListWidget *l : m_window->findChildren<QListWidget *>()) {
            if (l->count() && l->item(0)->text() == QLatin1String("1a-nodes-ready @ controller"))
                stepList = l;
        }
        QVERIFY(stepList);
        stepList->setCurrentRow(2);
        command->window()->activateWindow();
        command->setFocus();
        QVERIFY(command->hasFocus());
        command->moveCursor(QTextCursor::End);
        QTest::keyClicks(command, QStringLiteral("true"));
        QTest::keyClick(command, Qt::Key_Return);
        const QString typed = doc()->lab().scenarios[0].steps[2].assertion.command;
        QVERIFY2(typed.endsWith(QStringLiteral("true\n")), qPrintable(typed));
        QCOMPARE(stepList->currentRow(), 2); // the editor stays on the step typed into
        QCOMPARE(doc()->lab().scenarios[0].steps[0],
                 Templates::load(QStringLiteral("slurm-hpc")).lab->scenarios[0].steps[0]);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        m_window->view()->setFocus();
        stepId->setText(QStringLiteral("1a-ready"));
        Q_EMIT stepId->editingFinished();
        QCOMPARE(doc()->undoStack()->count(), steps + 2);
        expect->setText(QStringLiteral("ready=5"));
        Q_EMIT expect->editingFinished();
        QCOMPARE(doc()->undoStack()->count(), steps + 3);
        // Typing in another step's command is another step.
        stepList->setCurrentRow(3);
        command->setFocus();
        QTest::keyClicks(command, QStringLiteral("#"));
        QCOMPARE(doc()->undoStack()->count(), steps + 4);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().scenarios[0].steps[2].assertion.command, typed);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().scenarios[0].steps[2].assertion.command, typed);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // A network's default route is a checkbox, bound both ways (lab to box, box to lab).
    void defaultRouteIsACheckboxBoundBothWays()
    {
        scene()->clearSelection();
        auto *networks = m_window->findChild<QTableWidget *>(QStringLiteral("networks"));
        QVERIFY(networks);
        QTableWidgetItem *route = networks->item(0, 3);
        QVERIFY(route->flags() & Qt::ItemIsUserCheckable);
        QVERIFY(doc()->lab().networks[0].isDefaultRoute);
        QCOMPARE(route->checkState(), Qt::Checked);
        const int steps = doc()->undoStack()->count();
        route->setCheckState(Qt::Unchecked);
        QVERIFY(!doc()->lab().networks[0].isDefaultRoute);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo(); // the lab changes: the box follows
        QVERIFY(doc()->lab().networks[0].isDefaultRoute);
        QCOMPARE(networks->item(0, 3)->checkState(), Qt::Checked);
        Lab lab = doc()->lab();
        lab.networks[0].isDefaultRoute = false;
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("networks")));
        QCOMPARE(networks->item(0, 3)->checkState(), Qt::Unchecked);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // A CIDR or gateway that does not parse is refused with the reason beside the table.
    void networkAddressesThatDoNotParseAreRefusedInline()
    {
        scene()->clearSelection();
        auto *networks = m_window->findChild<QTableWidget *>(QStringLiteral("networks"));
        auto *problem = m_window->findChild<QLabel *>(QStringLiteral("networksProblem"));
        QVERIFY(networks && problem);
        const QString cidr = doc()->lab().networks[0].cidr, gateway = doc()->lab().networks[0].gateway;
        const int steps = doc()->undoStack()->count();
        networks->item(0, 1)->setText(QStringLiteral("ten.103.0.0/24"));
        QCOMPARE(doc()->lab().networks[0].cidr, cidr);
        QCOMPARE(networks->item(0, 1)->text(), cidr);
        QVERIFY(!problem->isHidden());
        QVERIFY2(problem->text().contains(QStringLiteral("ten.103.0.0/24")), qPrintable(problem->text()));
        networks->item(0, 2)->setText(QStringLiteral("yes"));
        QCOMPARE(doc()->lab().networks[0].gateway, gateway);
        QCOMPARE(networks->item(0, 2)->text(), gateway);
        QCOMPARE(doc()->undoStack()->count(), steps);
        networks->item(0, 2)->setText(QStringLiteral("10.103.0.254"));
        QCOMPARE(doc()->lab().networks[0].gateway, QStringLiteral("10.103.0.254"));
        QVERIFY(problem->isHidden());
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // A network's name is refused inline when another network has it (the two would merge:
    // renaming one back took every node's interface with it) or it is not a valid name; a
    // rename that is taken moves the network's interfaces with it, in one undo step.
    void aNetworkRenameToATakenNameIsRefusedInline()
    {
        scene()->clearSelection();
        auto *networks = m_window->findChild<QTableWidget *>(QStringLiteral("networks"));
        auto *problem = m_window->findChild<QLabel *>(QStringLiteral("networksProblem"));
        QVERIFY(networks && problem);
        QString name, why;
        Lab lab = NetworkEdits::withNewNetwork(doc()->lab(), QPointF(0, 600), &name);
        lab = NetworkEdits::attached(lab, QStringLiteral("storage"), name, &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        const Lab before = doc()->lab();
        const int steps = doc()->undoStack()->count();
        QCOMPARE(networks->rowCount(), 2);
        const QString first = before.networks[0].name;
        for (const QString &refused : {first, QStringLiteral("Not A Name"), QString()}) {
            networks->item(1, 0)->setText(refused);
            QCOMPARE(LabWriter::toBytes(doc()->lab()), LabWriter::toBytes(before));
            QCOMPARE(networks->item(1, 0)->text(), name);
            QVERIFY(!problem->isHidden());
            QVERIFY2(problem->text().endsWith(QStringLiteral("the name is unchanged.")), qPrintable(problem->text()));
            QCOMPARE(doc()->undoStack()->count(), steps);
        }
        QVERIFY2(problem->text().contains(QStringLiteral("network name")), qPrintable(problem->text()));
        networks->item(1, 0)->setText(QStringLiteral("storage-net"));
        QVERIFY(problem->isHidden());
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        QCOMPARE(doc()->lab().networks[1].name, QStringLiteral("storage-net"));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->interfaces.last().network,
                 QStringLiteral("storage-net"));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->interfaces.first().network, first);
        QCOMPARE(doc()->lab().node(QStringLiteral("controller"))->interfaces.first().network, first);
        doc()->undoStack()->undo();
        // A lab that already names two networks alike (a file with that error): renaming the
        // second renames only it, and the interfaces stay on the name the first keeps.
        Lab twins = doc()->lab();
        twins.networks[1].name = first;
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), twins, QStringLiteral("test")));
        networks->item(1, 0)->setText(QStringLiteral("storage-net"));
        QCOMPARE(doc()->lab().networks[0].name, first);
        QCOMPARE(doc()->lab().networks[1].name, QStringLiteral("storage-net"));
        QVERIFY(doc()->lab().nodes == twins.nodes);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // The Kubernetes section is there only when the lab has plan.kubernetes; adding and
    // removing the plan are one undo step each.
    void kubernetesSectionOnlyWhenTheLabHasAPlan()
    {
        scene()->clearSelection();
        auto *plan = m_window->findChild<QWidget *>(QStringLiteral("kubernetesPlan"));
        auto *add = m_window->findChild<QPushButton *>(QStringLiteral("addKubernetesPlan"));
        auto *remove = m_window->findChild<QPushButton *>(QStringLiteral("removeKubernetesPlan"));
        QVERIFY(plan && add && remove);
        QVERIFY(doc()->lab().kubernetes);
        QVERIFY(!plan->isHidden());
        QVERIFY(add->isHidden());

        m_window->openTemplate(QStringLiteral("slurm-native"));
        QVERIFY(!doc()->lab().kubernetes);
        QVERIFY(plan->isHidden());
        QVERIFY(!add->isHidden());
        const Lab native = doc()->lab();
        const int steps = doc()->undoStack()->count();
        add->click();
        QVERIFY(doc()->lab().kubernetes);
        QCOMPARE(*doc()->lab().kubernetes, KubernetesIntent {});
        QVERIFY(!plan->isHidden());
        QVERIFY(add->isHidden());
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        remove->click();
        QVERIFY(!doc()->lab().kubernetes);
        QVERIFY(plan->isHidden());
        QCOMPARE(doc()->undoStack()->count(), steps + 2);
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab().kubernetes);
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab() == native);
        QVERIFY(plan->isHidden());
    }

    // Workers are a checklist of the lab's nodes; a tick is one undo step on plan.kubernetes.
    void kubernetesWorkersAreAChecklistOfNodes()
    {
        scene()->clearSelection();
        auto *workers = m_window->findChild<QListWidget *>(QStringLiteral("k8sWorkers"));
        QVERIFY(workers);
        const KubernetesIntent k = *doc()->lab().kubernetes;
        QCOMPARE(workers->count(), doc()->lab().nodes.size());
        QString outside;
        for (int i = 0; i < workers->count(); ++i) {
            const QString id = workers->item(i)->text();
            QCOMPARE(id, doc()->lab().nodes.at(i).id);
            QCOMPARE(workers->item(i)->checkState() == Qt::Checked, k.workers.contains(id));
            if (!k.workers.contains(id) && id != k.controller && outside.isEmpty())
                outside = id;
        }
        QVERIFY(!outside.isEmpty());
        const int steps = doc()->undoStack()->count();
        auto itemFor = [&](const QString &id) {
            for (int i = 0; i < workers->count(); ++i) {
                if (workers->item(i)->text() == id)
                    return workers->item(i);
            }
            return static_cast<QListWidgetItem *>(nullptr);
        };
        itemFor(outside)->setCheckState(Qt::Checked);
        QCOMPARE(doc()->lab().kubernetes->workers, k.workers + QStringList {outside});
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        itemFor(k.workers.first())->setCheckState(Qt::Unchecked);
        QVERIFY(!doc()->lab().kubernetes->workers.contains(k.workers.first()));
        QCOMPARE(doc()->undoStack()->count(), steps + 2);
        doc()->undoStack()->undo();
        QCOMPARE(itemFor(k.workers.first())->checkState(), Qt::Checked);
        doc()->undoStack()->undo();
        QCOMPARE(itemFor(outside)->checkState(), Qt::Unchecked);
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // The CNI combo shows the file's value (even one labforge does not generate) and writes it.
    void kubernetesCniIsBoundToTheFile()
    {
        scene()->clearSelection();
        auto *cni = m_window->findChild<QComboBox *>(QStringLiteral("k8sCni"));
        QVERIFY(cni);
        QCOMPARE(cni->currentText(), doc()->lab().kubernetes->cni);
        Lab lab = doc()->lab();
        lab.kubernetes->cni = QStringLiteral("calico");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("Kubernetes plan")));
        QCOMPARE(cni->currentText(), QStringLiteral("calico"));
        const int steps = doc()->undoStack()->count();
        cni->setCurrentText(QStringLiteral("flannel"));
        QCOMPARE(doc()->lab().kubernetes->cni, QStringLiteral("flannel"));
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().kubernetes->cni, QStringLiteral("calico"));
        QCOMPARE(cni->currentText(), QStringLiteral("calico"));
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }
};

QTEST_MAIN(TestDesignerLab)
#include "tst_designer_lab.moc"
