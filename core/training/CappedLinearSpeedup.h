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
    double cap() const { return cap_; }

private:
    double cap_;
};

}  // namespace tessera
