// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PackagesEditor.h"

#include "FieldText.h"

#include <QFormLayout>
#include <QLineEdit>

namespace Labforge {

PackagesEditor::PackagesEditor(LabDocument *document, QWidget *parent)
    : NodeSectionEditor(document, parent)
{
    auto *form = new QFormLayout(this);
    form->setContentsMargins({});
    m_packages = new QLineEdit;
    m_packages->setObjectName(QStringLiteral("packages"));
    m_packages->setPlaceholderText(tr("extra Debian packages, separated by spaces"));
    form->addRow(tr("Packages"), m_packages);
    connect(m_packages, &QLineEdit::editingFinished, this, [this] {
        commit(QStringLiteral("packages"),
               [&](Node &n) { n.recipe.packages = m_packages->text().split(QLatin1Char(' '), Qt::SkipEmptyParts); });
    });
}

void PackagesEditor::refresh(const Node &node)
{
    if (!m_packages->hasFocus())
        FieldText::show(m_packages, node.recipe.packages.join(QLatin1Char(' ')));
}

QWidget *PackagesEditor::focusPointer(const QString &pointer)
{
    if (!pointer.contains(QLatin1String("/packages")))
        return nullptr;
    m_packages->setFocus();
    return m_packages;
}

} // namespace Labforge
