#pragma once

// A job type's speedup s(k) on k GPUs (training-boa-pal.md A1): s(1) = 1, continuous on
// [1, inf), non-decreasing and sub-linear (s(k)/k non-increasing). The renting kind's width
// optimisation (A3) evaluates it; each family says what it is for labels and studies.

#include <string>

namespace tessera {

class SpeedupFunction {
public:
    virtual ~SpeedupFunction() = default;
    // s(k) for k >= 1; callers never pass less.
    virtual double operator()(double k) const = 0;
    // One line naming the family and its parameters, e.g. "amdahl p=0.8".
    virtual std::string describe() const = 0;
};

}  // namespace tessera
