// ExportController: each request writes a real file of the asked format in the background,
// CSV keeps to the visible range, the report is a multi-page PDF, and a bad request is refused
// at once with a message while nothing is written. Files look like the screen: the runs'
// colours, the series the app's charts plan (ChartPlans), the fork on every chart, the grid's
// occupancy scale, and the report's occupancy at the cursor.
#include "chart/ChartColors.h"
#include "chart/OccupancyChart.h"
#include "chart/XAxisUnit.h"
#include "charts/ChartPlans.h"
#include "export/ExportController.h"
#include "export/ExportRequest.h"
#include "items/OccupancyItem.h"
#include "runs/RunPalette.h"
#include "support/TestFiles.h"
#include "support/TestRuns.h"

#include <QFile>

#include <cmath>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera;
using namespace tessera::views;

class ExportControllerTest : public QObject {
    Q_OBJECT

    std::shared_ptr<const PodTrace> trace_;
    std::unique_ptr<RunHandle> a_;
    std::unique_ptr<RunHandle> b_;
    std::unique_ptr<RunHandle> fork_;
    QTemporaryDir dir_;

    // Waits for the background write of the request just made.
    void finish(ExportController& exporter, const QString& path)
    {
        QSignalSpy done(&exporter, &ExportController::exported);
        QSignalSpy failed(&exporter, &ExportController::failed);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() + failed.count() > 0, 60000);
        QVERIFY2(failed.isEmpty(), qPrintable(exporter.error()));
        QCOMPARE(done.first().first().toString(), path);
        QCOMPARE(exporter.lastPath(), path);
    }

private slots:
    void initTestCase()
    {
        trace_ = test::syntheticTrace(30, 500, 5);
        a_ = std::make_unique<RunHandle>(test::simulateRun(trace_, "fgd", 1.0, 7));
        b_ = std::make_unique<RunHandle>(test::simulateRun(trace_, "bestfit", 1.0, 7));
        const int forkAt = a_->steps() / 3;
        fork_ = std::make_unique<RunHandle>(std::shared_ptr<const Run>(a_->run().fork(size_t(forkAt), "pwr:100,fgd:900")),
                                            nullptr, a_.get(), forkAt);
        // As the app colours runs when others were opened before: not the palette's first two.
        a_->setColor(RunPalette::colors().at(1));
        fork_->setColor(RunPalette::colors().at(2));
        b_->setColor(RunPalette::colors().at(3));
        QVERIFY(dir_.isValid());
    }

    void chartsInEveryFormat_data()
    {
        QTest::addColumn<QString>("chart");
        QTest::addColumn<QString>("suffix");
        for (const char* chart : {"allocation", "power", "fragmentation-heatmap", "occupancy", "difference"})
            for (const char* suffix : {"png", "svg", "pdf"})
                QTest::addRow("%s.%s", chart, suffix) << chart << suffix;
    }
    void chartsInEveryFormat()
    {
        QFETCH(QString, chart);
        QFETCH(QString, suffix);
        ExportController exporter;
        const QString path = dir_.filePath(chart + "." + suffix);
        QVERIFY2(exporter.exportChart(chart, a_.get(), b_.get(), 0, -1, a_->steps() / 2, path, {}, 900, 600),
                 qPrintable(exporter.error()));
        finish(exporter, path);
        const QByteArray bytes = test::readBytes(path);
        if (suffix == "png") {
            const QImage image = QImage::fromData(bytes, "PNG");
            QCOMPARE(image.size(), QSize(900, 600));
        } else if (suffix == "svg") {
            QVERIFY(bytes.contains("<svg"));
            // Axes, lines and text are vectors; the occupancy grid is one embedded image.
            QVERIFY(bytes.contains(chart == "occupancy" ? "<image" : "<path"));
        } else {
            QVERIFY(bytes.startsWith("%PDF"));
        }
    }

    // Walk item 23: the zoom button quoted "Zoom 43.9–110.5" with no unit.
    void zoomRangeTextSaysItsUnit()
    {
        QCOMPARE(ChartPlans().xRangeText(a_.get(), 43.94, 110.5), QStringLiteral("43.9–110.5 %"));
        // A replay's seconds read as days over a long span, as its axes do.
        QCOMPARE(chart::XAxisUnit::forSpan("s", 5 * 86400.0).rangeText(86400.0, 6 * 86400.0), QStringLiteral("1.0–6.0 d"));
    }

    void filesDrawWhatTheScreenDrawsInItsColours_data()
    {
        QTest::addColumn<QString>("chart");
        for (const char* chart : {"allocation", "failed-pods", "power", "power-by-model", "fragmentation-rate"})
            QTest::newRow(chart) << chart;
    }
    void filesDrawWhatTheScreenDrawsInItsColours()
    {
        QFETCH(QString, chart);
        const int cursor = a_->steps() / 2;
        const QVariantList screen = ChartPlans().series(chart, a_.get(), fork_.get());
        QVERIFY(!screen.isEmpty());
        // The exported chart has the screen's series, in order, named, coloured and styled alike
        // (the allocation chart's diagonal is a reference line both add on their own).
        const QList<chart::ChartSpec> specs = ExportRequest(chart, a_.get(), fork_.get(), 0, -1, cursor).specs();
        QCOMPARE(specs.size(), 1);
        QList<chart::ChartSpec::Series> drawn = specs.front().series;
        drawn.removeIf([](const auto& s) { return s.name == QStringLiteral("every arrived GPU allocated"); });
        QCOMPARE(drawn.size(), screen.size());
        bool forkDrawn = false;
        for (qsizetype i = 0; i < drawn.size(); ++i) {
            const QVariantMap entry = screen[i].toMap();
            QCOMPARE(drawn[i].name, entry["name"].toString());
            QCOMPARE(drawn[i].color, entry["color"].value<QColor>());
            QCOMPARE(drawn[i].dashed, entry["dashed"].toBool());
            QCOMPARE(drawn[i].steps != chart::Steps::None, entry["stepped"].toBool());
            QCOMPARE(drawn[i].style == chart::ChartSpec::SeriesStyle::StackedArea, entry["area"].toBool());
            forkDrawn = forkDrawn || entry["run"].toInt() == 1;
        }
        QVERIFY2(forkDrawn, "the fork is missing");

        // And the SVG file paints those colours: the runs' own, never the palette's first two,
        // each as the palette's legibility rule draws it on the file's white (walk14 W20).
        ExportController exporter;
        const QString path = dir_.filePath("screen-" + chart + ".svg");
        QVERIFY(exporter.exportChart(chart, a_.get(), fork_.get(), 0, -1, cursor, path, {}, 1200, 700));
        finish(exporter, path);
        const QByteArray svg = test::readBytes(path);
        for (const QVariant& v : screen) {
            const QByteArray color = chart::ChartColors::legibleOn(v.toMap()["color"].value<QColor>(),
                                                                   chart::ChartColors::lightTheme().background)
                                         .name()
                                         .toLatin1();
            QVERIFY2(svg.contains("stroke=\"" + color + "\"") || svg.contains("fill=\"" + color + "\""),
                     color.constData());
        }
        for (int unused : {0, 3})  // no run has these colours
            QVERIFY(!svg.contains("stroke=\"" + RunPalette::colors().at(unused).name().toLatin1() + "\""));
        if (chart == "power") {
            // The CPU and GPU stack is there beside both runs' totals.
            QVERIFY(std::count_if(drawn.begin(), drawn.end(), [](const auto& s) {
                        return s.style == chart::ChartSpec::SeriesStyle::StackedArea;
                    }) == 2);
            QVERIFY(svg.contains("CPU power"));
            QVERIFY(svg.contains("GPU power"));
        }
    }

    void occupancyFilesReadLikeTheGrid()
    {
        OccupancyItem grid;  // the app's grid on a light background, as the exports are
        grid.setDarkBackground(false);
        const QList<chart::ChartSpec> specs = ExportRequest("occupancy", a_.get(), nullptr, 0, -1, a_->steps()).specs();
        QCOMPARE(specs.size(), 1);
        const auto& h = *specs.front().heatmap;
        QCOMPARE(h.scale.front(), grid.colorAt(0.0));
        QCOMPARE(h.scale.back(), grid.colorAt(1.0));
        // Full GPUs are painted in the grid's full colour, and no cell in the other end's.
        QSet<QRgb> pixels;
        for (int y = 0; y < h.image.height(); ++y)
            for (int x = 0; x < h.image.width(); ++x)
                pixels.insert(h.image.pixel(x, y));
        QVERIFY(std::any_of(h.values.begin(), h.values.end(), [](float v) { return v == 100.0f; }));
        QVERIFY(pixels.contains(grid.colorAt(1.0).rgb()));
        QVERIFY(!pixels.contains(grid.colorAt(0.0).rgb()));
    }

    void reportDrawsTheOccupancyAtTheCursor()
    {
        const int cursor = a_->steps() / 3 + 5;
        const QList<chart::ChartSpec> specs = ExportRequest("report", a_.get(), fork_.get(), 0, -1, cursor).specs();
        int grids = 0;
        for (const chart::ChartSpec& spec : specs) {
            if (spec.title.startsWith("GPU occupancy")) {
                ++grids;
                QVERIFY2(spec.title.startsWith(QStringLiteral("GPU occupancy at decision %1 of").arg(cursor)),
                         qPrintable(spec.title));
                const Run& run = grids == 1 ? a_->run() : fork_->run();
                const auto expected = chart::OccupancyChart::build(run, size_t(cursor)).heatmap->values;
                QVERIFY(std::equal(expected.begin(), expected.end(), spec.heatmap->values.begin(),
                                   spec.heatmap->values.end(), [](float x, float y) {
                                       return x == y || (std::isnan(x) && std::isnan(y));  // NaN: no such GPU
                                   }));
                QCOMPARE(spec.subtitle, grids == 1 ? a_->name() : fork_->name());
            } else if (!spec.series.isEmpty() && spec.x.visible) {
                QVERIFY2(std::any_of(spec.markers.begin(), spec.markers.end(),
                                     [&](const auto& m) { return m.label == "cursor" && m.x == a_->xAt(cursor); }),
                         qPrintable(spec.title));
            }
        }
        QCOMPARE(grids, 2);  // one per run
        ExportController exporter;
        const QString path = dir_.filePath("report-at-cursor.pdf");
        QVERIFY(exporter.exportReport(a_.get(), fork_.get(), path, cursor));
        finish(exporter, path);
    }

    void csvKeepsToTheVisibleRange()
    {
        ExportController exporter;
        const QString whole = dir_.filePath("whole.csv"), part = dir_.filePath("part.csv");
        QVERIFY(exporter.exportCsv("allocation", a_.get(), nullptr, 0, -1, whole));
        finish(exporter, whole);
        const int from = a_->steps() / 4, to = a_->steps() / 2;
        QVERIFY(exporter.exportCsv("allocation", a_.get(), nullptr, from, to, QUrl::fromLocalFile(part).toString()));
        finish(exporter, part);
        const QList<QByteArray> wholeRows = test::readBytes(whole).trimmed().split('\n');
        const QList<QByteArray> partRows = test::readBytes(part).trimmed().split('\n');
        QVERIFY(partRows.size() > 2);
        QVERIFY(partRows.size() < wholeRows.size());
        QCOMPARE(partRows.first(), wholeRows.first());  // same header
        // Every visible row's x lies inside the range's x values.
        const double lo = a_->xAt(from), hi = a_->xAt(to);
        for (qsizetype i = 1; i < partRows.size(); ++i) {
            const double x = partRows[i].split(',').first().toDouble();
            QVERIFY2(x >= lo - 1e-9 && x <= hi + 1e-9, partRows[i].constData());
        }
    }

    void reportIsAMultiPagePdf()
    {
        ExportController exporter;
        const QString path = dir_.filePath("report.pdf");
        QVERIFY(exporter.exportReport(a_.get(), b_.get(), path));
        finish(exporter, path);
        const QByteArray pdf = test::readBytes(path);
        QVERIFY(pdf.startsWith("%PDF"));
        QVERIFY2(pdf.count("/Type /Page\n") + pdf.count("/Type /Page ") + pdf.count("/Type /Page>") >= 3,
                 "fewer than three pages");
    }

    void badRequestsAreRefused()
    {
        ExportController exporter;
        QSignalSpy errors(&exporter, &ExportController::errorChanged);
        QVERIFY(!exporter.exportChart("allocation", nullptr, nullptr, 0, -1, -1, dir_.filePath("x.png"), {}, 800, 600));
        QVERIFY(!exporter.exportChart("nonsense", a_.get(), nullptr, 0, -1, -1, dir_.filePath("x.png"), {}, 800, 600));
        QVERIFY(!exporter.exportChart("allocation", a_.get(), nullptr, 0, -1, -1, dir_.filePath("x.bmp"), {}, 800, 600));
        QVERIFY(!exporter.exportChart("allocation", a_.get(), nullptr, 0, -1, -1, dir_.filePath("x.png"), {}, 10, 600));
        QVERIFY(!exporter.error().isEmpty());
        QVERIFY(errors.count() >= 1);
        QVERIFY(!QFile::exists(dir_.filePath("x.png")));
    }

    void unwritablePathFailsWithTheFileName()
    {
        ExportController exporter;
        const QString path = dir_.filePath("no-such-folder/chart.png");
        QSignalSpy failed(&exporter, &ExportController::failed);
        QVERIFY(exporter.exportChart("allocation", a_.get(), nullptr, 0, -1, -1, path, {}, 800, 600));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
        QVERIFY2(exporter.error().contains("chart.png"), qPrintable(exporter.error()));
    }
};

QTEST_MAIN(ExportControllerTest)
#include "tst_exportcontroller.moc"
