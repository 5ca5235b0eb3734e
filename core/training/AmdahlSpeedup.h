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
    double parallelFraction() const { return p_; }

private:
    double p_;
};

}  // namespace tessera
