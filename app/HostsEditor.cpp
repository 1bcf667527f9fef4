// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostsEditor.h"
#include "RowsFit.h"

#include "HostProbe.h"
#include "Ipv4.h"
#include "SafeName.h"

#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace Labforge {

HostsEditor::HostsEditor(LabDocument *document, QWidget *parent)
    : LabSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    auto *box = new QGroupBox(tr("Hosts"));
    outer->addWidget(box);
    auto *layout = new QVBoxLayout(box);
    auto *about = new QLabel(tr("Without hosts the lab runs on the libvirt URI Build and Boot names. With hosts, "
                                "each node runs on the host it names, or where the planner places it."));
    about->setWordWrap(true);
    layout->addWidget(about);
    m_hosts = new QTableWidget(0, ColumnCount);
    m_hosts->setObjectName(QStringLiteral("hosts"));
    RowsFit::install(m_hosts, 1, 5);
    m_hosts->setHorizontalHeaderLabels(
        {tr("Name"), tr("libvirt URI"), tr("Tunnel address"), tr("Fabric"), tr("Memory limit (GB)"), tr("vCPU limit")});
    m_hosts->horizontalHeaderItem(Fabric)->setToolTip(
        tr("How lab networks are built there: %1").arg(LabHost::fabrics().join(QStringLiteral(", "))));
    m_hosts->horizontalHeaderItem(MemoryGb)->setToolTip(tr("0: what the host has"));
    m_hosts->horizontalHeaderItem(Vcpus)->setToolTip(tr("0: what the host has"));
    m_hosts->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_hosts);
    layout->addWidget(problemLabel(QStringLiteral("hostsProblem")));
    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add Host"));
    add->setObjectName(QStringLiteral("addHost"));
    auto *remove = new QPushButton(tr("Remove Host"));
    remove->setObjectName(QStringLiteral("removeHost"));
    m_test = new QPushButton(tr("Test Connection"));
    m_test->setObjectName(QStringLiteral("testHost"));
    m_test->setToolTip(tr("Ask the selected host through its URI what it has"));
    // Two rows, so that the panel stays as narrow as its dock in every language.
    for (QPushButton *b : {add, remove})
        buttons->addWidget(b);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    layout->addWidget(m_test, 0, Qt::AlignLeft);
    m_connection = new QLabel;
    m_connection->setObjectName(QStringLiteral("hostConnection"));
    m_connection->setWordWrap(true);
    m_connection->hide();
    layout->addWidget(m_connection);
    connect(add, &QPushButton::clicked, this, &HostsEditor::addHost);
    connect(remove, &QPushButton::clicked, this, &HostsEditor::removeHost);
    connect(m_test, &QPushButton::clicked, this, &HostsEditor::testConnection);
    connect(m_hosts, &QTableWidget::cellChanged, this, &HostsEditor::cellChanged);
    HostsEditor::refresh(); // this class's own, as it is constructed
}

QString HostsEditor::refusal(int column, const QString &text)
{
    switch (column) {
    case Name:
        if (const QString why = SafeName::check(text, SafeName::Kind::Network); !why.isEmpty())
            return tr("The host name \"%1\" %2; the name is unchanged.").arg(text, why);
        break;
    case Uri:
        if (const QString why = LabHost::uriProblem(text); !why.isEmpty())
            return tr("The URI \"%1\" %2; the URI is unchanged.").arg(text, why);
        break;
    case TunnelAddress:
        if (!text.isEmpty() && !Ipv4::parse(text))
            return tr("\"%1\" is not an IPv4 address; the tunnel address is unchanged.").arg(text);
        break;
    case Fabric:
        if (!LabHost::fabrics().contains(text))
            return tr("The fabric is one of %1; it is unchanged.").arg(LabHost::fabrics().join(QStringLiteral(", ")));
        break;
    default: {
        bool ok = false;
        const int value = text.toInt(&ok);
        if (!ok || value < 0)
            return tr("A limit is a whole number, 0 for none; it is unchanged.");
    }
    }
    return {};
}

void HostsEditor::refresh()
{
    setRefreshing(true);
    m_hosts->setRowCount(int(lab().hosts.size()));
    for (int r = 0; r < lab().hosts.size(); ++r) {
        const LabHost &h = lab().hosts.at(r);
        const QStringList cells {
            h.name, h.uri, h.tunnelAddress, h.fabric, QString::number(h.maxMemoryGb), QString::number(h.maxVcpus)};
        for (int c = 0; c < ColumnCount; ++c)
            m_hosts->setItem(r, c, new QTableWidgetItem(cells.at(c)));
    }
    m_test->setEnabled(!lab().hosts.isEmpty());
    setRefreshing(false);
}

void HostsEditor::cellChanged(int row, int column)
{
    if (isRefreshing() || row >= lab().hosts.size())
        return;
    const QString text = m_hosts->item(row, column)->text().trimmed();
    QString problem = refusal(column, text);
    if (problem.isEmpty() && column == Name) {
        for (int k = 0; k < lab().hosts.size(); ++k) {
            if (k != row && lab().hosts.at(k).name == text)
                problem = tr("The lab has a host \"%1\" already; the name is unchanged.").arg(text);
        }
    }
    if (!problem.isEmpty()) {
        showProblem(problem);
        refresh(); // the cell shows the lab's value again
        return;
    }
    showProblem({});
    commit(tr("hosts"), [&](Lab &l) {
        LabHost &h = l.hosts[row];
        switch (column) {
        case Name:
            // The nodes placed on the host go with its name.
            for (Node &n : l.nodes) {
                if (n.placementHost == h.name)
                    n.placementHost = text;
            }
            h.name = text;
            break;
        case Uri:
            h.uri = text;
            break;
        case TunnelAddress:
            h.tunnelAddress = text;
            break;
        case Fabric:
            h.fabric = text;
            break;
        case MemoryGb:
            h.maxMemoryGb = text.toInt();
            break;
        default:
            h.maxVcpus = text.toInt();
        }
    });
}

void HostsEditor::addHost()
{
    commitAs(tr("Add host"), [](Lab &l) {
        QString name;
        for (int k = 1; name.isEmpty(); ++k) {
            const QString candidate = QStringLiteral("host-%1").arg(k);
            if (std::none_of(l.hosts.cbegin(), l.hosts.cend(), [&](const LabHost &h) { return h.name == candidate; }))
                name = candidate;
        }
        LabHost host;
        host.name = name;
        host.uri = QStringLiteral("qemu:///system");
        l.hosts.append(host);
    });
    m_hosts->setCurrentCell(m_hosts->rowCount() - 1, Uri);
}

void HostsEditor::removeHost()
{
    const int row = m_hosts->currentRow();
    if (row < 0 || row >= lab().hosts.size())
        return;
    commitAs(tr("Remove host"), [row](Lab &l) {
        // Its nodes go back to the planner.
        for (Node &n : l.nodes) {
            if (n.placementHost == l.hosts.at(row).name)
                n.placementHost.clear();
        }
        l.hosts.removeAt(row);
    });
}

void HostsEditor::testConnection()
{
    const int row = std::max(0, m_hosts->currentRow());
    if (row >= lab().hosts.size())
        return;
    const LabHost host = lab().hosts.at(row);
    m_test->setEnabled(false);
    m_connection->setText(tr("Asking %1 (%2)…").arg(host.name, host.uri));
    m_connection->setProperty("answered", false);
    m_connection->show();
    auto *watcher = new QFutureWatcher<HostPlacement::Capacity>(this);
    connect(watcher, &QFutureWatcher<HostPlacement::Capacity>::finished, this, [this, watcher, host] {
        const HostPlacement::Capacity c = watcher->result();
        watcher->deleteLater();
        m_test->setEnabled(!lab().hosts.isEmpty());
        m_connection->setText(c.error.isEmpty() ? tr("%1 answers: %2 CPUs, %3 MiB of memory, %4 MiB available now.")
                                                      .arg(host.name)
                                                      .arg(c.cpus)
                                                      .arg(c.memoryMiB)
                                                      .arg(c.availableMiB)
                                                : tr("%1 cannot be reached: %2").arg(host.name, c.error));
        m_connection->setProperty("answered", true);
    });
    watcher->setFuture(QtConcurrent::run([host] { return HostProbe::probe(host); }));
}

QString HostsEditor::connectionResult() const
{
    return m_connection->property("answered").toBool() ? m_connection->text() : QString();
}

QWidget *HostsEditor::focusPointer(const QStringList &tokens)
{
    if (tokens.value(0) != QLatin1String("hosts"))
        return nullptr;
    static const QStringList columns {QStringLiteral("name"), QStringLiteral("uri"), QStringLiteral("tunnel_address"),
                                      QStringLiteral("fabric"), QStringLiteral("limits")};
    const int row = tokens.value(1).toInt();
    if (row >= 0 && row < m_hosts->rowCount()) {
        const QString key = tokens.value(2);
        int column = int(columns.indexOf(key));
        if (key == QLatin1String("limits"))
            column = tokens.value(3) == QLatin1String("vcpus") ? Vcpus : MemoryGb;
        m_hosts->setCurrentCell(row, std::max(0, column));
    }
    m_hosts->setFocus();
    return m_hosts;
}

} // namespace Labforge
