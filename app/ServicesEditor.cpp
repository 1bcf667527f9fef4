// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ServicesEditor.h"

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
    m_services->setMaximumHeight(70);
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
        m_config->setPlainText(
            QString::fromUtf8(QJsonDocument(n->recipe.services.at(row).config).toJson(QJsonDocument::Indented)));
        m_error->clear();
        setRefreshing(was);
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

void ServicesEditor::commitConfig()
{
    if (isRefreshing())
        return;
    QJsonParseError error;
    const QByteArray text = m_config->toPlainText().toUtf8();
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        // Live parse errors; nothing is committed until the text is a JSON object.
        const LoadError at = LabReader::syntaxError(text, error);
        m_error->setText(
            error.error != QJsonParseError::NoError
                ? tr("JSON error at line %1, column %2: %3").arg(at.line).arg(at.column).arg(error.errorString())
                : tr("The config must be a JSON object."));
        return;
    }
    if (const auto twice = JsonDuplicateKeys::first(m_config->toPlainText().toUtf8())) {
        // One of the two values would be dropped without a word: nothing is committed.
        m_error->setText(tr("Key \"%1\" appears twice in one object (%2, line %3); each key once.")
                             .arg(twice->key, twice->pointer)
                             .arg(twice->line));
        return;
    }
    m_error->clear();
    const int row = m_services->currentRow();
    commit(QStringLiteral("services"), [&](Node &n) {
        if (row >= 0 && row < n.recipe.services.size())
            n.recipe.services[row].config = doc.object();
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
            m_config->setPlainText(QString::fromUtf8(QJsonDocument(s.config).toJson(QJsonDocument::Indented)));
    } else {
        m_config->clear();
    }
}

QWidget *ServicesEditor::focusPointer(const QString &pointer)
{
    if (!pointer.contains(QLatin1String("/services")))
        return nullptr;
    m_config->setFocus();
    return m_config;
}

} // namespace Labforge
