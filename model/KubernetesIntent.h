#pragma once

#include <QString>
#include <QStringList>

namespace Labforge {

// The secret-free `plan.kubernetes` object of the spec, field for field.
// It never carries a token: the runner makes one per build group.
struct KubernetesIntent
{
    QString mode = QStringLiteral("kubeadm-lab");
    QString version;
    QString controller;
    QStringList workers;
    QString podCidr;
    QString serviceCidr;
    QString cni = QStringLiteral("flannel");
    int bootstrapTokenTtlSeconds = 900;

    QStringList members() const { return QStringList {controller} + workers; }
    bool operator==(const KubernetesIntent &) const = default;
};

} // namespace Labforge
