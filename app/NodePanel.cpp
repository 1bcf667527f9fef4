#include "NodePanel.h"

#include "Catalog.h"
#include "EditNodeCommand.h"
#include "FeatureRegistry.h"
#include "JsonHighlighter.h"
#include "LabDocument.h"
#include "ReaddressNodeCommand.h"
#include "RenameNodeCommand.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Labforge {

NodePanel::NodePanel(LabDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    layout->addLayout(form);
    m_nodeId = new QLineEdit;
    m_nodeId->setObjectName(QStringLiteral("nodeId"));
    form->addRow(tr("Node id"), m_nodeId);
    m_idProblem = new QLabel;
    m_idProblem->setObjectName(QStringLiteral("nodeIdProblem"));
    m_idProblem->setStyleSheet(QStringLiteral("color: #c62828"));
    m_idProblem->setWordWrap(true);
    m_idProblem->hide();
    form->addRow(QString(), m_idProblem);
    m_role = new QComboBox;
    m_role->setObjectName(QStringLiteral("role"));
    m_role->addItems(Catalog::roles());
    form->addRow(tr("Role"), m_role);
    m_network = new QComboBox;
    form->addRow(tr("Network"), m_network);
    m_ip = new QLineEdit;
    m_ip->setObjectName(QStringLiteral("ip"));
    form->addRow(tr("IP address"), m_ip);
    m_cpu = new QSpinBox;
    m_cpu->setObjectName(QStringLiteral("minCpu"));
    m_cpu->setRange(1, 256);
    form->addRow(tr("Min vCPUs"), m_cpu);
    m_memory = new QSpinBox;
    m_memory->setObjectName(QStringLiteral("minMemory"));
    m_memory->setRange(1, 1024);
    m_memory->setSuffix(tr(" GB"));
    form->addRow(tr("Min RAM"), m_memory);
    m_baseImage = new QComboBox;
    m_baseImage->addItems(Catalog::baseImages());
    form->addRow(tr("Base image"), m_baseImage);

    auto *features = new QGroupBox(tr("Features"));
    auto *featureLayout = new QVBoxLayout(features);
    for (const FeatureInfo &f : Catalog::features()) {
        auto *box = new QCheckBox(f.name);
        box->setToolTip(f.summary);
        box->setObjectName(QStringLiteral("feature-") + f.name);
        featureLayout->addWidget(box);
        m_features.append(box);
        connect(box, &QCheckBox::toggled, this, [this, name = f.name](bool on) {
            commit(QStringLiteral("features"), [&](Node &n) {
                n.recipe.features.removeAll(name);
                if (on)
                    n.recipe.features.append(name);
            });
        });
    }
    m_featureBox = features;
    layout->addWidget(features);

    auto *more = new QFormLayout;
    layout->addLayout(more);
    m_packages = new QLineEdit;
    m_packages->setObjectName(QStringLiteral("packages"));
    m_packages->setPlaceholderText(tr("extra Debian packages, separated by spaces"));
    more->addRow(tr("Packages"), m_packages);
    auto *users = new QGroupBox(tr("Users"));
    auto *userLayout = new QVBoxLayout(users);
    m_users = new QTableWidget(0, 3);
    m_users->setObjectName(QStringLiteral("users"));
    m_users->setHorizontalHeaderLabels({tr("Name"), tr("sudo"), tr("SSH")});
    m_users->horizontalHeader()->setStretchLastSection(true);
    m_users->setMaximumHeight(90);
    userLayout->addWidget(m_users);
    auto *userButtons = new QHBoxLayout;
    auto *addUser = new QPushButton(tr("Add user"));
    auto *removeUser = new QPushButton(tr("Remove user"));
    userButtons->addWidget(addUser);
    userButtons->addWidget(removeUser);
    userButtons->addStretch();
    userLayout->addLayout(userButtons);
    layout->addWidget(users);

    auto *disks = new QGroupBox(tr("Disks"));
    auto *diskLayout = new QVBoxLayout(disks);
    m_disks = new QTableWidget(0, 4);
    m_disks->setObjectName(QStringLiteral("disks"));
    m_disks->setHorizontalHeaderLabels({tr("Id"), tr("Size (GB)"), tr("Bus"), tr("Serial")});
    m_disks->horizontalHeader()->setStretchLastSection(true);
    m_disks->setMinimumHeight(90);
    diskLayout->addWidget(m_disks);
    auto *diskButtons = new QHBoxLayout;
    auto *addDisk = new QPushButton(tr("Add disk"));
    auto *removeDisk = new QPushButton(tr("Remove disk"));
    diskButtons->addWidget(addDisk);
    diskButtons->addWidget(removeDisk);
    diskButtons->addStretch();
    diskLayout->addLayout(diskButtons);
    layout->addWidget(disks);

    auto *services = new QGroupBox(tr("Services"));
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
    m_serviceEnabled = new QCheckBox(tr("Enabled"));
    serviceLayout->addWidget(m_serviceEnabled);
    connect(addService, &QPushButton::clicked, this, [this] {
        commit(QStringLiteral("services"), [&](Node &n) {
            // Offer the service the node's features still need, prefilled from the lab.
            for (const QString &feature : n.recipe.features) {
                const FeatureInfo *info = Catalog::feature(feature);
                for (const QString &name : info ? info->requiredServices : QStringList()) {
                    if (!n.recipe.service(name)) {
                        n.recipe.services.append(Service {name, true, suggestedConfig(name, n)});
                        return;
                    }
                }
            }
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
    m_serviceConfig = new QPlainTextEdit;
    m_serviceConfig->setObjectName(QStringLiteral("serviceConfig"));
    m_serviceConfig->setFont(QFont(QStringLiteral("monospace")));
    new JsonHighlighter(m_serviceConfig->document());
    serviceLayout->addWidget(m_serviceConfig);
    m_serviceError = new QLabel;
    m_serviceError->setStyleSheet(QStringLiteral("color: #c62828"));
    m_serviceError->setWordWrap(true);
    serviceLayout->addWidget(m_serviceError);
    layout->addWidget(services);
    layout->addStretch();

    connect(m_nodeId, &QLineEdit::editingFinished, this, [this] {
        const QString id = m_nodeId->text().trimmed();
        if (id == m_id)
            return showIdProblem({});
        // Refused here, with the reason beside the field: a duplicate id would make two
        // canvas items claim one node.
        const QString problem = m_document->lab().nodeIdProblem(id, m_id);
        showIdProblem(problem);
        if (problem.isEmpty() && !m_refreshing && m_document->lab().node(m_id))
            m_document->undoStack()->push(new RenameNodeCommand(m_document, m_id, id)); // references follow
    });
    connect(m_role, &QComboBox::currentTextChanged, this,
            [this](const QString &role) { commit(QStringLiteral("role"), [&](Node &n) { n.role = role; }); });
    connect(m_network, &QComboBox::currentTextChanged, this, [this](const QString &net) {
        commit(QStringLiteral("network"), [&](Node &n) {
            if (n.interfaces.isEmpty())
                n.interfaces.append(NodeInterface {});
            n.interfaces[0].network = net;
        });
    });
    connect(m_ip, &QLineEdit::editingFinished, this, [this] {
        const Node *n = m_document->lab().node(m_id);
        const QString ip = m_ip->text().trimmed();
        if (!m_refreshing && n && !n->interfaces.isEmpty() && !n->interfaces.first().ip.isEmpty()) {
            // The service configs naming the old address follow (ReaddressNodeCommand).
            if (ip != n->interfaces.first().ip)
                m_document->undoStack()->push(new ReaddressNodeCommand(m_document, m_id, n->interfaces.first().ip, ip));
            return;
        }
        commit(QStringLiteral("ip"), [&](Node &n) {
            if (n.interfaces.isEmpty())
                n.interfaces.append(NodeInterface {m_network->currentText(), {}});
            n.interfaces[0].ip = m_ip->text().trimmed();
        });
    });
    connect(m_cpu, &QSpinBox::valueChanged, this,
            [this](int v) { commit(QStringLiteral("min_cpu"), [&](Node &n) { n.recipe.minCpu = v; }); });
    connect(m_memory, &QSpinBox::valueChanged, this,
            [this](int v) { commit(QStringLiteral("min_memory_gb"), [&](Node &n) { n.recipe.minMemoryGb = v; }); });
    connect(m_baseImage, &QComboBox::currentTextChanged, this, [this](const QString &b) {
        commit(QStringLiteral("base_image"), [&](Node &n) { n.recipe.baseImage = b; });
    });
    connect(m_packages, &QLineEdit::editingFinished, this, [this] {
        commit(QStringLiteral("packages"),
               [&](Node &n) { n.recipe.packages = m_packages->text().split(QLatin1Char(' '), Qt::SkipEmptyParts); });
    });
    connect(addUser, &QPushButton::clicked, this, [this] {
        commit(QStringLiteral("users"), [&](Node &n) {
            n.recipe.users.append(User {QStringLiteral("user%1").arg(n.recipe.users.size() + 1), false, true});
        });
    });
    connect(removeUser, &QPushButton::clicked, this, [this] {
        const int row = m_users->currentRow();
        commit(QStringLiteral("users"), [&](Node &n) {
            if (row >= 0 && row < n.recipe.users.size())
                n.recipe.users.removeAt(row);
        });
    });
    connect(m_users, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_refreshing)
            return;
        const int row = item->row();
        const int column = item->column();
        commit(QStringLiteral("users"), [&](Node &n) {
            if (row >= n.recipe.users.size())
                return;
            User &u = n.recipe.users[row];
            if (column == 0)
                u.name = item->text().trimmed();
            else if (column == 1)
                u.sudo = item->checkState() == Qt::Checked;
            else
                u.ssh = item->checkState() == Qt::Checked;
        });
    });
    connect(addDisk, &QPushButton::clicked, this, [this] {
        commit(QStringLiteral("disks"), [&](Node &n) {
            n.disks.append(Disk {QStringLiteral("data-%1").arg(n.disks.size() + 1), QStringLiteral("disk"), 10,
                                 QStringLiteral("virtio"),
                                 QStringLiteral("%1_DATA%2")
                                     .arg(n.id.toUpper().left(12).replace(QLatin1Char('-'), QLatin1Char('_')))
                                     .arg(n.disks.size() + 1)});
        });
    });
    connect(removeDisk, &QPushButton::clicked, this, [this] {
        const int row = m_disks->currentRow();
        commit(QStringLiteral("disks"), [&](Node &n) {
            if (row >= 0 && row < n.disks.size())
                n.disks.removeAt(row);
        });
    });
    connect(m_disks, &QTableWidget::cellChanged, this, [this](int row, int column) {
        if (m_refreshing)
            return;
        const QString text = m_disks->item(row, column)->text().trimmed();
        commit(QStringLiteral("disks"), [&](Node &n) {
            if (row >= n.disks.size())
                return;
            Disk &d = n.disks[row];
            switch (column) {
            case 0:
                d.id = text;
                break;
            case 1:
                d.sizeGb = text.toInt();
                break;
            case 2:
                d.bus = text;
                break;
            default:
                d.serial = text;
            }
        });
    });
    connect(m_services, &QListWidget::currentRowChanged, this, [this](int row) {
        const Node *n = m_document->lab().node(m_id);
        if (!n || row < 0 || row >= n->recipe.services.size())
            return;
        const bool was = m_refreshing;
        m_refreshing = true;
        m_serviceEnabled->setChecked(n->recipe.services.at(row).enabled);
        m_serviceConfig->setPlainText(
            QString::fromUtf8(QJsonDocument(n->recipe.services.at(row).config).toJson(QJsonDocument::Indented)));
        m_serviceError->clear();
        m_refreshing = was;
    });
    connect(m_serviceEnabled, &QCheckBox::toggled, this, [this](bool on) {
        const int row = m_services->currentRow();
        commit(QStringLiteral("services"), [&](Node &n) {
            if (row >= 0 && row < n.recipe.services.size())
                n.recipe.services[row].enabled = on;
        });
    });
    connect(m_serviceConfig, &QPlainTextEdit::textChanged, this, &NodePanel::commitServiceConfig);
    connect(document, &LabDocument::labChanged, this, &NodePanel::refresh);
    connect(document, &LabDocument::nodeChanged, this, [this](const QString &oldId, const QString &newId) {
        if (oldId == m_id)
            m_id = newId;
    });
    connect(document, &LabDocument::labReplaced, this,
            [this](const QHash<QString, QString> &renamed) { m_id = renamed.value(m_id, m_id); });
    setEnabled(false);
}

QJsonObject NodePanel::suggestedConfig(const QString &service, const Node &node) const
{
    const FeatureDefinition *owner = FeatureRegistry::instance().owningService(service);
    if (!owner)
        return {};
    // The versions the document validates against (the pins lock in use).
    return owner->suggestedConfig(service, m_document->lab(), node, m_document->validationContext());
}

void NodePanel::commitServiceConfig()
{
    if (m_refreshing)
        return;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(m_serviceConfig->toPlainText().toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        // Live parse errors; nothing is committed until the text is a JSON object.
        m_serviceError->setText(error.error != QJsonParseError::NoError
                                    ? tr("JSON error at character %1: %2").arg(error.offset).arg(error.errorString())
                                    : tr("The config must be a JSON object."));
        return;
    }
    m_serviceError->clear();
    const int row = m_services->currentRow();
    commit(QStringLiteral("services"), [&](Node &n) {
        if (row >= 0 && row < n.recipe.services.size())
            n.recipe.services[row].config = doc.object();
    });
}

void NodePanel::commit(const QString &field, const std::function<void(Node &)> &change)
{
    if (m_refreshing || m_id.isEmpty())
        return;
    const Node *current = m_document->lab().node(m_id);
    if (!current)
        return;
    Node after = *current;
    change(after);
    if (after == *current)
        return;
    m_document->undoStack()->push(new EditNodeCommand(m_document, *current, after, field));
}

void NodePanel::showIdProblem(const QString &problem)
{
    m_idProblem->setText(problem);
    m_idProblem->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        m_nodeId->setStyleSheet(QStringLiteral("border: 1px solid #c62828"));
    else
        m_nodeId->setStyleSheet(QString());
}

void NodePanel::showNode(const QString &id)
{
    showIdProblem({});
    m_id = id;
    refresh();
}

void NodePanel::refresh()
{
    const Node *n = m_document->lab().node(m_id);
    setEnabled(n != nullptr);
    if (!n)
        return;
    m_refreshing = true;
    if (!m_nodeId->hasFocus())
        m_nodeId->setText(n->id);
    m_role->setCurrentText(n->role);
    m_network->clear();
    for (const Network &net : m_document->lab().networks)
        m_network->addItem(net.name);
    m_network->setCurrentText(n->interfaces.value(0).network);
    if (!m_ip->hasFocus())
        m_ip->setText(n->ip());
    m_cpu->setValue(n->recipe.minCpu);
    m_memory->setValue(n->recipe.minMemoryGb);
    m_baseImage->setCurrentText(n->recipe.baseImage);
    for (QCheckBox *box : std::as_const(m_features)) {
        const QString name = box->text();
        box->setChecked(n->recipe.hasFeature(name));
        // Only what the role may take can be switched on (what is on can always be switched off).
        box->setEnabled(Catalog::feature(name)->allowsRole(n->role) || box->isChecked());
    }
    if (!m_packages->hasFocus())
        m_packages->setText(n->recipe.packages.join(QLatin1Char(' ')));
    m_users->setRowCount(int(n->recipe.users.size()));
    for (int r = 0; r < n->recipe.users.size(); ++r) {
        const User &u = n->recipe.users.at(r);
        m_users->setItem(r, 0, new QTableWidgetItem(u.name));
        for (int c : {1, 2}) {
            auto *check = new QTableWidgetItem;
            check->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            check->setCheckState((c == 1 ? u.sudo : u.ssh) ? Qt::Checked : Qt::Unchecked);
            m_users->setItem(r, c, check);
        }
    }
    m_disks->setRowCount(int(n->disks.size()));
    for (int r = 0; r < n->disks.size(); ++r) {
        const Disk &d = n->disks.at(r);
        const QStringList cells {d.id, QString::number(d.sizeGb), d.bus, d.serial};
        for (int c = 0; c < 4; ++c)
            m_disks->setItem(r, c, new QTableWidgetItem(cells.at(c)));
    }
    const int serviceRow = m_services->currentRow();
    m_services->clear();
    for (const Service &s : n->recipe.services)
        m_services->addItem(s.name);
    if (!n->recipe.services.isEmpty()) {
        m_services->setCurrentRow(std::clamp(serviceRow, 0, int(n->recipe.services.size()) - 1));
        const Service &s = n->recipe.services.at(m_services->currentRow());
        m_serviceEnabled->setChecked(s.enabled);
        if (!m_serviceConfig->hasFocus())
            m_serviceConfig->setPlainText(QString::fromUtf8(QJsonDocument(s.config).toJson(QJsonDocument::Indented)));
    } else {
        m_serviceConfig->clear();
    }
    m_refreshing = false;
}

void NodePanel::focusPointer(const QString &pointer)
{
    if (pointer.contains(QLatin1String("/ip")))
        m_ip->setFocus();
    else if (pointer.contains(QLatin1String("/node_id")))
        m_nodeId->setFocus();
    else if (pointer.contains(QLatin1String("/features")))
        m_featureBox->setFocus();
    else if (pointer.contains(QLatin1String("/packages")))
        m_packages->setFocus();
    else if (pointer.contains(QLatin1String("/disks")))
        m_disks->setFocus();
    else if (pointer.contains(QLatin1String("/services")))
        m_serviceConfig->setFocus();
    else if (pointer.contains(QLatin1String("/hardware/min_cpu")))
        m_cpu->setFocus();
    else if (pointer.contains(QLatin1String("/hardware/min_memory_gb")))
        m_memory->setFocus();
}

} // namespace Labforge
