#include "training/rent/TraceRentalWorkload.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

// What a job names that no model has: the models there are, so that a typo is seen at once.
std::string unknownModelProblem(const std::vector<RentalModel>& models)
{
    if (models.empty())
        return "no speedup model is known (no Pollux profiles were given)";
    std::string names;
    for (const RentalModel& m : models)
        names += (names.empty() ? "" : ", ") + m.name;
    return fmt::format("unknown application: renting knows {}", names);
}

}  // namespace

std::vector<RentalModel> polluxRentalModels(const std::vector<PolluxApplication>& apps)
{
    std::vector<RentalModel> models;
    for (const PolluxApplication& app : apps)
        models.push_back({app.name, app.speedup.speedup, app.speedup.maxWidth(), app.sizeS});
    return models;
}

RentalWorkload rentalWorkloadFromTrace(const JobTrace& trace, const std::vector<RentalModel>& models)
{
    if (trace.jobs.empty())
        throw std::invalid_argument(fmt::format("trace {} has no jobs", trace.name));
    std::vector<size_t> order(trace.jobs.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return trace.jobs[a].arrivalS < trace.jobs[b].arrivalS; });

    RentalWorkload workload;
    std::map<std::string, size_t> typeOf;  // model name -> type index
    std::vector<double> work;
    std::vector<size_t> count;
    for (size_t i : order) {
        const TrainingJob& job = trace.jobs[i];
        const auto model = std::find_if(models.begin(), models.end(),
                                        [&](const RentalModel& m) { return m.name == job.model; });
        if (model == models.end())
            failJob(trace, i, trace.modelColumn, unknownModelProblem(models), job.model);
        auto [slot, added] = typeOf.emplace(job.model, workload.types.size());
        if (added) {
            JobType type;
            type.name = model->name;
            type.speedup = model->speedup;
            type.maxWidth = model->maxWidth;
            workload.types.push_back(type);
            work.push_back(0);
            count.push_back(0);
        }
        double size = 0;
        if (const auto ideal = job.idealSeconds())
            size = *ideal * (*model->speedup)(std::max(1, job.gpus));
        else if (model->sizeS)
            size = *model->sizeS;
        else
            failJob(trace, i, trace.workColumn,
                    fmt::format("no iteration count, and \"{}\" has no size to take instead", job.model));
        workload.jobs.push_back({job.id, job.arrivalS, slot->second, size, std::max(1, job.gpus)});
        work[slot->second] += size;
        ++count[slot->second];
    }
    const double span = std::max(1.0, workload.jobs.back().arrivalS - workload.jobs.front().arrivalS);
    for (size_t t = 0; t < workload.types.size(); ++t) {
        workload.types[t].arrivalRate = double(count[t]) / span;
        workload.types[t].meanSize = work[t] / double(count[t]);
    }
    validateRentalWorkload(workload);
    return workload;
}

}  // namespace tessera
