// A sweep's curves grouped by a parameter with many values (walk15: Group by seed, 10 seeds):
// no two groups may look the same, in the chart, its legend (the curves' colours) and the table's
// group swatches, which take the same colour; the run colours alone repeated after seven.
#include "chart/ChartColors.h"
#include "support/ColourDistance.h"
#include "sweep/SweepCurves.h"

#include <QTest>

using namespace tessera;
using namespace tessera::views;

class TestSweepGroupColours : public QObject {
    Q_OBJECT

private slots:
    void tenSeedsHaveTenColoursApart()
    {
        std::vector<SweepRun> runs;
        std::vector<size_t> rows;
        for (int seed = 0; seed < 10; ++seed)
            for (const int64_t w : {0, 500, 1000}) {
                SweepRun run;
                run.runNumber = int64_t(runs.size());
                run.trace = QStringLiteral("pods.csv");
                run.policy = QStringLiteral("pwr:%1,fgd:%2").arg(w).arg(1000 - w);
                run.weights = {{QStringLiteral("pwr"), w}, {QStringLiteral("fgd"), 1000 - w}};
                run.seed = uint64_t(40 + seed);
                run.mode = QStringLiteral("experiment");
                run.points = {SweepPoint{100, 90.0 + seed - w / 1000.0, 1, 1, 100, 0}};
                rows.push_back(runs.size());
                runs.push_back(run);
            }
        const SweepCurves curves = SweepCurves::compute(
            runs, rows, SweepParameter(SweepParameter::Kind::Weight, QStringLiteral("pwr")),
            SweepParameter(SweepParameter::Kind::Seed), {}, SweepMetric(SweepMetric::Kind::Allocation), 100, {});
        QCOMPARE(int(curves.curves.size()), 10);
        for (size_t a = 0; a < curves.curves.size(); ++a)
            for (size_t b = a + 1; b < curves.curves.size(); ++b) {
                const double apart = test::deltaE(curves.curves[a].color, curves.curves[b].color);
                QVERIFY2(apart >= 15, qPrintable(QStringLiteral("groups %1 and %2: ΔE %3")
                                                     .arg(curves.curves[a].group, curves.curves[b].group)
                                                     .arg(apart)));
            }
    }

    // As many groups as the palettes hold get as many colours; the first are the run colours.
    void groupColoursAreDistinctUpToTheirCount()
    {
        const int n = chart::ChartColors::groupColorCount();
        QVERIFY(n >= 20);
        for (int i = 0; i < chart::ChartColors::categoricalCount(); ++i)
            QCOMPARE(chart::ChartColors::groupColor(i), chart::ChartColors::categorical(i));
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b)
                QVERIFY2(chart::ChartColors::groupColor(a) != chart::ChartColors::groupColor(b),
                         qPrintable(QStringLiteral("groups %1 and %2").arg(a).arg(b)));
        QCOMPARE(chart::ChartColors::groupColor(n), chart::ChartColors::groupColor(0));  // then they cycle
    }
};

QTEST_GUILESS_MAIN(TestSweepGroupColours)
#include "tst_sweepgroupcolours.moc"
