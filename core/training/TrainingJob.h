#pragma once

// A training job as the training run kinds see it (training-boa-pal.md A1 and B1-B2): when it
// arrives, how many GPUs it needs, how much work it has, and what it trains (which fixes its
// variability class and the time of one iteration). Loaded by loadJobs (JobFile.h) from the
// pal-sia-philly, gavel-msr, pollux-osdi21 and Tessera formats.

#include "training/JobClass.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tessera {

struct TrainingJob {
    uint64_t id = 0;             // the trace's job_id; the row number (from 0) where the trace has none
    std::string name;            // the trace's own name where it has one (Pollux `name`), else empty
    double arrivalS = 0;         // submission time, seconds from the trace start
    int gpus = 1;                // requested width; rigid in the placement kind
    // Total iterations. Empty when the trace does not say (Pollux: a job runs until its
    // application's statistical progress is reached, which the renting kind models).
    std::optional<double> iterations;
    double iterationS = 1;       // seconds per iteration on one unslowed GPU set
    std::string model;           // model / application as the trace names it
    JobClass jobClass = JobClass::B;
    int batchSize = 0;           // 0: the trace gives none

    // Seconds of work at the job's own width with no slowdown: iterations x iteration time.
    std::optional<double> idealSeconds() const
    {
        if (!iterations)
            return std::nullopt;
        return *iterations * iterationS;
    }
};

}  // namespace tessera
