#include "training/rent/HesrptPolicy.h"

#include "training/rent/SpeedupExponent.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

HesrptPolicy::HesrptPolicy(double clusterGpus, std::optional<double> exponent)
    : cluster_(clusterGpus), given_(exponent)
{
    if (!(std::isfinite(cluster_) && cluster_ > 0))
        throw std::invalid_argument(fmt::format("heSRPT needs a positive cluster, not {} GPUs", cluster_));
    if (given_ && !(*given_ > 0 && *given_ < 1))
        throw std::invalid_argument(fmt::format("heSRPT's exponent must be in (0, 1), not {}", *given_));
}

void HesrptPolicy::begin(const RentalWorkload& workload)
{
    p_ = given_ ? *given_ : powerLawExponent(workload.types);
}

double HesrptPolicy::reshare(double, std::vector<ActiveRentalJob>& active)
{
    const size_t m = active.size();
    order_.resize(m);
    std::iota(order_.begin(), order_.end(), size_t(0));
    // Largest remaining first; active is in arrival order, so a stable sort puts the earlier of
    // two equal jobs first.
    std::stable_sort(order_.begin(), order_.end(),
                     [&](size_t a, size_t b) { return active[a].remainingS > active[b].remainingS; });
    const double power = 1 / (1 - p_);
    double previous = 0;
    for (size_t i = 1; i <= m; ++i) {
        const double cumulative = std::pow(double(i) / double(m), power);
        active[order_[i - 1]].width = (cumulative - previous) * cluster_;
        previous = cumulative;
    }
    return cluster_;
}

}  // namespace tessera
