#pragma once
// A fixture for the layer check: lower/ including upper/ closes a cycle.
#include "upper/Upper.h"
