// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ReviewPanel.h"

#include "BundleGenerator.h"
#include "CanonicalJson.h"
#include "CodeHighlighting.h"
#include "LabDocument.h"
#include "Validator.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

namespace Labforge {

namespace {
constexpr int ContentRole = Qt::UserRole + 1;
constexpr int PathRole = Qt::UserRole + 2;
} // namespace

ReviewPanel::ReviewPanel(LabDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    auto *layout = new QVBoxLayout(this);
    auto *chooserRow = new QHBoxLayout;
    m_chooser = new QComboBox;
    m_chooser->setObjectName(QStringLiteral("reviewNodeChooser"));
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *chooserLabel = new QLabel(tr("&Node:"));
    chooserLabel->setBuddy(m_chooser);
    chooserRow->addWidget(chooserLabel);
    chooserRow->addWidget(m_chooser);
    chooserRow->addStretch(1);
    layout->addLayout(chooserRow);
    connect(m_chooser, &QComboBox::activated, this,
            [this](int index) { showNode(m_chooser->itemData(index).toString()); });
    m_title = new QLabel;
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    auto *split = new QSplitter(Qt::Vertical);
    m_tree = new QTreeWidget;
    m_tree->setObjectName(QStringLiteral("reviewTree"));
    m_tree->setHeaderLabels({tr("Generated file"), tr("Mode")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    split->addWidget(m_tree);
    m_view = new QPlainTextEdit;
    m_view->setReadOnly(true);
    m_view->setFont(QFont(QStringLiteral("monospace")));
    m_view->setLineWrapMode(QPlainTextEdit::NoWrap);
    split->addWidget(m_view);
    layout->addWidget(split);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &ReviewPanel::showFile);
    connect(document, &LabDocument::labChanged, this, &ReviewPanel::refresh);
    refresh();
}

void ReviewPanel::showNode(const QString &id)
{
    if (id != m_node)
        m_tree->setCurrentItem(nullptr); // another node's review starts at its first file
    m_node = id;
    refresh();
}

void ReviewPanel::fillChooser()
{
    const QSignalBlocker block(m_chooser);
    m_chooser->clear();
    m_chooser->addItem(tr("(the lab's plan only)"), QString());
    for (const Node &n : m_document->lab().nodes)
        m_chooser->addItem(n.id, n.id);
    m_chooser->setCurrentIndex(std::max(0, m_chooser->findData(m_node)));
}

QString ReviewPanel::currentText() const
{
    return m_view->toPlainText();
}

void ReviewPanel::refresh()
{
    const QString current = m_tree->currentItem() ? m_tree->currentItem()->data(0, PathRole).toString() : QString();
    m_tree->clear();
    fillChooser();
    const Lab &lab = m_document->lab();
    auto *plan = new QTreeWidgetItem(m_tree, {QStringLiteral("plan.json"), QString()});
    plan->setData(0, ContentRole,
                  QString::fromUtf8(CanonicalJson::write(BundleGenerator::plan(lab, PinsLock::builtIn()))));
    plan->setData(0, PathRole, QStringLiteral("plan.json"));
    const Node *node = lab.node(m_node);
    if (!node) {
        m_title->setText(tr("Select a node, here or on the canvas, to review what its image will contain."));
        selectFirstFile(current);
        return;
    }
    QStringList errors;
    const Bundle::NodeImage image = BundleGenerator::generateNode(lab, *node, PinsLock::builtIn(), &errors);
    m_title->setText(errors.isEmpty()
                         ? tr("%1: %2 packages, %3 files, %4 units, %5 pinned artifacts")
                               .arg(node->id)
                               .arg(image.output.packages.size())
                               .arg(image.output.files.size())
                               .arg(image.output.units.size())
                               .arg(image.output.artifacts.size())
                         : tr("%1 cannot be generated:\n%2").arg(node->id, errors.join(QLatin1Char('\n'))));
    QHash<QString, QTreeWidgetItem *> dirs;
    auto dirItem = [&](const QString &dir) {
        QTreeWidgetItem *parent = nullptr;
        QString path;
        for (const QString &part : dir.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
            path += QLatin1Char('/') + part;
            if (!dirs.contains(path)) {
                auto *item = parent ? new QTreeWidgetItem(parent, {part}) : new QTreeWidgetItem(m_tree, {part});
                dirs.insert(path, item);
            }
            parent = dirs.value(path);
        }
        return parent;
    };
    for (const GeneratedFile &f : image.output.files) {
        const int slash = int(f.path.lastIndexOf(QLatin1Char('/')));
        QTreeWidgetItem *parent = dirItem(f.path.left(slash));
        auto *item = new QTreeWidgetItem(
            parent, {f.path.mid(slash + 1), QStringLiteral("%1").arg(f.mode, 4, 8, QLatin1Char('0'))});
        item->setData(0, ContentRole, f.isSymlink() ? tr("→ %1").arg(f.symlinkTarget) : QString::fromUtf8(f.content));
        item->setData(0, PathRole, f.path);
    }
    QStringList packages = image.output.packages;
    packages.sort();
    auto *meta = new QTreeWidgetItem(m_tree, {tr("packages, units, artifacts")});
    QString summary =
        tr("Debian packages:\n  %1\n\nUnits enabled:\n  %2\n\nBuild commands:\n  %3\n\nPinned artifacts:\n")
            .arg(packages.join(QStringLiteral("\n  ")), image.output.units.join(QStringLiteral("\n  ")),
                 image.output.buildCommands.join(QStringLiteral("\n  ")));
    auto provenanceText = [](PinnedArtifact::Provenance p) {
        switch (p) {
        case PinnedArtifact::Provenance::Published:
            return tr("published");
        case PinnedArtifact::Provenance::Reproduced:
            return tr("reproduced");
        case PinnedArtifact::Provenance::FirstPull:
            return tr("FIRST PULL: taken from the first download, not published upstream");
        case PinnedArtifact::Provenance::None:
            break;
        }
        return QString();
    };
    for (const PinnedArtifact &a : image.output.artifacts)
        summary += QStringLiteral("  %1/%2 → %3 (%4)\n")
                       .arg(a.component, a.name, a.destination,
                            a.sha256.isEmpty() ? tr("no SHA-256 recorded")
                                               : QStringLiteral("%1, %2").arg(a.sha256, provenanceText(a.provenance)));
    if (!image.output.images.isEmpty())
        summary += tr("\nContainer images (pulled by digest; the node refuses any other):\n");
    for (const PinnedArtifact &i : image.output.images)
        summary +=
            QStringLiteral("  %1 → %2\n")
                .arg(i.imageReference(),
                     i.sha256.isEmpty() ? tr("no digest recorded")
                                        : QStringLiteral("sha256:%1 (%2)").arg(i.sha256, provenanceText(i.provenance)));
    meta->setData(0, ContentRole, summary);
    meta->setData(0, PathRole, QStringLiteral("summary.txt"));
    m_tree->expandAll();
    selectFirstFile(current);
}

void ReviewPanel::selectFirstFile(const QString &current)
{
    // The file shown before, if it is still there; else the first file, at the top.
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if (!current.isEmpty() && (*it)->data(0, PathRole).toString() == current) {
            m_tree->setCurrentItem(*it);
            return;
        }
    }
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if ((*it)->data(0, ContentRole).isValid()) {
            m_tree->setCurrentItem(*it);
            break;
        }
    }
    m_tree->scrollToTop();
}

void ReviewPanel::showFile()
{
    QTreeWidgetItem *item = m_tree->currentItem();
    if (!item || !item->data(0, ContentRole).isValid()) {
        m_view->clear();
        return;
    }
    CodeHighlighting::attach(m_view->document(), item->data(0, PathRole).toString());
    m_view->setPlainText(item->data(0, ContentRole).toString());
}

} // namespace Labforge
