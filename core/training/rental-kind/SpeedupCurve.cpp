#include "training/rental-kind/SpeedupCurve.h"

#include "training/rental-kind/TrainingRentalRun.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera {

namespace {

constexpr int kSmoothSamples = 96;

std::vector<double> sampleWidths(const SpeedupFunction& s, double maxWidth)
{
    std::vector<double> widths{1.0, maxWidth};
    const std::vector<double> breaks = s.breakpoints();
    if (!breaks.empty()) {
        for (double k : breaks)
            if (k > 1 && k < maxWidth)
                widths.push_back(k);
    } else if (maxWidth > 1) {
        const double ratio = std::log(maxWidth);
        for (int i = 1; i < kSmoothSamples - 1; ++i)
            widths.push_back(std::exp(ratio * i / (kSmoothSamples - 1)));
    }
    std::sort(widths.begin(), widths.end());
    widths.erase(std::unique(widths.begin(), widths.end()), widths.end());
    return widths;
}

}  // namespace

double meanJobWidth(const std::vector<RentalJobRecord>& jobs, size_t type, double untilS)
{
    double sum = 0, n = 0;
    for (const RentalJobRecord& job : jobs)
        if (job.type == type && job.arrivalS <= untilS) {
            sum += job.gpus;
            ++n;
        }
    if (n == 0)
        for (const RentalJobRecord& job : jobs)
            if (job.type == type) {
                sum += job.gpus;
                ++n;
            }
    return n > 0 ? sum / n : 1;
}

std::vector<SpeedupCurve> speedupCurves(const TrainingRentalRun& run)
{
    const std::vector<JobType>& types = run.inputs().workload().types;
    const std::optional<WidthSolution>& solution = run.solution();
    const bool solved = solution && solution->feasible();
    std::vector<SpeedupCurve> out;
    for (size_t i = 0; i < types.size(); ++i) {
        const JobType& type = types[i];
        SpeedupCurve curve;
        curve.type = type.name;
        curve.maxWidth = type.maxWidth;
        for (double k : sampleWidths(*type.speedup, type.maxWidth))
            curve.points.emplace_back(k, (*type.speedup)(k));
        if (solved) {
            const TypeWidth& w = solution->types.at(i).width;
            if (w.isSingle()) {
                curve.widths.emplace_back(w.mean(), 1.0);
            } else {
                curve.widths.emplace_back(w.low, w.lowShare);
                curve.widths.emplace_back(w.high, 1 - w.lowShare);
            }
        } else {
            curve.widths.emplace_back(
                meanJobWidth(run.result().jobs, i, std::numeric_limits<double>::infinity()), 1.0);
        }
        if (run.spanHolder() && run.spanHolder()->type == i && run.heldAtBound())
            curve.bound = run.spanHolder()->maxWidth;
        out.push_back(std::move(curve));
    }
    return out;
}

}  // namespace tessera
