// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "UsersEditor.h"
#include "RowsFit.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Labforge {

UsersEditor::UsersEditor(LabDocument *document, QWidget *parent)
    : NodeSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    auto *users = new QGroupBox(tr("Users"));
    outer->addWidget(users);
    auto *userLayout = new QVBoxLayout(users);
    m_users = new QTableWidget(0, 3);
    m_users->setObjectName(QStringLiteral("users"));
    m_users->setHorizontalHeaderLabels({tr("Name"), tr("sudo"), tr("SSH")});
    m_users->horizontalHeader()->setStretchLastSection(true);
    RowsFit::install(m_users, 3, 6);
    userLayout->addWidget(m_users);
    auto *userButtons = new QHBoxLayout;
    auto *addUser = new QPushButton(tr("Add user"));
    auto *removeUser = new QPushButton(tr("Remove user"));
    userButtons->addWidget(addUser);
    userButtons->addWidget(removeUser);
    userButtons->addStretch();
    userLayout->addLayout(userButtons);
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
        if (isRefreshing())
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
}

void UsersEditor::refresh(const Node &node)
{
    m_users->setRowCount(int(node.recipe.users.size()));
    for (int r = 0; r < node.recipe.users.size(); ++r) {
        const User &u = node.recipe.users.at(r);
        m_users->setItem(r, 0, new QTableWidgetItem(u.name));
        for (int c : {1, 2}) {
            auto *check = new QTableWidgetItem;
            check->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            check->setCheckState((c == 1 ? u.sudo : u.ssh) ? Qt::Checked : Qt::Unchecked);
            m_users->setItem(r, c, check);
        }
    }
}

} // namespace Labforge
