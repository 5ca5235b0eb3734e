#include "SweepMetric.h"

#include <cmath>

namespace tessera::views {

QString SweepMetric::id() const
{
    switch (kind_) {
    case Kind::Allocation: return QStringLiteral("alloc");
    case Kind::Power: return QStringLiteral("power");
    case Kind::PowerSaved: return QStringLiteral("powerSaved");
    case Kind::PowerSavedShare: return QStringLiteral("powerSavedPct");
    case Kind::FragRate: return QStringLiteral("fragRate");
    case Kind::FragOfTotal: return QStringLiteral("fragOfTotal");
    case Kind::FailedPods: return QStringLiteral("failed");
    }
    return {};
}

QString SweepMetric::title() const
{
    switch (kind_) {
    case Kind::Allocation: return QStringLiteral("GPU allocation");
    case Kind::Power: return QStringLiteral("Power");
    case Kind::PowerSaved: return QStringLiteral("Power saved");
    case Kind::PowerSavedShare: return QStringLiteral("Power saved");
    case Kind::FragRate: return QStringLiteral("Fragmentation rate");
    case Kind::FragOfTotal: return QStringLiteral("Fragmentation of capacity");
    case Kind::FailedPods: return QStringLiteral("Failed pods");
    }
    return {};
}

QString SweepMetric::unit() const
{
    switch (kind_) {
    case Kind::Power:
    case Kind::PowerSaved: return QStringLiteral("kW");
    case Kind::FailedPods: return QStringLiteral("pods");
    default: return QStringLiteral("%");
    }
}

int SweepMetric::decimals() const
{
    switch (kind_) {
    case Kind::FailedPods: return 0;
    case Kind::Power:
    case Kind::PowerSaved: return 3;
    default: return 2;
    }
}

bool SweepMetric::fromZero() const
{
    return kind_ == Kind::PowerSaved || kind_ == Kind::PowerSavedShare || kind_ == Kind::FailedPods;
}

std::optional<double> SweepMetric::value(const std::vector<SweepRun>& runs, size_t index, double arrived) const
{
    const std::optional<double> v = rawValue(runs, index, arrived);
    // NaN: the sweep's grid CSV has no such column (SweepStudy).
    return v && !std::isnan(*v) ? v : std::nullopt;
}

std::optional<double> SweepMetric::rawValue(const std::vector<SweepRun>& runs, size_t index, double arrived) const
{
    const SweepPoint* p = runs[index].pointAt(arrived);
    if (!p)
        return std::nullopt;
    switch (kind_) {
    case Kind::Allocation: return p->alloc;
    case Kind::Power: return p->powerKw;
    case Kind::FragRate: return p->fragRate;
    case Kind::FragOfTotal: return p->fragOfTotal;
    case Kind::FailedPods: return p->failed;
    case Kind::PowerSaved:
    case Kind::PowerSavedShare: {
        if (!runs[index].baseline)
            return std::nullopt;
        const SweepPoint* base = runs[*runs[index].baseline].pointAt(arrived);
        if (!base)
            return std::nullopt;
        const double saved = base->powerKw - p->powerKw;
        if (kind_ == Kind::PowerSaved)
            return saved;
        if (base->powerKw == 0)
            return std::nullopt;
        return 100.0 * saved / base->powerKw;
    }
    }
    return std::nullopt;
}

const std::vector<SweepMetric>& SweepMetric::all()
{
    static const std::vector<SweepMetric> metrics{
        SweepMetric(Kind::Allocation), SweepMetric(Kind::Power),    SweepMetric(Kind::PowerSaved),
        SweepMetric(Kind::PowerSavedShare), SweepMetric(Kind::FragRate), SweepMetric(Kind::FragOfTotal),
        SweepMetric(Kind::FailedPods)};
    return metrics;
}

}  // namespace tessera::views
