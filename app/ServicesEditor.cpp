// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ServicesEditor.h"
#include "RowsFit.h"

#include "EditLabCommand.h"
#include "LabDocument.h"
#include "NodeJoin.h"

#include "Catalog.h"
#include "CodeHighlighting.h"
#include "JsonDuplicateKeys.h"
#include "LabDocument.h"
#include "LabReader.h"

#include <QCheckBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Labforge {

ServicesEditor::ServicesEditor(LabDocument *document, QWidget *parent)
    : NodeSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    auto *services = new QGroupBox(tr("Services"));
    outer->addWidget(services);
    auto *serviceLayout = new QVBoxLayout(services);
    m_services = new QListWidget;
    RowsFit::install(m_services, 2, 4);
    serviceLayout->addWidget(m_services);
    auto *serviceButtons = new QHBoxLayout;
    auto *addService = new QPushButton(tr("Add service"));
    addService->setObjectName(QStringLiteral("addService"));
    auto *removeService = new QPushButton(tr("Remove service"));
    serviceButtons->addWidget(addService);
    serviceButtons->addWidget(removeService);
    serviceButtons->addStretch();
    serviceLayout->addLayout(serviceButtons);
    m_enabled = new QCheckBox(tr("Enabled"));
    serviceLayout->addWidget(m_enabled);
    m_config = new QPlainTextEdit;
    m_config->setObjectName(QStringLiteral("serviceConfig"));
    m_config->setFont(QFont(QStringLiteral("monospace")));
    CodeHighlighting::attach(m_config->document(), QStringLiteral("JSON"));
    serviceLayout->addWidget(m_config);
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("serviceConfigError"));
    m_error->setStyleSheet(QStringLiteral("color: #c62828"));
    m_error->setWordWrap(true);
    serviceLayout->addWidget(m_error);

    connect(addService, &QPushButton::clicked, this, [this] {
        // Offer the service the node's features still need, prefilled from the lab; the
        // other members of a shared-config service follow in the same undo step.
        const Node *current = node();
        if (!current)
            return;
        for (const QString &feature : current->recipe.features) {
            const FeatureInfo *info = Catalog::feature(feature);
            for (const QString &name : info ? info->requiredServices : QStringList()) {
                if (!current->recipe.service(name)) {
                    Lab after = this->document()->lab();
                    NodeJoin::addService(after, current->id, name, this->document()->validationContext());
                    this->document()->undoStack()->push(new EditLabCommand(this->document(), this->document()->lab(),
                                                                           after, tr("Add service %1").arg(name)));
                    return;
                }
            }
        }
        commit(QStringLiteral("services"), [&](Node &n) {
            n.recipe.services.append(
                Service {QStringLiteral("service-%1").arg(n.recipe.services.size() + 1), true, {}});
        });
    });
    connect(removeService, &QPushButton::clicked, this, [this] {
        const int row = m_services->currentRow();
        commit(QStringLiteral("services"), [&](Node &n) {
            if (row >= 0 && row < n.recipe.services.size())
                n.recipe.services.removeAt(row);
        });
    });
    connect(m_services, &QListWidget::currentRowChanged, this, [this](int row) {
        const Node *n = node();
        if (!n || row < 0 || row >= n->recipe.services.size())
            return;
        const bool was = isRefreshing();
        setRefreshing(true);
        m_enabled->setChecked(n->recipe.services.at(row).enabled);
        m_config->setPlainText(shownConfig(*n, row));
        m_error->clear();
        setRefreshing(was);
        if (m_drafts.contains(n->id + u'/' + n->recipe.services.at(row).name))
            m_error->setText(configProblem(m_config->toPlainText().toUtf8())); // what is wrong with it
    });
    connect(m_enabled, &QCheckBox::toggled, this, [this](bool on) {
        const int row = m_services->currentRow();
        commit(QStringLiteral("services"), [&](Node &n) {
            if (row >= 0 && row < n.recipe.services.size())
                n.recipe.services[row].enabled = on;
        });
    });
    connect(m_config, &QPlainTextEdit::textChanged, this, &ServicesEditor::commitConfig);
}

QString ServicesEditor::configProblem(const QByteArray &text, QJsonObject *config)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError) {
        const LoadError at = LabReader::syntaxError(text, error);
        return tr("JSON error at line %1, column %2: %3").arg(at.line).arg(at.column).arg(error.errorString());
    }
    if (!doc.isObject())
        return tr("The config must be a JSON object.");
    // One of two values of a key would be dropped without a word.
    if (const auto twice = JsonDuplicateKeys::first(text))
        return tr("Key \"%1\" appears twice in one object (%2, line %3); each key once.")
            .arg(twice->key, twice->pointer)
            .arg(twice->line);
    if (config)
        *config = doc.object();
    return {};
}

void ServicesEditor::commitConfig()
{
    if (isRefreshing())
        return;
    const QByteArray text = m_config->toPlainText().toUtf8();
    const Node *current = node();
    const int row = m_services->currentRow();
    const QString draftKey = current && row >= 0 && row < current->recipe.services.size()
        ? current->id + u'/' + current->recipe.services.at(row).name
        : QString();
    QJsonObject config;
    const QString problem = configProblem(text, &config);
    m_error->setText(problem);
    if (!problem.isEmpty()) {
        // Nothing is committed until the text is a JSON object with each key once; the draft is
        // kept for its service meanwhile.
        if (!draftKey.isEmpty())
            m_drafts.insert(draftKey, QString::fromUtf8(text));
        return;
    }
    m_drafts.remove(draftKey);
    commit(QStringLiteral("services"), [&](Node &n) {
        if (row >= 0 && row < n.recipe.services.size())
            n.recipe.services[row].config = config;
    });
}

void ServicesEditor::refresh(const Node &node)
{
    const int serviceRow = m_services->currentRow();
    m_services->clear();
    for (const Service &s : node.recipe.services)
        m_services->addItem(s.name);
    if (!node.recipe.services.isEmpty()) {
        m_services->setCurrentRow(std::clamp(serviceRow, 0, int(node.recipe.services.size()) - 1));
        const Service &s = node.recipe.services.at(m_services->currentRow());
        m_enabled->setChecked(s.enabled);
        if (!m_config->hasFocus())
            m_config->setPlainText(shownConfig(node, m_services->currentRow()));
        if (m_drafts.contains(node.id + u'/' + s.name))
            m_error->setText(configProblem(m_config->toPlainText().toUtf8())); // its error again
    } else {
        m_config->clear();
    }
}

QString ServicesEditor::shownConfig(const Node &node, int row) const
{
    // A draft that did not parse is kept for its service, not dropped when another node is shown.
    const Service &s = node.recipe.services.at(row);
    const QString draft = m_drafts.value(node.id + u'/' + s.name);
    return draft.isEmpty() ? QString::fromUtf8(QJsonDocument(s.config).toJson(QJsonDocument::Indented)) : draft;
}

QWidget *ServicesEditor::focusPointer(const QString &pointer)
{
    if (!pointer.contains(QLatin1String("/services")))
        return nullptr;
    m_config->setFocus();
    return m_config;
}

} // namespace Labforge
