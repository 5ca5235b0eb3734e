#include "chart/ReportWriter.h"

#include "chart/ChartError.h"
#include "chart/WholeFile.h"
#include "chart/ChartRenderer.h"
#include "chart/MetricText.h"
#include "chart/UnitTitle.h"
#include "chart/ReportTable.h"
#include "run/RunComparability.h"

#include <QBuffer>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>
#include <map>

namespace tessera::chart {

namespace {

constexpr int kDotsPerInch = 96;

using Table = ReportTable::Rows;

QFont pixelFont(double pixels, bool bold = false)
{
    QFont f;
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(int(pixels));
    f.setBold(bold);
    return f;
}

// Draws `table` from `top`, wrapped to `maxWidth`; returns the bottom.
double paintTable(QPainter& painter, const Table& table, double left, double top, double maxWidth,
                  const ChartTheme& theme, double fontPixels)
{
    const ReportTable laidOut(table, pixelFont(fontPixels), pixelFont(fontPixels, true), maxWidth);
    laidOut.paint(painter, QPointF(left, top), theme);
    return top + laidOut.height();
}

// "A: name" for each run: the name the app shows when given, else the stored one.
QStringList runHeaders(const std::vector<const Run*>& runs, const QStringList& names)
{
    QStringList headers;
    for (size_t i = 0; i < runs.size(); ++i) {
        const QString name = qsizetype(i) < names.size() && !names[qsizetype(i)].isEmpty()
                                 ? names[qsizetype(i)]
                                 : QString::fromStdString(runs[i]->info().name);
        headers << QStringLiteral("%1: %2").arg(QChar('A' + int(i % 26))).arg(name);
    }
    return headers;
}

Table parametersTable(const std::vector<const Run*>& runs, const QStringList& headers)
{
    Table t;
    const QStringList header = QStringList{QStringLiteral("Parameter")} + headers;
    t << header;
    auto row = [&](const QString& name, auto valueOf) {
        QStringList r{name};
        for (const Run* run : runs)
            r << valueOf(*run);
        t << r;
    };
    row(QStringLiteral("kind"), [](const Run& r) { return QString::fromStdString(r.info().kind); });
    row(QStringLiteral("policy"), [](const Run& r) { return QString::fromStdString(r.info().policy); });
    row(QStringLiteral("seed"), [](const Run& r) { return QString::number(r.info().seed); });
    row(QStringLiteral("mode"), [](const Run& r) { return QString::fromStdString(r.info().mode); });
    row(QStringLiteral("steps"), [](const Run& r) { return QString::number(r.steps()); });
    // Every parameter any run has, in first-seen order.
    std::vector<std::string> keys;
    for (const Run* run : runs)
        for (const auto& [key, value] : run->info().parameters)
            if (std::find(keys.begin(), keys.end(), key) == keys.end())
                keys.push_back(key);
    for (const auto& key : keys)
        row(QString::fromStdString(key), [&](const Run& r) {
            for (const auto& [k, v] : r.info().parameters)
                if (k == key)
                    return QString::fromStdString(v);
            return QStringLiteral("–");
        });
    return t;
}

// "GPU allocation (%)": a figure's label with its unit.
QString labelWithUnit(const std::string& label, const std::string& unit)
{
    return unitTitle(QString::fromStdString(label), QString::fromStdString(unit));
}

// A row of one figure: its name, each run's value (nothing: "–"), and B − A for two runs.
QStringList figureRow(const QString& name, const MetricInfo& info, const std::vector<std::optional<double>>& values)
{
    QStringList row{name};
    for (const auto& v : values)
        row << (v ? MetricText::value(info, *v) : QStringLiteral("–"));
    if (values.size() == 2)
        row << (values[0] && values[1] ? MetricText::delta(info, *values[1] - *values[0]) : QStringLiteral("–"));
    return row;
}

Table summaryTable(const std::vector<const Run*>& runs, const QStringList& headers)
{
    Table t;
    QStringList header = QStringList{QStringLiteral("Metric")} + headers;
    if (runs.size() == 2)
        header << QStringLiteral("B − A");
    t << header;
    const Run& firstRun = *runs.front();
    const MetricSeries& first = firstRun.series();
    // Where the summary looks: the first run's marks on its x axis (the FGD paper's 100% and
    // 130% arrived), and the end.
    struct Point {
        QString name;
        std::optional<double> x;
    };
    std::vector<Point> points;
    const QString xUnit = first.columns() > 0 ? QString::fromStdString(first.info(0).unit) : QString();
    for (const double x : firstRun.xMarks())
        points.push_back({QStringLiteral("at %1").arg(QString::fromStdString(
                              firstRun.words().position(QStringLiteral("%1%2").arg(x).arg(xUnit).toStdString()))),
                          x});
    // The last recorded step, named as such: for round-based runs it is the last round, not the
    // state after the last completion (RunComparisonModel's end columns say the same).
    points.push_back({QStringLiteral("last %1").arg(QString::fromStdString(firstRun.words().step)), std::nullopt});
    const auto addMetrics = [&] {
        for (size_t column = 1; column < first.columns(); ++column) {
            const MetricInfo& info = first.info(column);
            if (!info.headline)
                continue;
            for (const Point& p : points) {
                std::vector<std::optional<double>> values;
                for (const Run* run : runs) {
                    const MetricSeries& s = run->series();
                    std::optional<double> v;
                    // The row the app's cursor shows at that x (MetricSeries::rowAtX), not a value
                    // between rows: the report and the screen must agree. A run that stops short
                    // of x has no value there (one ending at 129.98% counts for 130%, as in the
                    // grid CSV, whose points are arrived % rounded).
                    const bool reaches = s.rows() > 0 && (!p.x || std::nearbyint(s.column(0)[s.rows() - 1]) >= *p.x);
                    if (reaches && s.find(info.key))
                        v = s.value(info.key, p.x ? s.rowAtX(*p.x) : s.rows() - 1);
                    values.push_back(v);
                }
                t << figureRow(QStringLiteral("%1, %2").arg(labelWithUnit(info.label, info.unit), p.name), info, values);
            }
        }
    };
    // The first run's summaries (and below, distributions), each with every run's value under
    // its key: before the metrics where the kind says so, as in compare (RunKind::summaryFirst).
    const auto addSummaries = [&] {
        for (const RunSummaryValue& figure : firstRun.summary()) {
            const MetricInfo info{figure.key, figure.label, figure.unit, figure.count};
            std::vector<std::optional<double>> values;
            for (const Run* run : runs) {
                std::optional<double> v;
                for (const RunSummaryValue& own : run->summary())
                    if (own.key == figure.key)
                        v = own.value;
                values.push_back(v);
            }
            t << figureRow(labelWithUnit(figure.label, figure.unit), info, values);
        }
    };
    if (summaryFirst(firstRun.info().kind)) {
        addSummaries();
        addMetrics();
    } else {
        addMetrics();
        addSummaries();
    }
    for (const Distribution& d : firstRun.distributions()) {
        const MetricInfo info{d.key, d.label, d.unit};
        for (const auto& [q, name] : {std::pair{0.5, "p50"}, std::pair{0.9, "p90"}, std::pair{0.99, "p99"}}) {
            std::vector<std::optional<double>> values;
            for (const Run* run : runs) {
                std::optional<double> v;
                for (const Distribution& own : run->distributions())
                    if (own.key == d.key && !std::isnan(own.quantile(q)))
                        v = own.quantile(q);
                values.push_back(v);
            }
            t << figureRow(QStringLiteral("%1, %2").arg(labelWithUnit(d.label, d.unit), QLatin1String(name)), info, values);
        }
    }
    return t;
}

void paintTitlePage(QPainter& painter, const QRectF& page, const std::vector<const Run*>& runs,
                    const QStringList& headers, const ChartTheme& theme)
{
    const double font = std::max(11.0, page.height() / 58);
    painter.fillRect(page, theme.background);
    painter.setPen(theme.text);
    painter.setFont(pixelFont(font * 2, true));
    const QFontMetricsF title(painter.font());
    const QString heading = runs.size() > 1 ? QStringLiteral("Tessera report: comparison of %1 runs").arg(runs.size())
                                            : QStringLiteral("Tessera report");
    painter.drawText(QRectF(page.left(), page.top(), page.width(), title.height()), Qt::AlignLeft, heading);
    double y = page.top() + title.height() * 1.5;
    painter.setFont(pixelFont(font * 1.25, true));
    painter.drawText(QPointF(page.left(), y), QStringLiteral("Parameters"));
    y = paintTable(painter, parametersTable(runs, headers), page.left(), y + font * 0.6, page.width(), theme, font);
    y += font * 2.2;
    painter.setPen(theme.text);
    painter.setFont(pixelFont(font * 1.25, true));
    painter.drawText(QPointF(page.left(), y), QStringLiteral("Summary"));
    paintTable(painter, summaryTable(runs, headers), page.left(), y + font * 0.6, page.width(), theme, font);
}

}  // namespace

QList<QStringList> ReportWriter::summary(const std::vector<const Run*>& runs, const QStringList& runNames)
{
    return summaryTable(runs, runHeaders(runs, runNames));
}

QByteArray ReportWriter::render(const std::vector<const Run*>& runs, const QList<ChartSpec>& charts, Layout layout,
                                const ChartTheme& theme, const QStringList& runNames)
{
    if (runs.empty())
        throw ChartError(QStringLiteral("a report needs at least one run"));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setResolution(kDotsPerInch);
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(12, 12, 12, 12),
                                  QPageLayout::Millimeter));
    pdf.setTitle(QStringLiteral("Tessera report"));
    pdf.setCreator(QStringLiteral("Tessera"));
    QPainter painter(&pdf);
    const QRectF page(0, 0, pdf.width(), pdf.height());
    paintTitlePage(painter, page, runs, runHeaders(runs, runNames), theme);
    const int perPage = layout == Layout::TwoPerPage ? 2 : 1;
    for (int i = 0; i < charts.size(); i += perPage) {
        pdf.newPage();
        ChartRenderer::paint(painter, page, charts.mid(i, perPage), theme);
    }
    painter.end();
    return bytes;
}

void ReportWriter::write(const QString& path, const std::vector<const Run*>& runs, const QList<ChartSpec>& charts,
                         Layout layout, const ChartTheme& theme, const QStringList& runNames)
{
    const QByteArray bytes = render(runs, charts, layout, theme, runNames);
    writeWholeFile(path, bytes);
}

}  // namespace tessera::chart
