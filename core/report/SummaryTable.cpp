#include "report/SummaryTable.h"

#include "sim/GridSampler.h"

#include <cmath>
#include <map>

#include <fmt/format.h>

namespace tessera {

RunSummary RunSummary::of(const std::string& policy, const SimulationResult& run, double seconds)
{
    RunSummary s;
    s.policy = policy;
    s.seed = run.parameters.seed;
    s.decisions = run.timeline.size();
    s.seconds = seconds;
    const MetricSample& last = run.timeline.sampleAt(run.timeline.size());
    s.failed = last.failedTotal();
    s.pending = last.pending;
    if (run.parameters.mode == SimulationMode::Experiment) {
        const int maxPct = int(std::floor(run.parameters.tune * 100 + 1e-9));
        const auto points = GridSampler::sample(run, 1, maxPct);
        s.allocAt100 = points.size() > 100 ? points[100].values.allocPct : points.back().values.allocPct;
        s.end = points.back().values;
    } else {
        s.end = run.valuesAt(run.timeline.size());
    }
    return s;
}

std::string SummaryTable::render(const std::vector<RunSummary>& runs, SimulationMode mode)
{
    // Policies in first-seen order, each averaged over its seeds.
    std::vector<std::string> order;
    std::map<std::string, std::vector<const RunSummary*>> byPolicy;
    for (const auto& r : runs) {
        if (!byPolicy.count(r.policy))
            order.push_back(r.policy);
        byPolicy[r.policy].push_back(&r);
    }
    size_t width = 6;
    for (const auto& p : order)
        width = std::max(width, p.size());

    std::string out;
    const bool experiment = mode == SimulationMode::Experiment;
    out += fmt::format("{:<{}}  {:>5}  {:>9}  {:>9}  {:>9}  {:>9}  {:>9}  {:>8}  {:>8}  {:>8}\n", "policy", width,
                       "seeds", experiment ? "alloc@100" : "pending", "alloc %", "frag %", "frag/cap", "power kW",
                       "failed", "steps", "time s");
    for (const auto& policy : order) {
        const auto& rs = byPolicy[policy];
        const double n = double(rs.size());
        double a100 = 0, alloc = 0, frag = 0, fragCap = 0, power = 0, failed = 0, pending = 0, steps = 0, secs = 0;
        for (const RunSummary* r : rs) {
            a100 += r->allocAt100 / n;
            alloc += r->end.allocPct / n;
            frag += r->end.fragRatePct / n;
            fragCap += r->end.fragOfTotalPct / n;
            power += r->end.powerKw / n;
            failed += r->failed / n;
            pending += r->pending / n;
            steps += double(r->decisions) / n;
            secs += r->seconds / n;
        }
        out += fmt::format("{:<{}}  {:>5}  {:>9.2f}  {:>9.2f}  {:>9.2f}  {:>9.2f}  {:>9.1f}  {:>8.1f}  {:>8.0f}  {:>8.3f}\n",
                           policy, width, rs.size(), experiment ? a100 : pending, alloc, frag, fragCap, power, failed,
                           steps, secs);
    }
    return out;
}

}  // namespace tessera
