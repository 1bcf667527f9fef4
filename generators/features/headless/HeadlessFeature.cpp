#include "HeadlessFeature.h"

namespace Labforge {

namespace {

FeatureInfo headlessInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("headless");
    info.summary = QStringLiteral("Server image: no desktop, serial console");
    // allowedRoles empty: any role
    return info;
}

} // namespace

HeadlessFeature::HeadlessFeature()
    : FeatureDefinition(headlessInfo())
{ }

} // namespace Labforge
