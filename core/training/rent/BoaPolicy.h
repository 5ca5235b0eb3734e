#pragma once

// `boa`, BOA Constrictor's fixed-width policy (training-boa-pal.md A2): every type-i job gets the
// type's width on arrival and keeps it; no queue; the widths come from the width solver (A3).
//
// Realising a width (TypeWidth):
// - a two-point mix (low, high, lowShare) is dealt per type by a TwoPointMix: of a type's first n
//   jobs, floor(n * lowShare) run on `low`, so the share holds over every prefix;
// - a fractional width k is either time-shared (WidthRealisation::TimeShare: the job holds k GPUs,
//   i.e. floor(k) GPUs and a (k - floor(k)) time-share of one more, and runs at s(k), as A1's
//   continuous model assumes), or mixed (IntegerMix: a share ceil(k) - k of the jobs on floor(k)
//   GPUs, the rest on ceil(k), dealt by a TwoPointMix; the mean width, hence the budget in
//   expectation, is kept, but E[T] is slightly above the fractional one, s being concave).
//
// Re-solving on drift (optional): every `checkEvery` arrivals the policy compares the loads it
// observed since the last check, rho^_i = (sizes of type-i arrivals) / (time since the check),
// with the loads the widths were solved for; when sum_i |rho^_i - rho_i| / sum_i rho_i exceeds
// `threshold` it calls `solve` with the types at the observed rates and mean sizes and uses the
// new widths for later arrivals (running jobs keep theirs, A2). The checks use disjoint windows,
// so a drift late in a long run is not diluted by the history before it.

#include "training/rent/RentalPolicy.h"
#include "training/rent/TwoPointMix.h"
#include "training/rent/TypeWidth.h"

#include <functional>
#include <vector>

namespace tessera {

enum class WidthRealisation { TimeShare, IntegerMix };

struct BoaResolve {
    std::function<std::vector<TypeWidth>(const std::vector<JobType>&)> solve;  // empty: never re-solve
    double threshold = 0.15;
    // 2,000 arrivals keep the window's own noise (exponential sizes: about 5% per type for two
    // types) well below the threshold.
    size_t checkEvery = 2000;
};

class BoaPolicy final : public RentalPolicy {
public:
    // Throws std::invalid_argument for a width below 1, high below low, or a share outside [0, 1].
    explicit BoaPolicy(std::vector<TypeWidth> widths, WidthRealisation realisation = WidthRealisation::TimeShare,
                       BoaResolve resolve = {});
    std::string name() const override { return "boa"; }
    // Throws std::invalid_argument when the widths are not one per type.
    void begin(const RentalWorkload& workload) override;
    double widthOnArrival(size_t job, double nowS) override;

    // The widths in use now, and how often they were re-solved in the last run.
    const std::vector<TypeWidth>& widths() const { return widths_; }
    size_t resolves() const { return resolves_; }

private:
    void install(std::vector<TypeWidth> widths);
    void checkDrift(double nowS);
    double realise(double width, size_t type, bool low);

    std::vector<TypeWidth> initial_;
    std::vector<TypeWidth> widths_;
    WidthRealisation realisation_;
    BoaResolve resolve_;
    const RentalWorkload* workload_ = nullptr;
    std::vector<JobType> assumed_;      // the types the current widths were solved for
    std::vector<TwoPointMix> pointMix_;  // per type: low or high
    std::vector<TwoPointMix> lowFloor_, highFloor_;  // per type: floor or ceil of a fractional point
    std::vector<double> windowWork_;    // per type: seconds of work arrived since the last check
    std::vector<size_t> windowCount_;
    size_t windowArrivals_ = 0;
    double windowStartS = 0;
    size_t resolves_ = 0;
};

}  // namespace tessera
