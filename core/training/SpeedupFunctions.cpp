// The four speedup families of training-boa-pal.md A1: their parameter checks and labels.
#include "training/AmdahlSpeedup.h"
#include "training/CappedLinearSpeedup.h"
#include "training/PowerLawSpeedup.h"
#include "training/TabulatedSpeedup.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

double SpeedupFunction::smallestFullSpeedWidth(double kMax) const
{
    // s is non-decreasing, so {k : s(k) >= s(kMax)} is an interval ending at kMax.
    const double target = (*this)(kMax);
    double lo = 1;
    double hi = kMax;
    if ((*this)(lo) >= target)
        return lo;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = lo + (hi - lo) / 2;
        ((*this)(mid) >= target ? hi : lo) = mid;
    }
    return hi;
}

AmdahlSpeedup::AmdahlSpeedup(double parallelFraction) : p_(parallelFraction)
{
    if (!(p_ > 0 && p_ < 1))
        throw std::invalid_argument(fmt::format("Amdahl's parallel fraction must be in (0, 1), not {}", p_));
}

std::string AmdahlSpeedup::describe() const { return fmt::format("amdahl p={}", p_); }

std::optional<double> AmdahlSpeedup::costMinimiser(double mu) const { return std::sqrt(p_ / (mu * (1 - p_))); }

PowerLawSpeedup::PowerLawSpeedup(double alpha) : alpha_(alpha)
{
    if (!(alpha_ > 0 && alpha_ < 1))
        throw std::invalid_argument(fmt::format("a power-law exponent must be in (0, 1), not {}", alpha_));
}

double PowerLawSpeedup::operator()(double k) const { return std::pow(k, alpha_); }

std::string PowerLawSpeedup::describe() const { return fmt::format("power k^{}", alpha_); }

std::optional<double> PowerLawSpeedup::costMinimiser(double mu) const { return alpha_ / (mu * (1 - alpha_)); }

CappedLinearSpeedup::CappedLinearSpeedup(double cap) : cap_(cap)
{
    if (!(cap_ >= 1 && std::isfinite(cap_)))
        throw std::invalid_argument(fmt::format("a speedup cap must be at least 1, not {}", cap_));
}

std::string CappedLinearSpeedup::describe() const { return fmt::format("linear min(k, {})", cap_); }

TabulatedSpeedup::TabulatedSpeedup(std::vector<Point> points) : points_(std::move(points))
{
    if (points_.empty() || points_.front().gpus != 1 || points_.front().speedup != 1)
        throw std::invalid_argument("a tabulated speedup starts at 1 GPU with speedup 1");
    for (size_t i = 1; i < points_.size(); ++i) {
        const Point& a = points_[i - 1];
        const Point& b = points_[i];
        const std::string where = fmt::format("point {} ({} GPUs, speedup {})", i + 1, b.gpus, b.speedup);
        if (!std::isfinite(b.gpus) || !std::isfinite(b.speedup) || !(b.gpus > a.gpus))
            throw std::invalid_argument(where + ": widths must ascend");
        if (b.speedup < a.speedup)
            throw std::invalid_argument(where + ": the speedup must not decrease");
        if (b.speedup / b.gpus > a.speedup / a.gpus)
            throw std::invalid_argument(where + ": the speedup must be sub-linear (s(k)/k non-increasing)");
    }
}

double TabulatedSpeedup::operator()(double k) const
{
    if (k <= points_.front().gpus)
        return points_.front().speedup;
    for (size_t i = 1; i < points_.size(); ++i)
        if (k <= points_[i].gpus) {
            const Point& a = points_[i - 1];
            const Point& b = points_[i];
            return a.speedup + (b.speedup - a.speedup) * (k - a.gpus) / (b.gpus - a.gpus);
        }
    return points_.back().speedup;
}

std::string TabulatedSpeedup::describe() const
{
    std::string text = "tabulated";
    for (const Point& p : points_)
        text += fmt::format(" {}:{}", p.gpus, p.speedup);
    return text;
}

std::vector<double> TabulatedSpeedup::breakpoints() const
{
    std::vector<double> widths;
    widths.reserve(points_.size());
    for (const Point& p : points_)
        widths.push_back(p.gpus);
    return widths;
}

double TabulatedSpeedup::smallestFullSpeedWidth(double kMax) const
{
    const double target = (*this)(kMax);
    // A flat run ends at kMax: walk back over the measured points with the same speedup.
    double width = kMax;
    for (size_t i = points_.size(); i-- > 0;)
        if (points_[i].gpus <= kMax) {
            if (points_[i].speedup < target)
                break;
            width = points_[i].gpus;
        }
    return width;
}

}  // namespace tessera
