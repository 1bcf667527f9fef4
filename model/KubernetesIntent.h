// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace Labforge {

// The secret-free `plan.kubernetes` object of the spec, field for field.
// It never carries a token: the runner makes one per build group.
// A registry the nodes' containerd reaches through a site mirror (pulls keep their digests:
// containerd checks every blob against the manifest it resolved).
struct RegistryMirror
{
    QString registry; // "docker.io", "ghcr.io", "registry.k8s.io", "quay.io", …
    QString endpoint; // "https://mirror.example.org:5000"
    bool operator==(const RegistryMirror &) const = default;

    // The forms the validator accepts and the generator writes (a path segment, a TOML string):
    // a registry host[:port]; an http(s) URL without quotes, backslashes or spaces.
    static bool validRegistry(const QString &registry)
    {
        static const QRegularExpression host(
            QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?")));
        return host.match(registry).hasMatch();
    }
    static bool validEndpoint(const QString &endpoint)
    {
        static const QRegularExpression url(
            QRegularExpression::anchoredPattern(QStringLiteral("https?://[^\\s/\"'\\\\]+(/[^\\s\"'\\\\]*)?")));
        return url.match(endpoint).hasMatch();
    }

    // "docker.io=https://mirror:5000, ghcr.io=https://…" (the designer's one-line form) and
    // back; an entry without "=" keeps an empty endpoint for the validator to name.
    static QString toText(const QList<RegistryMirror> &mirrors)
    {
        QStringList parts;
        for (const RegistryMirror &m : mirrors)
            parts.append(m.registry + QLatin1Char('=') + m.endpoint);
        return parts.join(QStringLiteral(", "));
    }
    static QList<RegistryMirror> fromText(const QString &text)
    {
        QList<RegistryMirror> out;
        for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (!part.trimmed().isEmpty())
                out.append(RegistryMirror {part.section(QLatin1Char('='), 0, 0).trimmed(),
                                           part.section(QLatin1Char('='), 1).trimmed()});
        }
        return out;
    }
};

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
    QList<RegistryMirror> registryMirrors {}; // optional: the site's registry mirrors

    QStringList members() const { return QStringList {controller} + workers; }
    bool operator==(const KubernetesIntent &) const = default;
};

} // namespace Labforge
