#pragma once

// The cost-vs-JCT frontier of a rental policy on one workload (issue 14, item 6;
// training-boa-pal.md A3's Fig. 1c, for every policy): the policy run at each budget of a sweep,
// as `tessera-cli training --mode rent --sweep` runs it, one point per budget. The app's
// Frontier view and the exported "frontier" chart draw these points; both go through the cache,
// so a sweep is simulated once per process, point by point, whoever asks first.

#include "training/rental-kind/TrainingRentalInputs.h"
#include "util/Progress.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// One run of a sweep: what the policy bought at that budget.
struct RentalFrontierPoint {
    double budget = 0;          // GPUs, time-average: the request
    double averageRented = 0;   // GPUs rented on average over the span
    double meanJctS = 0;
    double rentedGpuHours = 0;  // the cost at one unit per GPU-hour
    bool withinBudget = false;  // contracts.md 9's 2% tolerance
};

// What one sweep point is: the inputs, the policy (canonical), the budget and the seed. Points of
// equal keys are the same run (the kind is deterministic), so the cache keeps one of each.
struct RentalFrontierKey {
    std::string inputs;  // RentalFrontier::inputsKey()
    std::string policy;
    double budget = 0;
    uint64_t seed = 0;

    bool operator<(const RentalFrontierKey& other) const;
};

class RentalFrontier {
public:
    // Round budgets on [floor, top]: the ladder of round mantissas per decade (1-2-5 up to
    // 1-1.1-1.2-…-9) whose count there is nearest `count`, ascending.
    static std::vector<double> roundBudgets(double floor, double top, int count);
    // The default sweep: about `count` round budgets on [floor, top] (floorBudget(), topBudget();
    // roundBudgets), with every budget of `extra` (the open runs') added, ascending, each once.
    static std::vector<double> budgets(double floor, double top, int count, const std::vector<double>& extra = {});
    // The least average a rental of these inputs can keep to: every job on one GPU from its
    // arrival (fixed:1 without a cap; BOA's narrowest widths). Cached like the points.
    static double floorBudget(const std::shared_ptr<const TrainingRentalInputs>& inputs);
    // The floor if it is cached, else nothing (never simulates: for the GUI thread).
    static std::optional<double> cachedFloorBudget(const std::shared_ptr<const TrainingRentalInputs>& inputs);
    // The default sweep's top: kTopOverFloor times the floor, and at least 1.25 times the widest of
    // `extra`, so every open run lies inside.
    static double topBudget(double floor, const std::vector<double>& extra = {});
    static constexpr double kTopOverFloor = 10;
    static constexpr int kDefaultPoints = 12;

    // A key for the inputs: their files by content when they came from files (so a run reopened
    // and made again from the same files shares its sweep), else the object itself.
    // In-memory inputs are keyed by address; a new object at the address of a freed one drops the
    // old one's points.
    static std::string inputsKey(const std::shared_ptr<const TrainingRentalInputs>& inputs);

    // The point of `policy` at `budget`, simulated as TrainingRentalRun::simulate does. Throws
    // std::invalid_argument for an unknown policy or a bad budget.
    static RentalFrontierPoint simulate(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                        const std::string& policy, double budget, uint64_t seed);

    // The points of `policy` at `budgets`, in that order: those cached at once, the others
    // simulated and cached. `progress` sees the share of the missing points done; returning
    // false throws CancelledError (the points done so far stay cached).
    static std::vector<RentalFrontierPoint> sweep(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                  const std::string& policy, const std::vector<double>& budgets,
                                                  uint64_t seed, const ProgressCallback& progress = {});
    // The cached point, or nothing (never simulates).
    static std::optional<RentalFrontierPoint> cached(const RentalFrontierKey& key);
    // Records a point made elsewhere (an open run at its budget), so that a sweep through it
    // does not run it again.
    static void remember(const RentalFrontierKey& key, const RentalFrontierPoint& point);
    // How many points were simulated by sweep() since the process started (for tests: a cached
    // sweep simulates none).
    static size_t simulatedCount();
};

}  // namespace tessera
