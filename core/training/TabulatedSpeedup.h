#pragma once

#include "training/SpeedupFunction.h"

#include <vector>

namespace tessera {

// A speedup measured at a few widths (e.g. from Pollux's scalability.csv), linear between the
// points and flat after the last one: flat, not extrapolated, because a measured curve says
// nothing past its widest run and flat keeps s non-decreasing and sub-linear.
class TabulatedSpeedup final : public SpeedupFunction {
public:
    struct Point {
        double gpus;
        double speedup;
    };
    // Points by ascending width, the first at (1, 1); speedups non-decreasing, and s(k)/k
    // non-increasing. Throws std::invalid_argument naming the first point that breaks a rule.
    explicit TabulatedSpeedup(std::vector<Point> points);
    double operator()(double k) const override;
    std::string describe() const override;
    std::vector<double> breakpoints() const override;
    // The first measured width at or below kMax whose flat run reaches s(kMax), or kMax.
    double smallestFullSpeedWidth(double kMax) const override;
    // The measured widths: where (1 + mu k) / s(k) can have its minimum (A3).
    const std::vector<Point>& points() const { return points_; }

private:
    std::vector<Point> points_;
};

}  // namespace tessera
