#include "SweepCurves.h"

#include "chart/ChartColors.h"

#include <algorithm>
#include <map>

namespace tessera::views {

SweepCurves SweepCurves::compute(const std::vector<SweepRun>& runs, const std::vector<size_t>& rows,
                                 const SweepParameter& x, const std::optional<SweepParameter>& group,
                                 const QStringList& groupOrder, const SweepMetric& metric, double arrived,
                                 const QStringList& studyNames, const std::vector<SweepParameter>& others)
{
    SweepCurves out;
    out.xTitle = x.title();
    out.yTitle = QStringLiteral("%1 at %2 % arrived").arg(metric.title()).arg(arrived);
    out.yAxis = QStringLiteral("%1 at %2 %").arg(metric.title()).arg(arrived);
    out.yUnit = metric.unit();
    out.yFromZero = metric.fromZero();
    // group → x → values, and the first run at each point (whose other parameters the rest must share)
    std::map<QString, std::map<double, std::vector<double>>> values;
    std::map<std::pair<QString, double>, size_t> firstAt;
    for (const size_t row : rows) {
        const std::optional<double> v = metric.value(runs, row, arrived);
        if (!v)
            continue;
        const QString g = group ? group->text(runs[row], studyNames) : QString();
        const double xValue = x.number(runs[row]);
        values[g][xValue].push_back(*v);
        const auto [first, added] = firstAt.try_emplace({g, xValue}, row);
        if (added)
            continue;
        for (const SweepParameter& p : others)
            if (!out.pooled.contains(p.title())
                && p.text(runs[row], studyNames) != p.text(runs[first->second], studyNames))
                out.pooled.append(p.title());
    }
    QStringList order = groupOrder;
    for (const auto& [g, byX] : values)
        if (!order.contains(g))
            order.append(g);
    for (int i = 0; i < order.size(); ++i) {
        const auto found = values.find(order[i]);
        if (found == values.end())
            continue;
        Curve curve;
        curve.group = order[i];
        curve.color = chart::ChartColors::groupColor(i);
        for (const auto& [xValue, vs] : found->second) {
            Point p;
            p.x = xValue;
            p.runs = int(vs.size());
            double sum = 0;
            for (const double v : vs)
                sum += v;
            p.mean = sum / double(vs.size());
            p.min = *std::min_element(vs.begin(), vs.end());
            p.max = *std::max_element(vs.begin(), vs.end());
            out.maxRuns = std::max(out.maxRuns, p.runs);
            curve.points.push_back(p);
        }
        out.curves.push_back(std::move(curve));
    }
    return out;
}

QString SweepCurves::note(bool band) const
{
    if (maxRuns <= 1)
        return QStringLiteral("one run at each %1").arg(xTitle);
    const QString line = QStringLiteral("line: mean over the %1 runs at each %2 (seeds)").arg(maxRuns).arg(xTitle);
    return band ? line + QStringLiteral("; band: min–max") : line;
}

}  // namespace tessera::views
