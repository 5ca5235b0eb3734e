// ExportController: each request writes a real file of the asked format in the background,
// CSV keeps to the visible range, the report is a multi-page PDF, and a bad request is refused
// at once with a message while nothing is written.
#include "export/ExportController.h"
#include "support/TestFiles.h"
#include "support/TestRuns.h"

#include <QFile>
#include <QImage>
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
