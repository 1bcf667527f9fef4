// The model may not include the runner.
#include "Model.h"

#include "Base.h"
