#include "training/rent/IntegerWidthSearch.h"

#include "training/rent/TypeWidthMinimiser.h"
#include "training/rent/WidthCost.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera {

namespace {

struct Option {
    int width;
    double cost;  // rho k / s(k)
    double time;  // rho / s(k)
};

struct Node {
    double cost;
    double time;
    int parent;  // index in the previous layer
    int width;
};

// A lower bound on the time types j.. need with `room` GPUs left: the LP relaxation of the
// rest (each type may mix two of its widths), solved greedily along the lower convex hulls of
// the types' (cost, time) options, steepest time saving per GPU first. It is the best
// Lagrangian bound over every multiplier, so it prunes at least as much as any single mu.
class SuffixBound {
public:
    SuffixBound() = default;
    SuffixBound(const std::vector<std::vector<Option>>& options, size_t first)
    {
        struct Segment {
            double cost, gain;
        };
        std::vector<Segment> segments;
        for (size_t i = first; i < options.size(); ++i) {
            const std::vector<Option>& o = options[i];
            baseCost_ += o.front().cost;
            baseTime_ += o.front().time;
            std::vector<size_t> hull;  // lower convex hull of (cost, time), from the narrowest option
            for (size_t k = 0; k < o.size(); ++k) {
                while (hull.size() >= 2) {
                    const Option& a = o[hull[hull.size() - 2]];
                    const Option& b = o[hull.back()];
                    if ((b.cost - a.cost) * (o[k].time - a.time) - (b.time - a.time) * (o[k].cost - a.cost) <= 0)
                        hull.pop_back();
                    else
                        break;
                }
                hull.push_back(k);
            }
            for (size_t h = 1; h < hull.size(); ++h)
                segments.push_back({o[hull[h]].cost - o[hull[h - 1]].cost, o[hull[h - 1]].time - o[hull[h]].time});
        }
        std::sort(segments.begin(), segments.end(),
                  [](const Segment& a, const Segment& b) { return a.gain * b.cost > b.gain * a.cost; });
        double cost = 0;
        double gain = 0;
        for (const Segment& g : segments) {
            cost += g.cost;
            gain += g.gain;
            cumulativeCost_.push_back(cost);
            cumulativeGain_.push_back(gain);
        }
    }

    // -infinity-free: a room below the rest's width-1 cost gives +infinity (infeasible).
    double at(double room) const
    {
        const double spare = room - baseCost_;
        if (spare < -1e-12 * std::max(1.0, std::abs(room)))
            return std::numeric_limits<double>::infinity();
        const auto it = std::upper_bound(cumulativeCost_.begin(), cumulativeCost_.end(), spare);
        const size_t full = size_t(it - cumulativeCost_.begin());
        double gain = full > 0 ? cumulativeGain_[full - 1] : 0;
        if (full < cumulativeCost_.size()) {
            const double c0 = full > 0 ? cumulativeCost_[full - 1] : 0;
            const double g0 = full > 0 ? cumulativeGain_[full - 1] : 0;
            gain += (cumulativeGain_[full] - g0) * std::max(0.0, spare - c0) / (cumulativeCost_[full] - c0);
        }
        return baseTime_ - gain;
    }

private:
    double baseCost_ = 0;
    double baseTime_ = 0;
    std::vector<double> cumulativeCost_;
    std::vector<double> cumulativeGain_;
};

// The widths worth trying for one type: each one faster than the last (a width no faster
// than a narrower one costs at least as much), up to the full-speed width, while the type's
// cost leaves room for the others at width 1.
std::vector<Option> optionsFor(const JobType& type, double room)
{
    std::vector<Option> options;
    const double top = std::min(std::floor(type.maxWidth), std::ceil(TypeWidthMinimiser(type).fullSpeedWidth()));
    for (double k = 1; k <= top; ++k) {
        const WidthCost c = typeWidthCost(type, {k, k, 1});
        if (!withinBudget(c.gpus, room))
            break;  // k / s(k) is non-decreasing: every wider k costs more
        const double time = type.load() / (*type.speedup)(k);
        if (!options.empty() && time >= options.back().time)
            continue;
        options.push_back({int(k), c.gpus, time});
    }
    return options;
}

// Keeps the candidates no other beats in both cost and time; thins a frontier that grew too
// large. Returns false when it had to thin.
bool keepFrontier(std::vector<Node>& nodes)
{
    std::sort(nodes.begin(), nodes.end(), [](const Node& a, const Node& b) {
        return a.cost != b.cost ? a.cost < b.cost : a.time < b.time;
    });
    size_t kept = 0;
    for (const Node& n : nodes)
        if (kept == 0 || n.time < nodes[kept - 1].time)
            nodes[kept++] = n;
    nodes.resize(kept);
    if (nodes.size() <= IntegerWidthSearch::kMaxFrontier)
        return true;
    std::vector<Node> thinned;
    thinned.reserve(IntegerWidthSearch::kMaxFrontier);
    const double step = double(nodes.size() - 1) / double(IntegerWidthSearch::kMaxFrontier - 1);
    for (size_t i = 0; i < IntegerWidthSearch::kMaxFrontier; ++i)
        thinned.push_back(nodes[size_t(std::lround(i * step))]);
    nodes = std::move(thinned);
    return false;
}

// A feasible answer to prune against: the floors of the fractional widths (they cost no more
// than the widths: k / s(k) is non-decreasing), then, while the budget allows, the widening
// that buys the most time per GPU. Infinity when there is no fractional hint.
double incumbentTime(const std::vector<std::vector<Option>>& options, double budget,
                     const std::vector<TypeWidth>& fractional)
{
    const size_t m = options.size();
    if (fractional.size() != m)
        return std::numeric_limits<double>::infinity();
    std::vector<size_t> chosen(m, 0);
    double cost = 0;
    for (size_t i = 0; i < m; ++i) {
        if (options[i].empty())
            return std::numeric_limits<double>::infinity();
        const double floorWidth = std::floor(std::min(fractional[i].low, fractional[i].high));
        while (chosen[i] + 1 < options[i].size() && options[i][chosen[i] + 1].width <= floorWidth)
            ++chosen[i];
        cost += options[i][chosen[i]].cost;
    }
    if (!withinBudget(cost, budget))
        return std::numeric_limits<double>::infinity();
    for (;;) {
        size_t bestType = m;
        size_t bestOption = 0;
        double bestGain = 0;
        for (size_t i = 0; i < m; ++i) {
            const Option& now = options[i][chosen[i]];
            for (size_t o = chosen[i] + 1; o < options[i].size(); ++o) {
                const Option& wider = options[i][o];
                if (!withinBudget(cost + wider.cost - now.cost, budget))
                    break;
                const double gain = (now.time - wider.time) / std::max(wider.cost - now.cost, 1e-300);
                if (gain > bestGain) {
                    bestGain = gain;
                    bestType = i;
                    bestOption = o;
                }
            }
        }
        if (bestType == m)
            break;
        cost += options[bestType][bestOption].cost - options[bestType][chosen[bestType]].cost;
        chosen[bestType] = bestOption;
    }
    double time = 0;
    for (size_t i = 0; i < m; ++i)
        time += options[i][chosen[i]].time;
    return time;
}

// One pass of the Pareto programme, dropping partial choices whose bound exceeds `limit`.
// Fills `chosen` with the fastest complete choice and returns its time (infinity if none).
double searchPass(const std::vector<std::vector<Option>>& options, const std::vector<SuffixBound>& bounds,
                  double budget, double limit, std::vector<int>& chosen, bool& exact)
{
    const size_t m = options.size();
    const double margin = limit + 1e-9 * std::abs(limit);
    std::vector<std::vector<Node>> layers{{Node{0, 0, -1, 0}}};
    for (size_t j = 0; j + 1 < m; ++j) {
        const std::vector<Node>& previous = layers.back();
        std::vector<Node> next;
        for (size_t p = 0; p < previous.size(); ++p)
            for (const Option& o : options[j]) {
                const double cost = previous[p].cost + o.cost;
                const double time = previous[p].time + o.time;
                const double rest = bounds[j + 1].at(budget - cost);
                if (rest == std::numeric_limits<double>::infinity())
                    break;  // wider options cost more
                if (time + rest <= margin)
                    next.push_back({cost, time, int(p), o.width});
            }
        if (next.empty())
            return std::numeric_limits<double>::infinity();
        exact = keepFrontier(next) && exact;
        layers.push_back(std::move(next));
    }
    // The last type needs no frontier: after each partial choice, its widest option that fits
    // (options are ordered by cost, with falling time).
    const std::vector<Node>& previous = layers.back();
    const std::vector<Option>& last = options[m - 1];
    double bestTime = std::numeric_limits<double>::infinity();
    size_t bestParent = 0;
    int bestWidth = 0;
    for (size_t p = 0; p < previous.size(); ++p) {
        // Options cost more as they widen: the fitting ones are a prefix.
        const auto fits = std::partition_point(last.begin(), last.end(), [&](const Option& o) {
            return withinBudget(previous[p].cost + o.cost, budget);
        });
        if (fits == last.begin())
            continue;
        const Option& widest = *(fits - 1);
        const double time = previous[p].time + widest.time;
        if (time < bestTime) {
            bestTime = time;
            bestParent = p;
            bestWidth = widest.width;
        }
    }
    if (!std::isfinite(bestTime))
        return bestTime;
    chosen.assign(m, 0);
    chosen[m - 1] = bestWidth;
    int index = int(bestParent);
    for (size_t j = m - 1; j-- > 0;) {
        const Node& n = layers[j + 1][size_t(index)];
        chosen[j] = n.width;
        index = n.parent;
    }
    return bestTime;
}

}  // namespace

IntegerWidths IntegerWidthSearch::best(const std::vector<JobType>& types, double budget,
                                       const std::vector<TypeWidth>& fractional)
{
    IntegerWidths result;
    const size_t m = types.size();
    // Every type at width 1 uses its load: the least any answer needs.
    double atOne = 0;
    for (const JobType& t : types)
        atOne += typeWidthCost(t, {1, 1, 1}).gpus;
    if (!withinBudget(atOne, budget))
        return result;

    std::vector<std::vector<Option>> options(m);
    for (size_t j = 0; j < m; ++j) {
        options[j] = optionsFor(types[j], budget - (atOne - typeWidthCost(types[j], {1, 1, 1}).gpus));
        if (options[j].empty())
            return result;  // only rounding can get here: width 1 everywhere fitted above
    }
    std::vector<SuffixBound> bounds(m + 1);
    for (size_t j = 0; j < m; ++j)
        bounds[j] = SuffixBound(options, j);
    // Passes with a rising limit L on the bound: a pass keeps a partial choice unless even its
    // best completion (the bound) exceeds L. When the fastest answer a pass finds is within L,
    // it is the optimum (every dropped choice could only have led above L); otherwise L was
    // too tight and the next pass widens it, up to a known feasible answer (the incumbent).
    const double rootBound = bounds[0].at(budget);
    const double incumbent = incumbentTime(options, budget, fractional);
    std::vector<int> chosen;
    for (double share : {1.0 / 256, 1.0 / 64, 1.0 / 16, 1.0 / 4, 1.0 / 2, 1.0}) {
        const double limit = std::isfinite(incumbent) && share < 1 ? rootBound + (incumbent - rootBound) * share
                                                                    : incumbent;
        bool exact = true;
        const double found = searchPass(options, bounds, budget, limit, chosen, exact);
        if (found <= limit || share == 1) {
            result.exact = exact;
            break;
        }
        chosen.clear();
    }
    if (chosen.empty())
        return result;  // only rounding can get here: width 1 everywhere fitted above
    std::vector<TypeWidth> widths(m);
    for (size_t j = 0; j < m; ++j)
        widths[j] = {double(chosen[j]), double(chosen[j]), 1};
    const WidthCost cost = widthsCost(types, widths);
    result.widths = chosen;
    result.meanResponse = cost.meanResponse;
    result.used = cost.gpus;
    return result;
}

}  // namespace tessera
