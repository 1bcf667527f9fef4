#pragma once
// A room may not include a room of its rank.
#include "Base.h"
#include "Hosts.h"
