// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "KubernetesEditor.h"
#include "RowsFit.h"

#include "Catalog.h"
#include "FieldText.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace Labforge {

QStringList KubernetesEditor::supportedCnis()
{
    return {QStringLiteral("flannel")}; // the one CNI the kubeadm-lab feature supports
}

KubernetesEditor::KubernetesEditor(LabDocument *document, QWidget *parent)
    : LabSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    m_add = new QPushButton(tr("Add Kubernetes plan"));
    m_add->setObjectName(QStringLiteral("addKubernetesPlan"));
    m_add->setToolTip(tr("Adds plan.kubernetes: a kubeadm cluster of this lab's nodes."));
    auto *addRow = new QHBoxLayout;
    addRow->addWidget(m_add);
    addRow->addStretch();
    outer->addLayout(addRow);

    m_plan = new QGroupBox(tr("Kubernetes (plan.kubernetes)"));
    m_plan->setObjectName(QStringLiteral("kubernetesPlan"));
    outer->addWidget(m_plan);
    auto *planLayout = new QVBoxLayout(m_plan);
    auto *k8sForm = new QFormLayout;
    planLayout->addLayout(k8sForm);
    m_version = new QLineEdit;
    m_version->setObjectName(QStringLiteral("k8sVersion"));
    k8sForm->addRow(tr("Version"), m_version);
    m_controller = new QComboBox;
    m_controller->setObjectName(QStringLiteral("k8sController"));
    k8sForm->addRow(tr("Controller"), m_controller);
    m_workers = new QListWidget;
    m_workers->setObjectName(QStringLiteral("k8sWorkers"));
    RowsFit::install(m_workers, 2, 5);
    m_workers->setToolTip(tr("The nodes that join the cluster as workers."));
    k8sForm->addRow(tr("Workers"), m_workers);
    m_podCidr = new QLineEdit;
    m_podCidr->setObjectName(QStringLiteral("podCidr"));
    k8sForm->addRow(tr("Pod subnet"), m_podCidr);
    m_serviceCidr = new QLineEdit;
    m_serviceCidr->setObjectName(QStringLiteral("serviceCidr"));
    k8sForm->addRow(tr("Service subnet"), m_serviceCidr);
    m_cni = new QComboBox;
    m_cni->setObjectName(QStringLiteral("k8sCni"));
    m_cni->setToolTip(tr("Flannel is the only CNI labforge generates; its net-conf Network follows the pod subnet."));
    k8sForm->addRow(tr("CNI"), m_cni);
    m_ttl = new QSpinBox;
    m_ttl->setObjectName(QStringLiteral("tokenTtl"));
    m_ttl->setRange(60, Catalog::MaxBootstrapTokenTtlSeconds);
    m_ttl->setSuffix(tr(" s"));
    k8sForm->addRow(tr("Token lifetime"), m_ttl);
    m_mirrors = new QLineEdit;
    m_mirrors->setObjectName(QStringLiteral("registryMirrors"));
    m_mirrors->setPlaceholderText(tr("docker.io=https://mirror.example.org:5000, ghcr.io=…"));
    m_mirrors->setToolTip(tr("The site's registry mirrors: the nodes' containerd pulls through them (images stay "
                             "pinned by digest)."));
    k8sForm->addRow(tr("Registry mirrors"), m_mirrors);
    auto *remove = new QPushButton(tr("Remove Kubernetes plan"));
    remove->setObjectName(QStringLiteral("removeKubernetesPlan"));
    auto *removeRow = new QHBoxLayout;
    removeRow->addStretch();
    removeRow->addWidget(remove);
    planLayout->addLayout(removeRow);

    connect(m_add, &QPushButton::clicked, this, [this] {
        commit(tr("Kubernetes plan"), [](Lab &l) {
            if (!l.kubernetes)
                l.kubernetes = KubernetesIntent {};
        });
    });
    connect(remove, &QPushButton::clicked, this,
            [this] { commit(tr("Kubernetes plan"), [](Lab &l) { l.kubernetes.reset(); }); });
    connect(m_version, &QLineEdit::editingFinished, this,
            [this] { edit([&](KubernetesIntent &k) { k.version = m_version->text().trimmed(); }); });
    connect(m_controller, &QComboBox::currentTextChanged, this,
            [this](const QString &c) { edit([&](KubernetesIntent &k) { k.controller = c; }); });
    connect(m_workers, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const QString id = item->data(Qt::UserRole).toString();
        const bool on = item->checkState() == Qt::Checked;
        edit([&](KubernetesIntent &k) {
            if (on && !k.workers.contains(id))
                k.workers.append(id);
            else if (!on)
                k.workers.removeAll(id);
        });
    });
    connect(m_podCidr, &QLineEdit::editingFinished, this,
            [this] { edit([&](KubernetesIntent &k) { k.podCidr = m_podCidr->text().trimmed(); }); });
    connect(m_serviceCidr, &QLineEdit::editingFinished, this,
            [this] { edit([&](KubernetesIntent &k) { k.serviceCidr = m_serviceCidr->text().trimmed(); }); });
    connect(m_cni, &QComboBox::currentTextChanged, this,
            [this](const QString &cni) { edit([&](KubernetesIntent &k) { k.cni = cni; }); });
    connect(m_ttl, &QSpinBox::valueChanged, this,
            [this](int v) { edit([&](KubernetesIntent &k) { k.bootstrapTokenTtlSeconds = v; }); });
    connect(m_mirrors, &QLineEdit::editingFinished, this, [this] {
        edit([&](KubernetesIntent &k) { k.registryMirrors = RegistryMirror::fromText(m_mirrors->text()); });
    });
    KubernetesEditor::refresh(); // this class's own, as it is constructed
}

void KubernetesEditor::edit(const std::function<void(KubernetesIntent &)> &change)
{
    // The fields exist only while the lab has a plan: no edit makes one implicitly.
    commit(tr("Kubernetes plan"), [&](Lab &l) {
        if (l.kubernetes)
            change(*l.kubernetes);
    });
}

void KubernetesEditor::refreshWorkers(const KubernetesIntent &k)
{
    // The lab's nodes in lab order, then any worker id the file names that is no node here
    // (shown as it is so that unticking it is the way to drop it).
    QStringList ids;
    for (const Node &n : lab().nodes)
        ids.append(n.id);
    for (const QString &w : k.workers) {
        if (!ids.contains(w))
            ids.append(w);
    }
    const int current = m_workers->currentRow();
    m_workers->clear();
    for (const QString &id : ids) {
        const bool isNode = lab().node(id) != nullptr;
        auto *item = new QListWidgetItem(isNode ? id : tr("%1 (no such node)").arg(id));
        item->setData(Qt::UserRole, id);
        const bool checked = k.workers.contains(id);
        Qt::ItemFlags flags = Qt::ItemIsUserCheckable | Qt::ItemIsSelectable;
        // The controller is no worker; a file that says so can still untick it.
        if (id != k.controller || checked)
            flags |= Qt::ItemIsEnabled;
        else
            item->setToolTip(tr("The controller is not a worker."));
        item->setFlags(flags);
        item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
        m_workers->addItem(item);
    }
    m_workers->setCurrentRow(std::min(current, m_workers->count() - 1));
}

void KubernetesEditor::refresh()
{
    setRefreshing(true);
    const bool planned = lab().kubernetes.has_value();
    m_add->setVisible(!planned);
    m_plan->setVisible(planned);
    const KubernetesIntent k = lab().kubernetes.value_or(KubernetesIntent {});
    if (!m_version->hasFocus())
        FieldText::show(m_version, k.version);
    m_controller->clear();
    m_controller->addItem(QString()); // no controller chosen yet: shown as such, not as the first node
    for (const Node &n : lab().nodes)
        m_controller->addItem(n.id);
    if (m_controller->findText(k.controller) < 0)
        m_controller->addItem(k.controller); // a controller that is no node is shown as it is
    m_controller->setCurrentText(k.controller);
    refreshWorkers(k);
    if (!m_podCidr->hasFocus())
        FieldText::show(m_podCidr, k.podCidr);
    if (!m_serviceCidr->hasFocus())
        FieldText::show(m_serviceCidr, k.serviceCidr);
    m_cni->clear();
    m_cni->addItems(supportedCnis());
    if (m_cni->findText(k.cni) < 0)
        m_cni->addItem(k.cni); // an unsupported CNI is shown as it is; the validator names it
    m_cni->setCurrentText(k.cni);
    // A lifetime outside the allowed range is shown as the file has it (the validator names it).
    m_ttl->setRange(std::min(60, k.bootstrapTokenTtlSeconds),
                    std::max(int(Catalog::MaxBootstrapTokenTtlSeconds), k.bootstrapTokenTtlSeconds));
    m_ttl->setValue(k.bootstrapTokenTtlSeconds);
    if (!m_mirrors->hasFocus())
        FieldText::show(m_mirrors, RegistryMirror::toText(k.registryMirrors));
    setRefreshing(false);
}

QWidget *KubernetesEditor::focusPointer(const QStringList &tokens)
{
    if (tokens.value(0) != QLatin1String("plan") || tokens.value(1) != QLatin1String("kubernetes"))
        return nullptr;
    const QString key = tokens.value(2);
    QWidget *field = key == QLatin1String("version")          ? static_cast<QWidget *>(m_version)
        : key == QLatin1String("controller")                  ? m_controller
        : key == QLatin1String("workers")                     ? m_workers
        : key == QLatin1String("pod_cidr")                    ? m_podCidr
        : key == QLatin1String("service_cidr")                ? m_serviceCidr
        : key == QLatin1String("cni")                         ? m_cni
        : key == QLatin1String("bootstrap_token_ttl_seconds") ? m_ttl
        : key == QLatin1String("registry_mirrors")            ? m_mirrors
        : m_plan->isVisible()                                 ? static_cast<QWidget *>(m_plan)
                                                              : m_add;
    if (key == QLatin1String("workers") && tokens.size() > 3) {
        const QString member = lab().kubernetes ? lab().kubernetes->workers.value(tokens.value(3).toInt()) : QString();
        for (int i = 0; i < m_workers->count(); ++i) {
            if (m_workers->item(i)->text() == member)
                m_workers->setCurrentRow(i);
        }
    }
    field->setFocus();
    return field;
}

} // namespace Labforge
