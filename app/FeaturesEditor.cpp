// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FeaturesEditor.h"

#include "Catalog.h"

#include <QCheckBox>
#include <QGroupBox>
#include <QVBoxLayout>

namespace Labforge {

FeaturesEditor::FeaturesEditor(LabDocument *document, QWidget *parent)
    : NodeSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    m_box = new QGroupBox(tr("Features"));
    outer->addWidget(m_box);
    auto *featureLayout = new QVBoxLayout(m_box);
    for (const FeatureInfo &f : Catalog::features()) {
        auto *box = new QCheckBox(f.name);
        box->setToolTip(f.summary);
        box->setObjectName(QStringLiteral("feature-") + f.name);
        featureLayout->addWidget(box);
        m_features.append(box);
        connect(box, &QCheckBox::toggled, this, [this, name = f.name](bool on) {
            const QString label = (on ? tr("Turn on feature %1 on %2") : tr("Turn off feature %1 on %2"))
                                      .arg(name, node() ? node()->id : QString());
            commit(
                QStringLiteral("features"),
                [&](Node &n) {
                    n.recipe.features.removeAll(name);
                    if (!on)
                        return;
                    // In the catalog's order, as the built-in labs list them: before the first
                    // feature the catalog lists after it.
                    const auto rank = [](const QString &feature) {
                        const auto &all = Catalog::features();
                        const auto it = std::find_if(all.begin(), all.end(),
                                                     [&](const FeatureInfo &f) { return f.name == feature; });
                        return it - all.begin();
                    };
                    const auto later = std::find_if(n.recipe.features.begin(), n.recipe.features.end(),
                                                    [&](const QString &f) { return rank(f) > rank(name); });
                    n.recipe.features.insert(later, name);
                },
                label);
        });
    }
}

void FeaturesEditor::refresh(const Node &node)
{
    for (QCheckBox *box : std::as_const(m_features)) {
        const QString name = box->text();
        const FeatureInfo *info = Catalog::feature(name);
        box->setChecked(node.recipe.hasFeature(name));
        // Only what the role may take can be switched on (what is on can always be switched off),
        // and a feature that cannot says why.
        const bool allowed = info->allowsRole(node.role);
        box->setEnabled(allowed || box->isChecked());
        const QString why = allowed ? QString()
                                    : tr("Not for a %1 node: %2 runs on %3 nodes only.")
                                          .arg(node.role, name, info->allowedRoles.join(QStringLiteral(", ")));
        box->setToolTip(why.isEmpty() ? info->summary : info->summary + u'\n' + why);
        box->setAccessibleDescription(why.isEmpty() ? info->summary : why);
    }
}

QWidget *FeaturesEditor::focusPointer(const QString &pointer)
{
    if (!pointer.contains(QLatin1String("/features")))
        return nullptr;
    m_box->setFocus();
    return m_box;
}

} // namespace Labforge
