#include "chart/RunChartFrame.h"

#include "chart/ChartColors.h"
#include "chart/XAxisUnit.h"

#include <QStringList>

#include <algorithm>
#include <stdexcept>

namespace tessera::chart {

RunChartFrame::RunChartFrame(const std::vector<const Run*>& runs, const RunChartOptions& options)
    : runs_(runs), options_(options)
{
    if (runs_.empty() || runs_.front() == nullptr)
        throw std::invalid_argument("a chart needs at least one run");
    const MetricSeries& s = runs_.front()->series();
    const size_t last = s.rows() == 0 ? 0 : s.rows() - 1;
    to_ = std::min(options_.to.value_or(last), last);
    from_ = std::min(options_.from.value_or(0), to_);
    zoomed_ = from_ > 0 || to_ < last;
    const MetricInfo& info = s.info(0);
    x_.label = QString::fromStdString(info.label);
    x_.unit = QString::fromStdString(info.unit);
    steppedAxis_ = info.interpolation == Interpolation::Step;
    // Unzoomed, the x axis runs to the end of the longest run, so that every run is drawn
    // whole on one shared range (a comparison's shorter run no longer cuts the longer one).
    double lastX = s.rows() > 0 ? s.column(0)[to_] : 0;
    if (!zoomed_)
        for (const Run* run : runs_)
            if (run && run->series().rows() > 0)
                lastX = std::max(lastX, run->series().column(0).back());
    const double span = s.rows() > 0 ? lastX - s.column(0)[from_] : 0;
    const XAxisUnit shown = XAxisUnit::forSpan(x_.unit, span);
    x_.unit = shown.unit;
    xScale_ = 1.0 / shown.perUnit;
    xMin_ = s.rows() ? s.column(0)[from_] * xScale_ : 0;
    xMax_ = s.rows() ? lastX * xScale_ : 1;
    if (zoomed_) {
        // A zoomed chart shows exactly the chosen range, not the range widened to nice ticks.
        x_.min = xMin_;
        x_.max = std::max(xMax_, xMin_ + 1e-9);
    }
}

QString RunChartFrame::runName(size_t run) const
{
    if (run < size_t(options_.runNames.size()) && !options_.runNames[qsizetype(run)].isEmpty())
        return options_.runNames[qsizetype(run)];
    return QString::fromStdString(runs_[run]->info().name);
}

QColor RunChartFrame::runColor(size_t run) const
{
    if (run < size_t(options_.runColors.size()) && options_.runColors[qsizetype(run)].isValid())
        return options_.runColors[qsizetype(run)];
    return ChartColors::categorical(int(run));
}

QString RunChartFrame::runLetter(size_t run) const
{
    return QString(QChar(u'A' + int(run % 26)));
}

QString RunChartFrame::subtitle(bool laterRunsDashed) const
{
    if (runs_.size() == 1)
        return runName(0);
    QStringList names;
    for (size_t i = 0; i < runs_.size(); ++i)
        names << QStringLiteral("%1: %2%3").arg(runLetter(i), runName(i), i > 0 && laterRunsDashed ? QStringLiteral(" (dashed)") : QString());
    return names.join(QStringLiteral("   vs   "));
}

ChartSpec RunChartFrame::spec(const QString& title, const QString& yLabel, const QString& yUnit) const
{
    ChartSpec spec;
    spec.title = title;
    spec.subtitle = subtitle();
    spec.x = x_;
    spec.y.label = yLabel;
    spec.y.unit = yUnit;
    if (options_.cursor)
        spec.markers.append({xOf(*options_.cursor), QStringLiteral("cursor")});
    if (options_.fork)
        spec.markers.append({xOf(*options_.fork), QStringLiteral("fork")});
    if (options_.divergence)
        spec.markers.append({xOf(*options_.divergence), QStringLiteral("diverges")});
    spec.shadedX = options_.shadedX;
    return spec;
}

SeriesWindow RunChartFrame::window(size_t run) const
{
    if (run == 0)
        return SeriesWindow(*runs_[0], from_, to_, xScale_, options_.maxPoints);
    return SeriesWindow::overX(*runs_[run], xMin_, xMax_, xScale_, options_.maxPoints);
}

double RunChartFrame::xOf(size_t position) const
{
    const MetricSeries& s = runs_.front()->series();
    if (s.rows() == 0)
        return 0;
    return s.column(0)[std::min(position, s.rows() - 1)] * xScale_;
}

}  // namespace tessera::chart
