#include "sim/GridSampler.h"

#include <cmath>
#include <map>

namespace tessera {

namespace {

struct Bucket {
    int count = 0;
    MetricValues sum;
    size_t lastPosition = 0;  // timeline position after the bucket's last decision
};

void add(MetricValues& sum, const MetricValues& v)
{
    sum.arrivedPct += v.arrivedPct;
    sum.allocPct += v.allocPct;
    sum.fragRatePct += v.fragRatePct;
    sum.fragOfTotalPct += v.fragOfTotalPct;
    sum.powerKw += v.powerKw;
    sum.cpuPowerKw += v.cpuPowerKw;
    sum.gpuPowerKw += v.gpuPowerKw;
}

MetricValues mean(const MetricValues& sum, int count)
{
    const double n = count;
    return {sum.arrivedPct / n, sum.allocPct / n, sum.fragRatePct / n, sum.fragOfTotalPct / n,
            sum.powerKw / n, sum.cpuPowerKw / n, sum.gpuPowerKw / n};
}

}  // namespace

std::vector<GridPoint> GridSampler::sample(const SimulationResult& run, int step, int maxPct)
{
    const Timeline& timeline = run.timeline;
    std::map<long, Bucket> buckets;
    for (size_t position = 1; position <= timeline.size(); ++position) {
        const MetricValues v = run.valuesAt(position);
        Bucket& b = buckets[std::lrint(v.arrivedPct)];  // default rounding: half to even
        ++b.count;
        add(b.sum, v);
        b.lastPosition = position;
    }

    std::vector<GridPoint> points;
    for (int p = 0; p <= maxPct; p += step) {
        GridPoint point;
        point.arrivedPct = p;
        auto exact = buckets.find(p);
        if (exact != buckets.end()) {
            point.values = mean(exact->second.sum, exact->second.count);
        } else {
            MetricValues sum;
            int count = 0;
            for (long q = p - 1; q <= p + 1; ++q)
                if (auto it = buckets.find(q); it != buckets.end()) {
                    add(sum, it->second.sum);
                    count += it->second.count;
                }
            if (count > 0) {
                point.values = mean(sum, count);
            } else {
                // The last decision before this point, or the empty cluster.
                auto after = buckets.upper_bound(p);
                point.values = after == buckets.begin() ? run.valuesAt(0)
                                                        : run.valuesAt(std::prev(after)->second.lastPosition);
            }
        }
        auto upTo = buckets.upper_bound(p);
        if (upTo != buckets.begin())
            point.failedPods = timeline.sampleAt(std::prev(upTo)->second.lastPosition).failedTotal();
        points.push_back(point);
    }
    return points;
}

}  // namespace tessera
