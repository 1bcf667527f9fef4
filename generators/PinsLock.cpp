// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PinsLock.h"

#include "CanonicalJson.h"
#include "ValidationContext.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrl>

static void initPinsResources()
{
    Q_INIT_RESOURCE(pins);
}

namespace Labforge {

namespace {

// The @2 "digest" object of artifact `a` into *artifact; an error naming the place, or empty.
QString readDigest(const QJsonObject &a, const QString &where, PinnedArtifact *artifact)
{
    static const QRegularExpression sha(QRegularExpression::anchoredPattern(QStringLiteral("([0-9a-f]{64})?")));
    if (a.contains(QStringLiteral("sha256")))
        return QStringLiteral("%1/sha256: labforge/pins@2 keeps the digest in \"digest\" "
                              "({\"algorithm\": \"sha256\", \"value\": …, \"provenance\": …, \"source\": …})")
            .arg(where);
    const QJsonValue value = a.value(QStringLiteral("digest"));
    if (!value.isObject())
        return QStringLiteral("%1/digest: expected an object with algorithm, value, provenance and source").arg(where);
    const QJsonObject d = value.toObject();
    for (auto it = d.begin(); it != d.end(); ++it) {
        static const QStringList known {QStringLiteral("algorithm"), QStringLiteral("value"),
                                        QStringLiteral("provenance"), QStringLiteral("source")};
        if (!known.contains(it.key()))
            return QStringLiteral("%1/digest/%2: unknown key").arg(where, it.key());
        if (!it.value().isString())
            return QStringLiteral("%1/digest/%2: expected a string").arg(where, it.key());
    }
    if (d.value(QStringLiteral("algorithm")).toString() != QLatin1String("sha256"))
        return QStringLiteral("%1/digest/algorithm: expected \"sha256\" (the only algorithm labforge verifies)")
            .arg(where);
    artifact->sha256 = d.value(QStringLiteral("value")).toString();
    if (!sha.match(artifact->sha256).hasMatch())
        return QStringLiteral("%1/digest/value: expected 64 lower-case hex digits or empty").arg(where);
    const QString provenance = d.value(QStringLiteral("provenance")).toString();
    const auto p = PinnedArtifact::provenanceFromName(provenance);
    if (!p)
        return QStringLiteral("%1/digest/provenance: \"%2\" is not published, reproduced, first-pull or empty")
            .arg(where, provenance);
    artifact->provenance = *p;
    artifact->digestSource = d.value(QStringLiteral("source")).toString();
    if (artifact->sha256.isEmpty() != (artifact->provenance == PinnedArtifact::Provenance::None))
        return QStringLiteral("%1/digest: a digest value needs its provenance, and only a digest has one").arg(where);
    if (!artifact->sha256.isEmpty() && artifact->digestSource.trimmed().isEmpty())
        return QStringLiteral("%1/digest/source: say where the digest comes from").arg(where);
    return {};
}

// The optional "signature" object of artifact `a`: where upstream signs it and with which key.
QString readSignature(const QJsonObject &a, const QString &where, PinnedArtifact *artifact)
{
    const QJsonValue value = a.value(QStringLiteral("signature"));
    if (value.isUndefined())
        return {};
    if (!value.isObject())
        return QStringLiteral("%1/signature: expected an object (kind, url, key, …)").arg(where);
    const QJsonObject s = value.toObject();
    for (auto it = s.begin(); it != s.end(); ++it) {
        static const QStringList known {QStringLiteral("kind"), QStringLiteral("checksums"), QStringLiteral("url"),
                                        QStringLiteral("key"), QStringLiteral("fingerprint")};
        if (!known.contains(it.key()))
            return QStringLiteral("%1/signature/%2: unknown key").arg(where, it.key());
        if (!it.value().isString())
            return QStringLiteral("%1/signature/%2: expected a string").arg(where, it.key());
    }
    PinnedArtifact::Signature &sig = artifact->signature;
    const QString kind = s.value(QStringLiteral("kind")).toString();
    if (kind == QLatin1String("checksum-file"))
        sig.kind = PinnedArtifact::Signature::Kind::ChecksumFile;
    else if (kind == QLatin1String("detached"))
        sig.kind = PinnedArtifact::Signature::Kind::Detached;
    else
        return QStringLiteral("%1/signature/kind: expected \"checksum-file\" (a signed checksum file) or \"detached\" "
                              "(a signature of the artifact itself)")
            .arg(where);
    sig.checksumsUrl = s.value(QStringLiteral("checksums")).toString();
    sig.url = s.value(QStringLiteral("url")).toString();
    sig.key = s.value(QStringLiteral("key")).toString();
    sig.fingerprint = s.value(QStringLiteral("fingerprint")).toString().remove(QLatin1Char(' ')).toUpper();
    const auto web = [](const QString &url) {
        const QUrl u(url, QUrl::StrictMode);
        return u.isValid() && (u.scheme() == QLatin1String("https") || u.scheme() == QLatin1String("http"))
            && !u.host().isEmpty();
    };
    if (!web(sig.url))
        return QStringLiteral("%1/signature/url: expected the signature's https URL").arg(where);
    if ((sig.kind == PinnedArtifact::Signature::Kind::ChecksumFile) != !sig.checksumsUrl.isEmpty())
        return QStringLiteral("%1/signature/checksums: a checksum-file signature needs the checksum file's URL, and "
                              "only it has one")
            .arg(where);
    if (!sig.checksumsUrl.isEmpty() && !web(sig.checksumsUrl))
        return QStringLiteral("%1/signature/checksums: expected an https URL").arg(where);
    static const QRegularExpression shipped(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9][a-z0-9.-]*\\.asc")));
    if (!shipped.match(sig.key).hasMatch()
        && !(sig.key.startsWith(QLatin1Char('/')) && !sig.key.contains(QStringLiteral("/../"))))
        return QStringLiteral("%1/signature/key: \"%2\" is neither a key shipped in generators/keys/ (name.asc) nor an "
                              "absolute path")
            .arg(where, sig.key);
    static const QRegularExpression fingerprint(QRegularExpression::anchoredPattern(QStringLiteral("([0-9A-F]{40})?")));
    if (!fingerprint.match(sig.fingerprint).hasMatch())
        return QStringLiteral("%1/signature/fingerprint: expected the key's 40 hex digits (spaces allowed) or nothing")
            .arg(where);
    return {};
}

} // namespace

QByteArray PinsLock::shippedKey(const QString &name)
{
    builtIn(); // the resources are in
    if (name.contains(QLatin1Char('/')))
        return {};
    QFile f(QStringLiteral(":/labforge/keys/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const PinsLock &PinsLock::builtIn()
{
    static const PinsLock lock = [] {
        initPinsResources();
        QString error;
        const auto l = fromFile(QStringLiteral(":/labforge/pins.lock.json"), &error);
        if (!l)
            qFatal("built-in pins lock is invalid: %s", qPrintable(error));
        return *l;
    }();
    return lock;
}

std::optional<PinsLock> PinsLock::fromFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    return fromJson(file.readAll(), error);
}

std::optional<PinsLock> PinsLock::fromJson(const QByteArray &json, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<PinsLock> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return fail(QStringLiteral("not a JSON object: %1").arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    const QString format = root.value(QStringLiteral("format")).toString();
    const bool v1 = format == QLatin1String("labforge/pins@1");
    if (!v1 && format != QLatin1String("labforge/pins@2"))
        return fail(QStringLiteral("/format: \"%1\" is not a pins lock this labforge reads "
                                   "(labforge/pins@2, or the older labforge/pins@1)")
                        .arg(format));
    static const QRegularExpression sha(QRegularExpression::anchoredPattern(QStringLiteral("([0-9a-f]{64})?")));
    PinsLock lock;
    lock.m_note = root.value(QStringLiteral("note")).toString();
    const QJsonObject components = root.value(QStringLiteral("components")).toObject();
    for (auto it = components.begin(); it != components.end(); ++it) {
        const QJsonObject c = it.value().toObject();
        Component component {it.key(), c.value(QStringLiteral("version")).toString(), {}, {}};
        if (component.version.isEmpty())
            return fail(QStringLiteral("/components/%1/version: missing").arg(it.key()));
        static const QRegularExpression debianVersion(
            QRegularExpression::anchoredPattern(QStringLiteral("[0-9][A-Za-z0-9.+~:-]*")));
        static const QRegularExpression debianName(
            QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9][a-z0-9.+-]+")));
        const QJsonValue packages = c.value(QStringLiteral("debian_packages"));
        if (!packages.isUndefined() && !packages.isArray())
            return fail(
                QStringLiteral("/components/%1/debian_packages: expected an array of package names").arg(it.key()));
        for (qsizetype i = 0; i < packages.toArray().size(); ++i) {
            const QString name = packages.toArray().at(i).toString();
            if (!debianName.match(name).hasMatch())
                return fail(QStringLiteral("/components/%1/debian_packages/%2: \"%3\" is not a Debian package name")
                                .arg(it.key())
                                .arg(i)
                                .arg(name));
            component.debianPackages.append(name);
        }
        if (!component.debianPackages.isEmpty() && !debianVersion.match(component.version).hasMatch())
            return fail(QStringLiteral("/components/%1/version: \"%2\" is not a Debian version")
                            .arg(it.key(), component.version));
        const QJsonArray artifacts = c.value(QStringLiteral("artifacts")).toArray();
        for (qsizetype i = 0; i < artifacts.size(); ++i) {
            const QJsonObject a = artifacts.at(i).toObject();
            PinnedArtifact artifact;
            artifact.component = it.key();
            artifact.name = a.value(QStringLiteral("name")).toString();
            artifact.url = a.value(QStringLiteral("url")).toString();
            artifact.version = a.value(QStringLiteral("version")).toString();
            const QString source = a.value(QStringLiteral("source")).toString();
            const QString where = QStringLiteral("/components/%1/artifacts/%2").arg(it.key()).arg(i);
            const auto kind = PinnedArtifact::sourceFromName(source);
            if (!kind)
                return fail(QStringLiteral("%1/source: expected https, helm-oci or oci-image").arg(where));
            artifact.source = *kind;
            if (artifact.name.isEmpty() || artifact.url.isEmpty())
                return fail(QStringLiteral("%1: name and url are required").arg(where));
            for (const PinnedArtifact &other : std::as_const(component.artifacts)) {
                if (other.name == artifact.name)
                    return fail(QStringLiteral("%1/name: \"%2\" is already an artifact of %3 (names are unique in a "
                                               "component)")
                                    .arg(where, artifact.name, it.key()));
            }
            if (artifact.source == PinnedArtifact::Source::OciImage) {
                static const QRegularExpression image(QRegularExpression::anchoredPattern(
                    QStringLiteral("docker://[a-z0-9.-]+(:[0-9]+)?(/[a-z0-9]+([._-][a-z0-9]+)*)+")));
                static const QRegularExpression tag(
                    QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")));
                if (!image.match(artifact.url).hasMatch())
                    return fail(
                        QStringLiteral("%1/url: \"%2\" is not docker://registry/repository").arg(where, artifact.url));
                if (!tag.match(artifact.version).hasMatch())
                    return fail(
                        QStringLiteral("%1/version: an image needs its tag (letters, digits, . _ -)").arg(where));
                if (a.contains(QStringLiteral("signature")))
                    return fail(QStringLiteral("%1/signature: images are pinned by their manifest digest; labforge "
                                               "checks no image signatures")
                                    .arg(where));
            }
            if (v1) {
                // labforge/pins@1 recorded no provenance: its digests came from `labforge pins lock`.
                artifact.sha256 = a.value(QStringLiteral("sha256")).toString();
                if (!sha.match(artifact.sha256).hasMatch())
                    return fail(QStringLiteral("%1/sha256: expected 64 lower-case hex digits or empty").arg(where));
                if (!artifact.sha256.isEmpty()) {
                    artifact.provenance = PinnedArtifact::Provenance::FirstPull;
                    artifact.digestSource = QStringLiteral("recorded by `labforge pins lock` in a labforge/pins@1 lock "
                                                           "(which kept no provenance)");
                }
            } else if (const QString error = readDigest(a, where, &artifact); !error.isEmpty()) {
                return fail(error);
            }
            if (const QString error = readSignature(a, where, &artifact); !error.isEmpty())
                return fail(error);
            if (artifact.source == PinnedArtifact::Source::HelmOci && artifact.version.isEmpty())
                return fail(QStringLiteral("%1/version: a Helm OCI chart needs its version").arg(where));
            component.artifacts.append(artifact);
        }
        lock.m_components.append(component);
    }
    return lock;
}

QByteArray PinsLock::toJson() const
{
    QJsonObject components;
    for (const Component &c : m_components) {
        QJsonArray artifacts;
        for (const PinnedArtifact &a : c.artifacts) {
            QJsonObject o {{QStringLiteral("name"), a.name},
                           {QStringLiteral("source"), PinnedArtifact::sourceName(a.source)},
                           {QStringLiteral("url"), a.url},
                           {QStringLiteral("digest"),
                            QJsonObject {{QStringLiteral("algorithm"), QStringLiteral("sha256")},
                                         {QStringLiteral("value"), a.sha256},
                                         {QStringLiteral("provenance"), PinnedArtifact::provenanceName(a.provenance)},
                                         {QStringLiteral("source"), a.digestSource}}}};
            if (!a.version.isEmpty())
                o.insert(QStringLiteral("version"), a.version);
            if (a.signature.kind != PinnedArtifact::Signature::Kind::None) {
                QJsonObject s {{QStringLiteral("kind"),
                                a.signature.kind == PinnedArtifact::Signature::Kind::ChecksumFile
                                    ? QStringLiteral("checksum-file")
                                    : QStringLiteral("detached")},
                               {QStringLiteral("url"), a.signature.url},
                               {QStringLiteral("key"), a.signature.key}};
                if (!a.signature.checksumsUrl.isEmpty())
                    s.insert(QStringLiteral("checksums"), a.signature.checksumsUrl);
                if (!a.signature.fingerprint.isEmpty())
                    s.insert(QStringLiteral("fingerprint"), a.signature.fingerprint);
                o.insert(QStringLiteral("signature"), s);
            }
            artifacts.append(o);
        }
        QJsonObject component {{QStringLiteral("version"), c.version}, {QStringLiteral("artifacts"), artifacts}};
        if (!c.debianPackages.isEmpty())
            component.insert(QStringLiteral("debian_packages"), QJsonArray::fromStringList(c.debianPackages));
        components.insert(c.name, component);
    }
    QJsonObject root {{QStringLiteral("format"), QStringLiteral("labforge/pins@2")},
                      {QStringLiteral("components"), components}};
    if (!m_note.isEmpty())
        root.insert(QStringLiteral("note"), m_note);
    return CanonicalJson::write(root);
}

QString PinsLock::version(const QString &component) const
{
    for (const Component &c : m_components) {
        if (c.name == component)
            return c.version;
    }
    return {};
}

QHash<QString, QString> PinsLock::versions() const
{
    QHash<QString, QString> out;
    for (const Component &c : m_components)
        out.insert(c.name, c.version);
    return out;
}

PinnedArtifact PinsLock::artifact(const QString &component, const QString &name, QStringList *errors) const
{
    for (const Component &c : m_components) {
        for (const PinnedArtifact &a : c.artifacts) {
            if (c.name == component && a.name == name)
                return a;
        }
    }
    errors->append(
        QStringLiteral("the pins lock has no artifact %1/%2 (an incomplete pins file?)").arg(component, name));
    PinnedArtifact missing;
    missing.component = component;
    missing.name = name;
    return missing;
}

QList<PinnedArtifact> PinsLock::images(const QString &component) const
{
    QList<PinnedArtifact> out;
    for (const Component &c : m_components) {
        for (const PinnedArtifact &a : c.artifacts) {
            if (c.name == component && a.source == PinnedArtifact::Source::OciImage)
                out.append(a);
        }
    }
    return out;
}

QString PinsLock::debianPackage(const QString &component, const QString &package, QStringList *errors) const
{
    for (const Component &c : m_components) {
        if (c.name == component && c.debianPackages.contains(package))
            return package + QLatin1Char('=') + c.version;
    }
    errors->append(
        QStringLiteral("the pins lock does not pin the Debian package %1 under %2 (an incomplete pins file?)")
            .arg(package, component));
    return package;
}

bool PinsLock::pinFirstPull(const QString &component, const QString &name, const QString &sha256, const QString &source,
                            QString *error)
{
    for (Component &c : m_components) {
        for (PinnedArtifact &a : c.artifacts) {
            if (c.name != component || a.name != name)
                continue;
            if (a.sha256.isEmpty()) {
                a.sha256 = sha256;
                a.provenance = PinnedArtifact::Provenance::FirstPull;
                a.digestSource = source;
                return true;
            }
            if (a.sha256 == sha256)
                return true;
            *error = QStringLiteral("%1/%2: %3%4 but the lock pins %5 (%6: %7); the lock keeps its digest")
                         .arg(component, name,
                              a.source == PinnedArtifact::Source::OciImage
                                  ? QStringLiteral("the registry now resolves %1 to sha256:").arg(a.imageReference())
                                  : QStringLiteral("the download has SHA-256 "),
                              sha256, a.sha256, PinnedArtifact::provenanceName(a.provenance), a.digestSource);
            return false;
        }
    }
    *error = QStringLiteral("the pins lock has no artifact %1/%2").arg(component, name);
    return false;
}

bool PinsLock::addImage(const PinnedArtifact &image)
{
    for (Component &c : m_components) {
        if (c.name != image.component)
            continue;
        for (const PinnedArtifact &a : std::as_const(c.artifacts)) {
            if (a.name == image.name)
                return false;
        }
        c.artifacts.append(image);
        return true;
    }
    return false;
}

ValidationContext PinsLock::validationContext() const
{
    return ValidationContext {versions()};
}

} // namespace Labforge
