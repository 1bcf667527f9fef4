#pragma once
#include "Boot.h"
