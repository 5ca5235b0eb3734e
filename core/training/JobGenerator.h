#pragma once

// Seeded synthetic training-job streams. The `synergy` preset is the Synergy-style synthetic
// of training-boa-pal.md B6 A3 (blox-pal workload/utils.py): Poisson arrivals at `load` jobs
// per hour; 1, 2, 4 or 8 GPUs with probabilities 0.7, 0.1, 0.15, 0.05; work 60 x 10^U(3, 4) s
// with probability 0.2, else 60 x 10^U(1.5, 3) s; a model drawn uniformly from PAL's six (it
// sets the class); 1 s per iteration, so iterations are seconds. `pal-models` draws the same
// jobs but gives each its model's measured iteration time, with iterations = seconds / t_iter.

#include "training/TrainingJob.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

struct JobGeneratorParams {
    int jobs = 160;
    double loadJobsPerHour = 8;
    bool measuredIterationTimes = false;  // pal-models: PAL's t_iter; synergy: 1 s
};

// "synergy", "pal-models".
const std::vector<std::string>& jobGeneratorPresetNames();
std::optional<JobGeneratorParams> jobGeneratorPreset(std::string_view name);

// Jobs 0..jobs-1 by arrival. Arrivals are whole seconds from the first job's (at 0), iterations
// whole numbers (at least 1). The same parameters and seed give the same jobs. The draws use
// libm's log and pow; their results are rounded to whole seconds and iterations, so another
// libm could change a file only where a value falls within an ulp of a half. Throws
// std::invalid_argument for jobs outside 1..1,000,000 or a load outside (0, 10^6] jobs/h.
std::vector<TrainingJob> generateJobs(const JobGeneratorParams& params, uint64_t seed);

// The bundled traces/training/default.csv: the synergy preset's defaults with this seed.
constexpr uint64_t kDefaultJobStreamSeed = 2026;

}  // namespace tessera
