// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Catalog.h"
#include "Latin1List.h"

#include "FeatureRegistry.h"
#include "Lab.h"
#include "RoleRegistry.h"

namespace Labforge {

namespace {

QString countWord(qsizetype n)
{
    static const char *words[] = {"zero",  "one",   "two",  "three", "four",   "five",  "six",
                                  "seven", "eight", "nine", "ten",   "eleven", "twelve"};
    return n >= 0 && n <= 12 ? QString::fromLatin1(words[n]) : QString::number(n);
}

} // namespace

QStringList Catalog::roles()
{
    QStringList names;
    for (const RoleInfo &r : RoleRegistry::all())
        names.append(r.name);
    return names;
}

QString Catalog::roleSummary(const QString &role)
{
    const RoleInfo *r = RoleRegistry::role(role);
    return r ? r->summary : QString();
}

QStringList Catalog::nodeKinds()
{
    return Latin1List::of({"linux-build"});
}

QStringList Catalog::baseImages()
{
    return Latin1List::of({"debian-trixie", "debian-bookworm"});
}

QString Catalog::debianSuite(const QString &baseImage)
{
    if (!baseImages().contains(baseImage))
        return {};
    return baseImage.mid(QStringLiteral("debian-").size());
}

QStringList Catalog::diskBuses()
{
    return Latin1List::of({"virtio", "scsi", "sata"});
}

const QList<FeatureInfo> &Catalog::features()
{
    static const QList<FeatureInfo> all = [] {
        QList<FeatureInfo> infos;
        for (const auto &f : FeatureRegistry::instance().all())
            infos.append(f->info());
        return infos;
    }();
    return all;
}

const FeatureInfo *Catalog::feature(const QString &name)
{
    for (const FeatureInfo &f : features()) {
        if (f.name == name)
            return &f;
    }
    return nullptr;
}

QStringList Catalog::featuresForRole(const QString &role)
{
    QStringList out;
    for (const FeatureInfo &f : features()) {
        if (f.allowsRole(role))
            out.append(f.name);
    }
    return out;
}

QStringList Catalog::defaultFeatures(const QString &role)
{
    const RoleInfo *r = RoleRegistry::role(role);
    return r ? r->defaultFeatures : Latin1List::of({"headless", "ssh"});
}

QString Catalog::featureOwningPackage(const QString &package)
{
    for (const FeatureInfo &f : features()) {
        if (f.ownedPackages.contains(package))
            return f.name;
    }
    return {};
}

QString Catalog::featureThatIs(bool FeatureInfo::*what)
{
    for (const FeatureInfo &f : features()) {
        if (f.*what)
            return f.name;
    }
    return {};
}

bool Catalog::hasFeatureThatIs(const Recipe &recipe, bool FeatureInfo::*what)
{
    return std::any_of(recipe.features.cbegin(), recipe.features.cend(), [&](const QString &name) {
        const FeatureInfo *f = feature(name);
        return f && f->*what;
    });
}

QStringList Catalog::requiredWarningIds()
{
    QStringList ids;
    for (const FeatureInfo &f : features()) {
        for (const QString &id : f.requiredWarnings) {
            if (!ids.contains(id))
                ids.append(id);
        }
    }
    return ids;
}

QString Catalog::requiredWarningText(const QString &id, const Lab &lab)
{
    for (const FeatureInfo &f : features()) {
        if (const auto it = f.warningTexts.constFind(id); it != f.warningTexts.constEnd())
            return QString(*it).replace(QLatin1String("{nodes}"), countWord(lab.nodes.size()));
    }
    return {};
}

} // namespace Labforge
