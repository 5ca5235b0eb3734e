// ChartZoom: the shared x range of every chart. Table-driven: each row starts from the whole
// range [0, 130] (arrived %), applies one zoom or pan, and names the range it must show.
#include "charts/ChartZoom.h"

#include <QSignalSpy>
#include <QTest>

using tessera::views::ChartZoom;

class ChartZoomTest : public QObject {
    Q_OBJECT

private slots:
    void zoomAndPan_data()
    {
        QTest::addColumn<double>("startLo");
        QTest::addColumn<double>("startHi");
        QTest::addColumn<QString>("action");
        QTest::addColumn<double>("arg1");
        QTest::addColumn<double>("arg2");
        QTest::addColumn<bool>("active");
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        // zoom(anchor, factor): the anchor keeps its place, the width scales by the factor.
        QTest::newRow("zoom in at the middle") << 0.0 << 130.0 << "zoom" << 65.0 << 0.5 << true << 32.5 << 97.5;
        QTest::newRow("zoom in at the left edge") << 0.0 << 130.0 << "zoom" << 0.0 << 0.5 << true << 0.0 << 65.0;
        QTest::newRow("zoom out past the whole range") << 40.0 << 60.0 << "zoom" << 50.0 << 100.0 << false << 0.0 << 130.0;
        QTest::newRow("zoom in keeps inside") << 100.0 << 130.0 << "zoom" << 130.0 << 0.5 << true << 115.0 << 130.0;
        // pan(share): moves by a share of the visible width, stopping at the ends.
        QTest::newRow("pan right") << 20.0 << 40.0 << "pan" << 0.5 << 0.0 << true << 30.0 << 50.0;
        QTest::newRow("pan left stops at 0") << 10.0 << 30.0 << "pan" << -1.0 << 0.0 << true << 0.0 << 20.0;
        QTest::newRow("pan right stops at the end") << 100.0 << 120.0 << "pan" << 2.0 << 0.0 << true << 110.0 << 130.0;
        QTest::newRow("pan without zoom does nothing") << 0.0 << 130.0 << "pan" << 0.5 << 0.0 << false << 0.0 << 130.0;
        // show(lo, hi): clamped, and reversed bounds are swapped.
        QTest::newRow("show reversed") << 0.0 << 130.0 << "show" << 80.0 << 60.0 << true << 60.0 << 80.0;
        QTest::newRow("show beyond the end") << 0.0 << 130.0 << "show" << 120.0 << 150.0 << true << 100.0 << 130.0;
    }
    void zoomAndPan()
    {
        QFETCH(double, startLo);
        QFETCH(double, startHi);
        QFETCH(QString, action);
        QFETCH(double, arg1);
        QFETCH(double, arg2);
        QFETCH(bool, active);
        QFETCH(double, lo);
        QFETCH(double, hi);
        ChartZoom zoom;
        zoom.show(startLo, startHi, 0, 130);
        if (action == "zoom")
            zoom.zoom(arg1, arg2, 0, 130);
        else if (action == "pan")
            zoom.pan(arg1, 0, 130);
        else
            zoom.show(arg1, arg2, 0, 130);
        QCOMPARE(zoom.active(), active);
        QCOMPARE(zoom.visibleMin(0, 130), lo);
        QCOMPARE(zoom.visibleMax(0, 130), hi);
    }

    void resetShowsEverythingAndSignalsOnce()
    {
        ChartZoom zoom;
        QSignalSpy changed(&zoom, &ChartZoom::changed);
        zoom.show(10, 20, 0, 130);
        QCOMPARE(changed.count(), 1);
        zoom.reset();
        QCOMPARE(changed.count(), 2);
        zoom.reset();
        QCOMPARE(changed.count(), 2);
        QVERIFY(!zoom.active());
        QCOMPARE(zoom.visibleMin(5, 50), 5.0);
        QCOMPARE(zoom.visibleMax(5, 50), 50.0);
    }

    void tooNarrowIsWidenedToAMinimum()
    {
        ChartZoom zoom;
        zoom.show(50, 50, 0, 130);
        QVERIFY(zoom.active());
        QVERIFY(zoom.visibleMax(0, 130) > zoom.visibleMin(0, 130));
    }
};

QTEST_GUILESS_MAIN(ChartZoomTest)
#include "tst_chartzoom.moc"
