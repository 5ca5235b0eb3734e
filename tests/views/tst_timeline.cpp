// TimelineController (step, home, end, jump, play) over a real run, and the TimeMapping
// value <-> pixel tables.
#include "PipelineTestSupport.h"
#include "support/TestRuns.h"
#include "run/RunHandle.h"
#include "timeline/TimeMapping.h"
#include "timeline/TimelineController.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace tessera;
using namespace tessera::views;

class TestTimeline : public QObject {
    Q_OBJECT

    std::shared_ptr<const Run> run_;

    std::unique_ptr<RunHandle> handle() const { return std::make_unique<RunHandle>(run_); }

private slots:
    void initTestCase()
    {
        run_ = test::simulateRun(test::syntheticTrace(40, 400, 5), "fgd");
        QVERIFY(run_->steps() > 200);
    }

    void followsTheRun()
    {
        const auto run = handle();
        TimelineController timeline;
        QCOMPARE(timeline.steps(), 0);
        QVERIFY(timeline.label().isEmpty());
        QSignalSpy runChanged(&timeline, &TimelineController::runChanged);
        timeline.setRun(run.get());
        QCOMPARE(runChanged.count(), 1);
        QCOMPARE(timeline.steps(), int(run_->steps()));
        QCOMPARE(timeline.position(), 0);
        QCOMPARE(timeline.label(), run->xText(0));
        QCOMPARE(timeline.xLabel(), QString("Arrived workload"));
        QCOMPARE(timeline.xUnit(), QString("%"));
        QCOMPARE(timeline.speed(), TimelineController::kDefaultSpeed);
    }

    void stepsHomeAndEndStayInRange()
    {
        const auto run = handle();
        TimelineController timeline;
        timeline.setRun(run.get());
        QSignalSpy moved(&timeline, &TimelineController::positionChanged);
        timeline.step(1);
        QCOMPARE(timeline.position(), 1);
        timeline.step(100);
        QCOMPARE(timeline.position(), 101);
        timeline.step(-500);
        QCOMPARE(timeline.position(), 0);
        timeline.step(-1);  // already at 0: no signal
        QCOMPARE(moved.count(), 3);
        timeline.end();
        QCOMPARE(timeline.position(), timeline.steps());
        timeline.step(1);
        QCOMPARE(timeline.position(), timeline.steps());
        QCOMPARE(timeline.label(), run->xText(timeline.steps()));
        timeline.home();
        QCOMPARE(timeline.position(), 0);
        timeline.setPosition(-3);
        QCOMPARE(timeline.position(), 0);
        timeline.setPosition(1 << 30);
        QCOMPARE(timeline.position(), timeline.steps());
    }

    void jumpsToTheFirstPositionReachingX_data()
    {
        QTest::addColumn<double>("x");
        QTest::newRow("start") << 0.0;
        QTest::newRow("quarter") << 25.0;
        QTest::newRow("half") << 50.0;
        QTest::newRow("odd") << 61.7;
    }
    void jumpsToTheFirstPositionReachingX()
    {
        QFETCH(double, x);
        const auto run = handle();
        TimelineController timeline;
        timeline.setRun(run.get());
        timeline.jumpToX(x);
        const int p = timeline.position();
        const auto xs = run_->series().column(0);
        QVERIFY2(xs[size_t(p)] >= x, qPrintable(QString::number(xs[size_t(p)])));
        if (p > 0)
            QVERIFY(xs[size_t(p) - 1] < x);
        timeline.jumpToX(1e9);  // beyond the end: the last position
        QCOMPARE(timeline.position(), timeline.steps());
        timeline.jumpToX(std::nan(""));  // ignored
        QCOMPARE(timeline.position(), timeline.steps());
    }

    void playsAtItsSpeedAndStopsAtTheEnd()
    {
        const auto run = handle();
        TimelineController timeline;
        timeline.setRun(run.get());
        timeline.setSpeed(100);
        QSignalSpy playing(&timeline, &TimelineController::playingChanged);
        QElapsedTimer clock;
        clock.start();
        timeline.play();
        QVERIFY(timeline.playing());
        QTest::qWait(500);
        timeline.pause();
        const double expected = 100 * double(clock.elapsed()) / 1000;
        QVERIFY(!timeline.playing());
        QCOMPARE(playing.count(), 2);
        // 100 decisions a second for about half a second: roughly 50, never more than elapsed allows.
        QVERIFY2(timeline.position() >= 25 && timeline.position() <= expected + 1,
                 qPrintable(QString("%1 of %2").arg(timeline.position()).arg(expected)));
        const int paused = timeline.position();
        QTest::qWait(100);
        QCOMPARE(timeline.position(), paused);

        timeline.setSpeed(1e6);
        timeline.toggle();
        QTRY_VERIFY_WITH_TIMEOUT(!timeline.playing(), 5000);
        QCOMPARE(timeline.position(), timeline.steps());
        timeline.play();  // from the end: starts over
        QVERIFY(timeline.position() < timeline.steps());
        timeline.step(1);  // stepping pauses
        QVERIFY(!timeline.playing());
    }

    void forgetsARunThatIsClosed()
    {
        auto run = handle();
        TimelineController timeline;
        timeline.setRun(run.get());
        timeline.end();
        timeline.play();
        run.reset();
        QCOMPARE(timeline.run(), nullptr);
        QCOMPARE(timeline.steps(), 0);
        QCOMPARE(timeline.position(), 0);
        QVERIFY(!timeline.playing());
    }

    void slidersPixelsRoundTrip()
    {
        const auto run = handle();
        TimelineController timeline;
        timeline.setRun(run.get());
        const double width = 800;
        QCOMPARE(timeline.pixelAt(0, width), 0.0);
        QCOMPARE(timeline.pixelAt(timeline.steps(), width), width);
        for (int p : {0, 1, timeline.steps() / 3, timeline.steps()})
            QCOMPARE(timeline.positionAtPixel(timeline.pixelAt(p, width), width), p);
        QCOMPARE(timeline.positionAtPixel(-40, width), 0);
        QCOMPARE(timeline.positionAtPixel(width * 2, width), timeline.steps());
    }

    void mapsValuesToPixels_data()
    {
        QTest::addColumn<double>("valueStart");
        QTest::addColumn<double>("valueEnd");
        QTest::addColumn<double>("pixelStart");
        QTest::addColumn<double>("pixelEnd");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("pixel");
        QTest::newRow("middle") << 0.0 << 100.0 << 0.0 << 200.0 << 50.0 << 100.0;
        QTest::newRow("start") << 0.0 << 100.0 << 0.0 << 200.0 << 0.0 << 0.0;
        QTest::newRow("end") << 0.0 << 100.0 << 0.0 << 200.0 << 100.0 << 200.0;
        QTest::newRow("offsets") << 10.0 << 20.0 << 100.0 << 300.0 << 15.0 << 200.0;
        QTest::newRow("seconds") << 0.0 << 86400.0 << 0.0 << 1440.0 << 3600.0 << 60.0;
        QTest::newRow("flipped pixels") << 0.0 << 10.0 << 100.0 << 0.0 << 2.5 << 75.0;
        QTest::newRow("empty range") << 5.0 << 5.0 << 0.0 << 100.0 << 5.0 << 0.0;
        QTest::newRow("no width") << 0.0 << 100.0 << 30.0 << 30.0 << 40.0 << 30.0;
    }
    void mapsValuesToPixels()
    {
        QFETCH(double, valueStart);
        QFETCH(double, valueEnd);
        QFETCH(double, pixelStart);
        QFETCH(double, pixelEnd);
        QFETCH(double, value);
        QFETCH(double, pixel);
        const TimeMapping mapping(valueStart, valueEnd, pixelStart, pixelEnd);
        QCOMPARE(mapping.toPixel(value), pixel);
        if (mapping.isValid())
            QCOMPARE(mapping.toValue(pixel), value);
        else
            QCOMPARE(mapping.toValue(pixel), valueStart);
    }

    void pixelsOutsideTheSpanClampToTheRange_data()
    {
        QTest::addColumn<double>("pixel");
        QTest::addColumn<double>("value");
        QTest::newRow("left of it") << -50.0 << 0.0;
        QTest::newRow("right of it") << 400.0 << 100.0;
        QTest::newRow("inside") << 20.0 << 10.0;
    }
    void pixelsOutsideTheSpanClampToTheRange()
    {
        QFETCH(double, pixel);
        QFETCH(double, value);
        QCOMPARE(TimeMapping(0, 100, 0, 200).toValue(pixel), value);
    }
};

QTEST_GUILESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
