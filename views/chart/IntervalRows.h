#pragma once

#include <string>
#include <string_view>

namespace tessera::chart {

// The run kinds whose series rows describe the interval that ENDS at the row's x (the plan in
// force during it, the requests completed in it: MIG inference, contracts.md 8.3), rather than
// the state after the step at x (pods). Their step metrics (MetricInfo Interpolation::Step) are
// drawn over (previous x, x] (Steps::EndingAtX) and read at an x between rows from the row whose
// interval holds it, so that a change made at the previous x shows there, not one row late.
// The study keeps a run's kind, so a reopened run is drawn the same way. A kind registers itself
// from its chart registration file with a static IntervalRowsRegistration.
class IntervalRows {
public:
    static bool of(std::string_view kind);
};

class IntervalRowsRegistration {
public:
    explicit IntervalRowsRegistration(std::string kind);
    ~IntervalRowsRegistration();
    IntervalRowsRegistration(const IntervalRowsRegistration&) = delete;
    IntervalRowsRegistration& operator=(const IntervalRowsRegistration&) = delete;

private:
    std::string kind_;
};

}  // namespace tessera::chart
