#include "chart/GanttChart.h"

#include "chart/ChartColors.h"
#include "chart/KindChartHelpers.h"
#include "chart/RunChartFrame.h"
#include "chart/RunCharts.h"

#include <algorithm>
#include <cmath>

namespace tessera::chart {

namespace {

// Image columns over the x window, and pixels of a lane (a bar and a gap that keeps the lanes
// apart); the painter stretches the image over the plot.
constexpr int kColumns = 1600;
constexpr int kBarPixels = 3;
constexpr int kLanePixels = kBarPixels + 1;
// Named lanes on the row axis: every lane while they fit, else groups of lanes ("slot 1-8").
constexpr int kMaxNamedRows = 24;
// As the app's Gantt draws bars that start after the cursor.
constexpr double kFutureOpacity = 0.3;

// "slot 1–8" for lanes "slot 1" to "slot 8": their shared words once.
QString laneRange(const QString& first, const QString& last)
{
    const qsizetype space = first.lastIndexOf(u' ');
    if (space > 0 && last.startsWith(first.left(space + 1)))
        return first + QStringLiteral("–") + last.mid(space + 1);
    return first + QStringLiteral(" – ") + last;
}

}  // namespace

ChartSpec GanttChart::build(const Run& run, const RunChartOptions& options, double xEnd)
{
    const RunIntervals& all = run.intervals();
    const std::vector<const Run*> one{&run};
    const RunChartFrame frame(one, options);
    const RunWords words = run.words();
    ChartSpec spec = frame.spec(QStringLiteral("Gantt: each %1 as a bar while it runs, on %2 lanes")
                                    .arg(QString::fromStdString(words.occupant))
                                    .arg(all.lanes.size()),
                                QString(), QString());
    const double scale = frame.xScale();
    double lo = frame.xMin(), hi = frame.xMax();
    if (!frame.zoomed()) {
        hi = std::max(hi, xEnd * scale);
        for (const RunInterval& i : all.intervals) {
            lo = std::min(lo, i.fromX * scale);
            hi = std::max(hi, i.toX * scale);
        }
    }
    if (hi <= lo)
        hi = lo + 1;
    const std::optional<double> now =
        options.cursor ? std::optional<double>(frame.xOf(*options.cursor)) : std::nullopt;

    ChartSpec::Heatmap h;
    h.xMin = lo;
    h.xMax = hi;
    const size_t lanes = std::max<size_t>(1, all.lanes.size());
    h.image = QImage(kColumns, int(lanes) * kLanePixels, QImage::Format_ARGB32);
    h.image.fill(Qt::transparent);
    for (size_t c = 0; c < all.categories.size(); ++c)
        h.keys.append({QString::fromStdString(all.categories[c]), ChartColors::seriesColor(int(c))});
    const QString unit = spec.x.unit.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(spec.x.unit);
    // The CSV's text columns are in the row name; values hold the numbers.
    h.columnHeaders = {QStringLiteral("start") + unit, QStringLiteral("end") + unit};
    // The y axis's title and the CSV's first column, whose rows are the bars.
    QString occupants = QString::fromStdString(words.occupants);
    if (!occupants.isEmpty())
        occupants[0] = occupants[0].toUpper();
    h.rowAxisLabel = QStringLiteral("%1 by lane").arg(occupants);
    const double perColumn = (hi - lo) / kColumns;
    for (const RunInterval& i : all.intervals) {
        const double from = i.fromX * scale, to = i.toX * scale;
        if (to < lo || from > hi)
            continue;
        QColor color = i.category >= 0 ? ChartColors::seriesColor(i.category) : QColor(0x8a, 0x8f, 0x96);
        if (now && from > *now)
            color.setAlphaF(kFutureOpacity);
        // At least one column: a short job is still seen.
        const int left = std::clamp(int(std::floor((from - lo) / perColumn)), 0, kColumns - 1);
        const int right = std::clamp(int(std::ceil((to - lo) / perColumn)), left + 1, kColumns);
        // Set, not painted: exactly the category's colour (and alpha), which a reader of the
        // file (or a test) can match to the legend.
        const QRgb rgba = color.rgba();
        for (int y = 0; y < kBarPixels; ++y) {
            auto* line = reinterpret_cast<QRgb*>(h.image.scanLine(int(i.lane) * kLanePixels + y));
            std::fill(line + left, line + right, rgba);
        }
        const QString category = i.category >= 0 && size_t(i.category) < all.categories.size()
                                     ? QString::fromStdString(all.categories[size_t(i.category)])
                                     : QString();
        const QString lane = i.lane < all.lanes.size() ? QString::fromStdString(all.lanes[i.lane]) : QString();
        QStringList name{QString::fromStdString(i.label)};
        if (!category.isEmpty())
            name << category;
        if (!lane.isEmpty())
            name << lane;
        h.rowNames << name.join(QStringLiteral(" · "));
        h.values.push_back(float(from));
        h.values.push_back(float(to));
    }
    // The lanes named on the row axis: each, or as groups of consecutive lanes when there are
    // too many to read.
    const size_t perBand = (all.lanes.size() + kMaxNamedRows - 1) / kMaxNamedRows;
    for (size_t first = 0; perBand > 0 && first < all.lanes.size(); first += perBand) {
        const size_t last = std::min(all.lanes.size(), first + perBand) - 1;
        const QString label = first == last ? QString::fromStdString(all.lanes[first])
                                            : laneRange(QString::fromStdString(all.lanes[first]),
                                                        QString::fromStdString(all.lanes[last]));
        h.bands.append({label, int(first) * kLanePixels, int(last - first + 1) * kLanePixels});
    }
    spec.heatmap = std::move(h);
    return spec;
}

QList<ChartSpec> GanttChart::panels(const ChartRuns& runs, const RunChartOptions& options)
{
    double end = 0;  // the last x of any run, bar or row
    for (const Run* run : runs) {
        if (const auto x = run->series().column(0); !x.empty())
            end = std::max(end, x.back());
        for (const RunInterval& i : run->intervals().intervals)
            end = std::max(end, i.toX);
    }
    QList<ChartSpec> panels;
    for (size_t i = 0; i < runs.size(); ++i)
        if (!runs[i]->intervals().empty())
            panels.append(build(*runs[i], RunCharts::optionsOfRun(runs, options, i), end));
    return panels;
}

RegisteredChart GanttChart::chart(const char* kind)
{
    return {kind, "gantt", kindcharts::titled("Gantt"),
            [](const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&) {
                return panels(runs, options);
            },
            {}, true};
}

}  // namespace tessera::chart
