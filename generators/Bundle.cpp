// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Bundle.h"

#include "CanonicalJson.h"

#include <QCryptographicHash>
#include <QJsonArray>

namespace Labforge {

namespace {

QByteArray secretSlotsText(const QList<SecretSlot> &slots)
{
    QByteArray text =
        "# Secrets the seed disk brings at boot (slots only; values never enter the bundle or the image)\n";
    for (const SecretSlot &s : slots)
        text += s.text().toUtf8() + '\n';
    return text;
}

} // namespace

const Bundle::NodeImage *Bundle::node(const QString &id) const
{
    for (const NodeImage &n : nodes) {
        if (n.nodeId == id)
            return &n;
    }
    return nullptr;
}

QMap<QString, Bundle::Entry> Bundle::files() const
{
    QMap<QString, Entry> out;
    out.insert(QStringLiteral("plan.json"), Entry {CanonicalJson::write(plan), 0644, {}});
    for (auto it = recipes.begin(); it != recipes.end(); ++it)
        out.insert(QStringLiteral("recipes/%1.json").arg(it.key()), Entry {CanonicalJson::write(it.value()), 0644, {}});
    for (auto it = scenarios.begin(); it != scenarios.end(); ++it)
        out.insert(QStringLiteral("scenarios/%1.json").arg(it.key()),
                   Entry {CanonicalJson::write(it.value()), 0644, {}});
    for (const NodeImage &n : nodes) {
        const QString base = QStringLiteral("nodes/%1/").arg(n.nodeId);
        for (const GeneratedFile &f : n.output.files)
            out.insert(base + QStringLiteral("overlay") + f.path, Entry {f.content, f.mode, f.symlinkTarget});
        QStringList packages = n.output.packages;
        packages.sort();
        out.insert(base + QStringLiteral("packages.txt"),
                   Entry {packages.join(QLatin1Char('\n')).toUtf8() + '\n', 0644, {}});
        out.insert(base + QStringLiteral("units.txt"),
                   Entry {n.output.units.join(QLatin1Char('\n')).toUtf8() + '\n', 0644, {}});
        out.insert(base + QStringLiteral("secret-slots.txt"), Entry {secretSlotsText(n.output.secretSlots), 0644, {}});
        QByteArray build = "#!/bin/bash\n# Run by the image builder inside node " + n.nodeId.toUtf8()
            + "'s root tree after packages and overlay files are in place.\nset -euo pipefail\n";
        for (const QString &command : n.output.buildCommands)
            build += command.toUtf8() + '\n';
        out.insert(base + QStringLiteral("build.sh"), Entry {build, 0755, {}});
        QJsonArray artifacts;
        for (const PinnedArtifact &a : n.output.artifacts) {
            QJsonObject o {{QStringLiteral("component"), a.component},
                           {QStringLiteral("name"), a.name},
                           {QStringLiteral("source"), PinnedArtifact::sourceName(a.source)},
                           {QStringLiteral("url"), a.url},
                           {QStringLiteral("sha256"), a.sha256},
                           {QStringLiteral("provenance"), PinnedArtifact::provenanceName(a.provenance)},
                           {QStringLiteral("unpack"), PinnedArtifact::unpackName(a.unpack)},
                           {QStringLiteral("destination"), a.destination},
                           {QStringLiteral("mode"), QStringLiteral("%1").arg(a.mode, 4, 8, QLatin1Char('0'))}};
            if (!a.member.isEmpty())
                o.insert(QStringLiteral("member"), a.member);
            if (!a.version.isEmpty())
                o.insert(QStringLiteral("version"), a.version);
            artifacts.append(o);
        }
        out.insert(base + QStringLiteral("artifacts.json"), Entry {CanonicalJson::write(artifacts), 0644, {}});
        if (!n.output.images.isEmpty()) {
            QJsonArray images;
            for (const PinnedArtifact &i : n.output.images)
                images.append(
                    QJsonObject {{QStringLiteral("component"), i.component},
                                 {QStringLiteral("name"), i.name},
                                 {QStringLiteral("reference"), i.imageReference()},
                                 {QStringLiteral("sha256"), i.sha256},
                                 {QStringLiteral("provenance"), PinnedArtifact::provenanceName(i.provenance)}});
            out.insert(base + QStringLiteral("images.json"), Entry {CanonicalJson::write(images), 0644, {}});
        }
    }
    QJsonObject manifest;
    for (auto it = out.begin(); it != out.end(); ++it) {
        QJsonObject e {{QStringLiteral("mode"), QStringLiteral("%1").arg(it->mode, 4, 8, QLatin1Char('0'))}};
        if (!it->symlinkTarget.isEmpty())
            e.insert(QStringLiteral("symlink"), it->symlinkTarget);
        else
            e.insert(QStringLiteral("sha256"),
                     QString::fromLatin1(QCryptographicHash::hash(it->content, QCryptographicHash::Sha256).toHex()));
        manifest.insert(it.key(), e);
    }
    out.insert(QStringLiteral("manifest.json"),
               Entry {CanonicalJson::write(QJsonObject {{QStringLiteral("format"), QStringLiteral("labforge/bundle@1")},
                                                        {QStringLiteral("files"), manifest}}),
                      0644,
                      {}});
    return out;
}

} // namespace Labforge
