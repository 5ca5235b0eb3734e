#include "training/rental-kind/RentalFrontier.h"

#include "training/rent/RentalPolicyRun.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <tuple>

namespace tessera {

namespace {

struct Cache {
    std::mutex mutex;
    std::map<RentalFrontierKey, RentalFrontierPoint> points;
    std::map<std::string, double> floors;  // by inputs key
    // In-memory inputs by their key, to tell a freed object from a new one at its address.
    std::map<std::string, std::weak_ptr<const TrainingRentalInputs>> objects;
    size_t simulated = 0;
};

Cache& cache()
{
    static Cache c;
    return c;
}

}  // namespace

bool RentalFrontierKey::operator<(const RentalFrontierKey& other) const
{
    return std::tie(inputs, policy, budget, seed) < std::tie(other.inputs, other.policy, other.budget, other.seed);
}

std::vector<double> RentalFrontier::roundBudgets(double floor, double top, int count)
{
    // Round numbers per decade, from coarse to fine: a clicked point opens "boa · 15 GPUs", not
    // "boa · 13.8 GPUs", and the steps are even on the log scale a frontier spans (JCT falls
    // fastest near the floor, where the geometric steps are closest).
    static const std::vector<std::vector<double>> ladders = {
        {1, 2, 5}, {1, 1.5, 2, 3, 5, 7}, {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8},
        {1, 1.1, 1.2, 1.4, 1.5, 1.6, 1.8, 2, 2.2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9}};
    std::vector<double> best;
    if (!(floor > 0) || !std::isfinite(floor) || !std::isfinite(top))
        return best;
    for (const std::vector<double>& ladder : ladders) {
        std::vector<double> out;
        for (int decade = int(std::floor(std::log10(floor))) - 1; decade <= int(std::ceil(std::log10(top))); ++decade)
            for (double m : ladder) {
                // Mantissa times a power of ten, rounded to the ladder's digits (no 1.2000000000000002).
                const double b = decade >= 0 ? m * std::pow(10.0, decade) : m / std::pow(10.0, -decade);
                const double v = std::round(b * 1e6) / 1e6;
                if (v >= floor * (1 - 1e-12) && v <= top * (1 + 1e-12))
                    out.push_back(v);
            }
        const auto distance = [count](const std::vector<double>& v) { return std::abs(int(v.size()) - count); };
        if (best.empty() || distance(out) < distance(best))
            best = std::move(out);
    }
    return best;
}

std::vector<double> RentalFrontier::budgets(double floor, double top, int count, const std::vector<double>& extra)
{
    std::vector<double> out = roundBudgets(floor, std::max(floor, top), count);
    if (out.empty() && floor > 0 && std::isfinite(floor))
        out.push_back(std::ceil(floor));  // no round number in the range: the next integer
    for (double b : extra)
        if (std::isfinite(b) && b > 0)
            out.push_back(b);
    std::sort(out.begin(), out.end());
    // A grid budget within a hair of a run's is the run's: one point, on the run.
    std::vector<double> unique;
    for (double b : out) {
        if (!unique.empty() && b - unique.back() <= 1e-9 * b) {
            if (std::find(extra.begin(), extra.end(), b) != extra.end())
                unique.back() = b;
            continue;
        }
        unique.push_back(b);
    }
    return unique;
}

std::string RentalFrontier::inputsKey(const std::shared_ptr<const TrainingRentalInputs>& inputs)
{
    const std::vector<InputFile>& files = inputs->inputFiles();
    if (!files.empty()) {
        std::string key = "files";
        for (const InputFile& f : files)
            key += fmt::format("|{}={}", f.role, f.contentHash);
        return key;
    }
    const std::string key = fmt::format("object:{}", static_cast<const void*>(inputs.get()));
    Cache& c = cache();
    std::lock_guard lock(c.mutex);
    auto& known = c.objects[key];
    if (known.lock() != inputs) {
        std::erase_if(c.points, [&](const auto& entry) { return entry.first.inputs == key; });
        c.floors.erase(key);
        known = inputs;
    }
    return key;
}

std::optional<double> RentalFrontier::cachedFloorBudget(const std::shared_ptr<const TrainingRentalInputs>& inputs)
{
    const std::string key = inputsKey(inputs);
    std::lock_guard lock(cache().mutex);
    if (auto it = cache().floors.find(key); it != cache().floors.end())
        return it->second;
    return std::nullopt;
}

double RentalFrontier::floorBudget(const std::shared_ptr<const TrainingRentalInputs>& inputs)
{
    if (const auto cached = cachedFloorBudget(inputs))
        return *cached;
    const std::string key = inputsKey(inputs);
    // Without a cap a fixed width is never held back, so any budget at or above its average runs
    // it as is: ask for a budget no average can reach.
    const RentalResult narrowest =
        runRentalPolicy("fixed:1", inputs->workload(), std::numeric_limits<double>::max()).result;
    const double floor = narrowest.averageRented;
    std::lock_guard lock(cache().mutex);
    cache().floors[key] = floor;
    return floor;
}

double RentalFrontier::topBudget(double floor, const std::vector<double>& extra)
{
    double top = kTopOverFloor * floor;
    for (double b : extra)
        top = std::max(top, 1.25 * b);
    return top;
}

RentalFrontierPoint RentalFrontier::simulate(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                             const std::string& policy, double budget, uint64_t seed)
{
    const auto run = TrainingRentalRun::simulate(inputs, policy, budget, seed);
    const RentalSummary& s = run->rentalSummary();
    return {budget, s.averageRented, s.meanJctS, s.rentedGpuHours, s.withinBudget};
}

std::vector<RentalFrontierPoint> RentalFrontier::sweep(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                       const std::string& policy, const std::vector<double>& budgets,
                                                       uint64_t seed, const ProgressCallback& progress)
{
    const std::string key = inputsKey(inputs);
    std::vector<std::optional<RentalFrontierPoint>> points(budgets.size());
    size_t missing = 0;
    for (size_t i = 0; i < budgets.size(); ++i)
        if (!(points[i] = cached({key, policy, budgets[i], seed})))
            ++missing;
    size_t done = 0;
    for (size_t i = 0; i < budgets.size(); ++i) {
        if (points[i])
            continue;
        if (progress && !progress(double(done) / double(missing)))
            throw CancelledError();
        points[i] = simulate(inputs, policy, budgets[i], seed);
        remember({key, policy, budgets[i], seed}, *points[i]);
        {
            std::lock_guard lock(cache().mutex);
            ++cache().simulated;
        }
        ++done;
    }
    if (progress && missing > 0 && !progress(1.0))
        throw CancelledError();
    std::vector<RentalFrontierPoint> out;
    for (auto& p : points)
        out.push_back(*p);
    return out;
}

std::optional<RentalFrontierPoint> RentalFrontier::cached(const RentalFrontierKey& key)
{
    std::lock_guard lock(cache().mutex);
    if (auto it = cache().points.find(key); it != cache().points.end())
        return it->second;
    return std::nullopt;
}

void RentalFrontier::remember(const RentalFrontierKey& key, const RentalFrontierPoint& point)
{
    std::lock_guard lock(cache().mutex);
    cache().points[key] = point;
}

size_t RentalFrontier::simulatedCount()
{
    std::lock_guard lock(cache().mutex);
    return cache().simulated;
}

}  // namespace tessera
