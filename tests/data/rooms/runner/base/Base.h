#pragma once
#include "Model.h"
