#pragma once

// `hesrpt` on a fixed cluster (training-boa-pal.md A6; Berg, Vesilo, Harchol-Balter, PEVA 2020):
// the cluster of C GPUs is rented over the whole span and re-divided on every arrival and
// completion. With the m active jobs ordered by decreasing remaining size (job 1 the largest;
// equal sizes: the earlier arrival counts as larger), job i gets
//     theta_i = (i/m)^(1/(1-p)) - ((i-1)/m)^(1/(1-p))
// of the cluster. Shares are fractional (time-shared GPUs, as in the paper's continuous model),
// so C may be fractional: held to the budget b by C = b, the average rented is b exactly.
// p is the given exponent, or the load-weighted power-law fit of the types (SpeedupExponent.h);
// each job then runs at its own type's speedup of its share. Sizes are known (heSRPT's premise).
// Cost per event: O(m log m) (the sort).

#include "training/rent/RentalPolicy.h"

#include <optional>

namespace tessera {

class HesrptPolicy final : public RentalPolicy {
public:
    // Throws std::invalid_argument for a cluster that is not positive and finite, or an exponent
    // outside (0, 1).
    explicit HesrptPolicy(double clusterGpus, std::optional<double> exponent = std::nullopt);
    std::string name() const override { return "hesrpt"; }
    void begin(const RentalWorkload& workload) override;
    bool reshares() const override { return true; }
    double reshare(double nowS, std::vector<ActiveRentalJob>& active) override;
    double exponent() const { return p_; }

private:
    double cluster_;
    std::optional<double> given_;
    double p_ = 0.5;
    std::vector<size_t> order_;
};

}  // namespace tessera
