#include "LabPanel.h"

#include "Catalog.h"
#include "EditLabCommand.h"
#include "JsonHighlighter.h"
#include "LabDocument.h"
#include "assertions/AssertionTypeRegistry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Labforge {

LabPanel::LabPanel(LabDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    layout->addLayout(form);
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("labName"));
    form->addRow(tr("Lab name"), m_name);
    m_description = new QLineEdit;
    form->addRow(tr("Description"), m_description);

    auto *nets = new QGroupBox(tr("Networks"));
    auto *netLayout = new QVBoxLayout(nets);
    m_networks = new QTableWidget(0, 5);
    m_networks->setObjectName(QStringLiteral("networks"));
    m_networks->setHorizontalHeaderLabels(
        {tr("Name"), tr("CIDR"), tr("Gateway"), tr("Default route"), tr("DNS servers")});
    m_networks->horizontalHeader()->setStretchLastSection(true);
    m_networks->setMaximumHeight(100);
    netLayout->addWidget(m_networks);
    layout->addWidget(nets);

    auto *k8s = new QGroupBox(tr("Kubernetes (plan.kubernetes)"));
    auto *k8sForm = new QFormLayout(k8s);
    m_k8sVersion = new QLineEdit;
    m_k8sVersion->setObjectName(QStringLiteral("k8sVersion"));
    k8sForm->addRow(tr("Version"), m_k8sVersion);
    m_k8sController = new QComboBox;
    m_k8sController->setObjectName(QStringLiteral("k8sController"));
    k8sForm->addRow(tr("Controller"), m_k8sController);
    m_k8sWorkers = new QLineEdit;
    m_k8sWorkers->setObjectName(QStringLiteral("k8sWorkers"));
    m_k8sWorkers->setPlaceholderText(tr("worker node ids, separated by spaces"));
    k8sForm->addRow(tr("Workers"), m_k8sWorkers);
    m_podCidr = new QLineEdit;
    m_podCidr->setObjectName(QStringLiteral("podCidr"));
    k8sForm->addRow(tr("Pod subnet"), m_podCidr);
    m_serviceCidr = new QLineEdit;
    m_serviceCidr->setObjectName(QStringLiteral("serviceCidr"));
    k8sForm->addRow(tr("Service subnet"), m_serviceCidr);
    m_cni = new QComboBox;
    m_cni->addItem(QStringLiteral("flannel")); // the one CNI the kubeadm-lab feature supports
    m_cni->setToolTip(tr("Flannel is the only CNI labforge generates; its net-conf Network follows the pod subnet."));
    k8sForm->addRow(tr("CNI"), m_cni);
    m_ttl = new QSpinBox;
    m_ttl->setObjectName(QStringLiteral("tokenTtl"));
    m_ttl->setRange(60, Catalog::MaxBootstrapTokenTtlSeconds);
    m_ttl->setSuffix(tr(" s"));
    k8sForm->addRow(tr("Token lifetime"), m_ttl);
    layout->addWidget(k8s);

    auto *scen = new QGroupBox(tr("Scenarios"));
    auto *scenLayout = new QVBoxLayout(scen);
    m_scenarios = new QListWidget;
    m_scenarios->setMaximumHeight(60);
    scenLayout->addWidget(m_scenarios);
    auto *scenarioButtons = new QHBoxLayout;
    auto *addScenario = new QPushButton(tr("Add scenario"));
    auto *addStep = new QPushButton(tr("Add step"));
    auto *removeStep = new QPushButton(tr("Remove step"));
    scenarioButtons->addWidget(addScenario);
    scenarioButtons->addWidget(addStep);
    scenarioButtons->addWidget(removeStep);
    scenarioButtons->addStretch();
    scenLayout->addLayout(scenarioButtons);
    m_steps = new QListWidget;
    m_steps->setMaximumHeight(110);
    scenLayout->addWidget(m_steps);
    connect(addScenario, &QPushButton::clicked, this, [this] {
        commit(tr("scenarios"), [&](Lab &l) {
            l.scenarios.append(
                Scenario {QStringLiteral("scenario-%1").arg(l.scenarios.size() + 1), QString(), true, true, {}});
        });
        m_scenarios->setCurrentRow(m_scenarios->count() - 1);
    });
    connect(addStep, &QPushButton::clicked, this, [this] {
        const int s = m_scenarios->currentRow();
        commit(tr("scenario steps"), [&](Lab &l) {
            if (s < 0 || s >= l.scenarios.size() || l.nodes.isEmpty())
                return;
            ScenarioStep step;
            step.id = QStringLiteral("step-%1").arg(l.scenarios[s].steps.size() + 1);
            step.node = l.nodes.first().id;
            step.assertion.type = Assertion::Type::CommandOutput;
            step.assertion.command = QStringLiteral("set -euo pipefail\nhostname\n");
            step.assertion.timeoutSeconds = 300;
            step.assertion.expect.equals = step.node;
            l.scenarios[s].steps.append(step);
        });
    });
    connect(removeStep, &QPushButton::clicked, this, [this] {
        const int s = m_scenarios->currentRow(), t = m_steps->currentRow();
        commit(tr("scenario steps"), [&](Lab &l) {
            if (s >= 0 && s < l.scenarios.size() && t >= 0 && t < l.scenarios[s].steps.size())
                l.scenarios[s].steps.removeAt(t);
        });
    });
    auto *stepForm = new QFormLayout;
    m_scenarioName = new QLineEdit;
    m_scenarioName->setObjectName(QStringLiteral("scenarioName"));
    stepForm->addRow(tr("Scenario name"), m_scenarioName);
    m_scenarioGating = new QCheckBox(tr("Gating (decides whether a run passes)"));
    stepForm->addRow(m_scenarioGating);
    m_stepId = new QLineEdit;
    m_stepId->setObjectName(QStringLiteral("stepId"));
    stepForm->addRow(tr("Step id"), m_stepId);
    m_stepDescription = new QLineEdit;
    stepForm->addRow(tr("Step description"), m_stepDescription);
    m_stepNode = new QComboBox;
    stepForm->addRow(tr("Runs on"), m_stepNode);
    m_stepType = new QComboBox;
    m_stepType->setObjectName(QStringLiteral("stepType"));
    for (const AssertionType *type : AssertionTypeRegistry::all()) {
        m_stepType->addItem(type->name());
        m_stepType->setItemData(m_stepType->count() - 1, type->summary(), Qt::ToolTipRole);
    }
    stepForm->addRow(tr("Assertion"), m_stepType);
    m_stepTimeout = new QSpinBox;
    m_stepTimeout->setRange(1, Catalog::MaxAssertionTimeoutSeconds);
    m_stepTimeout->setSuffix(tr(" s"));
    stepForm->addRow(tr("Timeout"), m_stepTimeout);
    m_stepExpectKind = new QComboBox;
    m_stepExpectKind->setObjectName(QStringLiteral("stepExpectKind"));
    m_stepExpectKind->addItems({QStringLiteral("equals"), QStringLiteral("contains"), QStringLiteral("matches"),
                                QStringLiteral("line_count")});
    for (const QString &op : Expectation::integerOperators())
        m_stepExpectKind->addItem(QStringLiteral("integer ") + op);
    stepForm->addRow(tr("Expectation"), m_stepExpectKind);
    m_stepExpect = new QLineEdit;
    m_stepExpect->setObjectName(QStringLiteral("stepExpect"));
    m_stepExpect->setPlaceholderText(tr("value (\\n for a new line)"));
    stepForm->addRow(tr("Expected"), m_stepExpect);
    scenLayout->addLayout(stepForm);
    m_stepCommand = new QPlainTextEdit;
    m_stepCommand->setObjectName(QStringLiteral("stepCommand"));
    m_stepCommand->setFont(QFont(QStringLiteral("monospace")));
    new JsonHighlighter(m_stepCommand->document(), JsonHighlighter::Language::Shell);
    scenLayout->addWidget(m_stepCommand);
    layout->addWidget(scen);

    auto *warn = new QGroupBox(tr("Warnings"));
    auto *warnLayout = new QVBoxLayout(warn);
    m_warnings = new QListWidget;
    m_warnings->setWordWrap(true);
    m_warnings->setMaximumHeight(120);
    warnLayout->addWidget(m_warnings);
    auto *addWarning = new QPushButton(tr("Add warning"));
    auto *removeWarning = new QPushButton(tr("Remove warning"));
    auto *warningButtons = new QHBoxLayout;
    warningButtons->addWidget(addWarning);
    warningButtons->addWidget(removeWarning);
    warningButtons->addStretch();
    warnLayout->addLayout(warningButtons);
    connect(addWarning, &QPushButton::clicked, this, [this] {
        commit(tr("warnings"), [&](Lab &l) {
            // First the warnings the lab's features require (word for word), then free notes.
            for (const QString &id : Catalog::requiredWarningIds()) {
                const bool needed =
                    std::any_of(Catalog::features().begin(), Catalog::features().end(), [&](const FeatureInfo &f) {
                        return f.requiredWarnings.contains(id) && l.hasFeature(f.name);
                    });
                const bool present =
                    std::any_of(l.warnings.begin(), l.warnings.end(), [&](const LabWarning &w) { return w.id == id; });
                if (needed && !present) {
                    l.warnings.append(LabWarning {id, Catalog::requiredWarningText(id, l)});
                    return;
                }
            }
            l.warnings.append(LabWarning {QStringLiteral("note-%1").arg(l.warnings.size() + 1), tr("New warning")});
        });
    });
    connect(removeWarning, &QPushButton::clicked, this, [this] {
        const int row = m_warnings->currentRow();
        commit(tr("warnings"), [&](Lab &l) {
            // A warning a feature requires cannot be removed (the validator would refuse the lab).
            if (row >= 0 && row < l.warnings.size() && !Catalog::requiredWarningIds().contains(l.warnings.at(row).id))
                l.warnings.removeAt(row);
        });
    });
    connect(m_warnings, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const int row = m_warnings->row(item);
        commit(tr("warnings"), [&](Lab &l) {
            if (row >= 0 && row < l.warnings.size() && !Catalog::requiredWarningIds().contains(l.warnings.at(row).id))
                l.warnings[row].text = item->text();
        });
    });
    layout->addWidget(warn);
    layout->addStretch();

    connect(m_name, &QLineEdit::editingFinished, this,
            [this] { commit(tr("lab name"), [&](Lab &l) { l.name = m_name->text().trimmed(); }); });
    connect(m_description, &QLineEdit::editingFinished, this,
            [this] { commit(tr("description"), [&](Lab &l) { l.description = m_description->text(); }); });
    connect(m_networks, &QTableWidget::cellChanged, this, [this](int row, int column) {
        if (m_refreshing)
            return;
        const QString text = m_networks->item(row, column)->text().trimmed();
        commit(tr("networks"), [&](Lab &l) {
            if (row >= l.networks.size())
                return;
            Network &n = l.networks[row];
            if (column == 0) {
                for (Node &node : l.nodes) {
                    for (NodeInterface &i : node.interfaces) {
                        if (i.network == n.name)
                            i.network = text;
                    }
                }
                n.name = text;
            } else if (column == 1) {
                n.cidr = text;
            } else if (column == 2) {
                n.gateway = text;
            } else if (column == 3) {
                n.isDefaultRoute = text == QLatin1String("yes") || text == QLatin1String("true");
            } else {
                n.dnsServers = text.split(QRegularExpression(QStringLiteral("[ ,]+")), Qt::SkipEmptyParts);
            }
        });
    });
    auto k8sEdit = [this](const std::function<void(KubernetesIntent &)> &change) {
        commit(tr("Kubernetes plan"), [&](Lab &l) {
            if (!l.kubernetes)
                l.kubernetes = KubernetesIntent {};
            change(*l.kubernetes);
        });
    };
    connect(m_k8sVersion, &QLineEdit::editingFinished, this,
            [=, this] { k8sEdit([&](KubernetesIntent &k) { k.version = m_k8sVersion->text().trimmed(); }); });
    connect(m_k8sController, &QComboBox::currentTextChanged, this, [=, this](const QString &c) {
        if (!m_refreshing)
            k8sEdit([&](KubernetesIntent &k) { k.controller = c; });
    });
    connect(m_k8sWorkers, &QLineEdit::editingFinished, this, [=, this] {
        k8sEdit(
            [&](KubernetesIntent &k) { k.workers = m_k8sWorkers->text().split(QLatin1Char(' '), Qt::SkipEmptyParts); });
    });
    connect(m_podCidr, &QLineEdit::editingFinished, this,
            [=, this] { k8sEdit([&](KubernetesIntent &k) { k.podCidr = m_podCidr->text().trimmed(); }); });
    connect(m_serviceCidr, &QLineEdit::editingFinished, this,
            [=, this] { k8sEdit([&](KubernetesIntent &k) { k.serviceCidr = m_serviceCidr->text().trimmed(); }); });
    connect(m_ttl, &QSpinBox::valueChanged, this, [=, this](int v) {
        if (!m_refreshing)
            k8sEdit([&](KubernetesIntent &k) { k.bootstrapTokenTtlSeconds = v; });
    });
    connect(m_scenarios, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const int row = m_scenarios->row(item);
        commit(tr("scenario switch"), [&](Lab &l) {
            if (row < l.scenarios.size()) {
                l.scenarios[row].enabled = item->checkState() == Qt::Checked;
                l.scenarios[row].gating = l.scenarios[row].gating && l.scenarios[row].enabled;
            }
        });
    });
    connect(m_scenarios, &QListWidget::currentRowChanged, this, [this] {
        const bool was = m_refreshing;
        m_refreshing = true;
        m_steps->clear();
        const int s = m_scenarios->currentRow();
        if (s >= 0 && s < m_document->lab().scenarios.size()) {
            if (!m_scenarioName->hasFocus())
                m_scenarioName->setText(m_document->lab().scenarios.at(s).name);
            m_scenarioGating->setChecked(m_document->lab().scenarios.at(s).gating);
        }
        if (s >= 0 && s < m_document->lab().scenarios.size()) {
            for (const ScenarioStep &step : m_document->lab().scenarios.at(s).steps)
                m_steps->addItem(QStringLiteral("%1 @ %2").arg(step.id, step.node));
        }
        m_refreshing = was;
        if (m_steps->count())
            m_steps->setCurrentRow(0);
    });
    connect(m_steps, &QListWidget::currentRowChanged, this, &LabPanel::showStep);
    auto stepEdit = [this](const std::function<void(ScenarioStep &)> &change) {
        if (m_refreshing)
            return;
        const int s = m_scenarios->currentRow(), t = m_steps->currentRow();
        commit(tr("scenario step"), [&](Lab &l) {
            if (s >= 0 && s < l.scenarios.size() && t >= 0 && t < l.scenarios[s].steps.size())
                change(l.scenarios[s].steps[t]);
        });
    };
    connect(m_scenarioName, &QLineEdit::editingFinished, this, [this] {
        const int s = m_scenarios->currentRow();
        commit(tr("scenario name"), [&](Lab &l) {
            if (s >= 0 && s < l.scenarios.size())
                l.scenarios[s].name = m_scenarioName->text().trimmed();
        });
    });
    connect(m_scenarioGating, &QCheckBox::toggled, this, [this](bool on) {
        const int s = m_scenarios->currentRow();
        commit(tr("scenario switch"), [&](Lab &l) {
            if (s >= 0 && s < l.scenarios.size())
                l.scenarios[s].gating = on;
        });
    });
    connect(m_stepId, &QLineEdit::editingFinished, this,
            [this, stepEdit] { stepEdit([&](ScenarioStep &s) { s.id = m_stepId->text().trimmed(); }); });
    connect(m_stepDescription, &QLineEdit::editingFinished, this,
            [this, stepEdit] { stepEdit([&](ScenarioStep &s) { s.description = m_stepDescription->text(); }); });
    connect(m_stepNode, &QComboBox::currentTextChanged, this,
            [stepEdit](const QString &n) { stepEdit([&](ScenarioStep &s) { s.node = n; }); });
    connect(m_stepType, &QComboBox::currentTextChanged, this, [stepEdit](const QString &t) {
        stepEdit([&](ScenarioStep &s) {
            s.assertion.type = Assertion::typeFromName(t).value_or(Assertion::Type::CommandSucceeds);
        });
    });
    connect(m_stepTimeout, &QSpinBox::valueChanged, this,
            [stepEdit](int v) { stepEdit([&](ScenarioStep &s) { s.assertion.timeoutSeconds = v; }); });
    auto commitExpectation = [=, this] {
        stepEdit([&](ScenarioStep &s) {
            // One expectation kind at a time from the panel; the lab file may combine several.
            Expectation e;
            const QString value = m_stepExpect->text().replace(QStringLiteral("\\n"), QStringLiteral("\n"));
            const QString kind = m_stepExpectKind->currentText();
            if (!value.isEmpty()) {
                if (kind == QLatin1String("equals"))
                    e.equals = value;
                else if (kind == QLatin1String("contains"))
                    e.contains = value;
                else if (kind == QLatin1String("matches"))
                    e.matches = value;
                else if (kind == QLatin1String("line_count"))
                    e.lineCount = value.toInt();
                else {
                    e.integerOp = kind.section(QLatin1Char(' '), 1);
                    e.integerValue = value.toLongLong();
                }
            }
            s.assertion.expect = e;
        });
    };
    connect(m_stepExpect, &QLineEdit::editingFinished, this, commitExpectation);
    connect(m_stepExpectKind, &QComboBox::currentTextChanged, this, commitExpectation);
    connect(m_stepCommand, &QPlainTextEdit::textChanged, this, [this, stepEdit] {
        stepEdit([&](ScenarioStep &s) { s.assertion.command = m_stepCommand->toPlainText(); });
    });
    connect(document, &LabDocument::labChanged, this, &LabPanel::refresh);
    refresh();
}

void LabPanel::commit(const QString &what, const std::function<void(Lab &)> &change)
{
    if (m_refreshing)
        return;
    Lab after = m_document->lab();
    change(after);
    if (after == m_document->lab())
        return;
    m_document->undoStack()->push(new EditLabCommand(m_document, m_document->lab(), after, what));
}

void LabPanel::showStep()
{
    const int s = m_scenarios->currentRow(), t = m_steps->currentRow();
    const Lab &lab = m_document->lab();
    if (s < 0 || s >= lab.scenarios.size() || t < 0 || t >= lab.scenarios.at(s).steps.size())
        return;
    const ScenarioStep &step = lab.scenarios.at(s).steps.at(t);
    const bool was = m_refreshing;
    m_refreshing = true;
    if (!m_stepId->hasFocus())
        m_stepId->setText(step.id);
    if (!m_stepDescription->hasFocus())
        m_stepDescription->setText(step.description);
    m_stepNode->clear();
    for (const Node &n : lab.nodes)
        m_stepNode->addItem(n.id);
    m_stepNode->setCurrentText(step.node);
    m_stepType->setCurrentText(Assertion::typeName(step.assertion.type));
    // A step that acts on the lab (power_cycle) has no command and no expectation.
    const AssertionType &type = AssertionTypeRegistry::of(step.assertion.type);
    m_stepType->setToolTip(type.summary());
    m_stepCommand->setEnabled(type.runsCommand());
    m_stepExpectKind->setEnabled(type.usesExpectation());
    m_stepExpect->setEnabled(type.usesExpectation());
    m_stepTimeout->setValue(step.assertion.timeoutSeconds.value_or(1));
    const Expectation &e = step.assertion.expect;
    QString kind = QStringLiteral("equals"), value;
    if (e.equals) {
        value = *e.equals;
    } else if (e.contains) {
        kind = QStringLiteral("contains");
        value = *e.contains;
    } else if (e.matches) {
        kind = QStringLiteral("matches");
        value = *e.matches;
    } else if (e.lineCount) {
        kind = QStringLiteral("line_count");
        value = QString::number(*e.lineCount);
    } else if (e.integerOp) {
        kind = QStringLiteral("integer %1").arg(*e.integerOp);
        value = QString::number(e.integerValue.value_or(0));
    }
    if (m_stepExpectKind->findText(kind) < 0)
        m_stepExpectKind->addItem(kind);
    m_stepExpectKind->setCurrentText(kind);
    if (!m_stepExpect->hasFocus())
        m_stepExpect->setText(value.replace(QLatin1Char('\n'), QStringLiteral("\\n")));
    if (!m_stepCommand->hasFocus())
        m_stepCommand->setPlainText(step.assertion.command);
    m_refreshing = was;
}

void LabPanel::refresh()
{
    const Lab &lab = m_document->lab();
    m_refreshing = true;
    if (!m_name->hasFocus())
        m_name->setText(lab.name);
    if (!m_description->hasFocus())
        m_description->setText(lab.description);
    m_networks->setRowCount(int(lab.networks.size()));
    for (int r = 0; r < lab.networks.size(); ++r) {
        const Network &n = lab.networks.at(r);
        const QStringList cells {n.name, n.cidr, n.gateway,
                                 n.isDefaultRoute ? QStringLiteral("yes") : QStringLiteral("no"),
                                 n.dnsServers.join(QStringLiteral(", "))};
        for (int c = 0; c < 5; ++c)
            m_networks->setItem(r, c, new QTableWidgetItem(cells.at(c)));
    }
    const KubernetesIntent k = lab.kubernetes.value_or(KubernetesIntent {});
    if (!m_k8sVersion->hasFocus())
        m_k8sVersion->setText(k.version);
    m_k8sController->clear();
    m_k8sController->addItem(QString()); // no controller chosen yet: shown as such, not as the first node
    for (const Node &n : lab.nodes)
        m_k8sController->addItem(n.id);
    m_k8sController->setCurrentText(k.controller);
    if (!m_k8sWorkers->hasFocus())
        m_k8sWorkers->setText(k.workers.join(QLatin1Char(' ')));
    if (!m_podCidr->hasFocus())
        m_podCidr->setText(k.podCidr);
    if (!m_serviceCidr->hasFocus())
        m_serviceCidr->setText(k.serviceCidr);
    m_ttl->setValue(k.bootstrapTokenTtlSeconds);
    const int scenarioRow = m_scenarios->currentRow();
    const int stepRow = m_steps->currentRow();
    m_scenarios->clear();
    for (const Scenario &s : lab.scenarios) {
        auto *item = new QListWidgetItem(s.name + (s.gating ? tr(" (gating)") : QString()));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(s.enabled ? Qt::Checked : Qt::Unchecked);
        m_scenarios->addItem(item);
    }
    m_warnings->clear();
    const QStringList required = Catalog::requiredWarningIds();
    for (const LabWarning &w : lab.warnings) {
        auto *item = new QListWidgetItem(w.text);
        item->setToolTip(required.contains(w.id) ? tr("Required by a feature of this lab; it cannot be edited.")
                                                 : w.id);
        if (required.contains(w.id))
            item->setForeground(QColor(0x8d, 0x6e, 0x63));
        else
            item->setFlags(item->flags() | Qt::ItemIsEditable);
        m_warnings->addItem(item);
    }
    m_refreshing = false;
    if (!lab.scenarios.isEmpty()) {
        m_scenarios->setCurrentRow(std::clamp(scenarioRow, 0, int(lab.scenarios.size()) - 1));
        // Stay on the step being edited: typing in its command refreshes the panel on every key.
        if (m_scenarios->currentRow() == scenarioRow && stepRow > 0 && m_steps->count())
            m_steps->setCurrentRow(std::min(stepRow, m_steps->count() - 1));
    }
}

} // namespace Labforge
