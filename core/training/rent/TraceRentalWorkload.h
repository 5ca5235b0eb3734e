#pragma once

// A rental workload from a job trace (training-boa-pal.md A6): each job's model (a Pollux
// trace's application) names its type; its size, in seconds of work on one GPU, is
// - for a trace with iterations: iterations x iteration time (its work at its requested width)
//   times s(requested width), the same work expressed on one GPU;
// - for a Pollux workload (no iterations): the application's size (PolluxApplications.h).
// The types are those the trace uses, in order of first appearance; each gets the trace's
// arrival rate (its jobs over the span of arrivals, at least 1 s) and mean size, which is what
// the width solver (A3) optimises for. Jobs keep their trace ids and requested widths and are
// ordered by arrival (ties in file order).

#include "training/JobFile.h"
#include "training/rent/PolluxApplications.h"
#include "training/rent/RentalWorkload.h"

#include <optional>
#include <string>
#include <vector>

namespace tessera {

// A model a trace may name: its speedup and widest width, and a size for jobs with no iterations.
struct RentalModel {
    std::string name;
    std::shared_ptr<const SpeedupFunction> speedup;
    double maxWidth = 1;
    std::optional<double> sizeS;
};

// The six Pollux applications as models.
std::vector<RentalModel> polluxRentalModels(const std::vector<PolluxApplication>& apps);

// A job whose model is not in `models`, or whose size is unknown (no iterations and no model
// size), is an error at its own line and column (failJob: an InputError for a trace read from a
// file, std::invalid_argument for one made in memory).
RentalWorkload rentalWorkloadFromTrace(const JobTrace& trace, const std::vector<RentalModel>& models);

}  // namespace tessera
