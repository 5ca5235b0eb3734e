#include "chart/MetricText.h"

#include <cmath>

namespace tessera::chart {

namespace {
// `v` rounded to what `decimals` decimals show; never -0.
double shown(double v, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    const double r = std::round(v * scale) / scale;
    return r == 0.0 ? 0.0 : r;
}
}  // namespace

QString MetricText::value(const MetricInfo& info, double v)
{
    if (std::isnan(v))
        return QStringLiteral("–");
    return QString::number(shown(v, decimals(info)), 'f', decimals(info));
}

QString MetricText::delta(const MetricInfo& info, double d)
{
    if (std::isnan(d))
        return QStringLiteral("–");
    const int sign = deltaSign(info, d);
    if (sign == 0)
        return QStringLiteral("0");
    const QString magnitude = QString::number(std::abs(shown(d, decimals(info))), 'f', decimals(info));
    return (sign > 0 ? QStringLiteral("+") : QStringLiteral("−")) + magnitude;
}

int MetricText::deltaSign(const MetricInfo& info, double d)
{
    if (std::isnan(d))
        return 0;
    const double r = shown(d, decimals(info));
    return r > 0 ? 1 : (r < 0 ? -1 : 0);
}

}  // namespace tessera::chart
