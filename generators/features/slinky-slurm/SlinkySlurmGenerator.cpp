// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SlinkySlurmGenerator.h"

#include "SlurmClusterFeature.h"

#include "EnvFile.h"
#include "HpcLayout.h"
#include "ImagePins.h"
#include "Template.h"
#include "UnitFile.h"
#include "YamlWriter.h"

#include <QJsonArray>

namespace Labforge {

namespace {

const QString Hostname = QStringLiteral("kubernetes.io/hostname");
constexpr int NfsTimeout = 1800;
constexpr int SlurmTimeout = 3600;
constexpr int JoinTimeout = 2400;

QJsonObject onHost(const QString &host)
{
    return QJsonObject {{Hostname, host}};
}

QJsonObject nfsVolume(const QString &name, const QString &server, const QString &path)
{
    return QJsonObject {
        {QStringLiteral("name"), name},
        {QStringLiteral("nfs"), QJsonObject {{QStringLiteral("server"), server}, {QStringLiteral("path"), path}}}};
}

QJsonArray homeMount()
{
    return QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("home")},
                                    {QStringLiteral("mountPath"), QStringLiteral("/home")}}};
}

QJsonObject onHosts(const QStringList &hosts)
{
    const QJsonObject expression {{QStringLiteral("key"), Hostname},
                                  {QStringLiteral("operator"), QStringLiteral("In")},
                                  {QStringLiteral("values"), QJsonArray::fromStringList(hosts)}};
    return QJsonObject {{QStringLiteral("nodeAffinity"),
                         QJsonObject {{QStringLiteral("requiredDuringSchedulingIgnoredDuringExecution"),
                                       QJsonObject {{QStringLiteral("nodeSelectorTerms"),
                                                     QJsonArray {QJsonObject {{QStringLiteral("matchExpressions"),
                                                                               QJsonArray {expression}}}}}}}}}};
}

// Sets `value` at `path` below `root`, creating the objects on the way.
void setAt(QJsonObject &root, QStringView path, const QJsonValue &value)
{
    const qsizetype slash = path.indexOf(u'/');
    const QString key = path.left(slash).toString();
    if (slash < 0) {
        root.insert(key, value);
        return;
    }
    QJsonObject child = root.value(key).toObject();
    setAt(child, path.mid(slash + 1), value);
    root.insert(key, child);
}

const PinnedArtifact *lockedImage(const QList<PinnedArtifact> &images, const QString &repository)
{
    for (const PinnedArtifact &image : images) {
        if (image.imageRepository() == repository)
            return &image;
    }
    return nullptr;
}

// Slinky's charts write an image object as repository:tag, with @digest once one is given.
void setSlinkyImage(QJsonObject &values, const QString &path, const QList<PinnedArtifact> &images,
                    const QString &repository)
{
    const PinnedArtifact *image = lockedImage(images, repository);
    if (!image)
        return;
    QJsonObject object {{QStringLiteral("repository"), repository}, {QStringLiteral("tag"), image->version}};
    if (!image->sha256.isEmpty())
        object.insert(QStringLiteral("digest"), QStringLiteral("sha256:") + image->sha256);
    setAt(values, path, object);
}

// kube-prometheus-stack writes registry/repository:tag, with @sha256:<sha> once sha is given.
void setStackImage(QJsonObject &values, const QString &path, const QList<PinnedArtifact> &images,
                   const QString &repository)
{
    const PinnedArtifact *image = lockedImage(images, repository);
    if (!image)
        return;
    const qsizetype slash = repository.indexOf(u'/');
    QJsonObject object {{QStringLiteral("registry"), repository.left(slash)},
                        {QStringLiteral("repository"), repository.mid(slash + 1)},
                        {QStringLiteral("tag"), image->version}};
    if (!image->sha256.isEmpty())
        object.insert(QStringLiteral("sha"), image->sha256);
    setAt(values, path, object);
}

QJsonValue storageManifest(const SlinkySlurmGenerator::Settings &s)
{
    const QString claim = QString::fromLatin1(SlinkySlurmGenerator::ControllerClaim);
    return QJsonArray {
        QJsonObject {{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                     {QStringLiteral("kind"), QStringLiteral("Namespace")},
                     {QStringLiteral("metadata"), QJsonObject {{QStringLiteral("name"), QStringLiteral("slurm")}}}},
        QJsonObject {
            {QStringLiteral("apiVersion"), QStringLiteral("v1")},
            {QStringLiteral("kind"), QStringLiteral("PersistentVolume")},
            {QStringLiteral("metadata"), QJsonObject {{QStringLiteral("name"), claim}}},
            {QStringLiteral("spec"),
             QJsonObject {
                 {QStringLiteral("capacity"), QJsonObject {{QStringLiteral("storage"), QStringLiteral("4Gi")}}},
                 {QStringLiteral("accessModes"), QJsonArray {QStringLiteral("ReadWriteOnce")}},
                 {QStringLiteral("persistentVolumeReclaimPolicy"), QStringLiteral("Retain")},
                 {QStringLiteral("storageClassName"), QString()},
                 {QStringLiteral("mountOptions"), QJsonArray {QStringLiteral("nfsvers=4.2"), QStringLiteral("hard")}},
                 {QStringLiteral("nfs"),
                  QJsonObject {{QStringLiteral("server"), s.nfsServer},
                               {QStringLiteral("path"), HpcLayout::exportPath(QStringLiteral("slurmctld"))}}},
                 {QStringLiteral("claimRef"),
                  QJsonObject {{QStringLiteral("name"), claim},
                               {QStringLiteral("namespace"), QStringLiteral("slurm")}}}}}},
        QJsonObject {
            {QStringLiteral("apiVersion"), QStringLiteral("v1")},
            {QStringLiteral("kind"), QStringLiteral("PersistentVolumeClaim")},
            {QStringLiteral("metadata"),
             QJsonObject {{QStringLiteral("name"), claim}, {QStringLiteral("namespace"), QStringLiteral("slurm")}}},
            {QStringLiteral("spec"),
             QJsonObject {{QStringLiteral("storageClassName"), QString()},
                          {QStringLiteral("volumeName"), claim},
                          {QStringLiteral("accessModes"), QJsonArray {QStringLiteral("ReadWriteOnce")}},
                          {QStringLiteral("resources"),
                           QJsonObject {{QStringLiteral("requests"),
                                         QJsonObject {{QStringLiteral("storage"), QStringLiteral("4Gi")}}}}}}}}};
}

QJsonValue loginAccessManifest()
{
    const QJsonObject meta {{QStringLiteral("name"), QStringLiteral("slurm-login-wrapper")},
                            {QStringLiteral("namespace"), QStringLiteral("slurm")}};
    auto rule = [](const QStringList &groups, const QStringList &resources, const QStringList &verbs) {
        return QJsonObject {{QStringLiteral("apiGroups"), QJsonArray::fromStringList(groups)},
                            {QStringLiteral("resources"), QJsonArray::fromStringList(resources)},
                            {QStringLiteral("verbs"), QJsonArray::fromStringList(verbs)}};
    };
    QJsonObject secretMeta = meta;
    secretMeta.insert(
        QStringLiteral("annotations"),
        QJsonObject {{QStringLiteral("kubernetes.io/service-account.name"), QStringLiteral("slurm-login-wrapper")}});
    return QJsonArray {
        QJsonObject {{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                     {QStringLiteral("kind"), QStringLiteral("ServiceAccount")},
                     {QStringLiteral("metadata"), meta}},
        QJsonObject {
            {QStringLiteral("apiVersion"), QStringLiteral("rbac.authorization.k8s.io/v1")},
            {QStringLiteral("kind"), QStringLiteral("Role")},
            {QStringLiteral("metadata"), meta},
            {QStringLiteral("rules"),
             QJsonArray {rule({QString()}, {QStringLiteral("pods")}, {QStringLiteral("get"), QStringLiteral("list")}),
                         rule({QString()}, {QStringLiteral("pods/exec")}, {QStringLiteral("create")}),
                         rule({QStringLiteral("apps")}, {QStringLiteral("deployments")}, {QStringLiteral("get")})}}},
        QJsonObject {{QStringLiteral("apiVersion"), QStringLiteral("rbac.authorization.k8s.io/v1")},
                     {QStringLiteral("kind"), QStringLiteral("RoleBinding")},
                     {QStringLiteral("metadata"), meta},
                     {QStringLiteral("roleRef"),
                      QJsonObject {{QStringLiteral("apiGroup"), QStringLiteral("rbac.authorization.k8s.io")},
                                   {QStringLiteral("kind"), QStringLiteral("Role")},
                                   {QStringLiteral("name"), QStringLiteral("slurm-login-wrapper")}}},
                     {QStringLiteral("subjects"),
                      QJsonArray {QJsonObject {{QStringLiteral("kind"), QStringLiteral("ServiceAccount")},
                                               {QStringLiteral("name"), QStringLiteral("slurm-login-wrapper")},
                                               {QStringLiteral("namespace"), QStringLiteral("slurm")}}}}},
        QJsonObject {{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                     {QStringLiteral("kind"), QStringLiteral("Secret")},
                     {QStringLiteral("type"), QStringLiteral("kubernetes.io/service-account-token")},
                     {QStringLiteral("metadata"), secretMeta}}};
}

QByteArray documents(const QJsonValue &array, const QByteArray &header)
{
    QList<QJsonValue> docs;
    for (const QJsonValue v : array.toArray())
        docs.append(v);
    return YamlWriter::writeDocuments(docs, header);
}

// The Slinky settings from the service's config and the lab (images apart).
SlinkySlurmGenerator::Settings settingsFrom(const QJsonObject &config, const Lab &lab)
{
    SlinkySlurmGenerator::Settings s;
    s.clusterName = SlurmClusterFeature::clusterNameFor(lab.name);
    s.controller = config.value(QStringLiteral("controller_node_id")).toString();
    for (const QJsonValue v : config.value(QStringLiteral("compute_node_ids")).toArray())
        s.computes.append(v.toString());
    s.login = config.value(QStringLiteral("login_node_id")).toString();
    s.observability = config.value(QStringLiteral("observability_node_id")).toString();
    s.nfsServer = config.value(QStringLiteral("nfs_server")).toString();
    const Node *controller = lab.node(s.controller);
    s.apiHost = controller ? controller->ip() : QString();
    return s;
}

// The first user of the login host that logs in with SSH, or root.
QString loginUserOf(const Lab &lab, const QString &login)
{
    const Node *loginNode = lab.node(login);
    QString loginUser;
    for (const User &u : loginNode ? loginNode->recipe.users : QList<User>()) {
        if (u.ssh) {
            loginUser = u.name;
            break;
        }
    }
    return loginUser.isEmpty() ? QStringLiteral("root") : loginUser;
}

// The service's settings (no secrets).
QByteArray settingsEnv(const GeneratorContext &c, const SlinkySlurmGenerator::Settings &s, const QString &role)
{
    EnvFile env;
    env.add(QStringLiteral("OF_ROLE"), role)
        .add(QStringLiteral("OF_CLUSTER_NAME"), s.clusterName)
        .add(QStringLiteral("OF_CONTROLLER_NODE"), s.controller)
        .add(QStringLiteral("OF_LOGIN_NODE"), s.login)
        .add(QStringLiteral("OF_LOGIN_USER"), loginUserOf(c.lab, s.login))
        .add(QStringLiteral("OF_OBSERVABILITY_NODE"), s.observability)
        .add(QStringLiteral("OF_API_HOST"), s.apiHost)
        .add(QStringLiteral("OF_NFS_SERVER"), s.nfsServer)
        .add(QStringLiteral("OF_NFS_ROOT"), HpcLayout::mountPoint())
        .add(QStringLiteral("OF_NFS_TIMEOUT"), NfsTimeout)
        .add(QStringLiteral("OF_JOIN_TIMEOUT"), JoinTimeout)
        .add(QStringLiteral("OF_SLURM_TIMEOUT"), SlurmTimeout)
        .add(QStringLiteral("OF_SLINKY_VERSION"), c.pins.version(QStringLiteral("slinky")))
        .add(QStringLiteral("OF_SLURM_VERSION"), c.pins.version(QStringLiteral("slurm")))
        .add(QStringLiteral("OF_PROMETHEUS_STACK_VERSION"), c.pins.version(QStringLiteral("kube-prometheus-stack")));
    return env.bytes(QStringLiteral("openfactory-slinky-slurm settings (no secrets)"));
}

// The baked charts and their checksums, each pinned by the lock.
void addCharts(FeatureOutput &out, const PinsLock &pins, const QString &share)
{
    QByteArray sums;
    auto chart = [&](const QString &component, const QString &name) {
        PinnedArtifact a = pins.artifact(component, name, &out.errors);
        a.destination = share + QStringLiteral("charts/") + name + QStringLiteral(".tgz");
        out.artifacts.append(a);
        sums += (a.sha256.isEmpty() ? QByteArray("UNPINNED") : a.sha256.toUtf8()) + "  " + name.toUtf8() + ".tgz\n";
    };
    chart(QStringLiteral("kube-prometheus-stack"), QStringLiteral("kube-prometheus-stack"));
    chart(QStringLiteral("slinky"), QStringLiteral("slurm-operator-crds"));
    chart(QStringLiteral("slinky"), QStringLiteral("slurm-operator"));
    chart(QStringLiteral("slinky"), QStringLiteral("slurm"));
    out.addFile(share + QStringLiteral("charts/SHA256SUMS"), sums);
}

// The controller installs the cluster: the baked charts, Helm's post-renderer, the charts'
// values, the static manifests and the install script.
void addControllerFiles(FeatureOutput &out, const GeneratorContext &c, const SlinkySlurmGenerator::Settings &s)
{
    if (!c.node.recipe.hasFeature(QStringLiteral("helm")))
        out.errors.append(
            QStringLiteral("the Slinky controller installs charts with Helm: add the helm feature to this node"));
    const QString share = QStringLiteral("/usr/local/share/openfactory/slinky/");
    addCharts(out, c.pins, share);
    // Every chart goes in through the post-renderer: the images its manifests name are
    // rewritten to the lock's digests, and one the lock does not pin stops the install.
    out.addFile(share + QStringLiteral("helm-plugins/openfactory-pin-images/plugin.yaml"),
                "# Helm 4 post-renderer: rewrites rendered images to the pins lock's digests "
                "(generated by labforge)\napiVersion: v1\ntype: postrenderer/v1\nname: openfactory-pin-images\n"
                "version: 1.0.0\nruntime: subprocess\nruntimeConfig:\n  platformCommand:\n    - command: "
                    + QByteArray(ImagePins::Tool) + "\n");
    const QByteArray header = "# Generated by labforge; keys checked against the pinned chart's default values.\n";
    out.addFile(share + QStringLiteral("values-slurm-operator.yaml"),
                header + YamlWriter::write(SlinkySlurmGenerator::operatorValues(s)));
    out.addFile(share + QStringLiteral("values-slurm.yaml"),
                header + YamlWriter::write(SlinkySlurmGenerator::slurmValues(s)));
    out.addFile(share + QStringLiteral("values-kube-prometheus-stack.yaml"),
                header + YamlWriter::write(SlinkySlurmGenerator::prometheusStackValues(s)));
    out.addFile(share + QStringLiteral("storage.yaml"),
                documents(storageManifest(s), "# Static NFS volume for slurmctld state (generated by labforge)\n"));
    out.addFile(
        share + QStringLiteral("login-access.yaml"),
        documents(loginAccessManifest(),
                  "# What the login host's Slurm wrappers may do: exec into the LoginSet (generated by labforge)\n"));
    out.addFile(QStringLiteral("/usr/local/lib/openfactory/slinky-slurm.sh"),
                Template::load(QStringLiteral("slinky-slurm-controller.sh"), &out.errors), 0755);
}

// The login host runs the Slurm commands in the LoginSet, with the kubeconfig the
// controller hands off on the cluster share (automounted read-only).
void addLoginWrappers(FeatureOutput &out, const SlinkySlurmGenerator::Settings &s)
{
    const QString loginDeployment =
        QStringLiteral("slurm-login-") + QString::fromLatin1(SlinkySlurmGenerator::LoginSetKey);
    const QString kubeconfig = HpcLayout::handoffMount() + QStringLiteral("/login.kubeconfig");
    out.addFile(QStringLiteral("/usr/local/lib/openfactory/slurm-command"),
                Template::render(QStringLiteral("slurm-command"),
                                 {{QStringLiteral("KUBECONFIG"), kubeconfig},
                                  {QStringLiteral("NAMESPACE"), QStringLiteral("slurm")},
                                  {QStringLiteral("LOGIN_DEPLOYMENT"), loginDeployment}},
                                 &out.errors),
                0755);
    for (const char *command : {"sinfo", "squeue", "srun", "sbatch", "scontrol", "scancel"})
        out.addSymlink(QStringLiteral("/usr/local/bin/") + QLatin1String(command),
                       QStringLiteral("/usr/local/lib/openfactory/slurm-command"));
    const QString what = s.nfsServer + QLatin1Char(':') + HpcLayout::exportPath(QStringLiteral("cluster"));
    out.addFile(
        QStringLiteral("/etc/systemd/system/var-lib-openfactory-cluster.mount"),
        QStringLiteral(
            "[Unit]\nDescription=Cluster hand-off share (kubeconfig for the Slurm wrappers)\n\n[Mount]\nWhat=%1\n"
            "Where=%2\nType=nfs\nOptions=ro,soft,timeo=50,retrans=3,nfsvers=4.2\n")
            .arg(what, HpcLayout::handoffMount())
            .toUtf8());
    out.addFile(
        QStringLiteral("/etc/systemd/system/var-lib-openfactory-cluster.automount"),
        QStringLiteral("[Unit]\nDescription=Cluster hand-off share, mounted on first use\n\n[Automount]\nWhere=%1\n\n"
                       "[Install]\nWantedBy=multi-user.target\n")
            .arg(HpcLayout::handoffMount())
            .toUtf8());
    out.units.append(QStringLiteral("var-lib-openfactory-cluster.automount"));
}

} // namespace

QJsonObject SlinkySlurmGenerator::operatorValues(const Settings &s)
{
    QJsonObject values {
        {QStringLiteral("certManager"), QJsonObject {{QStringLiteral("enabled"), false}}},
        {QStringLiteral("operator"), QJsonObject {{QStringLiteral("nodeSelector"), onHost(s.controller)}}},
        {QStringLiteral("webhook"), QJsonObject {{QStringLiteral("nodeSelector"), onHost(s.controller)}}}};
    setSlinkyImage(values, QStringLiteral("operator/image"), s.images,
                   QStringLiteral("ghcr.io/slinkyproject/slurm-operator"));
    setSlinkyImage(values, QStringLiteral("webhook/image"), s.images,
                   QStringLiteral("ghcr.io/slinkyproject/slurm-operator-webhook"));
    return values;
}

QJsonObject SlinkySlurmGenerator::slurmValues(const Settings &s)
{
    const QJsonObject home =
        nfsVolume(QStringLiteral("home"), s.nfsServer, HpcLayout::exportPath(QStringLiteral("home")));
    QJsonObject nodesets {
        {QString::fromLatin1(NodeSetKey),
         QJsonObject {{QStringLiteral("enabled"), true},
                      {QStringLiteral("scalingMode"), QStringLiteral("DaemonSet")},
                      {QStringLiteral("slurmd"), QJsonObject {{QStringLiteral("volumeMounts"), homeMount()}}},
                      {QStringLiteral("partition"),
                       QJsonObject {{QStringLiteral("enabled"), true},
                                    {QStringLiteral("configMap"),
                                     QJsonObject {{QStringLiteral("Default"), QStringLiteral("YES")},
                                                  {QStringLiteral("State"), QStringLiteral("UP")},
                                                  {QStringLiteral("MaxTime"), QStringLiteral("UNLIMITED")}}}}},
                      {QStringLiteral("podSpec"),
                       QJsonObject {{QStringLiteral("affinity"), onHosts(s.computes)},
                                    {QStringLiteral("volumes"), QJsonArray {home}}}}}}};
    QJsonObject controller {
        {QStringLiteral("persistence"),
         QJsonObject {{QStringLiteral("enabled"), true},
                      {QStringLiteral("existingClaim"), QString::fromLatin1(ControllerClaim)}}},
        {QStringLiteral("podSpec"), QJsonObject {{QStringLiteral("nodeSelector"), onHost(s.controller)}}},
        {QStringLiteral("metrics"),
         QJsonObject {
             {QStringLiteral("enabled"), true},
             {QStringLiteral("serviceMonitor"),
              QJsonObject {{QStringLiteral("enabled"), true},
                           {QStringLiteral("labels"),
                            QJsonObject {{QStringLiteral("release"), QStringLiteral("kube-prometheus-stack")}}}}}}}};
    if (s.gpuGresHook) {
        controller.insert(QStringLiteral("extraConfMap"),
                          QJsonObject {{QStringLiteral("GresTypes"), QJsonArray {QStringLiteral("gpu")}}});
        nodesets.insert(
            QStringLiteral("gpu"),
            QJsonObject {
                {QStringLiteral("enabled"), true},
                {QStringLiteral("scalingMode"), QStringLiteral("DaemonSet")},
                {QStringLiteral("extraConfMap"),
                 QJsonObject {{QStringLiteral("Gres"), QJsonArray {QStringLiteral("gpu:1")}}}},
                {QStringLiteral("podSpec"),
                 QJsonObject {{QStringLiteral("nodeSelector"),
                               QJsonObject {{QStringLiteral("nvidia.com/gpu.present"), QStringLiteral("true")}}}}}});
    }
    QJsonObject values {
        {QStringLiteral("clusterName"), s.clusterName},
        {QStringLiteral("accounting"), QJsonObject {{QStringLiteral("enabled"), false}}},
        {QStringLiteral("controller"), controller},
        {QStringLiteral("restapi"),
         QJsonObject {
             {QStringLiteral("podSpec"), QJsonObject {{QStringLiteral("nodeSelector"), onHost(s.controller)}}}}},
        {QStringLiteral("loginsets"),
         QJsonObject {
             {QString::fromLatin1(LoginSetKey),
              QJsonObject {{QStringLiteral("enabled"), true},
                           {QStringLiteral("replicas"), 1},
                           {QStringLiteral("login"), QJsonObject {{QStringLiteral("volumeMounts"), homeMount()}}},
                           {QStringLiteral("podSpec"),
                            QJsonObject {{QStringLiteral("nodeSelector"), onHost(s.login)},
                                         {QStringLiteral("volumes"), QJsonArray {home}}}},
                           {QStringLiteral("service"),
                            QJsonObject {{QStringLiteral("spec"),
                                          QJsonObject {{QStringLiteral("type"), QStringLiteral("ClusterIP")}}}}}}}}},
        {QStringLiteral("nodesets"), nodesets},
        {QStringLiteral("partitions"),
         QJsonObject {{QStringLiteral("all"), QJsonObject {{QStringLiteral("enabled"), false}}}}}};
    const QString slinky = QStringLiteral("ghcr.io/slinkyproject/");
    const QString alpine = QStringLiteral("docker.io/library/alpine");
    const QString login = QStringLiteral("loginsets/") + QString::fromLatin1(LoginSetKey);
    setSlinkyImage(values, QStringLiteral("controller/slurmctld/image"), s.images,
                   slinky + QStringLiteral("slurmctld"));
    setSlinkyImage(values, QStringLiteral("controller/reconfigure/image"), s.images,
                   slinky + QStringLiteral("slurmctld"));
    setSlinkyImage(values, QStringLiteral("controller/logfile/image"), s.images, alpine);
    setSlinkyImage(values, QStringLiteral("restapi/slurmrestd/image"), s.images, slinky + QStringLiteral("slurmrestd"));
    setSlinkyImage(values, login + QStringLiteral("/login/image"), s.images, slinky + QStringLiteral("login"));
    setSlinkyImage(values, login + QStringLiteral("/initconf/image"), s.images, alpine);
    for (const QString &set : nodesets.keys()) {
        setSlinkyImage(values, QStringLiteral("nodesets/%1/slurmd/image").arg(set), s.images,
                       slinky + QStringLiteral("slurmd"));
        setSlinkyImage(values, QStringLiteral("nodesets/%1/logfile/image").arg(set), s.images, alpine);
    }
    return values;
}

QJsonObject SlinkySlurmGenerator::prometheusStackValues(const Settings &s)
{
    const QJsonObject here = onHost(s.observability);
    QJsonObject values {
        {QStringLiteral("prometheus"),
         QJsonObject {{QStringLiteral("prometheusSpec"),
                       QJsonObject {{QStringLiteral("nodeSelector"), here},
                                    {QStringLiteral("serviceMonitorSelectorNilUsesHelmValues"), false}}}}},
        {QStringLiteral("alertmanager"),
         QJsonObject {{QStringLiteral("alertmanagerSpec"), QJsonObject {{QStringLiteral("nodeSelector"), here}}}}},
        {QStringLiteral("prometheusOperator"),
         QJsonObject {{QStringLiteral("nodeSelector"), here},
                      {QStringLiteral("admissionWebhooks"),
                       QJsonObject {{QStringLiteral("patch"), QJsonObject {{QStringLiteral("nodeSelector"), here}}}}}}},
        // Subchart values (grafana 12.4.1, kube-state-metrics 7.4.0): both charts take nodeSelector.
        {QStringLiteral("grafana"), QJsonObject {{QStringLiteral("nodeSelector"), here}}},
        {QStringLiteral("kube-state-metrics"), QJsonObject {{QStringLiteral("nodeSelector"), here}}}};
    // The stack's own images (the operator's come from `pins lock` discovery, by the chart's
    // appVersion); the subcharts' take other shapes and are pinned by the post-renderer alone.
    const struct
    {
        const char *path;
        const char *repository;
    } images[] = {
        {"prometheus/prometheusSpec/image", "quay.io/prometheus/prometheus"},
        {"alertmanager/alertmanagerSpec/image", "quay.io/prometheus/alertmanager"},
        {"prometheusOperator/image", "quay.io/prometheus-operator/prometheus-operator"},
        {"prometheusOperator/prometheusConfigReloader/image", "quay.io/prometheus-operator/prometheus-config-reloader"},
        {"prometheusOperator/admissionWebhooks/deployment/image", "quay.io/prometheus-operator/admission-webhook"},
        {"prometheusOperator/admissionWebhooks/patch/image", "ghcr.io/jkroepke/kube-webhook-certgen"},
    };
    for (const auto &image : images)
        setStackImage(values, QString::fromLatin1(image.path), s.images, QString::fromLatin1(image.repository));
    return values;
}

FeatureOutput SlinkySlurmGenerator::generate(const GeneratorContext &c) const
{
    FeatureOutput out;
    const Service *service = c.service(QStringLiteral("openfactory-slinky-slurm"));
    if (!service) {
        out.errors.append(QStringLiteral("feature slinky-slurm needs the openfactory-slinky-slurm service"));
        return out;
    }
    const QJsonObject config = service->config;
    Settings s = settingsFrom(config, c.lab);
    const QString role = config.value(QStringLiteral("role")).toString();

    out.packages.append(QStringLiteral("nfs-common"));
    out.addFile(QStringLiteral("/usr/local/lib/openfactory/common.sh"),
                Template::load(QStringLiteral("openfactory-common.sh"), &out.errors));
    out.addFile(QStringLiteral("/etc/openfactory/slinky-slurm/env"), settingsEnv(c, s, role));

    // Pods land on every member: each one runs the cluster's images by digest (and preloads
    // them when an offline kit baked them in).
    s.images = c.pins.images(QStringLiteral("slurm")) + c.pins.images(QStringLiteral("slinky"))
        + c.pins.images(QStringLiteral("kube-prometheus-stack"));
    ImagePins::add(out, QStringLiteral("slinky-slurm"), s.images);

    UnitFile unit;
    unit.after = {QStringLiteral("openfactory-kubeadm-lab.service")};
    unit.requires_ = {QStringLiteral("openfactory-kubeadm-lab.service")};
    if (role == QLatin1String("controller")) {
        addControllerFiles(out, c, s);
        unit.description =
            QStringLiteral("openfactory-slinky-slurm: monitoring, Slinky operator and Slurm from baked charts");
        unit.timeoutSeconds = NfsTimeout + SlurmTimeout;
    } else {
        out.addFile(
            QStringLiteral("/usr/local/lib/openfactory/slinky-slurm.sh"),
            Template::render(QStringLiteral("slinky-slurm-member.sh"), {{QStringLiteral("ROLE"), role}}, &out.errors),
            0755);
        unit.description = QStringLiteral("openfactory-slinky-slurm: %1 member checks").arg(role);
        unit.timeoutSeconds = JoinTimeout + NfsTimeout + (role == QLatin1String("login") ? SlurmTimeout : 0) + 300;
    }
    if (role == QLatin1String("login"))
        addLoginWrappers(out, s);
    unit.exec = QStringLiteral("/usr/local/lib/openfactory/slinky-slurm.sh");
    out.addFile(QStringLiteral("/etc/systemd/system/openfactory-slinky-slurm.service"), unit.render(&out.errors));
    out.units.append(QStringLiteral("openfactory-slinky-slurm.service"));
    return out;
}

} // namespace Labforge
