// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ImageBuilder.h"

namespace Labforge {

class ImageCommands;
class NodeBuildContext;

// One node's image from the group's base, as a sequence of named steps (nodeBuildSteps):
// unpack the base, install what it lacks, keep only the node's packages, lay down overlay
// files and verified artifacts, run the build script, enable units, and write a qcow2 disk
// with its kernel and initrd beside it for direct kernel boot. A node whose inputs (the
// hash of its base, files and labforge's seed service) did not change is reused.
class NodeImageBuilder
{
public:
    NodeImageBuilder(const Bundle &bundle, const ArtifactCache &cache, const ImageCommands &commands,
                     const ImageBuilder::Options &options);

    std::optional<ImageBuilder::NodeImage> build(const QString &node, const ImageBuilder::Base &base, QString *error);

    // The last (by name) file in an image tree's /boot matching `pattern` ("vmlinuz-*"),
    // resolved within the tree: a link is followed as if the tree were '/', one leading out
    // of it is refused, and what it names must be a file of the image.
    struct BootFile
    {
        QString name; // in /boot
        QString path; // on the host
    };
    static std::optional<BootFile> bootFile(const QString &tree, const QString &pattern, QString *error);

private:
    QString nodeInputsHash(const QString &node, const QString &baseKey) const;

    // One step of a node's image: its name is logged ("step <name>") and prefixes its error.
    struct NodeBuildStep
    {
        QString name;
        bool (NodeImageBuilder::*run)(NodeBuildContext &, QString *error) const = nullptr;
        bool (*needed)(const NodeBuildContext &) = nullptr; // null: always
    };
    static const QList<NodeBuildStep> &nodeBuildSteps();
    void progress(const NodeBuildContext &c, double progress, const QString &what) const;
    bool createWorkDirectory(NodeBuildContext &c, QString *error) const;
    bool mountScratch(NodeBuildContext &c, QString *error) const;
    bool unpackBase(NodeBuildContext &c, QString *error) const;
    bool prepareChroot(NodeBuildContext &c, QString *error) const;
    bool installLacking(NodeBuildContext &c, QString *error) const;
    bool prunePackages(NodeBuildContext &c, QString *error) const;
    bool writeOverlayFiles(NodeBuildContext &c, QString *error) const;
    bool placeArtifacts(NodeBuildContext &c, QString *error) const;
    bool placeArtifact(NodeBuildContext &c, const PinnedArtifact &a, QString *error) const;
    bool writeSeedService(NodeBuildContext &c, QString *error) const;
    bool runBuildScript(NodeBuildContext &c, QString *error) const;
    bool enableUnits(NodeBuildContext &c, QString *error) const;
    bool tidyTree(NodeBuildContext &c, QString *error) const;
    bool copyKernelAndInitrd(NodeBuildContext &c, QString *error) const;
    bool writeDisk(NodeBuildContext &c, QString *error) const;
    bool keptCapabilities(const NodeBuildContext &c, const QString &raw, QString *error) const;
    bool writeStamp(NodeBuildContext &c, QString *error) const;

    const Bundle &m_bundle;
    const ArtifactCache &m_cache;
    const ImageCommands &m_commands;
    const ImageBuilder::Options &m_options;
};

} // namespace Labforge
