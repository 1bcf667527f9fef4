// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeBuildContext.h"

#include "HostCommand.h"

namespace Labforge {

namespace {

QStringList lackingOf(const Bundle::NodeImage &node, const ImageBuilder::Base &base)
{
    QStringList install;
    for (const QString &p : node.output.packages) {
        if (base.lacking.contains(p))
            install.append(p);
    }
    return install;
}

} // namespace

void NodeBuildContext::unmountLazily(const QString &path)
{
    HostCommand(QStringLiteral("umount"), {QStringLiteral("-l"), path}).timeout(60000).run();
}

NodeBuildContext::NodeBuildContext(QString id, const Bundle::NodeImage &node, const ImageBuilder::Base &base,
                                   QString imageDir, ImageBuilder::NodeImage image)
    : id(std::move(id))
    , node(node)
    , base(base)
    , imageDir(std::move(imageDir))
    , image(std::move(image))
    , install(lackingOf(node, base))
{ }

NodeBuildContext::~NodeBuildContext()
{
    unmountProc();
    unmountScratch();
    // m_work goes after this body: with nothing mounted in it any more.
}

bool NodeBuildContext::createWork(const QString &parent, QString *error)
{
    m_work = std::make_unique<WorkDirectory>(parent, id);
    if (!m_work->isValid()) {
        m_work.reset();
        *error = QStringLiteral("node %1: cannot create a work directory in %2").arg(id, parent);
        return false;
    }
    return true;
}

void NodeBuildContext::unmountProc()
{
    if (procMounted)
        unmountLazily(proc());
    procMounted = false;
}

void NodeBuildContext::unmountScratch()
{
    if (scratchMounted)
        unmountLazily(work());
    scratchMounted = false;
}

} // namespace Labforge
