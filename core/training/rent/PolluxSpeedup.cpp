#include "training/rent/PolluxSpeedup.h"

#include "io/InputError.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include <fmt/format.h>

namespace tessera {

namespace {

// The rows of one configuration (one placement, or one node count of scalability.csv).
struct Configuration {
    int gpus = 0;
    int nodes = 0;
    std::string placement;
    std::vector<const PolluxMeasurement*> rows;  // ascending local batch

    double minBatch() const { return rows.front()->localBatch; }
    double maxBatch() const { return rows.back()->localBatch; }
    const std::string& file() const { return rows.front()->file; }
};

// Per-node GPU counts, largest first: the greater sequence is the more packed placement.
std::string packing(const std::string& placement)
{
    std::string digits = placement;
    std::sort(digits.begin(), digits.end(), std::greater<>());
    return digits;
}

// True when a should stand for its width rather than b.
bool preferred(const Configuration& a, const Configuration& b)
{
    if (a.nodes != b.nodes)
        return a.nodes < b.nodes;
    // A placement names how the GPUs sit; a scalability row only counts the nodes.
    if (a.placement.empty() != b.placement.empty())
        return !a.placement.empty();
    return packing(a.placement) > packing(b.placement);
}

std::map<int, Configuration> fewestNodesPerWidth(const std::vector<PolluxMeasurement>& rows)
{
    std::map<std::tuple<int, int, std::string, std::string>, Configuration> configurations;
    for (const PolluxMeasurement& m : rows) {
        Configuration& c = configurations[{m.gpus, m.nodes, m.placement, m.file}];
        c.gpus = m.gpus;
        c.nodes = m.nodes;
        c.placement = m.placement;
        c.rows.push_back(&m);
    }
    std::map<int, Configuration> chosen;
    for (auto& [key, c] : configurations) {
        std::sort(c.rows.begin(), c.rows.end(),
                  [](const PolluxMeasurement* a, const PolluxMeasurement* b) { return a->localBatch < b->localBatch; });
        auto [it, added] = chosen.emplace(c.gpus, c);
        if (!added && preferred(c, it->second))
            it->second = c;
    }
    return chosen;
}

// step_time at `batch`, linear between the nearest measured batches; `batch` lies in range.
double stepTimeAt(const Configuration& c, double batch)
{
    const auto& r = c.rows;
    const auto above = std::lower_bound(r.begin(), r.end(), batch,
                                        [](const PolluxMeasurement* m, double b) { return m->localBatch < b; });
    if ((*above)->localBatch == batch || above == r.begin())
        return (*above)->stepTime;
    const PolluxMeasurement& hi = **above;
    const PolluxMeasurement& lo = **(above - 1);
    return lo.stepTime + (hi.stepTime - lo.stepTime) * (batch - lo.localBatch) / (hi.localBatch - lo.localBatch);
}

std::string describe(const Configuration& c)
{
    return c.placement.empty() ? fmt::format("{} GPUs on {} nodes", c.gpus, c.nodes)
                               : fmt::format("{} GPUs (placement {})", c.gpus, c.placement);
}

void checkReaches(const Configuration& c, double batch)
{
    if (!(batch >= c.minBatch() && batch <= c.maxBatch()))
        throw InputError::fileLevel(
            c.file(), fmt::format("local_bsz {} is not measured at {}: its local_bsz runs {} to {}, and every "
                                  "width needs the one local batch of the speedup",
                                  batch, describe(c), c.minBatch(), c.maxBatch()));
}

}  // namespace

double polluxStepTime(const std::vector<PolluxMeasurement>& rows, int gpus, double localBatch)
{
    if (rows.empty())
        throw std::invalid_argument("a Pollux step time needs measurements");
    const std::map<int, Configuration> widths = fewestNodesPerWidth(rows);
    const auto found = widths.find(gpus);
    if (found == widths.end())
        throw InputError::fileLevel(rows.front().file, fmt::format("no measurement of {} GPUs", gpus));
    checkReaches(found->second, localBatch);
    return stepTimeAt(found->second, localBatch);
}

PolluxSpeedup polluxSpeedup(const std::vector<PolluxMeasurement>& rows, std::optional<double> localBatch)
{
    if (rows.empty())
        throw std::invalid_argument("a Pollux speedup needs measurements");
    const std::map<int, Configuration> widths = fewestNodesPerWidth(rows);
    if (widths.begin()->first != 1)
        throw InputError::fileLevel(rows.front().file,
                                    "no one-GPU measurement (placement 1): the speedup is throughput over one GPU's");

    PolluxSpeedup result;
    if (localBatch) {
        result.localBatch = *localBatch;
    } else {
        result.localBatch = std::numeric_limits<double>::infinity();
        for (const auto& [k, c] : widths)
            result.localBatch = std::min(result.localBatch, c.maxBatch());
    }
    for (const auto& [k, c] : widths)
        checkReaches(c, result.localBatch);

    const double oneGpu = result.localBatch / stepTimeAt(widths.at(1), result.localBatch);
    for (const auto& [k, c] : widths) {
        PolluxWidth w;
        w.gpus = k;
        w.nodes = c.nodes;
        w.placement = c.placement;
        w.stepTime = stepTimeAt(c, result.localBatch);
        w.measuredSpeedup = k * result.localBatch / w.stepTime / oneGpu;
        result.widths.push_back(std::move(w));
    }

    // The least curve at or above every measurement that holds A1: s_j = max(the best speed
    // of any narrower width, k_j x the best per-GPU rate of any wider one). Stragglers and
    // contention only slow a measured step, so a measurement is a lower bound on what the
    // width can do: raise, never lower. The one-GPU point rises too when a wider run beats
    // linear scaling; the curve is then rescaled so that s(1) = 1.
    const size_t n = result.widths.size();
    std::vector<double> held(n);
    double bestSpeed = 0;
    for (size_t j = 0; j < n; ++j) {
        bestSpeed = std::max(bestSpeed, result.widths[j].measuredSpeedup);
        held[j] = bestSpeed;
    }
    double bestRate = 0;
    for (size_t j = n; j-- > 0;) {
        const PolluxWidth& w = result.widths[j];
        bestRate = std::max(bestRate, w.measuredSpeedup / w.gpus);
        held[j] = std::max(held[j], w.gpus * bestRate);
    }
    const double base = held[0];
    std::vector<TabulatedSpeedup::Point> points;
    for (size_t j = 0; j < n; ++j) {
        PolluxWidth& w = result.widths[j];
        if (held[j] != w.measuredSpeedup)
            ++result.adjustedPoints;
        double s = j == 0 ? 1.0 : held[j] / base;
        if (j > 0) {
            // The rescaling may cost an ulp of the shape: restore it.
            const TabulatedSpeedup::Point& prev = points.back();
            s = std::max(s, prev.speedup);
            while (s / w.gpus > prev.speedup / prev.gpus && s > prev.speedup)
                s = std::nextafter(s, 0.0);
        }
        w.speedup = s;
        points.push_back({double(w.gpus), s});
    }
    result.speedup = std::make_shared<TabulatedSpeedup>(std::move(points));
    return result;
}

PolluxSpeedup loadPolluxSpeedup(const std::string& applicationDir, std::optional<double> localBatch)
{
    return polluxSpeedup(loadPolluxProfile(applicationDir), localBatch);
}

}  // namespace tessera
