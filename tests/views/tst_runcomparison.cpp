// RunComparisonModel against the core: its rows are the metrics the two runs share, and every
// cell is the runs' own series value (or their difference) at the cursor or at the end.
#include "compare/RunComparisonModel.h"
#include "run/PodSchedulingRun.h"
#include "support/SyntheticTrace.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace tessera;
using namespace tessera::views;

namespace {

std::shared_ptr<const Run> simulate(const std::shared_ptr<const PodTrace>& trace, const char* policy)
{
    RunParameters p;
    p.policy = PolicySpec::parse(policy);
    p.seed = 42;
    p.tune = 0.8;
    return PodSchedulingRun::simulate(trace, p);
}

}  // namespace

class RunComparisonTest : public QObject {
    Q_OBJECT

    std::shared_ptr<const PodTrace> trace_;

private slots:
    void initTestCase()
    {
        Cluster cluster = test::syntheticCluster(40);
        PodList pods = test::syntheticPods(cluster, 600, 11, false);
        trace_ = PodTrace::make(std::move(cluster), std::move(pods));
    }

    void cellsAreTheRunsValuesAndDeltas()
    {
        RunHandle a(simulate(trace_, "fgd"));
        RunHandle b(simulate(trace_, "bestfit"));
        RunComparisonModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setRunA(&a);
        QCOMPARE(model.rowCount(), 0);  // nothing to compare with yet
        model.setRunB(&b);

        const MetricSeries& s = a.run().series();
        QCOMPARE(model.rowCount(), int(s.columns()) - 1);  // every metric but the x axis
        QVERIFY(a.steps() > 10 && b.steps() > 10);
        const int pa = a.steps() / 2, pb = b.steps() / 3;
        model.setPositionA(pa);
        model.setPositionB(pb);
        for (int row = 0; row < model.rowCount(); ++row) {
            const std::string key = s.info(size_t(row) + 1).key;
            const double va = s.value(key, size_t(pa));
            const double vb = b.run().series().value(key, size_t(pb));
            QCOMPARE(model.value(row, RunComparisonModel::AtCursorA), va);
            QCOMPARE(model.value(row, RunComparisonModel::AtCursorB), vb);
            QCOMPARE(model.value(row, RunComparisonModel::AtCursorDelta), vb - va);
            QCOMPARE(model.value(row, RunComparisonModel::FinalA), s.value(key, a.run().steps()));
            QCOMPARE(model.value(row, RunComparisonModel::FinalDelta),
                     b.run().series().value(key, b.run().steps()) - s.value(key, a.run().steps()));
        }
        const QString firstLabel = model.data(model.index(0, 0)).toString();
        QVERIFY2(firstLabel.contains('(') && firstLabel.contains(')'), qPrintable(firstLabel));  // with its unit
    }

    void movingTheCursorUpdatesOnlyCursorColumns()
    {
        RunHandle a(simulate(trace_, "fgd"));
        RunHandle b(simulate(trace_, "random"));
        RunComparisonModel model;
        model.setRunA(&a);
        model.setRunB(&b);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setPositionA(5);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed[0][0].toModelIndex().column(), int(RunComparisonModel::AtCursorA));
        QCOMPARE(changed[0][1].toModelIndex().column(), int(RunComparisonModel::AtCursorDelta));
        model.setPositionA(5);
        QCOMPARE(changed.count(), 1);  // no change, no signal
    }

    void deltaSignFollowsTheDifference()
    {
        RunHandle a(simulate(trace_, "fgd"));
        RunHandle b(simulate(trace_, "fgd"));
        RunComparisonModel model;
        model.setRunA(&a);
        model.setRunB(&b);
        // The same policy and seed: every final delta is zero.
        for (int row = 0; row < model.rowCount(); ++row)
            QCOMPARE(model.data(model.index(row, RunComparisonModel::FinalDelta), RunComparisonModel::DeltaSignRole).toInt(), 0);
    }
};

QTEST_MAIN(RunComparisonTest)
#include "tst_runcomparison.moc"
