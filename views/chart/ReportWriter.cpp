#include "chart/ReportWriter.h"

#include "chart/ChartError.h"
#include "chart/WholeFile.h"
#include "chart/ChartRenderer.h"
#include "chart/MetricLookup.h"
#include "chart/MetricText.h"
#include "chart/ReportTable.h"

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

Table summaryTable(const std::vector<const Run*>& runs, const QStringList& headers)
{
    const char* const metrics[] = {"alloc_pct", "frag_rate_pct", "frag_of_total_pct", "power_kw", "failed_pods"};
    Table t;
    QStringList header = QStringList{QStringLiteral("Metric")} + headers;
    const bool delta = runs.size() == 2;
    if (delta)
        header << QStringLiteral("B − A");
    t << header;
    const MetricSeries& first = runs.front()->series();
    const bool arrivedAxis = first.rows() > 0 && first.info(0).key == "arrived_pct";
    // Where the summary looks: the FGD paper's 100% and 130% arrived points, and the end.
    struct Point {
        QString name;
        std::optional<double> x;
    };
    std::vector<Point> points;
    if (arrivedAxis)
        points = {{QStringLiteral("at 100% arrived"), 100.0}, {QStringLiteral("at 130% arrived"), 130.0}};
    points.push_back({QStringLiteral("final"), std::nullopt});
    for (const char* key : metrics) {
        const auto column = first.find(key);
        if (!column)
            continue;
        const MetricInfo& info = first.info(*column);
        for (const Point& p : points) {
            QStringList row{QStringLiteral("%1 (%2), %3")
                                .arg(QString::fromStdString(info.label), QString::fromStdString(info.unit), p.name)};
            std::vector<std::optional<double>> values;
            for (const Run* run : runs) {
                const MetricSeries& s = run->series();
                std::optional<double> v;
                // The row the app's cursor shows at that x (MetricSeries::rowAtX), not a value
                // between rows: the report and the screen must agree. A run that stops short
                // of x has no value there (one ending at 129.98% counts for 130%, as in the
                // grid CSV, whose points are arrived % rounded).
                const bool reaches = s.rows() > 0 && (!p.x || std::nearbyint(s.column(0)[s.rows() - 1]) >= *p.x);
                if (reaches && s.find(key))
                    v = s.value(key, p.x ? s.rowAtX(*p.x) : s.rows() - 1);
                values.push_back(v);
                row << (v ? MetricText::value(info, *v) : QStringLiteral("–"));
            }
            if (delta)
                row << (values[0] && values[1] ? MetricText::delta(info, *values[1] - *values[0]) : QStringLiteral("–"));
            t << row;
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
