// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ScenarioEditor.h"
#include "RowsFit.h"

#include "Catalog.h"
#include "CodeHighlighting.h"
#include "FieldText.h"
#include "ScenarioEdits.h"
#include "StepVariables.h"
#include "assertions/AssertionTypeRegistry.h"
#include "assertions/ImpairAssertion.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace Labforge {

namespace {

QPushButton *button(const QString &text, const QString &name, const std::function<void()> &action)
{
    auto *b = new QPushButton(text);
    b->setObjectName(name);
    QObject::connect(b, &QPushButton::clicked, b, action);
    return b;
}

} // namespace

ScenarioEditor::ScenarioEditor(LabDocument *document, QWidget *parent)
    : LabSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    auto *scen = new QGroupBox(tr("Scenarios"));
    outer->addWidget(scen);
    auto *scenLayout = new QVBoxLayout(scen);
    m_scenarios = new QListWidget;
    RowsFit::install(m_scenarios, 2, 4);
    scenLayout->addWidget(m_scenarios);
    auto *scenarioButtons = new QHBoxLayout;
    scenarioButtons->addWidget(button(tr("Add scenario"), QStringLiteral("addScenario"), [this] { addScenario(); }));
    scenarioButtons->addWidget(
        button(tr("Duplicate"), QStringLiteral("duplicateScenario"), [this] { duplicateScenario(); }));
    scenarioButtons->addWidget(button(tr("Remove"), QStringLiteral("removeScenario"), [this] { removeScenario(); }));
    scenarioButtons->addStretch();
    scenLayout->addLayout(scenarioButtons);
    m_steps = new QListWidget;
    m_steps->setObjectName(QStringLiteral("steps"));
    RowsFit::install(m_steps, 3, 6);
    // The list with its up and down arrows beside it, so that the rows of buttons fit a
    // narrow dock.
    auto *stepList = new QHBoxLayout;
    stepList->addWidget(m_steps, 1);
    auto *arrows = new QVBoxLayout;
    for (const auto &[glyph, name, delta] : {std::tuple {QStringLiteral("↑"), QStringLiteral("stepUp"), -1},
                                             std::tuple {QStringLiteral("↓"), QStringLiteral("stepDown"), 1}}) {
        QPushButton *arrow = button(glyph, name, [this, delta = delta] { moveStep(delta); });
        arrow->setFixedWidth(arrow->fontMetrics().horizontalAdvance(glyph) + 20);
        arrows->addWidget(arrow);
    }
    arrows->addStretch();
    stepList->addLayout(arrows);
    scenLayout->addLayout(stepList);
    auto *stepButtons = new QHBoxLayout;
    stepButtons->addWidget(button(tr("Add step"), QStringLiteral("addStep"), [this] { addStep(); }));
    stepButtons->addWidget(button(tr("Duplicate"), QStringLiteral("duplicateStep"), [this] { duplicateStep(); }));
    stepButtons->addWidget(button(tr("Remove"), QStringLiteral("removeStep"), [this] { removeStep(); }));
    stepButtons->addStretch();
    scenLayout->addLayout(stepButtons);
    scenLayout->addLayout(buildStepForm());
    m_stepCommand = new QPlainTextEdit;
    m_stepCommand->setObjectName(QStringLiteral("stepCommand"));
    m_stepCommand->setFont(QFont(QStringLiteral("monospace")));
    CodeHighlighting::attach(m_stepCommand->document(), QStringLiteral("Bash"));
    // A visible label: screen readers name the box by it, Alt+M reaches it.
    auto *commandLabel = new QLabel(tr("Co&mmand"));
    commandLabel->setObjectName(QStringLiteral("stepCommandLabel"));
    commandLabel->setBuddy(m_stepCommand);
    scenLayout->addWidget(commandLabel);
    scenLayout->addWidget(m_stepCommand);

    connectFields();
    // The narrow panel holds five step buttons: the moves are arrows, named in their tooltips.
    findChild<QPushButton *>(QStringLiteral("stepUp"))->setToolTip(tr("Move the step up"));
    findChild<QPushButton *>(QStringLiteral("stepDown"))->setToolTip(tr("Move the step down"));
    for (const char *name : {"stepUp", "stepDown"})
        findChild<QPushButton *>(QLatin1String(name))->setMaximumWidth(40);
    m_stepFields = {m_stepId,
                    m_stepDescription,
                    m_stepNode,
                    m_stepType,
                    m_stepTimeout,
                    m_stepExpectKind,
                    m_stepExpect,
                    m_stepCommand,
                    m_stepPeer,
                    m_stepLinkNetwork,
                    m_stepDelay,
                    m_stepJitter,
                    m_stepLoss,
                    m_stepRate,
                    findChild<QPushButton *>(QStringLiteral("duplicateStep")),
                    findChild<QPushButton *>(QStringLiteral("removeStep")),
                    findChild<QPushButton *>(QStringLiteral("stepUp")),
                    findChild<QPushButton *>(QStringLiteral("stepDown"))};
    ScenarioEditor::refresh(); // this class's own, as it is constructed
}

QFormLayout *ScenarioEditor::buildStepForm()
{
    auto *stepForm = new QFormLayout;
    // In a narrow dock a label goes above its field rather than pushing the panel wider.
    stepForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_scenarioName = new QLineEdit;
    m_scenarioName->setObjectName(QStringLiteral("scenarioName"));
    stepForm->addRow(tr("Scenario name"), m_scenarioName);
    m_scenarioGating = new QCheckBox(tr("Gating"));
    m_scenarioGating->setToolTip(tr("A gating scenario decides whether a run passes"));
    stepForm->addRow(m_scenarioGating);
    m_stepId = new QLineEdit;
    m_stepId->setObjectName(QStringLiteral("stepId"));
    stepForm->addRow(tr("Step id"), m_stepId);
    m_stepDescription = new QLineEdit;
    stepForm->addRow(tr("Step description"), m_stepDescription);
    m_stepNode = new QComboBox;
    m_stepNode->setObjectName(QStringLiteral("stepNode"));
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
    // The link a link step (link_down, link_up, impair) acts on, and what impair does.
    m_stepPeer = new QComboBox;
    m_stepPeer->setObjectName(QStringLiteral("stepPeer"));
    m_stepLinkNetwork = new QComboBox;
    m_stepLinkNetwork->setObjectName(QStringLiteral("stepLinkNetwork"));
    auto *linkRow = new QHBoxLayout;
    linkRow->addWidget(m_stepPeer, 1);
    linkRow->addWidget(m_stepLinkNetwork, 1);
    stepForm->addRow(tr("Link to"), linkRow);
    m_stepDelay = new QSpinBox;
    m_stepDelay->setObjectName(QStringLiteral("stepDelay"));
    m_stepDelay->setRange(0, ImpairAssertion::MaxDelayMs);
    m_stepDelay->setSuffix(tr(" ms delay"));
    m_stepJitter = new QSpinBox;
    m_stepJitter->setRange(0, ImpairAssertion::MaxDelayMs);
    m_stepJitter->setSuffix(tr(" ms jitter"));
    m_stepLoss = new QDoubleSpinBox;
    m_stepLoss->setRange(0, 100);
    m_stepLoss->setSuffix(tr(" % loss"));
    m_stepRate = new QDoubleSpinBox;
    m_stepRate->setRange(0, 100000);
    m_stepRate->setSuffix(tr(" Mbit/s"));
    m_stepRate->setSpecialValueText(tr("no rate limit"));
    // One under the other, so that the panel stays as narrow as its dock in every language.
    auto *impairRow = new QVBoxLayout;
    for (QWidget *w : {static_cast<QWidget *>(m_stepDelay), static_cast<QWidget *>(m_stepJitter),
                       static_cast<QWidget *>(m_stepLoss), static_cast<QWidget *>(m_stepRate)})
        impairRow->addWidget(w);
    stepForm->addRow(tr("Impairment"), impairRow);
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
    // What a step with topology variables runs on this lab ({{nodes:role=compute}} …).
    m_stepExpanded = new QLabel;
    m_stepExpanded->setObjectName(QStringLiteral("stepExpanded"));
    m_stepExpanded->setWordWrap(true);
    m_stepExpanded->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stepExpanded->setTextFormat(Qt::PlainText);
    stepForm->addRow(tr("On this lab"), m_stepExpanded);
    return stepForm;
}

void ScenarioEditor::connectFields()
{
    connect(m_scenarios, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const int row = m_scenarios->row(item);
        commit(tr("scenario switch"), [&](Lab &l) {
            if (row < l.scenarios.size()) {
                l.scenarios[row].enabled = item->checkState() == Qt::Checked;
                l.scenarios[row].gating = l.scenarios[row].gating && l.scenarios[row].enabled;
            }
        });
    });
    connect(m_scenarios, &QListWidget::currentRowChanged, this, &ScenarioEditor::showScenario);
    connect(m_steps, &QListWidget::currentRowChanged, this, &ScenarioEditor::showStep);
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
            [this] { commitStep([&](ScenarioStep &s) { s.id = m_stepId->text().trimmed(); }); });
    connect(m_stepDescription, &QLineEdit::editingFinished, this,
            [this] { commitStep([&](ScenarioStep &s) { s.description = m_stepDescription->text(); }); });
    connect(m_stepNode, &QComboBox::currentTextChanged, this,
            [this](const QString &n) { commitStep([&](ScenarioStep &s) { s.node = n; }); });
    connect(m_stepType, &QComboBox::currentTextChanged, this, [this](const QString &t) {
        commitStep([&](ScenarioStep &s) {
            s.assertion.type = Assertion::typeFromName(t).value_or(Assertion::Type::CommandSucceeds);
            // A new link step starts on a link the lab has: the first node sharing a network.
            if (AssertionTypeRegistry::of(s.assertion.type).ownKeys().contains(QLatin1String("peer"))
                && s.assertion.link.peer.isEmpty())
                s.assertion.link.peer = firstNeighbour(s.node);
        });
    });
    connect(m_stepPeer, &QComboBox::currentTextChanged, this,
            [this](const QString &peer) { commitStep([&](ScenarioStep &s) { s.assertion.link.peer = peer; }); });
    connect(m_stepLinkNetwork, &QComboBox::currentIndexChanged, this, [this] {
        commitStep([&](ScenarioStep &s) { s.assertion.link.network = m_stepLinkNetwork->currentData().toString(); });
    });
    connect(m_stepDelay, &QSpinBox::valueChanged, this,
            [this](int v) { commitStep([&](ScenarioStep &s) { s.assertion.link.delayMs = v; }); });
    connect(m_stepJitter, &QSpinBox::valueChanged, this,
            [this](int v) { commitStep([&](ScenarioStep &s) { s.assertion.link.jitterMs = v; }); });
    connect(m_stepLoss, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { commitStep([&](ScenarioStep &s) { s.assertion.link.lossPercent = v; }); });
    connect(m_stepRate, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { commitStep([&](ScenarioStep &s) { s.assertion.link.rateMbit = v; }); });
    connect(m_stepTimeout, &QSpinBox::valueChanged, this,
            [this](int v) { commitStep([&](ScenarioStep &s) { s.assertion.timeoutSeconds = v; }); });
    connect(m_stepExpect, &QLineEdit::editingFinished, this, &ScenarioEditor::commitExpectation);
    connect(m_stepExpectKind, &QComboBox::currentTextChanged, this, &ScenarioEditor::commitExpectation);
    connect(m_stepCommand, &QPlainTextEdit::textChanged, this,
            [this] { commitStep([&](ScenarioStep &s) { s.assertion.command = m_stepCommand->toPlainText(); }); });
}

void ScenarioEditor::editScenarios(const QString &what, const std::function<Lab(const Lab &, int *)> &edit,
                                   bool stepRow)
{
    int row = -1;
    commitAs(what, [&](Lab &l) { l = edit(l, &row); });
    if (row < 0)
        return;
    if (stepRow)
        m_steps->setCurrentRow(row);
    else
        m_scenarios->setCurrentRow(row);
}

void ScenarioEditor::addScenario()
{
    editScenarios(tr("Add scenario"), [](const Lab &l, int *row) { return ScenarioEdits::withNewScenario(l, row); });
}

void ScenarioEditor::duplicateScenario()
{
    const int s = m_scenarios->currentRow();
    editScenarios(tr("Duplicate scenario"),
                  [s](const Lab &l, int *row) { return ScenarioEdits::withDuplicateScenario(l, s, row); });
}

void ScenarioEditor::removeScenario()
{
    const int s = m_scenarios->currentRow();
    editScenarios(tr("Remove scenario"), [s](const Lab &l, int *r) { return ScenarioEdits::withoutScenario(l, s, r); });
}

void ScenarioEditor::addStep()
{
    const int s = m_scenarios->currentRow();
    editScenarios(
        tr("Add step"), [s](const Lab &l, int *row) { return ScenarioEdits::withNewStep(l, s, row); }, true);
}

void ScenarioEditor::duplicateStep()
{
    const int s = m_scenarios->currentRow(), t = m_steps->currentRow();
    editScenarios(
        tr("Duplicate step"), [s, t](const Lab &l, int *row) { return ScenarioEdits::withDuplicateStep(l, s, t, row); },
        true);
}

void ScenarioEditor::removeStep()
{
    const int s = m_scenarios->currentRow(), t = m_steps->currentRow();
    editScenarios(
        tr("Remove step"), [s, t](const Lab &l, int *row) { return ScenarioEdits::withoutStep(l, s, t, row); }, true);
}

void ScenarioEditor::moveStep(int by)
{
    const int s = m_scenarios->currentRow(), t = m_steps->currentRow();
    editScenarios(
        tr("Move step"), [s, t, by](const Lab &l, int *row) { return ScenarioEdits::withStepMoved(l, s, t, by, row); },
        true);
}

QString ScenarioEditor::firstNeighbour(const QString &node) const
{
    const Node *self = lab().node(node);
    if (!self)
        return {};
    for (const Node &n : lab().nodes) {
        if (n.id == node)
            continue;
        for (const NodeInterface &i : n.interfaces) {
            if (std::any_of(self->interfaces.cbegin(), self->interfaces.cend(),
                            [&](const NodeInterface &mine) { return mine.network == i.network; }))
                return n.id;
        }
    }
    return {};
}

void ScenarioEditor::commitStep(const std::function<void(ScenarioStep &)> &change)
{
    if (isRefreshing())
        return;
    const int s = m_scenarios->currentRow(), t = m_steps->currentRow();
    commit(tr("scenario step"), [&](Lab &l) {
        if (s >= 0 && s < l.scenarios.size() && t >= 0 && t < l.scenarios[s].steps.size())
            change(l.scenarios[s].steps[t]);
    });
}

void ScenarioEditor::commitExpectation()
{
    commitStep([&](ScenarioStep &s) {
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
}

void ScenarioEditor::setStepFormEnabled(bool enabled)
{
    if (!enabled) {
        const bool was = isRefreshing();
        setRefreshing(true);
        m_stepId->clear();
        m_stepDescription->clear();
        m_stepNode->clear();
        m_stepExpect->clear();
        m_stepCommand->clear();
        showExpandedLines({}, false); // no step, nothing it runs on this lab
        setRefreshing(was);
    }
    for (QWidget *w : std::as_const(m_stepFields))
        w->setEnabled(enabled);
}

void ScenarioEditor::showScenario()
{
    const bool was = isRefreshing();
    setRefreshing(true);
    m_steps->clear();
    const int s = m_scenarios->currentRow();
    const bool shown = s >= 0 && s < lab().scenarios.size();
    if (!shown && was) {
        // The scenario list is being rebuilt (refresh): the form stays as it is, focus included.
        setRefreshing(was);
        return;
    }
    for (QWidget *w : {static_cast<QWidget *>(m_scenarioName), static_cast<QWidget *>(m_scenarioGating),
                       static_cast<QWidget *>(findChild<QPushButton *>(QStringLiteral("duplicateScenario"))),
                       static_cast<QWidget *>(findChild<QPushButton *>(QStringLiteral("removeScenario"))),
                       static_cast<QWidget *>(findChild<QPushButton *>(QStringLiteral("addStep")))})
        w->setEnabled(shown);
    if (!shown) {
        m_scenarioName->clear();
        m_scenarioGating->setChecked(false);
    }
    if (shown) {
        if (!m_scenarioName->hasFocus())
            FieldText::show(m_scenarioName, lab().scenarios.at(s).name);
        m_scenarioGating->setChecked(lab().scenarios.at(s).gating);
        for (const ScenarioStep &step : lab().scenarios.at(s).steps)
            m_steps->addItem(QStringLiteral("%1 @ %2").arg(step.id, step.node));
    }
    setRefreshing(was);
    if (m_steps->count())
        m_steps->setCurrentRow(0);
    else
        setStepFormEnabled(false);
}

void ScenarioEditor::showStep()
{
    const int s = m_scenarios->currentRow(), t = m_steps->currentRow();
    if (s < 0 || s >= lab().scenarios.size() || t < 0 || t >= lab().scenarios.at(s).steps.size()) {
        // While the step list is rebuilt (a keystroke in the command refreshes it) the form stays
        // as it is, focus included; showScenario empties it when the scenario has no step.
        if (!isRefreshing())
            setStepFormEnabled(false);
        return;
    }
    setStepFormEnabled(true);
    const ScenarioStep &step = lab().scenarios.at(s).steps.at(t);
    const bool was = isRefreshing();
    setRefreshing(true);
    if (!m_stepId->hasFocus())
        FieldText::show(m_stepId, step.id);
    if (!m_stepDescription->hasFocus())
        FieldText::show(m_stepDescription, step.description);
    m_stepNode->clear();
    for (const Node &n : lab().nodes)
        m_stepNode->addItem(n.id);
    m_stepNode->setCurrentText(step.node);
    m_stepType->setCurrentText(Assertion::typeName(step.assertion.type));
    // A step that acts on the lab (power_cycle) has no command and no expectation.
    const AssertionType &type = AssertionTypeRegistry::of(step.assertion.type);
    m_stepType->setToolTip(type.summary());
    m_stepCommand->setEnabled(type.runsCommand());
    const QStringList keys = type.ownKeys();
    m_stepPeer->clear();
    m_stepLinkNetwork->clear();
    m_stepLinkNetwork->addItem(tr("on the network they share"), QString());
    if (keys.contains(QLatin1String("peer"))) {
        for (const Node &n : lab().nodes) {
            if (n.id != step.node)
                m_stepPeer->addItem(n.id);
        }
        m_stepPeer->setCurrentText(step.assertion.link.peer);
        for (const Network &n : lab().networks)
            m_stepLinkNetwork->addItem(tr("on %1").arg(n.name), n.name);
        m_stepLinkNetwork->setCurrentIndex(std::max(0, m_stepLinkNetwork->findData(step.assertion.link.network)));
    }
    m_stepPeer->setEnabled(keys.contains(QLatin1String("peer")));
    m_stepLinkNetwork->setEnabled(keys.contains(QLatin1String("network")));
    m_stepDelay->setValue(step.assertion.link.delayMs);
    m_stepJitter->setValue(step.assertion.link.jitterMs);
    m_stepLoss->setValue(step.assertion.link.lossPercent);
    m_stepRate->setValue(step.assertion.link.rateMbit);
    for (QWidget *w : {static_cast<QWidget *>(m_stepDelay), static_cast<QWidget *>(m_stepJitter),
                       static_cast<QWidget *>(m_stepLoss), static_cast<QWidget *>(m_stepRate)})
        w->setEnabled(keys.contains(QLatin1String("delay_ms")));
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
        FieldText::show(m_stepExpect, value.replace(QLatin1Char('\n'), QStringLiteral("\\n")));
    if (!m_stepCommand->hasFocus())
        m_stepCommand->setPlainText(step.assertion.command);
    showExpanded(step);
    setRefreshing(was);
}

void ScenarioEditor::showExpanded(const ScenarioStep &step)
{
    QStringList errors;
    const ScenarioStep shown = StepVariables::expanded(step, lab(), &errors);
    const bool has = !(shown == step) || !errors.isEmpty();
    QStringList lines;
    if (shown.assertion.command != step.assertion.command)
        lines.append(tr("runs: %1").arg(shown.assertion.command.trimmed()));
    if (!(shown.assertion.expect == step.assertion.expect))
        lines.append(tr("expects: %1")
                         .arg(shown.assertion.expect.equals.value_or(shown.assertion.expect.contains.value_or(
                             shown.assertion.expect.matches.value_or(QString())))));
    showExpandedLines(lines + errors, has);
}

void ScenarioEditor::showExpandedLines(const QStringList &lines, bool shown)
{
    m_stepExpanded->setText(lines.join(u'\n'));
    m_stepExpanded->setVisible(shown);
    if (auto *form = qobject_cast<QFormLayout *>(m_stepExpanded->parentWidget()->layout()))
        if (QWidget *label = form->labelForField(m_stepExpanded))
            label->setVisible(shown);
}

void ScenarioEditor::refresh()
{
    const int scenarioRow = m_scenarios->currentRow();
    const int stepRow = m_steps->currentRow();
    setRefreshing(true);
    m_scenarios->clear();
    for (const Scenario &s : lab().scenarios) {
        auto *item = new QListWidgetItem(s.name + (s.gating ? tr(" (gating)") : QString()));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(s.enabled ? Qt::Checked : Qt::Unchecked);
        m_scenarios->addItem(item);
    }
    setRefreshing(false);
    if (lab().scenarios.isEmpty()) {
        showScenario(); // nothing to select: the fields empty and off
    } else {
        m_scenarios->setCurrentRow(std::clamp(scenarioRow, 0, int(lab().scenarios.size()) - 1));
        // Stay on the step being edited: typing in its command refreshes the panel on every key.
        if (m_scenarios->currentRow() == scenarioRow && stepRow > 0 && m_steps->count())
            m_steps->setCurrentRow(std::min(stepRow, m_steps->count() - 1));
    }
}

QWidget *ScenarioEditor::focusPointer(const QStringList &tokens)
{
    if (tokens.value(0) != QLatin1String("scenarios"))
        return nullptr;
    const int scenario = tokens.value(1).toInt();
    if (scenario < 0 || scenario >= m_scenarios->count()) {
        m_scenarios->setFocus();
        return m_scenarios;
    }
    m_scenarios->setCurrentRow(scenario);
    QWidget *field = m_scenarioName;
    if (tokens.value(2) == QLatin1String("gating"))
        field = m_scenarioGating;
    if (tokens.value(2) == QLatin1String("steps")) {
        const int step = tokens.value(3).toInt();
        field = m_steps;
        if (step >= 0 && step < m_steps->count()) {
            m_steps->setCurrentRow(step);
            const QString key = tokens.value(4) == QLatin1String("assertion")
                ? tokens.value(6).isEmpty() ? tokens.value(5) : tokens.value(6)
                : tokens.value(4);
            field = key == QLatin1String("id")            ? static_cast<QWidget *>(m_stepId)
                : key == QLatin1String("description")     ? m_stepDescription
                : key == QLatin1String("node")            ? m_stepNode
                : key == QLatin1String("type")            ? m_stepType
                : key == QLatin1String("timeout_seconds") ? m_stepTimeout
                : key == QLatin1String("expect")          ? m_stepExpect
                : key == QLatin1String("command")         ? static_cast<QWidget *>(m_stepCommand)
                : key == QLatin1String("peer")            ? m_stepPeer
                : key == QLatin1String("network")         ? m_stepLinkNetwork
                : key == QLatin1String("delay_ms")        ? m_stepDelay
                : key == QLatin1String("jitter_ms")       ? m_stepJitter
                : key == QLatin1String("loss_percent")    ? static_cast<QWidget *>(m_stepLoss)
                : key == QLatin1String("rate_mbit")       ? static_cast<QWidget *>(m_stepRate)
                                                          : m_steps;
        }
    }
    field->setFocus();
    return field;
}

} // namespace Labforge
