#include "inference/InferenceClasses.h"

#include "inference/Bucketizer.h"
#include "inference/InferenceScenario.h"
#include "inference/ProfileData.h"
#include "io/InputError.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace tessera {
namespace {

// E[x | bucket] for x = exp(sigma * z) clipped to [0.5, 2], by the midpoint rule over the
// bucket's probability mass: what an oracle that knows every request's size plans for.
double meanSizeInBucket(const Bucketizer& bucketizer, int bucket, double sigma)
{
    const int steps = 2000;
    const int buckets = static_cast<int>(bucketizer.upperBounds().size());
    double sum = 0;
    for (int i = 0; i < steps; ++i) {
        const double u = (bucket + (i + 0.5) / steps) / buckets;
        // Inverse normal CDF by bisection on erfc: exact enough and free of tables.
        double lo = -10, hi = 10;
        for (int k = 0; k < 80; ++k) {
            const double mid = (lo + hi) / 2;
            (0.5 * std::erfc(-mid / std::sqrt(2.0)) < u ? lo : hi) = mid;
        }
        sum += std::clamp(std::exp(sigma * (lo + hi) / 2), 0.5, 2.0);
    }
    return sum / steps;
}

}  // namespace

std::vector<WorkloadClass> buildClasses(const InferenceScenario& scenario, const ProfileData& profiles,
                                        const ClassGrouping& grouping)
{
    std::vector<WorkloadClass> classes;
    for (size_t s = 0; s < scenario.services.size(); ++s) {
        const ServiceSpec& service = scenario.services[s];
        const int model = profiles.modelIndex(service.model);
        if (model < 0)
            throw InputError::fileLevel(scenario.name,
                                        fmt::format("service {} uses model \"{}\", which has no profile", s + 1,
                                                    service.model));
        const double sigma = grouping.sizeSigmaOverride >= 0 ? grouping.sizeSigmaOverride : service.sizeSigma;
        WorkloadClass base;
        base.service = static_cast<uint32_t>(s);
        base.model = model;
        base.sizeExponent = defaultSizeExponent(service.model);
        base.sloMs = service.sloMs;
        if (sigma <= 0 || grouping.buckets <= 1) {
            classes.push_back(base);
            continue;
        }
        const Bucketizer bucketizer(grouping.buckets, sigma);
        const std::vector<double> shares = bucketizer.shares();
        for (int b = 0; b < grouping.buckets; ++b) {
            WorkloadClass c = base;
            c.bucket = b;
            c.rateShare = shares[b];
            c.sizeFactor = bucketizer.upperBound(b);
            c.meanSizeFactor = meanSizeInBucket(bucketizer, b, sigma);
            classes.push_back(c);
        }
    }
    return classes;
}

double serviceRateAt(const InferenceScenario& scenario, uint32_t service, double timeS)
{
    double rate = 0;
    for (const RatePoint& point : scenario.services[service].rates)
        if (point.fromS <= timeS)
            rate = point.rateRps;
    return rate;
}

void setRatesAt(std::vector<WorkloadClass>& classes, const InferenceScenario& scenario, double timeS)
{
    for (WorkloadClass& c : classes)
        c.rateRps = serviceRateAt(scenario, c.service, timeS) * c.rateShare;
}

}  // namespace tessera
