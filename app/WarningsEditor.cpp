// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "WarningsEditor.h"
#include "RowsFit.h"

#include "Catalog.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace Labforge {

WarningsEditor::WarningsEditor(LabDocument *document, QWidget *parent)
    : LabSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    auto *warn = new QGroupBox(tr("Warnings"));
    outer->addWidget(warn);
    auto *warnLayout = new QVBoxLayout(warn);
    m_warnings = new QListWidget;
    m_warnings->setWordWrap(true);
    RowsFit::install(m_warnings, 1, 5);
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
    WarningsEditor::refresh(); // this class's own, as it is constructed
}

void WarningsEditor::refresh()
{
    setRefreshing(true);
    m_warnings->clear();
    const QStringList required = Catalog::requiredWarningIds();
    for (const LabWarning &w : lab().warnings) {
        auto *item = new QListWidgetItem(w.text);
        item->setToolTip(required.contains(w.id) ? tr("Required by a feature of this lab; it cannot be edited.")
                                                 : w.id);
        if (required.contains(w.id))
            item->setForeground(QColor(0x8d, 0x6e, 0x63));
        else
            item->setFlags(item->flags() | Qt::ItemIsEditable);
        m_warnings->addItem(item);
    }
    setRefreshing(false);
}

QWidget *WarningsEditor::focusPointer(const QStringList &tokens)
{
    if (tokens.value(0) != QLatin1String("warnings"))
        return nullptr;
    const int row = tokens.value(1).toInt();
    if (row >= 0 && row < m_warnings->count())
        m_warnings->setCurrentRow(row);
    m_warnings->setFocus();
    return m_warnings;
}

} // namespace Labforge
