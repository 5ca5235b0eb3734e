#pragma once

#include "training/SpeedupFunction.h"

namespace tessera {

// s(k) = k^alpha with 0 < alpha < 1 (the BOA paper's Fig. 1 uses alpha = 0.5).
class PowerLawSpeedup final : public SpeedupFunction {
public:
    // Throws std::invalid_argument unless 0 < alpha < 1.
    explicit PowerLawSpeedup(double alpha);
    double operator()(double k) const override;
    std::string describe() const override;
    // alpha / (mu (1 - alpha)): d/dk [(1 + mu k) k^-alpha] = 0 <=> mu k (1 - alpha) = alpha.
    std::optional<double> costMinimiser(double mu) const override;
    // s is strictly increasing: only kMax reaches s(kMax).
    double smallestFullSpeedWidth(double kMax) const override { return kMax; }
    double alpha() const { return alpha_; }

private:
    double alpha_;
};

}  // namespace tessera
