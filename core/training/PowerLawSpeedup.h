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
    double alpha() const { return alpha_; }

private:
    double alpha_;
};

}  // namespace tessera
