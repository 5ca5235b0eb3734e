#pragma once

#include "inference/WorkloadClass.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera {

struct InferenceScenario;
class ProfileData;

// How requests are grouped into classes (mig-elasticbatch.md 2.2 Step 1).
struct ClassGrouping {
    int buckets = 4;
    // Overrides every service's size spread when set (the CLI's --size-sigma).
    double sizeSigmaOverride = -1;
};

// The workload classes of a scenario: per service, one class per size bucket (one class with size
// factor 1 when its sizes do not vary), each with its bucket's share of the service's rate.
// Rates are left at 0: `setRatesAt` fills them in for a time.
// Throws InputError naming the scenario when a service's model has no profile.
std::vector<WorkloadClass> buildClasses(const InferenceScenario& scenario, const ProfileData& profiles,
                                        const ClassGrouping& grouping);

// The service's rate in force at `timeS` (piecewise constant).
double serviceRateAt(const InferenceScenario& scenario, uint32_t service, double timeS);

// Sets every class's rate to its share of its service's rate at `timeS`.
void setRatesAt(std::vector<WorkloadClass>& classes, const InferenceScenario& scenario, double timeS);

}  // namespace tessera
