// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RuleId.h"
namespace Labforge {

struct Lab;
class ProblemSink;

// Networks, node identity and addressing, canvas placement, disks, links,
// and each recipe's features, packages and users.
class TopologyRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId LabNameInvalid {"lab.name-invalid"};
    static inline const RuleId NetworkNameInvalid {"network.name-invalid"};
    static inline const RuleId NetworkNameDuplicate {"network.name-duplicate"};
    static inline const RuleId NetworkCidrInvalid {"network.cidr-invalid"};
    static inline const RuleId NetworkGatewayInvalid {"network.gateway-invalid"};
    static inline const RuleId NetworkDnsInvalid {"network.dns-invalid"};
    static inline const RuleId NetworkDefaultRouteMultiple {"network.default-route-multiple"};
    static inline const RuleId CidrOverlap {"cidr.overlap"};
    static inline const RuleId NodeIdInvalid {"node.id-invalid"};
    static inline const RuleId NodeIdDuplicate {"node.id-duplicate"};
    static inline const RuleId NodeKindUnknown {"node.kind-unknown"};
    static inline const RuleId NodeRoleUnknown {"node.role-unknown"};
    static inline const RuleId NodeInterfaceMissing {"node.interface-missing"};
    static inline const RuleId NodeNetworkUnknown {"node.network-unknown"};
    static inline const RuleId NodeInterfaceNetworkDuplicate {"node.interface-network-duplicate"};
    static inline const RuleId NodeIpInvalid {"node.ip-invalid"};
    static inline const RuleId NodeIpOutsideNetwork {"node.ip-outside-network"};
    static inline const RuleId NodeIpReserved {"node.ip-reserved"};
    static inline const RuleId NodeIpDuplicate {"node.ip-duplicate"};
    static inline const RuleId NodePositionOverlap {"node.position-overlap"};
    static inline const RuleId DiskIdInvalid {"disk.id-invalid"};
    static inline const RuleId DiskKindUnknown {"disk.kind-unknown"};
    static inline const RuleId DiskSizeInvalid {"disk.size-invalid"};
    static inline const RuleId DiskBusUnknown {"disk.bus-unknown"};
    static inline const RuleId DiskSerialEmpty {"disk.serial-empty"};
    static inline const RuleId DiskSerialTooLong {"disk.serial-too-long"};
    static inline const RuleId DiskSerialInvalid {"disk.serial-invalid"};
    static inline const RuleId DiskSerialDuplicate {"disk.serial-duplicate"};
    static inline const RuleId DiskSerialReserved {"disk.serial-reserved"};
    static inline const RuleId RecipeBaseImageUnknown {"recipe.base-image-unknown"};
    static inline const RuleId RecipeHardwareInvalid {"recipe.hardware-invalid"};
    static inline const RuleId FeatureUnknown {"feature.unknown"};
    static inline const RuleId FeatureDuplicate {"feature.duplicate"};
    static inline const RuleId FeatureRoleForbidden {"feature.role-forbidden"};
    static inline const RuleId FeatureRequires {"feature.requires"};
    static inline const RuleId PackageOwnedByFeature {"package.owned-by-feature"};
    static inline const RuleId PackageInvalid {"package.invalid"};
    static inline const RuleId UserNameInvalid {"user.name-invalid"};
    static inline const RuleId UserSshMissing {"user.ssh-missing"};

    static void check(const Lab &lab, ProblemSink &sink);
};

} // namespace Labforge
