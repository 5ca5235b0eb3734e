// The exported legend keys a series as the chart draws it: a dashed line's swatch has the dashes
// of the line itself (one pen, ChartLegend::seriesPen), not a thicker square-capped pen whose
// dashes close up, so that the renting kind's dashed Budget reads as dashed in its key.
#include "chart/ChartColors.h"
#include "chart/ChartRenderer.h"
#include "chart/ChartSpec.h"

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

#include <vector>

using namespace tessera::chart;

namespace {

const QColor kBudget(0x00, 0x72, 0xb2);

// The lengths of the runs of `color`-ish pixels along row y, from x0 to x1.
std::vector<int> runsAlong(const QImage& image, int y, int x0, int x1)
{
    std::vector<int> runs;
    int length = 0;
    for (int x = x0; x < x1; ++x) {
        const QColor c = image.pixelColor(x, y);
        const bool on = qAbs(c.red() - kBudget.red()) < 40 && qAbs(c.green() - kBudget.green()) < 40
                        && qAbs(c.blue() - kBudget.blue()) < 40;
        if (on) {
            ++length;
        } else if (length > 0) {
            runs.push_back(length);
            length = 0;
        }
    }
    if (length > 0)
        runs.push_back(length);
    return runs;
}

// The row in [y0, y1) with the most budget-coloured pixels between x0 and x1.
int busiestRow(const QImage& image, int y0, int y1, int x0, int x1)
{
    int best = y0, most = -1;
    for (int y = y0; y < y1; ++y) {
        int n = 0;
        for (int length : runsAlong(image, y, x0, x1))
            n += length;
        if (n > most) {
            most = n;
            best = y;
        }
    }
    return best;
}

}  // namespace

class TestLegendSwatches : public QObject {
    Q_OBJECT

private slots:
    void aDashedSeriesKeyHasTheLinesDashes()
    {
        ChartSpec spec;
        spec.title = QStringLiteral("Budget");
        spec.x.label = QStringLiteral("Time");
        spec.y.label = QStringLiteral("GPUs");
        spec.y.min = 0;
        spec.y.max = 20;
        ChartSpec::Series budget;
        budget.name = QStringLiteral("Budget");
        budget.color = kBudget;
        budget.dashed = true;
        budget.points = {QPointF(0, 10), QPointF(100, 10)};
        spec.series.append(budget);
        QImage image(1200, 700, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        ChartRenderer::paint(painter, QRectF(0, 0, 1200, 700), spec, ChartColors::lightTheme());
        painter.end();

        // The legend is above the plot, left: its swatch is the first budget-coloured run there.
        const int legendRow = busiestRow(image, 0, 150, 0, 200);
        const std::vector<int> swatch = runsAlong(image, legendRow, 0, 200);
        // The line across the plot's middle (y = 10 of 0-20).
        const int lineRow = busiestRow(image, 250, 450, 300, 900);
        const std::vector<int> line = runsAlong(image, lineRow, 300, 900);
        QVERIFY2(line.size() > 10, "the series is drawn dashed");
        QVERIFY2(swatch.size() >= 2, qPrintable(QStringLiteral("the key shows %1 dash(es)").arg(swatch.size())));
        // A whole dash of the key (the first) as long as the line's dashes, within antialiasing.
        const int dash = line[line.size() / 2];
        QVERIFY2(qAbs(swatch.front() - dash) <= 1,
                 qPrintable(QStringLiteral("key dash %1 px, line dash %2 px").arg(swatch.front()).arg(dash)));
    }
};

QTEST_MAIN(TestLegendSwatches)
#include "tst_legendswatches.moc"
