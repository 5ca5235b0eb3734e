#include "training/rent/SpeedupExponent.h"

#include "training/PowerLawSpeedup.h"

#include <algorithm>
#include <cmath>

namespace tessera {

double powerLawExponent(const SpeedupFunction& speedup, double maxWidth)
{
    if (const auto* power = dynamic_cast<const PowerLawSpeedup*>(&speedup))
        return power->alpha();
    double xy = 0, xx = 0;
    for (double k = 2; k <= std::max(2.0, maxWidth); k *= 2) {
        const double x = std::log(k);
        xy += x * std::log(speedup(k));
        xx += x * x;
    }
    return std::clamp(xy / xx, 0.01, 0.99);
}

double powerLawExponent(const std::vector<JobType>& types)
{
    double load = 0, weighted = 0, plain = 0;
    for (const JobType& type : types) {
        const double p = powerLawExponent(*type.speedup, type.maxWidth);
        load += type.load();
        weighted += type.load() * p;
        plain += p;
    }
    return load > 0 ? weighted / load : plain / double(types.size());
}

}  // namespace tessera
