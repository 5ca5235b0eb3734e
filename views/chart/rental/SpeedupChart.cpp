#include "chart/rental/SpeedupChart.h"

#include "chart/ChartColors.h"
#include "chart/ChartError.h"
#include "chart/NiceTicks.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <algorithm>

namespace tessera::chart {

namespace {

// The marks of the widths, against the curves' dots.
constexpr double kWidthMarkScale = 1.5;

QString widthsText(const SpeedupCurve& c)
{
    QStringList parts;
    for (const auto& [k, share] : c.widths)
        parts << (c.widths.size() > 1 ? QStringLiteral("%1 × %2%").arg(k, 0, 'g', 4).arg(qRound(100 * share))
                                      : QString::number(k, 'g', 4));
    return parts.join(QStringLiteral(", "));
}

}  // namespace

ChartSpec SpeedupChart::spec(const std::vector<SpeedupCurve>& curves, const QString& subtitle)
{
    ChartSpec spec;
    spec.title = QStringLiteral("Speedup per job type against its width, and the width the run gave it");
    spec.subtitle = subtitle;
    spec.x = {QStringLiteral("Width (GPUs per job)"), QStringLiteral("GPUs")};
    spec.y = {QStringLiteral("Speedup s(k)"), QStringLiteral("×")};
    double widest = 1, fastest = 1;
    for (const SpeedupCurve& c : curves) {
        widest = std::max(widest, c.maxWidth);
        for (const auto& [k, s] : c.points)
            fastest = std::max(fastest, s);
    }
    const bool logarithmic = widest >= kLogWidths;
    spec.x.logarithmic = spec.y.logarithmic = logarithmic;
    // Linear speedup, the bound every curve stays under (A1: sub-linear): how far below it a type
    // runs is what a wider job wastes.
    ChartSpec::Series linear;
    linear.name = QStringLiteral("linear speedup (s = k)");
    linear.color = ChartColors::referenceLine();
    linear.dashed = true;
    const double top = std::min(widest, fastest * 1.5);
    linear.points = {QPointF(1, 1), QPointF(top, top)};
    spec.series.append(linear);
    for (size_t i = 0; i < curves.size(); ++i) {
        const SpeedupCurve& c = curves[i];
        ChartSpec::Series curve;
        curve.name = QStringLiteral("%1 (width %2)").arg(QString::fromStdString(c.type), widthsText(c));
        // The stacked GPUs-rented chart's and the Gantt's colour of the type: one key for all.
        curve.color = ChartColors::seriesColor(int(i));
        for (const auto& [k, s] : c.points)
            curve.points.append(QPointF(k, s));
        spec.series.append(curve);
    }
    // The widths, after every curve so that no line covers them; unnamed (each curve's legend
    // entry gives its width), the key's last entry says what a mark is.
    for (size_t i = 0; i < curves.size(); ++i) {
        const SpeedupCurve& c = curves[i];
        ChartSpec::Series marks;
        marks.color = ChartColors::seriesColor(int(i));
        marks.style = ChartSpec::SeriesStyle::Points;
        marks.markScale = kWidthMarkScale;
        std::vector<std::pair<double, double>> at(c.widths.begin(), c.widths.end());
        std::sort(at.begin(), at.end());
        for (const auto& [k, share] : at) {
            // s at the width, on the curve as drawn: linear between its points.
            const auto next = std::lower_bound(c.points.begin(), c.points.end(), std::make_pair(k, -1.0));
            double s = c.points.front().second;
            if (next == c.points.end())
                s = c.points.back().second;
            else if (next == c.points.begin() || next->first == k)
                s = next->second;
            else {
                const auto prev = next - 1;
                s = prev->second + (next->second - prev->second) * (k - prev->first) / (next->first - prev->first);
            }
            marks.points.append(QPointF(k, s));
        }
        spec.series.append(marks);
        if (c.bound)
            spec.markers.append({*c.bound, QStringLiteral("%1 held ≤ %2 GPUs (span)")
                                               .arg(QString::fromStdString(c.type))
                                               .arg(*c.bound, 0, 'g', 4)});
    }
    ChartSpec::Series key;
    key.name = QStringLiteral("the run's width (a mix: both)");
    key.color = ChartColors::referenceLine();
    key.style = ChartSpec::SeriesStyle::Points;
    key.markScale = kWidthMarkScale;
    spec.series.append(key);
    if (logarithmic) {
        const NiceTicks x = NiceTicks::logarithmicTicks(1, widest, 7);
        const NiceTicks y = NiceTicks::logarithmicTicks(1, std::max(2.0, top), 6);
        spec.x.min = x.min;
        spec.x.max = x.max;
        spec.y.min = y.min;
        spec.y.max = y.max;
    } else {
        spec.x.min = 1;
        spec.y.min = 1;
    }
    return spec;
}

QList<ChartSpec> SpeedupChart::build(const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&)
{
    QList<ChartSpec> panels;
    for (size_t i = 0; i < runs.size(); ++i) {
        const auto* rental = dynamic_cast<const TrainingRentalRun*>(runs[i]);
        const QString name = i < size_t(options.runNames.size()) ? options.runNames[qsizetype(i)]
                                                                 : QString::fromStdString(runs[i]->info().name);
        if (!rental)
            throw ChartNeedsRunInputs(
                QStringLiteral("the speedup curves are the speedup models of \"%1\"'s inputs: a run reopened from a "
                               "study has only its results (run it again)")
                    .arg(name));
        QString subtitle = name;
        if (rental->solution() && rental->solution()->feasible())
            subtitle += QStringLiteral(" · BOA's widths at mu = %1 JCT h per GPU-h")
                            .arg(rental->solution()->multiplier, 0, 'g', 3);
        else
            subtitle += QStringLiteral(" · the mean width of each type's jobs over the run");
        panels.append(spec(speedupCurves(*rental), subtitle));
    }
    return panels;
}

}  // namespace tessera::chart
