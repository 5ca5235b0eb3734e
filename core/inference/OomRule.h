#pragma once

#include "inference/ProfileData.h"

#include <vector>

namespace tessera {

// The OOM rule of mig-elasticbatch.md 2.4 for a point (memory slices, batch, procs) that was
// not itself profiled, judged from the profiled points of the same model (`points`; other
// models' points must not be passed) on instances with the same memory slices (3g and 4g pool):
// - infeasible if an OOM point has b' <= batch and p' <= procs;
// - feasible only if a feasible point has b' >= batch and p' >= procs;
// - otherwise infeasible.
// `batch` is a double because, with bucketing, it is b_eff = b * x^k.
bool oomRuleFeasible(const std::vector<ProfiledPoint>& points, int memorySlices, double batch, int procs);

}  // namespace tessera
