#include "chart/XAxisUnit.h"

namespace tessera::chart {

namespace {
constexpr double kHour = 3600.0;
constexpr double kDay = 86400.0;
}  // namespace

XAxisUnit XAxisUnit::forSpan(const QString& baseUnit, double span)
{
    if (baseUnit == QLatin1String("s") && span > 2 * kDay)
        return {QStringLiteral("d"), kDay};
    if (baseUnit == QLatin1String("s") && span > 2 * kHour)
        return {QStringLiteral("h"), kHour};
    return {baseUnit, 1.0};
}

QString XAxisUnit::rangeText(double lo, double hi) const
{
    const QString range = QStringLiteral("%1–%2").arg(QString::number(lo / perUnit, 'f', 1), QString::number(hi / perUnit, 'f', 1));
    return unit.isEmpty() ? range : QStringLiteral("%1 %2").arg(range, unit);
}

}  // namespace tessera::chart
