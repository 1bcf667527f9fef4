// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Bundle.h"

namespace Labforge {

struct LabSecrets;
class SeedDisk;

// Fills one VM's seed disk from the secret slots its image declares (FeatureOutput::
// secretSlots): a feature names what it needs and where, the runner supplies the values.
//   password-hash:USER        the ops password's crypt(3) hash for USER
//   ssh-authorized-key:USER   the run's SSH public key in ~USER/.ssh/authorized_keys
//   ssh-host-keys             the VM's own host key pair (pinned in known_hosts)
//   kubeadm-token:PATH        the build group's bootstrap token at PATH (root, 0600)
//   munge-key:PATH            the build group's MUNGE key at PATH (munge, 0400)
// A slot it does not know is an error: an image would boot without what it needs.
class SeedComposer
{
public:
    struct Inputs
    {
        const LabSecrets &secrets;
        QString passwordHash;
        QString hostKeyFile; // private key; the public one beside it with .pub
    };

    static bool compose(const Bundle::NodeImage &image, const Inputs &inputs, SeedDisk &seed, QString *error);
    static QStringList knownSlotKinds();
};

} // namespace Labforge
