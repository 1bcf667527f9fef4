// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <libvirt/libvirt.h>

#include <memory>

namespace Labforge {

// A libvirt object that frees itself: the handle owns what a look-up, a definition or a
// listing gave and calls libvirt's free function (virDomainFree, virNetworkFree, …) when it
// goes, on every path out. Libvirt's calls reset its last error, so a message that quotes it
// (Libvirt::lastError) is made while the handle is still there.
template<typename Object, int (*Free)(Object *)>
struct LibvirtFree
{
    void operator()(Object *object) const { Free(object); }
};

using DomainHandle = std::unique_ptr<virDomain, LibvirtFree<virDomain, virDomainFree>>;
using NetworkHandle = std::unique_ptr<virNetwork, LibvirtFree<virNetwork, virNetworkFree>>;
using PoolHandle = std::unique_ptr<virStoragePool, LibvirtFree<virStoragePool, virStoragePoolFree>>;
using VolumeHandle = std::unique_ptr<virStorageVol, LibvirtFree<virStorageVol, virStorageVolFree>>;
using StreamHandle = std::unique_ptr<virStream, LibvirtFree<virStream, virStreamFree>>;
using ConnectionHandle = std::unique_ptr<virConnect, LibvirtFree<virConnect, virConnectClose>>;

} // namespace Labforge
