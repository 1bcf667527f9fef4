#include "SshFeature.h"

namespace Labforge {

namespace {

FeatureInfo sshInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("ssh");
    info.summary = QStringLiteral("OpenSSH server and the lab's login user");
    // allowedRoles empty: any role
    return info;
}

} // namespace

SshFeature::SshFeature()
    : FeatureDefinition(sshInfo())
{ }

} // namespace Labforge
