#pragma once

#include "training/SpeedupFunction.h"

namespace tessera {

// Amdahl's law: s(k) = 1 / ((1 - p) + p / k) for a parallel fraction p in (0, 1).
class AmdahlSpeedup final : public SpeedupFunction {
public:
    // Throws std::invalid_argument unless 0 < p < 1.
    explicit AmdahlSpeedup(double parallelFraction);
    double operator()(double k) const override { return 1 / ((1 - p_) + p_ / k); }
    std::string describe() const override;
    // sqrt(p / (mu (1 - p))): d/dk [(1 + mu k)((1 - p) + p / k)] = mu (1 - p) - p / k^2.
    std::optional<double> costMinimiser(double mu) const override;
    // s is strictly increasing: only kMax reaches s(kMax).
    double smallestFullSpeedWidth(double kMax) const override { return kMax; }
    double parallelFraction() const { return p_; }

private:
    double p_;
};

}  // namespace tessera
