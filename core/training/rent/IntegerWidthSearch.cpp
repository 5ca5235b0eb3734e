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
double searchPass(const std::vector<std::vector<Option>>& options, const std::vector<double>& minCostAfter,
                  const std::vector<double>& lagrangianAfter, double mu, double budget, double limit,
                  std::vector<int>& chosen, bool& exact)
{
    const size_t m = options.size();
    auto hopeless = [&](double cost, double time, size_t next) {
        return time + lagrangianAfter[next] - mu * (budget - cost) > limit + 1e-9 * std::abs(limit);
    };
    std::vector<std::vector<Node>> layers{{Node{0, 0, -1, 0}}};
    for (size_t j = 0; j < m; ++j) {
        const std::vector<Node>& previous = layers.back();
        std::vector<Node> next;
        for (size_t p = 0; p < previous.size(); ++p)
            for (const Option& o : options[j]) {
                const double cost = previous[p].cost + o.cost;
                if (!withinBudget(cost + minCostAfter[j + 1], budget))
                    break;
                const double time = previous[p].time + o.time;
                if (!hopeless(cost, time, j + 1))
                    next.push_back({cost, time, int(p), o.width});
            }
        if (next.empty())
            return std::numeric_limits<double>::infinity();
        exact = keepFrontier(next) && exact;
        layers.push_back(std::move(next));
    }
    // The frontier is sorted by cost with falling time: its last point is the fastest.
    chosen.assign(m, 0);
    int index = int(layers.back().size()) - 1;
    const double time = layers.back().back().time;
    for (size_t j = m; j-- > 0;) {
        const Node& n = layers[j + 1][size_t(index)];
        chosen[j] = n.width;
        index = n.parent;
    }
    return time;
}

}  // namespace

IntegerWidths IntegerWidthSearch::best(const std::vector<JobType>& types, double budget,
                                       const std::vector<TypeWidth>& fractional, double multiplier)
{
    IntegerWidths result;
    const size_t m = types.size();
    const double mu = std::max(0.0, multiplier);
    // minCostAfter[j]: the GPUs types j.. need at width 1 (their loads).
    std::vector<double> minCostAfter(m + 1, 0);
    for (size_t j = m; j-- > 0;)
        minCostAfter[j] = minCostAfter[j + 1] + typeWidthCost(types[j], {1, 1, 1}).gpus;
    if (!withinBudget(minCostAfter[0], budget))
        return result;

    std::vector<std::vector<Option>> options(m);
    for (size_t j = 0; j < m; ++j) {
        const double othersAtOne = minCostAfter[0] - typeWidthCost(types[j], {1, 1, 1}).gpus;
        options[j] = optionsFor(types[j], budget - othersAtOne);
    }
    // lagrangianAfter[j] = sum_{i >= j} min_k (t_i(k) + mu c_i(k)).
    std::vector<double> lagrangianAfter(m + 1, 0);
    for (size_t j = m; j-- > 0;) {
        double best = std::numeric_limits<double>::infinity();
        for (const Option& o : options[j])
            best = std::min(best, o.time + mu * o.cost);
        lagrangianAfter[j] = lagrangianAfter[j + 1] + best;
    }
    // Passes with a rising limit L on the bound: a pass keeps a partial choice unless even its
    // best completion (the bound) exceeds L. When the fastest answer a pass finds is within L,
    // it is the optimum (every dropped choice could only have led above L); otherwise L was
    // too tight and the next pass widens it, up to a known feasible answer (the incumbent).
    const double rootBound = lagrangianAfter[0] - mu * budget;
    const double incumbent = incumbentTime(options, budget, fractional);
    std::vector<int> chosen;
    for (double share : {1.0 / 256, 1.0 / 32, 1.0 / 4, 1.0}) {
        const double limit = std::isfinite(incumbent) && share < 1 ? rootBound + (incumbent - rootBound) * share
                                                                    : incumbent;
        bool exact = true;
        const double found = searchPass(options, minCostAfter, lagrangianAfter, mu, budget, limit, chosen, exact);
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
