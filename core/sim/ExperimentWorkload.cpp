#include "sim/ExperimentWorkload.h"

#include "util/Rng.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

std::vector<PodSpec> ExperimentWorkload::build(const std::vector<PodSpec>& original, uint64_t seed, double tune,
                                               int64_t capacityMilli)
{
    std::vector<PodSpec> byName = original;
    std::stable_sort(byName.begin(), byName.end(), [](const PodSpec& a, const PodSpec& b) { return a.name < b.name; });
    Rng rng = Rng::stream(seed, kWorkloadStream);

    std::vector<PodSpec> pods = byName;
    for (size_t i = pods.size(); i > 1; --i)
        std::swap(pods[i - 1], pods[rng.below(i)]);

    int64_t total = 0;
    for (const auto& p : pods)
        total += p.totalGpuMilli();
    const double target = tune * double(capacityMilli);
    // Clones of CPU-only pods never reach the target: without a GPU pod, nothing is appended.
    const bool anyGpuPod = std::any_of(byName.begin(), byName.end(), [](const PodSpec& p) { return p.gpuMilli > 0; });
    if (double(total) < target && anyGpuPod) {
        for (int i = 0;; ++i) {
            PodSpec clone = byName[rng.below(byName.size())];
            if (double(total + clone.gpuMilli) > target)
                break;
            total += clone.totalGpuMilli();
            if (pods.size() >= kMaxPods)
                throw std::length_error(fmt::format("the experiment inflates the pod list past {} pods", kMaxPods));
            clone.name += "-tuned-" + std::to_string(i);
            pods.push_back(std::move(clone));
        }
    } else {
        while (double(total) > target && !pods.empty()) {
            const size_t victim = rng.below(pods.size());
            total -= pods[victim].totalGpuMilli();
            pods.erase(pods.begin() + std::ptrdiff_t(victim));
        }
    }
    return pods;
}

std::optional<std::string> ExperimentWorkload::sizeProblem(const std::vector<PodSpec>& original, double tune,
                                                          int64_t capacityMilli)
{
    double total = 0;
    for (const auto& p : original)
        total += double(p.totalGpuMilli());
    const double target = tune * double(capacityMilli);
    if (original.empty() || total <= 0 || total >= target)
        return std::nullopt;
    const double meanRequest = total / double(original.size());
    const double expected = double(original.size()) + (target - total) / meanRequest;
    if (expected <= double(kMaxPods))
        return std::nullopt;
    return fmt::format("the experiment would inflate these {} pods (a mean request of {:.1f} milli-GPU) to about "
                       "{:.0f} pods to reach {} x the cluster's {} GPUs; at most {} pods can be simulated: use a "
                       "smaller --tune or pods that ask for more",
                       original.size(), meanRequest, expected, tune, capacityMilli / 1000, kMaxPods);
}

}  // namespace tessera
