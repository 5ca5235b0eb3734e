#include "training/JobGenerator.h"

#include "training/TrainingModels.h"
#include "training/UnitInterval.h"

#include <cmath>
#include <stdexcept>

namespace tessera {

namespace {

// Tessera's stream for training jobs (Rng::stream purpose; fixed: changing it changes every job).
constexpr uint64_t kTrainingJobStream = 0x7472'6169'6e6a'6f62ull;  // "trainjob"

struct WidthShare {
    int gpus;
    double probability;
};
constexpr WidthShare kWidths[] = {{1, 0.7}, {2, 0.1}, {4, 0.15}, {8, 0.05}};

int drawWidth(Rng& rng)
{
    const double u = unitInterval(rng);
    double cumulative = 0;
    for (const WidthShare& w : kWidths) {
        cumulative += w.probability;
        if (u < cumulative)
            return w.gpus;
    }
    return kWidths[std::size(kWidths) - 1].gpus;
}

// Gavel-like work in seconds: 60 x 10^U(3, 4) w.p. 0.2, else 60 x 10^U(1.5, 3).
double drawWorkSeconds(Rng& rng)
{
    const bool longJob = unitInterval(rng) < 0.2;
    const double exponent = longJob ? 3 + unitInterval(rng) : 1.5 + 1.5 * unitInterval(rng);
    return 60 * std::pow(10.0, exponent);
}

}  // namespace

const std::vector<std::string>& jobGeneratorPresetNames()
{
    static const std::vector<std::string> names{"synergy", "pal-models"};
    return names;
}

std::optional<JobGeneratorParams> jobGeneratorPreset(std::string_view name)
{
    JobGeneratorParams params;
    if (name == "synergy")
        return params;
    if (name == "pal-models") {
        params.measuredIterationTimes = true;
        return params;
    }
    return std::nullopt;
}

std::vector<TrainingJob> generateJobs(const JobGeneratorParams& params, uint64_t seed)
{
    if (params.jobs < 1 || params.jobs > 1000000)
        throw std::invalid_argument("--jobs must be from 1 to 1000000");
    if (!(params.loadJobsPerHour > 0 && params.loadJobsPerHour <= 1e6))
        throw std::invalid_argument("--load must be above 0 and at most 1000000 jobs per hour");
    Rng rng = Rng::stream(seed, kTrainingJobStream);
    const auto& models = palModels();
    const double meanGapS = 3600 / params.loadJobsPerHour;
    std::vector<TrainingJob> jobs;
    double clock = 0;
    for (int i = 0; i < params.jobs; ++i) {
        if (i > 0)
            clock += -std::log(1 - unitInterval(rng)) * meanGapS;  // exponential gaps: Poisson arrivals
        TrainingJob job;
        job.id = uint64_t(i);
        job.arrivalS = std::round(clock);
        job.gpus = drawWidth(rng);
        const double seconds = drawWorkSeconds(rng);
        const TrainingModel& model = models[rng.below(models.size())];
        job.model = model.name;
        job.jobClass = model.jobClass;
        job.iterationS = params.measuredIterationTimes ? model.iterationS : 1;
        job.iterations = std::max(1.0, std::round(seconds / job.iterationS));
        jobs.push_back(std::move(job));
    }
    return jobs;
}

}  // namespace tessera
