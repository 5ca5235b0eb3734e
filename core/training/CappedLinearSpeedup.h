#pragma once

#include "training/SpeedupFunction.h"

namespace tessera {

// Linear up to a cap: s(k) = min(k, c), c >= 1.
class CappedLinearSpeedup final : public SpeedupFunction {
public:
    // Throws std::invalid_argument unless c >= 1 and finite.
    explicit CappedLinearSpeedup(double cap);
    double operator()(double k) const override { return k < cap_ ? k : cap_; }
    std::string describe() const override;
    // c for every mu: on [1, c] the objective 1 / k + mu falls, beyond c it grows; and since
    // k / s(k) = 1 up to c, widening to c costs no GPU-hours (A3's correction: never 1).
    std::optional<double> costMinimiser(double /*mu*/) const override { return cap_; }
    double smallestFullSpeedWidth(double kMax) const override { return kMax < cap_ ? kMax : cap_; }
    double cap() const { return cap_; }

private:
    double cap_;
};

}  // namespace tessera
