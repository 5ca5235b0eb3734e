#pragma once

#include "training/rounds/RoundJob.h"
#include "training/rounds/RoundParameters.h"
#include "training/rounds/RoundState.h"

#include <vector>

namespace tessera::rounds {

// The round's job order (training-boa-pal.md B2 step 3) over the active jobs (indices into
// `jobs`), by a strict key, so the order never depends on the input order:
//   FIFO (submit, id);
//   LAS  (attained service, submit, id), attained service growing by R per round run;
//   SRTF (remaining ideal time = (total - done iterations) * t_iter, submit, id).
std::vector<uint32_t> orderJobs(RoundScheduler scheduler, const std::vector<RoundJob>& jobs,
                                const std::vector<JobProgress>& progress, std::vector<uint32_t> active);

}  // namespace tessera::rounds
