// Issue 13, item 6 (App), beyond the main window: the training-placement kind's tabs, and the
// registry no longer picks the app's starting tabs by static-initialisation order; the
// variability heatmap and its bins agree with the cluster PAL and PM-First place on; the Gantt
// knows each bar's job (hover, select, spans, colour by job); the occupancy words name jobs.
#include "chart/ChartRegistry.h"
#include "chart/training/TrainingVariability.h"
#include "charts/ChartPlans.h"
#include "charts/RegisteredChartItem.h"
#include "items/GanttItem.h"
#include "run/PodSchedulingRun.h"
#include "run/RunKindRegistry.h"
#include "runs/RunKindModel.h"
#include "training/VariabilityHeatmapItem.h"
#include "training/placement/TrainingPlacementRun.h"

#include <QTest>

#include <algorithm>
#include <numeric>

using namespace tessera;
using namespace tessera::chart;

namespace {

std::shared_ptr<const TrainingPlacementRun> sampleRun(const std::string& policy = "pal")
{
    const RunKind& kind = RunKindRegistry::kind(TrainingPlacementRun::kKind);
    auto run = kind.simulate(kind.conformanceSample(), RunRequest{policy, {}});
    return std::shared_ptr<const TrainingPlacementRun>(dynamic_cast<TrainingPlacementRun*>(run.release()));
}

QStringList titles(const QVariantList& views)
{
    QStringList out;
    for (const QVariant& v : views)
        out << v.toMap().value("title").toString();
    return out;
}

}  // namespace

class TestTrainingViews : public QObject {
    Q_OBJECT
    QObject owner_;

private slots:
    // The starting tabs are the default kind's, named, whatever order the kinds' views
    // registered in: here the pod kind's views register again, last, after every other kind's.
    void theStartingTabsAreTheDefaultKindsWhateverTheRegistrationOrder()
    {
        const views::ChartPlans plans;
        const QStringList podTabs = titles(plans.views(PodSchedulingRun::kKind));
        QVERIFY(!podTabs.isEmpty());
        std::vector<RegisteredView> pods;
        for (const RegisteredView* v : ChartRegistry::views(PodSchedulingRun::kKind))
            if (!v->kind.empty())
                pods.push_back(*v);
        for (const RegisteredView& v : pods) {
            ChartRegistry::remove(v.kind, v.id, true);
            ChartRegistry::add(v);
        }
        QCOMPARE(plans.defaultKind(), QString::fromLatin1(RunKindRegistry::kDefaultKind));
        QCOMPARE(views::RunKindModel().kindId(), QString::fromLatin1(RunKindRegistry::kDefaultKind));
        QCOMPARE(titles(plans.views(plans.defaultKind())), podTabs);
    }

    void theTrainingKindHasItsTabs()
    {
        const views::ChartPlans plans;
        const QStringList tabs = titles(plans.views(TrainingPlacementRun::kKind));
        QCOMPARE(tabs, (QStringList{"Rounds", "JCT CDF", "Variability"}));
        for (const QVariant& v : plans.views(TrainingPlacementRun::kKind))
            QVERIFY(v.toMap().value("qml").toString().startsWith("training/"));
        // Each view's charts draw for a run (the CLI's `chart --chart <view>`).
        const auto run = sampleRun();
        for (const char* id : {"rounds", "jct", "variability"})
            QVERIFY2(!ChartRegistry::viewPanels(id, *run).isEmpty(), id);
    }

    void theOccupancyWordsNameJobs()
    {
        const auto run = sampleRun();
        QCOMPARE(run->words().occupants, std::string("jobs"));
        QCOMPARE(std::string(PodSchedulingRun::kKind), std::string(RunKindRegistry::kDefaultKind));
        QCOMPARE(RunWords().occupants, std::string("pods"));
        const views::RunHandle handle(run, &owner_);
        QCOMPARE(handle.words().value("occupants").toString(), QStringLiteral("jobs"));
    }

    // Each class's heatmap holds the cluster's PerfVar per GPU and its bins the binned sf the
    // policies use; the exported chart and the app's item show the same.
    void theVariabilityHeatmapShowsTheClustersScoresAndBins()
    {
        const auto run = sampleRun();
        const rounds::RoundCluster& cluster = run->cluster();
        QCOMPARE(ClassVariability::classCount(*run), int(rounds::kRoundClasses));
        bool someSpread = false;
        for (int c = 0; c < ClassVariability::classCount(*run); ++c) {
            const ClassVariability v = ClassVariability::of(*run, c);
            QCOMPARE(v.perfVar, cluster.perfVar[size_t(c)]);
            QCOMPARE(int(v.perfVar.size()), int(cluster.gpuCount()));
            int counted = 0;
            for (const ClassVariability::Bin& b : v.bins)
                counted += b.gpus;
            QCOMPARE(counted, int(cluster.gpuCount()));
            for (size_t g = 0; g < v.perfVar.size(); ++g)
                QCOMPARE(v.bins[v.bin[g]].sf, cluster.binnedSf[size_t(c)][g]);
            for (int b = 1; b < v.bins.size(); ++b)
                QVERIFY(v.bins[b - 1].sf < v.bins[b].sf);
            someSpread = someSpread || v.max > v.min;
            // The scale tops at the largest score that is no outlier; the outliers lie above it.
            QVERIFY(v.scaleMax <= v.max && v.scaleMax >= v.min);
            QCOMPARE(int(std::count_if(v.perfVar.begin(), v.perfVar.end(), [&](double x) { return x > v.scaleMax; })),
                     v.outliers);
            const ChartSpec spec = v.chart("PAL");
            QVERIFY(spec.heatmap);
            QCOMPARE(spec.heatmap->image.size(), QSize(int(cluster.gpusPerNode), int(cluster.nodes)));
            QVERIFY2(spec.subtitle.contains(v.binsText()), qPrintable(spec.subtitle));
            QVERIFY(!spec.heatmap->legendUnit.isEmpty());
        }
        QVERIFY(someSpread);

        views::RunHandle handle(run, &owner_);
        views::VariabilityHeatmapItem item;
        item.setSize(QSizeF(600, 400));
        item.setRun(&handle);
        item.setClassIndex(1);
        QCOMPARE(item.classNames().size(), int(rounds::kRoundClasses));
        QCOMPARE(item.gpuCount(), int(cluster.gpuCount()));
        const ClassVariability b = ClassVariability::of(*run, 1);
        QCOMPARE(item.bins().size(), b.bins.size());
        QCOMPARE(item.minimum(), b.min);
        // The last GPU is the bottom-right cell; outside the cells is no GPU.
        QCOMPARE(item.gpuAt(0, 0), -1);
        int last = -1;
        for (double y = 399; y > 0 && last < 0; y -= 1)
            for (double x = 599; x > 0 && last < 0; x -= 1)
                last = item.gpuAt(x, y);
        QCOMPARE(last, int(cluster.gpuCount()) - 1);
        QVERIFY(item.describeGpu(last).contains(QStringLiteral("class B")));
        // Another kind's run has no variability, and says so by having none.
        item.setRun(nullptr);
        QCOMPARE(item.gpuCount(), 0);
    }

    // Every bar knows its job; the Gantt selects a job's bars, lists its placements with the one
    // at the cursor, and colours by job with a legend of the jobs at the cursor.
    void theGanttSelectsAJobAndListsItsPlacements()
    {
        const auto run = sampleRun();
        const RunIntervals& all = run->intervals();
        QCOMPARE(all.subjects.size(), run->result().jobs.size());
        for (const RunInterval& i : all.intervals) {
            QVERIFY(i.subject >= 0);
            QCOMPARE(all.subjects[size_t(i.subject)].name, i.label);
        }
        views::RunHandle handle(run, &owner_);
        views::GanttItem gantt;
        gantt.setSize(QSizeF(900, 600));
        gantt.setRun(&handle);
        QVERIFY(gantt.hasSubjects());
        // The job with the most placements (a preempted one when the sample has any).
        size_t job = 0;
        for (size_t j = 0; j < run->result().jobs.size(); ++j)
            if (run->result().jobs[j].placements.size() > run->result().jobs[job].placements.size())
                job = j;
        const auto& placements = run->result().jobs[job].placements;
        const int bar = int(std::find_if(all.intervals.begin(), all.intervals.end(),
                                         [&](const RunInterval& i) { return i.subject == int(job); })
                            - all.intervals.begin());
        const QPointF centre = gantt.intervalRect(bar).center();
        QCOMPARE(gantt.subjectAt(centre.x(), centre.y()), int(job));
        QVERIFY(gantt.describeInterval(bar).contains(QStringLiteral("slowdown")));
        gantt.setSelectedSubject(int(job));
        QCOMPARE(gantt.selectedSpans().size(), qsizetype(placements.size()));
        QVERIFY(gantt.selectedDetails().startsWith(QString::fromStdString(all.subjects[job].name)));
        const QString firstSpan = gantt.selectedSpans().front().toMap().value("text").toString();
        QVERIFY2(firstSpan.contains("pm penalty") && firstSpan.contains("locality"), qPrintable(firstSpan));
        // The cursor inside its first placement marks that one.
        const auto x = run->series().column(0);
        int inside = -1;
        for (size_t p = 0; p < x.size() && inside < 0; ++p)
            if (x[p] >= placements.front().startS / 3600.0 && x[p] < placements.front().endS / 3600.0)
                inside = int(p);
        QVERIFY(inside >= 0);
        gantt.setPosition(inside);
        QVERIFY(gantt.selectedSpans().front().toMap().value("current").toBool());
        // Coloured by job: the legend lists the jobs running at the cursor, the selected one among them.
        QCOMPARE(gantt.legend().size(), qsizetype(all.categories.size()));
        gantt.setColorBySubject(true);
        QStringList names;
        for (const QVariant& e : gantt.legend())
            names << e.toMap().value("name").toString();
        QVERIFY2(names.contains(QString::fromStdString(all.subjects[job].name)), qPrintable(names.join(", ")));
        gantt.setSelectedSubject(-1);
        QVERIFY(gantt.selectedSpans().isEmpty());
    }

    void aRegisteredChartPaintsInTheApp()
    {
        views::RunHandle pal(sampleRun("pal"), &owner_);
        views::RunHandle packed(sampleRun("packed-sticky"), &owner_);
        views::RegisteredChartItem item;
        item.setChartId("jct-cdf");
        QCOMPARE(item.panelCount(), 0);
        QVERIFY(!item.emptyText().isEmpty());
        item.setRun(&pal);
        item.setOtherRun(&packed);
        QCOMPARE(item.panelCount(), 1);
        QVERIFY(item.emptyText().isEmpty());
        item.setChartId("no-such-chart");
        QCOMPARE(item.panelCount(), 0);
        QVERIFY(item.emptyText().contains("no-such-chart"));
    }
};

QTEST_MAIN(TestTrainingViews)
#include "tst_trainingviews.moc"
