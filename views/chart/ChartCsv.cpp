#include "chart/ChartCsv.h"

#include "chart/ChartError.h"
#include "chart/WholeFile.h"

#include <QStringList>

#include <cmath>
#include <algorithm>
#include <iterator>
#include <set>

namespace tessera::chart {

namespace {

QString field(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')) &&
        !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

// QString::number ignores the locale, so the separator is always a dot; NaN is an empty cell.
QString number(double v)
{
    return std::isfinite(v) ? QString::number(v, 'g', 12) : QString();
}

bool inside(double x, const ChartCsv::XRange& range)
{
    return !range || (x >= range->first - 1e-9 && x <= range->second + 1e-9);
}

void appendRow(QByteArray& out, const QStringList& fields)
{
    QStringList quoted;
    for (const QString& f : fields)
        quoted << field(f);
    out += quoted.join(QLatin1Char(',')).toUtf8();
    out += '\n';
}

// "name · A (unit)": a column of a chart of several runs names its run, as the legend does
// for series of the chart's own (which already end in " · A"), even where the legend leaves it
// to the subtitle.
QString seriesHeader(const ChartSpec& spec, const ChartSpec::Series& s)
{
    const QString tag = QStringLiteral(" · ") + s.run;
    const QString name = s.run.isEmpty() || s.name.endsWith(tag) ? s.name : s.name + tag;
    return unitTitle(name, spec.y.unit);
}

// The value of a series at x by the step rule: its last point at or before x, held until the
// next; NaN (an empty cell) outside the series' own x range, where it has no value.
double heldValue(const QList<QPointF>& points, double x)
{
    if (points.isEmpty() || x < points.first().x() || x > points.last().x())
        return std::nan("");
    const auto after = std::upper_bound(points.begin(), points.end(), x,
                                        [](double at, const QPointF& p) { return at < p.x(); });
    return std::prev(after)->y();
}

QByteArray heatmapCsv(const ChartSpec::Heatmap& h, const ChartCsv::XRange& visible)
{
    std::vector<int> columns;
    for (int c = 0; c < h.columnHeaders.size(); ++c)
        if (c >= h.columnX.size() || inside(h.columnX[c], visible))
            columns.push_back(c);
    QByteArray out;
    QStringList header{h.rowAxisLabel.isEmpty() ? QStringLiteral("group") : h.rowAxisLabel};
    for (int c : columns)
        header << h.columnHeaders[c];
    appendRow(out, header);
    const size_t width = size_t(h.columnHeaders.size());
    for (int r = 0; r < h.rowNames.size(); ++r) {
        QStringList row{h.rowNames[r]};
        for (int c : columns) {
            const size_t i = size_t(r) * width + size_t(c);
            row << (i < h.values.size() ? number(double(h.values[i])) : QString());
        }
        appendRow(out, row);
    }
    return out;
}

}  // namespace

QByteArray ChartCsv::toCsv(const ChartSpec& spec, XRange visible)
{
    if (spec.heatmap && spec.series.isEmpty())
        return heatmapCsv(*spec.heatmap, visible);
    QByteArray out;
    QStringList header{spec.x.title()};
    for (const auto& s : spec.series)
        header << seriesHeader(spec, s);
    appendRow(out, header);

    // Series of one run share their rows: write them row by row, repeated x included.
    bool sameX = true;
    for (const auto& s : spec.series) {
        sameX = sameX && s.points.size() == spec.series.first().points.size();
        for (int i = 0; sameX && i < s.points.size(); ++i)
            sameX = s.points[i].x() == spec.series.first().points[i].x();
    }
    if (sameX && !spec.series.isEmpty()) {
        const auto& first = spec.series.first().points;
        for (int i = 0; i < first.size(); ++i) {
            if (!inside(first[i].x(), visible))
                continue;
            QStringList row{number(first[i].x())};
            for (const auto& s : spec.series)
                row << number(s.points[i].y());
            appendRow(out, row);
        }
        return out;
    }
    // Runs sampled at different x: one row per distinct x of any series, and in it every series'
    // value at that x, held from its last point, so no row has a hole inside a series' range.
    std::set<double> xs;
    for (const auto& s : spec.series)
        for (const QPointF& p : s.points)
            if (inside(p.x(), visible))
                xs.insert(p.x());
    for (double x : xs) {
        QStringList row{number(x)};
        for (const auto& s : spec.series)
            row << number(heldValue(s.points, x));
        appendRow(out, row);
    }
    return out;
}

void ChartCsv::save(const ChartSpec& spec, const QString& path, XRange visible)
{
    const QByteArray bytes = toCsv(spec, visible);
    writeWholeFile(path, bytes);
}

}  // namespace tessera::chart
