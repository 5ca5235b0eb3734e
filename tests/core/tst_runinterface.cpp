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
            // Ranked best first: the winner leads, totals never rise, ties keep the node order.
            QCOMPARE(t.winner, 0);
            const size_t total = t.columns.size() - 2, rank = t.columns.size() - 1;
            QCOMPARE(t.columns[total], std::string("weighted total"));
            for (size_t r = 1; r < t.rows.size(); ++r) {
                const auto& a = t.rows[r - 1].values;
                const auto& b = t.rows[r].values;
                QVERIFY(a[total] > b[total] || (a[total] == b[total] && a[rank] < b[rank]));
            }
            // Every filtered node has a reason and the kind of reason it is grouped under.
            for (const auto& f : t.filtered)
                QVERIFY2(!f.reason.empty() && !f.group.empty() && f.group.size() <= f.reason.size() + 20,
                         (f.reason + " / " + f.group).c_str());
            ++checked;
        }
        QVERIFY(checked > 10);
    }

    void explanationColumnsSayWhatEachPluginScored()
    {
        size_t step = 0;
        while (!run_->result().timeline.step(step).placement.placed() || run_->explain(step).rows.size() < 2)
            ++step;
        const ExplanationTable t = run_->explain(step);
        // PWR is min-max normalised: raw and score differ. FGD is not: its raw score would repeat
        // its score, so it shows what it measured instead, the growth of expected fragmentation.
        const std::vector<std::string> expected{"pwr raw", "pwr score", "fgd Δ frag (GPU)", "fgd score",
                                                "weighted total", "tie rank"};
        QCOMPARE(t.columns, expected);
    }

    void placementsNameGpuIndices()
    {
        size_t shown = 0;
        for (size_t step = 0; step < run_->steps(); ++step) {
            const Step& s = run_->result().timeline.step(step);
            if (s.kind != StepKind::Arrival || !s.placement.placed() || s.placement.gpus == 0)
                continue;
            const std::string text = run_->describeStep(step);
            QVERIFY2(text.find("0x") == std::string::npos, text.c_str());
            std::string gpus;
            int count = 0;
            for (int g = 0; g < 8; ++g)
                if (s.placement.gpus >> g & 1)
                    gpus += (count++ ? ", " : "") + std::to_string(g);
            const std::string expected = (count > 1 ? "GPUs " : "GPU ") + gpus;
            QVERIFY2(text.size() >= expected.size() && text.compare(text.size() - expected.size(), expected.size(), expected) == 0,
                     (text + " should end in " + expected).c_str());
            ++shown;
        }
        QVERIFY(shown > 10);
    }

    void gpusInUseIsWhatTheGridColours()
    {
        // One definition: the series' "GPUs in use" is the number of cells the occupancy grid
        // colours (any allocated share) at every position.
        const MetricSeries& s = run_->series();
        QVERIFY(s.find(PodSchedulingRun::kGpusInUseKey));
        QVERIFY(s.info(*s.find(PodSchedulingRun::kGpusInUseKey)).count);
        auto cursor = run_->cursor();
        std::vector<float> use;
        bool differsFromUsedNodes = false;
        for (size_t position = 0; position <= run_->steps(); ++position) {
            cursor->seek(position);
            cursor->cellUse(use);
            const auto coloured = std::count_if(use.begin(), use.end(), [](float u) { return u > 0.0f; });
            QCOMPARE(s.value(PodSchedulingRun::kGpusInUseKey, position), double(coloured));
            differsFromUsedNodes |= s.value("used_gpus", position) != double(coloured);
        }
        // ... which is not fgd-pwr.md's "used GPUs" (every GPU of a used node), labelled apart.
        QVERIFY(differsFromUsedNodes);
        QCOMPARE(s.info(*s.find("used_gpus")).label, std::string("GPUs on used nodes"));
    }

    void rowAtXIsTheFirstRowReachingX()
    {
        const MetricSeries& s = run_->series();
        const auto xs = s.column(0);
        for (double x : {0.0, 12.5, 50.0, 100.0, 129.0}) {
            const size_t row = s.rowAtX(x);
            QVERIFY(xs[row] >= x);
            QVERIFY(row == 0 || xs[row - 1] < x);
        }
        QCOMPARE(s.rowAtX(1e9), s.rows() - 1);  // beyond the run: its end
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
