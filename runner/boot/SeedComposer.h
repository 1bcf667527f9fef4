// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Bundle.h"

namespace Labforge {

struct LabSecrets;
class SeedDisk;

// Fills one VM's seed disk from the secret slots its image declares (FeatureOutput::
// secretSlots): a feature names what it needs and where, the runner supplies the values.
//   PasswordHash   the ops password's crypt(3) hash for the user
//   AuthorizedKey  the run's SSH public key in ~USER/.ssh/authorized_keys
//   HostKeys       the VM's own host key pair (pinned in known_hosts)
//   LabHardware    every node's vCPUs and memory as the run boots them (not secret)
//   Shared         the run's value of that name (LabSecrets::shared) at the slot's path,
//                  with its mode and owner
// A slot that cannot be filled (no value, a bad path) is an error: an image would boot
// without what it needs.
class SeedComposer
{
public:
    struct Inputs
    {
        const LabSecrets &secrets;
        QString passwordHash;
        QString hostKeyFile; // private key; the public one beside it with .pub
        QByteArray labHardware; // "<node> <vcpus> <memory MiB>\n" for every node of the run
    };

    static bool compose(const Bundle::NodeImage &image, const Inputs &inputs, SeedDisk &seed, QString *error);
};

} // namespace Labforge
