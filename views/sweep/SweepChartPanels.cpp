#include "SweepChartPanels.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace tessera::views {

namespace {

// The values an axis must show, lowest to highest.
struct Span {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    void add(double v)
    {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    bool empty() const { return !(lo <= hi); }
};

// Fixes the axis's ends at the span widened by kMargin each side (one value: a little around
// it), so that a point at either end, its dot and its band, are drawn whole; the ticks stay
// at nice values inside (PanelPainter).
void fixPadded(chart::ChartSpec::Axis& axis, const Span& span)
{
    if (span.empty())
        return;
    const double width = span.hi - span.lo;
    const double pad = width > 0 ? width * SweepChartPanels::kMargin : std::max(1.0, std::abs(span.lo) * 0.1);
    axis.min = span.lo - pad;
    axis.max = span.hi + pad;
}

}  // namespace

QList<chart::ChartSpec> SweepChartPanels::build(const std::vector<SweepCurves>& figures, const Options& options)
{
    QList<chart::ChartSpec> panels;
    // One x range for every panel: their x axes line up (ChartRenderer shares the plots' edges).
    Span x;
    for (const SweepCurves& figure : figures)
        for (const SweepCurves::Curve& c : figure.curves)
            for (const SweepCurves::Point& p : c.points)
                x.add(p.x);
    std::set<QString> named;  // groups already in a legend: each is named once, in the first panel that has it
    for (const SweepCurves& figure : figures) {
        chart::ChartSpec spec;
        // The title names the figure and where it was read; the axes say what and in which unit.
        spec.title = QStringLiteral("%1 vs %2").arg(figure.yTitle, figure.xTitle);
        spec.x.label = figure.xTitle;
        spec.y.label = figure.yAxis;
        spec.y.unit = figure.yUnit;
        fixPadded(spec.x, x);
        Span y;
        if (figure.yFromZero)
            y.add(0);
        // One run at each point (a seed filtered): a band would be a line, and its key a lie.
        const bool bands = options.bands && figure.maxRuns > 1;
        for (const SweepCurves::Curve& c : figure.curves) {
            chart::ChartSpec::Series s;
            const QString name = c.group.isEmpty() ? QStringLiteral("all runs") : c.group;
            if (named.insert(name).second)
                s.name = name;
            s.color = c.color;
            s.dots = true;
            for (const SweepCurves::Point& p : c.points) {
                s.points << QPointF(p.x, p.mean);
                y.add(p.mean);
                if (bands) {
                    s.band.emplace_back(p.min, p.max);
                    y.add(p.min);
                    y.add(p.max);
                }
            }
            spec.series << s;
        }
        fixPadded(spec.y, y);
        if (figure.curves.empty())
            spec.subtitle = QStringLiteral("no run has this figure (power saved needs the sweep's first run, its baseline)");
        panels << spec;
    }
    if (!panels.isEmpty()) {
        // The figure's subtitle, once: which runs (an exported figure says its filter) and what
        // line and band are.
        QStringList subtitle;
        if (!options.filterText.isEmpty())
            subtitle << QStringLiteral("Filter: %1").arg(options.filterText);
        const auto drawn = std::find_if(figures.begin(), figures.end(), [](const SweepCurves& f) { return !f.curves.empty(); });
        if (drawn != figures.end())
            subtitle << drawn->note(options.bands);
        if (!panels.first().subtitle.isEmpty())
            subtitle << panels.first().subtitle;
        panels.first().subtitle = subtitle.join(QStringLiteral(" · "));
    }
    return panels;
}

chart::ChartRenderer::Arrangement SweepChartPanels::arrangementFor(const QSizeF& size, qsizetype panels)
{
    // Wider than 2.2 times its height: two columns are each still wider than high.
    return panels > 1 && size.width() > 2.2 * size.height() ? chart::ChartRenderer::Arrangement::SideBySide
                                                             : chart::ChartRenderer::Arrangement::Stacked;
}

QString SweepChartPanels::filterText(const QList<std::pair<QString, QStringList>>& filters)
{
    QStringList parts;
    for (const auto& [title, values] : filters) {
        if (values.isEmpty())
            continue;
        const QString listed = values.size() == 1
            ? values.first()
            : QStringLiteral("%1 or %2").arg(values.mid(0, values.size() - 1).join(QStringLiteral(", ")), values.last());
        parts << QStringLiteral("%1 = %2").arg(title, listed);
    }
    return parts.join(QStringLiteral("; "));
}

}  // namespace tessera::views
