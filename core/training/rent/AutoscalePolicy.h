#pragma once

// `autoscale`: a Pollux-style utility-threshold autoscaler (training-boa-pal.md A6, after
// petuum/adaptdl@osdi21-artifact simulator's --min-nodes --max-nodes --low-util --high-util).
//
// The policy rents whole nodes of `gpusPerNode` GPUs. Every `intervalS` (from the first arrival)
// in which jobs are present it records the utility  U = sum over jobs of s_j(k_j) / (nodes x
// gpusPerNode)  of the current allocation (an interval with no job records nothing, as in
// Pollux's simulator). Once `history` records are in, it averages the last `history`; when the
// average is below lowUtil with nodes to shed, or above highUtil with room to grow, it picks,
// by binary search over [minNodes, maxNodes], the node count whose predicted utility (the
// allocation below, recomputed for that count with the jobs present) is closest to
// (lowUtil + highUtil) / 2 (ties: fewer nodes; when even maxNodes stays above the target,
// maxNodes), and clears the history, so that the new size is judged on a full window of its own.
//
// Allocation (the stand-in for Pollux's goodput optimiser) on every arrival, completion and
// interval: whole GPUs; one each to the jobs in arrival order while GPUs last (later jobs wait),
// then one GPU at a time to the job with the largest marginal speedup s(k+1) - s(k) (earlier
// arrival on ties) below its type's maxWidth. For concave speedups this maximises sum s_j(k_j).
// Cost per event: O(G log m) for G rented GPUs and m jobs; a resize adds log(maxNodes) of them.
//
// Held to the budget by maxNodes (RentalBudget.h): the largest bound whose run averages <= b.

#include "training/rent/RentalPolicy.h"

#include <deque>

namespace tessera {

struct AutoscaleParams {
    int gpusPerNode = 4;   // the Pollux simulator's nodes
    int minNodes = 1;
    int maxNodes = 16;
    double lowUtil = 0.5;  // [inferred] the thresholds are not published; these bracket Pollux's
    double highUtil = 0.8; // own target of keeping GPUs well used
    double intervalS = 60; // Pollux's scheduling interval
    size_t history = 15;   // A6: the last 15 intervals
};

class AutoscalePolicy final : public RentalPolicy {
public:
    // Throws std::invalid_argument for gpusPerNode < 1, minNodes < 1, maxNodes < minNodes,
    // thresholds not 0 <= low < high, a non-positive interval or an empty history.
    explicit AutoscalePolicy(AutoscaleParams params);
    std::string name() const override { return "autoscale"; }
    void begin(const RentalWorkload& workload) override;
    bool reshares() const override { return true; }
    double reshare(double nowS, std::vector<ActiveRentalJob>& active) override;
    double tickS() const override { return params_.intervalS; }

    int nodes() const { return nodes_; }
    const AutoscaleParams& params() const { return params_; }

private:
    // Sets the widths of `active` on `gpus` GPUs and returns the sum of their speedups.
    double allocate(std::vector<ActiveRentalJob>& active, int gpus) const;
    double predictedUtility(std::vector<ActiveRentalJob> active, int nodes) const;
    int resize(const std::vector<ActiveRentalJob>& active) const;

    AutoscaleParams params_;
    const RentalWorkload* workload_ = nullptr;
    int nodes_ = 1;
    double nextIntervalS_ = 0;
    bool started_ = false;
    std::deque<double> utilities_;
};

}  // namespace tessera
