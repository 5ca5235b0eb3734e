#include "training/rounds/RoundPlacementFlow.h"

#include "util/CountText.h"

#include <fmt/format.h>

#include <algorithm>

namespace tessera::rounds {

std::vector<uint32_t> classSortedOrder(const std::vector<RoundJob>& jobs, const std::vector<uint32_t>& order,
                                       uint32_t gpuCount)
{
    std::vector<uint32_t> sorted = order;
    uint64_t demand = 0;
    size_t prefix = 0;
    while (prefix < sorted.size() && demand + jobs[sorted[prefix]].width <= gpuCount)
        demand += jobs[sorted[prefix++]].width;
    std::stable_sort(sorted.begin(), sorted.begin() + long(prefix),
                     [&](uint32_t a, uint32_t b) { return jobs[a].classIndex < jobs[b].classIndex; });
    return sorted;
}

namespace {

class RoundPlacer {
public:
    RoundPlacer(const PlacementFlow& flow, const RoundCluster& cluster, const std::vector<RoundJob>& jobs,
                std::vector<JobProgress>& progress, RoundDecision* decision)
        : flow_(flow), jobs_(jobs), progress_(progress), decision_(decision), free_(cluster.gpuCount(), 1)
    {
        for (const auto& p : progress_)
            for (uint32_t g : p.gpus)
                free_[g] = 0;
    }

    void run(const std::vector<uint32_t>& order)
    {
        for (uint32_t job : order)
            previous_.push_back({job, progress_[job].gpus});
        if (!flow_.sticky)
            for (uint32_t job : order)
                release(job);
        const std::vector<uint32_t> placing =
            flow_.classSort ? classSortedOrder(jobs_, order, uint32_t(free_.size())) : order;
        for (size_t position = 0; position < placing.size(); ++position) {
            const uint32_t job = placing[position];
            JobDecision* entry = note(job);
            if (!progress_[job].gpus.empty()) {
                if (entry) {
                    entry->placed = true;
                    entry->why = "sticky: a running job keeps its GPUs";
                }
                continue;
            }
            if (!place(job, placing, position, entry)) {
                for (size_t rest = position + 1; decision_ && rest < placing.size(); ++rest) {
                    JobDecision* skipped = note(placing[rest]);
                    skipped->placed = !progress_[placing[rest]].gpus.empty();
                    skipped->why = skipped->placed
                                       ? "sticky: a running job keeps its GPUs"
                                       : fmt::format("not tried: placement stopped at job {} (no backfilling)",
                                                     jobs_[job].id);
                }
                break;
            }
        }
        if (decision_)
            for (auto& entry : decision_->jobs)
                entry.gpus = progress_[indexOf(entry.jobId)].gpus;
    }

private:
    bool place(uint32_t job, const std::vector<uint32_t>& placing, size_t position, JobDecision* entry)
    {
        std::vector<CandidateSet>* trail = entry ? &entry->candidates : nullptr;
        auto gpus = flow_.choose(job, free_, trail);
        // Packed-S: preempt running jobs strictly behind this one, from the tail, until it fits.
        for (size_t tail = placing.size(); !gpus && flow_.preemptTail && tail > position + 1; --tail) {
            const uint32_t victim = placing[tail - 1];
            if (progress_[victim].gpus.empty())
                continue;
            release(victim);
            if (entry)
                entry->preemptedForIt.push_back(jobs_[victim].id);
            const size_t tried = trail ? trail->size() : 0;
            gpus = flow_.choose(job, free_, trail);
            // The retry's steps say what made room for them.
            if (trail)
                for (size_t k = tried; k < trail->size(); ++k)
                    (*trail)[k].note = fmt::format("after preempting job {}: {}", jobs_[victim].id, (*trail)[k].note);
        }
        if (!gpus) {
            if (entry)
                entry->why = fmt::format("cannot be placed ({} needed, {} free): placement stops here",
                                         countText(jobs_[job].width, "GPU"),
                                         std::count(free_.begin(), free_.end(), char(1)));
            return false;
        }
        for (uint32_t g : *gpus)
            free_[g] = 0;
        progress_[job].gpus = std::move(*gpus);
        if (entry) {
            entry->placed = true;
            const auto taken = std::find_if(entry->candidates.rbegin(), entry->candidates.rend(),
                                            [](const CandidateSet& c) { return c.chosen; });
            entry->why = taken == entry->candidates.rend() ? "placed" : "placed by: " + taken->step;
            if (!entry->preemptedForIt.empty())
                entry->why += fmt::format(" after preempting {} from the tail",
                                          countText(entry->preemptedForIt.size(), "job"));
        }
        return true;
    }

    void release(uint32_t job)
    {
        for (uint32_t g : progress_[job].gpus)
            free_[g] = 1;
        progress_[job].gpus.clear();
    }

    JobDecision* note(uint32_t job)
    {
        if (!decision_)
            return nullptr;
        for (auto& entry : decision_->jobs)
            if (entry.jobId == jobs_[job].id)
                return &entry;
        JobDecision entry;
        entry.jobId = jobs_[job].id;
        entry.width = jobs_[job].width;
        entry.classIndex = jobs_[job].classIndex;
        for (const auto& [j, gpus] : previous_)
            if (j == job)
                entry.previousGpus = gpus;
        decision_->jobs.push_back(std::move(entry));
        return &decision_->jobs.back();
    }

    uint32_t indexOf(uint32_t jobId) const
    {
        for (const auto& [j, gpus] : previous_)
            if (jobs_[j].id == jobId)
                return j;
        return 0;
    }

    const PlacementFlow& flow_;
    const std::vector<RoundJob>& jobs_;
    std::vector<JobProgress>& progress_;
    RoundDecision* decision_;
    std::vector<char> free_;
    std::vector<std::pair<uint32_t, GpuList>> previous_;
};

}  // namespace

void placeRound(const PlacementFlow& flow, const RoundCluster& cluster, const std::vector<RoundJob>& jobs,
                std::vector<JobProgress>& progress, const std::vector<uint32_t>& order, RoundDecision* decision)
{
    RoundPlacer(flow, cluster, jobs, progress, decision).run(order);
}

}  // namespace tessera::rounds
