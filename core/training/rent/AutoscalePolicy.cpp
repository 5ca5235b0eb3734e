#include "training/rent/AutoscalePolicy.h"

#include <cmath>
#include <queue>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace tessera {

AutoscalePolicy::AutoscalePolicy(AutoscaleParams params) : params_(params)
{
    if (params_.gpusPerNode < 1 || params_.minNodes < 1 || params_.maxNodes < params_.minNodes)
        throw std::invalid_argument(fmt::format("autoscale needs at least 1 GPU per node and 1 <= min nodes ({}) "
                                                "<= max nodes ({})",
                                                params_.minNodes, params_.maxNodes));
    if (!(params_.lowUtil >= 0 && params_.lowUtil < params_.highUtil))
        throw std::invalid_argument(
            fmt::format("autoscale needs 0 <= low ({}) < high ({}) utility", params_.lowUtil, params_.highUtil));
    if (!(params_.intervalS > 0 && std::isfinite(params_.intervalS)) || params_.history == 0)
        throw std::invalid_argument("autoscale needs a positive interval and history");
}

void AutoscalePolicy::begin(const RentalWorkload& workload)
{
    workload_ = &workload;
    nodes_ = params_.minNodes;
    started_ = false;
    utilities_.clear();
}

double AutoscalePolicy::allocate(std::vector<ActiveRentalJob>& active, int gpus) const
{
    int left = gpus;
    for (ActiveRentalJob& job : active) {
        job.width = left > 0 ? 1 : 0;
        left -= left > 0;
    }
    // (marginal gain, -index): the largest gain first, the earlier arrival on ties.
    using Candidate = std::pair<double, long>;
    std::priority_queue<Candidate> gains;
    auto offer = [&](size_t a) {
        const ActiveRentalJob& job = active[a];
        const JobType& type = workload_->types[job.type];
        if (job.width >= 1 && job.width + 1 <= type.maxWidth)
            gains.emplace((*type.speedup)(job.width + 1) - (*type.speedup)(job.width), -long(a));
    };
    for (size_t a = 0; a < active.size(); ++a)
        offer(a);
    while (left > 0 && !gains.empty()) {
        const size_t a = size_t(-gains.top().second);
        gains.pop();
        active[a].width += 1;
        --left;
        offer(a);
    }
    double speedups = 0;
    for (const ActiveRentalJob& job : active)
        if (job.width > 0)
            speedups += (*workload_->types[job.type].speedup)(job.width);
    return speedups;
}

double AutoscalePolicy::predictedUtility(std::vector<ActiveRentalJob> active, int nodes) const
{
    return allocate(active, nodes * params_.gpusPerNode) / double(nodes * params_.gpusPerNode);
}

int AutoscalePolicy::resize(const std::vector<ActiveRentalJob>& active) const
{
    // Utility falls as nodes are added (speedups are sub-linear): find the fewest nodes whose
    // utility is at most the target, then take it or the count below, whichever is closer.
    const double target = (params_.lowUtil + params_.highUtil) / 2;
    int lo = params_.minNodes, hi = params_.maxNodes;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (predictedUtility(active, mid) > target)
            lo = mid + 1;
        else
            hi = mid;
    }
    // Even the most nodes keep utility above the target: the jobs want more GPUs than allowed.
    if (predictedUtility(active, lo) > target)
        return lo;
    if (lo > params_.minNodes &&
        std::abs(predictedUtility(active, lo - 1) - target) <= std::abs(predictedUtility(active, lo) - target))
        return lo - 1;
    return lo;
}

double AutoscalePolicy::reshare(double nowS, std::vector<ActiveRentalJob>& active)
{
    if (!started_) {
        started_ = true;
        nextIntervalS_ = nowS + params_.intervalS;
    }
    // The simulation ticks at the same instants; an arrival or completion between them only
    // re-divides the current nodes.
    if (nowS >= nextIntervalS_) {
        while (nextIntervalS_ <= nowS)
            nextIntervalS_ += params_.intervalS;
        // As Pollux's simulator: an interval counts only while jobs are present, and the
        // cluster is judged on a full window of the last `history` intervals.
        if (!active.empty()) {
            const int gpus = nodes_ * params_.gpusPerNode;
            utilities_.push_back(allocate(active, gpus) / double(gpus));
            if (utilities_.size() > params_.history)
                utilities_.pop_front();
        }
        if (utilities_.size() == params_.history) {
            double mean = 0;
            for (double u : utilities_)
                mean += u;
            mean /= double(utilities_.size());
            if ((mean < params_.lowUtil && nodes_ > params_.minNodes) ||
                (mean > params_.highUtil && nodes_ < params_.maxNodes)) {
                nodes_ = resize(active);
                utilities_.clear();
            }
        }
    }
    allocate(active, nodes_ * params_.gpusPerNode);
    return double(nodes_ * params_.gpusPerNode);
}

}  // namespace tessera
