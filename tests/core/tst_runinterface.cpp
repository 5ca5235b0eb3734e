// The generic Run interface over the pod-scheduling kind: what the app's timeline, occupancy,
// heatmap, inspector and fork views consume must agree with the simulator's own record.
#include "support/TestRuns.h"

#include <QTest>

#include <numeric>

using namespace tessera;

class TestRunInterface : public QObject {
    Q_OBJECT

    std::shared_ptr<const PodTrace> trace_;
    std::unique_ptr<PodSchedulingRun> run_;

private slots:
    void initTestCase()
    {
        trace_ = test::syntheticTrace(60, 900, 5, true);
        run_ = test::simulateRun(trace_, "pwr:100,fgd:900", RunParameters().tune, 3);
        QVERIFY(run_->steps() > 300);
    }

    void seriesHasOneRowPerPosition()
    {
        const MetricSeries& s = run_->series();
        QCOMPARE(s.rows(), run_->steps() + 1);
        QCOMPARE(s.info(0).key, std::string("arrived_pct"));
        for (size_t i = 1; i < s.rows(); ++i)
            QVERIFY(s.column(0)[i] >= s.column(0)[i - 1]);
        const size_t last = run_->steps();
        QCOMPARE(s.value("alloc_pct", last), run_->result().valuesAt(last).allocPct);
        QCOMPARE(s.value("failed_pods", last), double(run_->result().timeline.sampleAt(last).failedTotal()));
        QCOMPARE(s.value("alloc_pct", 0), 0.0);
    }

    void layoutCoversEveryGpuGroupedByModel()
    {
        const OccupancyLayout& l = run_->layout();
        QCOMPARE(int(l.cellCount), trace_->cluster.totalGpus());
        QCOMPARE(l.groups.size(), trace_->cluster.nodes.size());
        for (size_t g = 1; g < l.groups.size(); ++g) {
            QVERIFY(l.groups[g].category >= l.groups[g - 1].category);
            QCOMPARE(l.groups[g].firstCell, l.groups[g - 1].firstCell + l.groups[g - 1].cellCount);
        }
    }

    void cursorCellsMatchTheRecordedMetrics()
    {
        auto cursor = run_->cursor();
        std::vector<float> use, frag;
        for (size_t position : {run_->steps(), size_t(0), run_->steps() / 2, run_->steps() / 3}) {
            cursor->seek(position);
            QCOMPARE(cursor->position(), position);
            cursor->cellUse(use);
            const double usedGpus = std::accumulate(use.begin(), use.end(), 0.0);
            const MetricSample& s = run_->result().timeline.sampleAt(position);
            const double expected = double(run_->result().capacityMilli - s.gpuLeftMilli) / 1000.0;
            QVERIFY2(std::abs(usedGpus - expected) < 1e-3, qPrintable(QString("%1 vs %2").arg(usedGpus).arg(expected)));
            cursor->groupValues(frag);
            const double fragGpus = std::accumulate(frag.begin(), frag.end(), 0.0);
            const double expectedFrag = double(s.fragmentScaled) / double(run_->result().fragmentScale) / 1000.0;
            QVERIFY(std::abs(fragGpus - expectedFrag) < 1e-2);
        }
    }

    void hoverListsThePodsOnAGpu()
    {
        auto cursor = run_->cursor();
        cursor->seek(run_->steps() / 2);
        std::vector<float> use;
        cursor->cellUse(use);
        const auto busy = std::find_if(use.begin(), use.end(), [](float u) { return u > 0; });
        QVERIFY(busy != use.end());
        const std::string text = cursor->describeCell(uint32_t(busy - use.begin()));
        QVERIFY2(text.find("pod-") != std::string::npos, text.c_str());  // at least one pod listed
    }

    void explanationNamesTheChosenNode()
    {
        size_t checked = 0;
        for (size_t step = 0; step < run_->steps() && checked < 25; step += 7) {
            const Step& s = run_->result().timeline.step(step);
            if (!s.placement.placed())
                continue;
            const ExplanationTable t = run_->explain(step);
            QVERIFY2(t.winner >= 0, t.why.c_str());
            QCOMPARE(t.rows[size_t(t.winner)].candidate, trace_->cluster.nodes[size_t(s.placement.node)].name);
            QCOMPARE(t.rows.size() + t.filtered.size(), trace_->cluster.nodes.size());
            ++checked;
        }
        QVERIFY(checked > 10);
    }

    void forkThroughTheInterface()
    {
        const size_t at = run_->steps() / 2;
        const auto forked = run_->fork(at, "bestfit");
        QCOMPARE(forked->info().policy, std::string("bestfit:1000"));
        QCOMPARE(forked->info().kind, std::string(PodSchedulingRun::kKind));
        for (size_t i = 0; i <= at; ++i)
            QCOMPARE(forked->series().value("alloc_pct", i), run_->series().value("alloc_pct", i));
    }
};

QTEST_APPLESS_MAIN(TestRunInterface)
#include "tst_runinterface.moc"
