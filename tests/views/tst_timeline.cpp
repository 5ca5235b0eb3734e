// TimelineController (step, home, end, jump, play) over a real run, the jump box's parser
// (JumpParser) and the time mappings: TimeMapping value <-> pixel, and the heatmap's columns
// placed linearly in x (FragmentationHeatmap::positionsOverX).
#include "PipelineTestSupport.h"
#include "support/TestRuns.h"
#include "run/RunHandle.h"
#include "chart/FragmentationHeatmap.h"
#include "timeline/JumpParser.h"
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

    std::shared_ptr<const Run> replay_;

    std::unique_ptr<RunHandle> handle() const { return std::make_unique<RunHandle>(run_); }
    std::unique_ptr<RunHandle> replayHandle() const { return std::make_unique<RunHandle>(replay_); }

private slots:
    void initTestCase()
    {
        run_ = test::simulateRun(test::syntheticTrace(40, 400, 5), "fgd");
        QVERIFY(run_->steps() > 200);
        RunParameters p;
        p.policy = PolicySpec::parse("fgd");
        p.mode = SimulationMode::Replay;
        replay_ = PodSchedulingRun::simulate(test::syntheticTrace(30, 300, 9, true), p);
        QCOMPARE(replay_->series().info(0).unit, std::string("s"));
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

    void jumpBoxReadsTheAxesUnits_data()
    {
        QTest::addColumn<QString>("unit");
        QTest::addColumn<double>("max");
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("x");  // NaN: refused
        QTest::addColumn<QString>("error");  // a word the refusal must contain
        const double day = 86400, nan = std::nan("");
        const double replay = 200 * day;  // a long replay: its axes say days
        QTest::newRow("days") << "s" << replay << "130d" << 130 * day << "";
        QTest::newRow("days, spaced and capitals") << "s" << replay << " 130 D " << 130 * day << "";
        QTest::newRow("hours") << "s" << replay << "4h" << 4 * 3600.0 << "";
        QTest::newRow("minutes") << "s" << replay << "90min" << 5400.0 << "";
        QTest::newRow("seconds") << "s" << replay << "45s" << 45.0 << "";
        QTest::newRow("a sum") << "s" << replay << "2d 6h" << 2 * day + 6 * 3600 << "";
        QTest::newRow("decimal comma") << "s" << replay << "1,5d" << 1.5 * day << "";
        QTest::newRow("share of the run") << "s" << replay << "95%" << 0.95 * replay << "";
        QTest::newRow("plain number in the axes' days") << "s" << replay << "130" << 130 * day << "";
        QTest::newRow("plain number in seconds on a short run") << "s" << 3000.0 << "130" << 130.0 << "";
        QTest::newRow("plain number in the axes' hours") << "s" << 10 * 3600.0 << "4" << 4 * 3600.0 << "";
        QTest::newRow("end exactly") << "s" << replay << "200d" << replay << "";
        QTest::newRow("unknown unit") << "s" << replay << "130x" << nan << "130x";
        QTest::newRow("words") << "s" << replay << "soon" << nan << "Cannot read";
        QTest::newRow("empty") << "s" << replay << "  " << nan << "Type";
        QTest::newRow("negative") << "s" << replay << "-5d" << nan << "Cannot read";
        QTest::newRow("exponent") << "s" << replay << "1e5" << nan << "Cannot read";
        QTest::newRow("share in a sum") << "s" << replay << "2d 5%" << nan << "Cannot read";
        QTest::newRow("past the end") << "s" << replay << "300d" << nan << "200 d";
        QTest::newRow("arrived plain") << "%" << 130.0 << "95" << 95.0 << "";
        QTest::newRow("arrived with unit") << "%" << 130.0 << "95%" << 95.0 << "";
        QTest::newRow("arrived decimals") << "%" << 130.0 << "57.25" << 57.25 << "";
        QTest::newRow("time on an arrived axis") << "%" << 130.0 << "130d" << nan << "%";
        QTest::newRow("arrived past the end") << "%" << 130.0 << "131" << nan << "past";
        QTest::newRow("two numbers") << "%" << 130.0 << "5 5" << nan << "Cannot read";
    }
    void jumpBoxReadsTheAxesUnits()
    {
        QFETCH(QString, unit);
        QFETCH(double, max);
        QFETCH(QString, text);
        QFETCH(double, x);
        QFETCH(QString, error);
        const JumpParser::Result r = JumpParser::parse(text, {unit, 0.0, max});
        if (std::isnan(x)) {
            QVERIFY2(!r.x, qPrintable(QString::number(r.x.value_or(0))));
            QVERIFY2(r.error.contains(error), qPrintable(r.error));
        } else {
            QVERIFY2(r.x, qPrintable(r.error));
            QVERIFY2(std::abs(*r.x - x) <= 1e-9 * std::max(1.0, x), qPrintable(QString::number(*r.x)));
            QVERIFY(r.error.isEmpty());
        }
    }

    void aJumpItCannotReadIsShownAndMovesNothing()
    {
        const auto run = handle();
        TimelineController timeline;
        timeline.setRun(run.get());
        QVERIFY(!timeline.jumpHint().isEmpty());
        timeline.setPosition(17);
        QSignalSpy errors(&timeline, &TimelineController::jumpErrorChanged);
        QVERIFY(!timeline.jumpTo("130d"));  // an arrived-% run has no days
        QCOMPARE(timeline.position(), 17);
        QVERIFY(!timeline.jumpError().isEmpty());
        QCOMPARE(errors.count(), 1);
        QVERIFY(timeline.jumpTo("50"));
        QVERIFY(timeline.jumpError().isEmpty());
        QCOMPARE(timeline.position(), run->positionAtX(50));
        QVERIFY(!timeline.jumpTo("500"));
        QVERIFY(timeline.jumpError().contains("past"));
        timeline.clearJumpError();
        QVERIFY(timeline.jumpError().isEmpty());
        // Once the cursor moves on by other means, a refusal speaks of something past.
        QVERIFY(!timeline.jumpTo("500"));
        QVERIFY(!timeline.jumpError().isEmpty());
        timeline.setPosition(timeline.position() - 1);
        QVERIFY(timeline.jumpError().isEmpty());
    }

    void heatmapColumnsAreLinearInX_data()
    {
        QTest::addColumn<QList<double>>("xs");  // x of each position
        QTest::addColumn<int>("columns");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<QList<int>>("positions");
        // Column c shows the state at its centre from + (to - from)(c + ½)/columns: the last
        // position at or before it, however unevenly the events fall.
        QTest::newRow("bursts and gaps") << QList<double>{0, 0, 10, 10, 10, 50, 100} << 4 << 0.0 << 100.0
                                         << QList<int>{4, 4, 5, 5};
        QTest::newRow("even") << QList<double>{0, 25, 50, 75, 100} << 4 << 0.0 << 100.0 << QList<int>{0, 1, 2, 3};
        QTest::newRow("zoomed") << QList<double>{0, 25, 50, 75, 100} << 2 << 50.0 << 100.0 << QList<int>{2, 3};
        QTest::newRow("one late event") << QList<double>{0, 99} << 3 << 0.0 << 99.0 << QList<int>{0, 0, 0};
        QTest::newRow("before the first event") << QList<double>{10, 20} << 2 << 0.0 << 20.0 << QList<int>{0, 0};
    }
    void heatmapColumnsAreLinearInX()
    {
        QFETCH(QList<double>, xs);
        QFETCH(int, columns);
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(QList<int>, positions);
        MetricSeries series;
        series.add({"time_s", "Time", "s"}, std::vector<double>(xs.begin(), xs.end()));
        const std::vector<size_t> got = chart::FragmentationHeatmap::positionsOverX(series, size_t(columns), from, to);
        QCOMPARE(QList<int>(got.begin(), got.end()), positions);
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

    // Walk item 3: the slider counted decisions while the charts count time. On a replay,
    // whose events are far from evenly spread in time, the slider's pixel of a position is at
    // the share of the run's time the charts put it at, not at its share of the decisions.
    void sliderIsLinearInTheChartsX()
    {
        const auto replay = replayHandle();
        TimelineController timeline;
        timeline.setRun(replay.get());
        const double width = 1000, t0 = replay->xAt(0), t1 = replay->xAt(replay->steps());
        QCOMPARE(timeline.xStart(), t0);
        QCOMPARE(timeline.xEnd(), t1);
        double worst = 0;  // how far decisions are from time: the test means something only if far
        for (int p = 0; p <= timeline.steps(); p += 7) {
            const double timeShare = (replay->xAt(p) - t0) / (t1 - t0);
            worst = std::max(worst, std::abs(timeShare - double(p) / timeline.steps()));
            QVERIFY2(std::abs(timeline.pixelAt(p, width) - timeShare * width) < 1e-6, qPrintable(QString::number(p)));
            timeline.setPosition(p);
            QCOMPARE(timeline.x(), replay->xAt(p));
        }
        QVERIFY2(worst > 0.05, qPrintable(QString::number(worst)));
        // A pixel scrubs to the first decision at or after its time.
        const int middle = timeline.steps() / 2;
        QCOMPARE(timeline.positionAtPixel(timeline.pixelAt(middle, width), width), replay->positionAtX(replay->xAt(middle)));
        timeline.scrubToX(replay->xAt(middle));
        QCOMPARE(timeline.x(), replay->xAt(middle));
    }

    // Walk item 13: a replay jump into a time with no event lands on the next event and says so.
    void aJumpIntoAGapSaysWhereItLanded()
    {
        const auto replay = replayHandle();
        TimelineController timeline;
        timeline.setRun(replay.get());
        int gapEnd = 1;  // the event after the longest quiet time
        for (int p = 1; p <= timeline.steps(); ++p)
            if (replay->xAt(p) - replay->xAt(p - 1) > replay->xAt(gapEnd) - replay->xAt(gapEnd - 1))
                gapEnd = p;
        const double asked = std::floor((replay->xAt(gapEnd - 1) + replay->xAt(gapEnd)) / 2);
        QVERIFY(timeline.jumpTo(QStringLiteral("%1s").arg(asked, 0, 'f', 0)));
        QCOMPARE(timeline.position(), replay->positionAtX(asked));
        QVERIFY(timeline.jumpError().isEmpty());
        QVERIFY2(timeline.jumpNote().contains("No event") && timeline.jumpNote().contains(QString::number(gapEnd)),
                 qPrintable(timeline.jumpNote()));
        timeline.step(-1);  // the note is about where the jump landed: gone once the cursor moves
        QVERIFY(timeline.jumpNote().isEmpty());
        // A jump onto an event needs no note.
        QVERIFY(timeline.jumpTo(QStringLiteral("%1s").arg(replay->xAt(gapEnd), 0, 'f', 0)));
        QVERIFY2(timeline.jumpNote().isEmpty(), qPrintable(timeline.jumpNote()));
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
