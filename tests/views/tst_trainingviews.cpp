// Issue 13, item 6 (App), beyond the main window: the training-placement kind's tabs, and the
// registry no longer picks the app's starting tabs by static-initialisation order; the
// variability heatmap and its bins agree with the cluster PAL and PM-First place on; the Gantt
// knows each bar's job (hover, select, spans, colour by job); the occupancy words name jobs.
#include "chart/ChartColors.h"
#include "chart/ChartCsv.h"
#include "chart/ChartRegistry.h"
#include "chart/ChartRenderer.h"
#include "chart/JctCdfChart.h"
#include "chart/NiceTicks.h"
#include "chart/PanelPainter.h"
#include "chart/UnitTitle.h"
#include "chart/training/TrainingCharts.h"
#include "chart/training/TrainingVariability.h"
#include "charts/ChartPlans.h"
#include "charts/RegisteredChartItem.h"
#include "export/ExportRequest.h"
#include "items/GanttItem.h"
#include "run/PodSchedulingRun.h"
#include "run/RunKindRegistry.h"
#include "runs/RunKindModel.h"
#include "training/VariabilityHeatmapItem.h"
#include "training/placement/TrainingPlacementRun.h"

#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>
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
        QCOMPARE(handle.words().value("cells").toString(), QStringLiteral("GPUs"));  // the grid's header
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
            const ChartSpec spec = v.chart("PAL", ChartColors::categorical(0));
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

    // The spec's bins 0.985/1.015 and 0.988/1.012 (B3) read apart: one 3-decimal rule for the
    // bin legend, the header, the tooltips and the exported subtitle.
    void theBinsReadApartInEveryText()
    {
        ClassVariability a, b;
        a.bins = {{0.985, 10}, {1.015, 6}};
        b.bins = {{0.988, 10}, {1.012, 6}};
        QVERIFY2(a.binsText().contains("0.985") && a.binsText().contains("1.015"), qPrintable(a.binsText()));
        QVERIFY2(b.binsText().contains("0.988") && b.binsText().contains("1.012"), qPrintable(b.binsText()));
        QVERIFY(a.binsText() != b.binsText());
        QCOMPARE(ClassVariability::scoreText(0.985), QStringLiteral("0.985"));

        const auto run = sampleRun();
        views::RunHandle handle(run, &owner_);
        views::VariabilityHeatmapItem item;
        item.setSize(QSizeF(600, 400));
        item.setRun(&handle);
        const ClassVariability v = ClassVariability::of(*run, 0);
        const QVariantList bins = item.bins();
        QCOMPARE(bins.size(), v.bins.size());
        for (int i = 0; i < bins.size(); ++i) {
            const QString text = bins[i].toMap().value("text").toString();
            QVERIFY2(text.contains("sf " + ClassVariability::scoreText(v.bins[i].sf)), qPrintable(text));
        }
        QCOMPARE(item.scoreText(v.min), ClassVariability::scoreText(v.min));
        const QString tip = item.describeGpu(0);
        QVERIFY2(tip.contains("PerfVar " + ClassVariability::scoreText(v.perfVar[0]))
                     && tip.contains("sf " + ClassVariability::scoreText(v.bins[v.bin[0]].sf)),
                 qPrintable(tip));
        QVERIFY(v.chart("PAL", ChartColors::categorical(0)).subtitle.contains(v.binsText()));
    }

    // Issue 13: the exported chart named the bins only in its subtitle. It rings every GPU in its
    // bin's colour, as the tab does, and keys the bins in its legend.
    void theExportedVariabilityRingsTheBins()
    {
        const auto run = sampleRun();
        const ClassVariability v = ClassVariability::of(*run, 0);
        QVERIFY(v.bins.size() >= 2);
        const ChartSpec spec = v.chart(QStringLiteral("PAL"), ChartColors::categorical(0));
        QVERIFY(spec.heatmap);
        QCOMPARE(spec.heatmap->cellRings, v.bin);
        QCOMPARE(spec.heatmap->ringKeys.size(), v.bins.size());
        for (int b = 0; b < v.bins.size(); ++b) {
            QCOMPARE(spec.heatmap->ringKeys[b].color, ClassVariability::binColor(b, ChartColors::categorical(0)));
            QVERIFY(spec.heatmap->ringKeys[b].name.contains("sf " + ClassVariability::scoreText(v.bins[b].sf)));
        }
        // Painted: every bin's colour is on the page (its rings and its legend key), which a
        // page of the PerfVar scale alone never has.
        QImage page(1200, 900, QImage::Format_ARGB32);
        page.fill(Qt::white);
        {
            QPainter painter(&page);
            ChartRenderer::paint(painter, QRectF(0, 0, 1200, 900), spec, ChartColors::lightTheme());
        }
        ChartSpec bare = spec;
        bare.heatmap->cellRings.clear();
        bare.heatmap->ringKeys.clear();
        QImage barePage(page.size(), QImage::Format_ARGB32);
        barePage.fill(Qt::white);
        {
            QPainter painter(&barePage);
            ChartRenderer::paint(painter, QRectF(0, 0, 1200, 900), bare, ChartColors::lightTheme());
        }
        auto pixelsOf = [](const QImage& image, const QColor& color) {
            int n = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    n += image.pixelColor(x, y).rgb() == color.rgb();
            return n;
        };
        for (int b = 0; b < v.bins.size(); ++b) {
            QVERIFY2(pixelsOf(page, ClassVariability::binColor(b, ChartColors::categorical(0))) > 20 * v.bins[b].gpus, qPrintable(QString::number(b)));
            QCOMPARE(pixelsOf(barePage, ClassVariability::binColor(b, ChartColors::categorical(0))), 0);
        }
    }

    // Each GPU's bin ring lies against the background, never against the PerfVar fill: a ring
    // in the bin's colour, the background inside it, then the fill; on a light background the
    // ring of every bin differs clearly from the background (bin 0's blue was lost on blue fills).
    void theBinRingsStandApartFromTheFill()
    {
        const auto run = sampleRun();
        views::RunHandle handle(run, &owner_);
        views::VariabilityHeatmapItem item;
        item.setSize(QSizeF(600, 600));
        item.setRun(&handle);
        item.setBackgroundColor(Qt::white);
        QImage image(600, 600, QImage::Format_ARGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            item.paint(&painter);
        }
        const ClassVariability v = ClassVariability::of(*run, 0);
        const auto colourAt = [&](QPointF p) { return image.pixelColor(p.toPoint()); };
        const auto distance = [](QColor a, QColor b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
        };
        for (int n = 0; n < v.nodes; ++n)
            for (int c = 0; c < v.gpusPerNode; ++c) {
                const size_t gpu = size_t(n * v.gpusPerNode + c);
                const auto parts = item.cellParts(n, c);
                QVERIFY(!parts.ring.isNull());
                const QColor ring = ClassVariability::binColor(v.bin[gpu], handle.color());
                const QPointF inRing(parts.ring.center().x(), (parts.ring.top() + parts.gap.top()) / 2);
                const QPointF inGap(parts.gap.center().x(), (parts.gap.top() + parts.fill.top()) / 2);
                QVERIFY(distance(colourAt(inRing), ring) < 12);
                QVERIFY(distance(colourAt(inGap), QColor(Qt::white)) < 12);
                QVERIFY(distance(colourAt(parts.fill.center()), v.color(gpu)) < 12 || parts.fill.width() >= 40);
                QVERIFY2(distance(ring, QColor(Qt::white)) > 150, qPrintable(ring.name()));
            }
    }

    // Issue 13 polish: the bins were ringed in the categorical colours, which are runs A and B's
    // own, so in a compare A's bins read as B. Each run's bins are shades of its own colour,
    // apart from one another, on the tab and in the exported chart.
    void theBinRingsAreShadesOfTheirRunsColour()
    {
        const auto run = sampleRun();
        const ClassVariability v = ClassVariability::of(*run, 0);
        QVERIFY(v.bins.size() >= 2);
        const QColor a = ChartColors::categorical(0), b = ChartColors::categorical(1);
        const auto hueOf = [](const QColor& c) { return c.toHsv().hsvHue(); };
        views::RunHandle handleB(run, &owner_);
        handleB.setColor(b);
        views::VariabilityHeatmapItem item;
        item.setRun(&handleB);
        const QVariantList keys = item.bins();
        QCOMPARE(keys.size(), v.bins.size());
        QSet<QRgb> seen;
        for (int k = 0; k < keys.size(); ++k) {
            const QColor ring = keys[k].toMap().value("color").value<QColor>();
            QVERIFY2(std::abs(hueOf(ring) - hueOf(b)) <= 3, qPrintable(ring.name()));
            QVERIFY(ring.rgb() != a.rgb());
            seen.insert(ring.rgb());
        }
        QCOMPARE(seen.size(), keys.size());
        // The exported chart rings the bins in the shades of the colour the run is drawn in.
        RunChartOptions options;
        options.runColors = {b};
        const QList<ChartSpec> panels = ChartRegistry::viewPanels("variability", *run, options);
        QVERIFY(!panels.isEmpty() && panels.front().heatmap);
        for (int k = 0; k < panels.front().heatmap->ringKeys.size(); ++k)
            QCOMPARE(panels.front().heatmap->ringKeys[k].color, ClassVariability::binColor(k, b));
        // A recolour reaches the tab's legend.
        handleB.setColor(a);
        QCOMPARE(item.bins().front().toMap().value("color").value<QColor>(), ClassVariability::binColor(0, a));
    }

    // Every GPU set of the inspector's table names its GPUs, consecutive ones as a range ("GPUs
    // 4-7, 12-15"), so that a wide job's set fits its column: never three ids in a row listed.
    void theInspectorsGpuSetsAreRanges()
    {
        const auto run = sampleRun();
        int ranged = 0;
        for (size_t step = 0; step < run->result().rounds.size(); ++step) {
            const ExplanationTable table = run->explain(step);
            QCOMPARE(table.columns[1], std::string("GPUs"));
            for (const auto& row : table.rows) {
                const QString text = QString::fromStdString(row.texts[1]);
                if (text == QStringLiteral("no GPUs"))
                    continue;
                QVERIFY2(text.startsWith(QStringLiteral("GPU")), qPrintable(text));
                std::vector<int> ids;
                std::vector<int> singles;  // the ids listed one by one
                for (const QString& part : text.section(' ', 1).split(QStringLiteral(", "))) {
                    const QStringList ends = part.split('-');
                    QVERIFY2(ends.size() == 1 || ends.back().toInt() >= ends.front().toInt() + 2, qPrintable(text));
                    for (int id = ends.front().toInt(); id <= ends.back().toInt(); ++id)
                        ids.push_back(id);
                    if (ends.size() == 1)
                        singles.push_back(ends.front().toInt());
                    ranged += ends.size() == 2 ? 1 : 0;
                }
                for (size_t i = 1; i < ids.size(); ++i)
                    QVERIFY2(ids[i] > ids[i - 1], qPrintable(text));
                for (size_t i = 2; i < singles.size(); ++i)
                    QVERIFY2(singles[i] != singles[i - 2] + 2 || singles[i - 1] != singles[i - 2] + 1, qPrintable(text));
                // The width the row's job names: "job 3 (8 GPUs, class D) · …".
                const QString candidate = QString::fromStdString(row.candidate);
                const int width = candidate.section('(', 1).section(' ', 0, 0).toInt();
                QVERIFY2(int(ids.size()) == width, qPrintable(candidate + ": " + text));
            }
        }
        QVERIFY(ranged > 0);
    }

    // A unit the title already names is not said again: "Jobs", not "Jobs (jobs)"; other units
    // are kept. Every training chart's axes and CSV columns follow the rule.
    void aUnitTheTitleNamesIsNotRepeated()
    {
        QCOMPARE(unitTitle("Jobs", "jobs"), QStringLiteral("Jobs"));
        QCOMPARE(unitTitle("Failed pods", "pods"), QStringLiteral("Failed pods"));
        QCOMPARE(unitTitle("GPUs used", "GPUs"), QStringLiteral("GPUs used"));
        QCOMPARE(unitTitle("Power", "kW"), QStringLiteral("Power (kW)"));
        QCOMPARE(unitTitle("GPU utilisation", "%"), QStringLiteral("GPU utilisation (%)"));
        QCOMPARE(unitTitle("Preemptions", "jobs"), QStringLiteral("Preemptions (jobs)"));
        QCOMPARE(unitTitle("Job count", ""), QStringLiteral("Job count"));
        ChartSpec::Axis axis;
        axis.label = "Jobs";
        axis.unit = "jobs";
        QCOMPARE(axis.title(), QStringLiteral("Jobs"));

        // "Jobs (jobs)", "Preemptions (jobs)": no title names a unit of its own words.
        const QRegularExpression repeated(QStringLiteral("\\b(\\w+)\\b.*\\(\\1\\)"),
                                          QRegularExpression::CaseInsensitiveOption);
        const auto run = sampleRun();
        const ChartRuns runs{run.get()};
        const auto other = sampleRun("packed-sticky");
        const ChartRuns pair{run.get(), other.get()};
        for (const RegisteredChart* c : ChartRegistry::charts(TrainingPlacementRun::kKind))
            for (const ChartSpec& spec : c->build(c->minRuns > 1 ? pair : runs, {}, {})) {
                for (const QString& title : {spec.x.title(), spec.y.title()})
                    QVERIFY2(!repeated.match(title).hasMatch(), qPrintable(QString::fromStdString(c->id) + ": " + title));
                // Each column's title (the Gantt's "start (h)" and "end (h)" share a unit, fine).
                const QString header = QString::fromUtf8(ChartCsv::toCsv(spec, {}).split('\n').front());
                for (const QString& column : header.split(','))
                    QVERIFY2(!repeated.match(column).hasMatch(), qPrintable(header));
            }
        QCOMPARE(TrainingCharts::jobs(runs, {}).y.title(), QStringLiteral("Jobs"));
        QCOMPARE(TrainingCharts::preemptions(runs, {}).y.title(), QStringLiteral("Jobs"));
    }

    // Issue 13: "Jobs running · A" and "· B" had one colour. With two runs the jobs chart (and
    // every chart of several metrics per run) colours each run as the one-metric charts do, its
    // second metric a lighter shade of it, B dashed; the exported legend shows those colours.
    // One run keeps the metrics' own colours.
    void twoRunsOnTheJobsChartAreToldApartByColour()
    {
        const auto run = sampleRun();
        const auto other = sampleRun("packed-sticky");
        const ChartRuns pair{run.get(), other.get()};
        const RunChartFrame frame(pair, {});
        const SeriesPlan::List plan = TrainingCharts::jobsPlan(frame);
        QCOMPARE(plan.size(), 4);
        auto entry = [&](const std::string& key, size_t r) {
            return *std::find_if(plan.begin(), plan.end(), [&](const PlannedSeries& p) { return p.key == key && p.run == r; });
        };
        for (size_t r : {0u, 1u}) {
            QCOMPARE(entry("jobs_running", r).color, frame.runColor(r));
            QCOMPARE(entry("jobs_queued", r).color, ChartColors::runShade(frame.runColor(r), 1));
            QVERIFY(entry("jobs_queued", r).color != entry("jobs_running", r).color);
            QCOMPARE(entry("jobs_running", r).dashed, r == 1);
        }
        QVERIFY(frame.runColor(0) != frame.runColor(1));
        // Every colour of the four differs from the others', and the exported chart draws them.
        const ChartSpec spec = TrainingCharts::jobs(pair, {});
        QCOMPARE(spec.series.size(), 4);
        for (int i = 0; i < spec.series.size(); ++i) {
            QCOMPARE(spec.series[i].color, plan[i].color);
            for (int j = 0; j < i; ++j)
                QVERIFY2(spec.series[i].color != spec.series[j].color,
                         qPrintable(spec.series[i].name + " / " + spec.series[j].name));
        }
        // A shade is lighter than its run colour, and rank 0 is the colour itself.
        QVERIFY(ChartColors::runShade(frame.runColor(0), 1).lightness() > frame.runColor(0).lightness());
        QCOMPARE(ChartColors::runShade(frame.runColor(0), 0), frame.runColor(0));
        // One run: the metrics in their series colours, as before.
        const ChartRuns one{run.get()};
        const SeriesPlan::List alone = TrainingCharts::jobsPlan(RunChartFrame(one, {}));
        QCOMPARE(alone.size(), 2);
        QCOMPARE(alone[0].color, ChartColors::seriesColor(0));
        QCOMPARE(alone[1].color, ChartColors::seriesColor(3));
    }

    // The panels of a page (the Rounds view's export) share their plots' left and right edges,
    // whatever each one's y labels need: their time axes line up.
    void thePanelsOfAPageLineUp()
    {
        const auto run = sampleRun();
        QList<ChartSpec> panels = ChartRegistry::viewPanels("rounds", *run);
        QCOMPARE(panels.size(), 3);
        // And two panels whose y labels differ by far: 5 against 100,000.
        ChartSpec narrow = panels.front(), wide = panels.front();
        narrow.y.max = 5;
        wide.y.max = 100000;
        panels << narrow << wide;
        QImage image(1600, 2000, QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        const QRectF area(0, 0, 1600, 2000);
        const double font = ChartRenderer::fontPixelSize(QSizeF(1600, 2000 / std::sqrt(5.0)));
        const PanelPainter::Gutters a = PanelPainter(painter, narrow, ChartColors::lightTheme(), font).gutters(area);
        const PanelPainter::Gutters b = PanelPainter(painter, wide, ChartColors::lightTheme(), font).gutters(area);
        QVERIFY2(b.left > a.left + 10, "the two panels' own y labels are as wide");
        const QList<QRectF> plots = ChartRenderer::paint(painter, area, panels, ChartColors::lightTheme());
        QCOMPARE(plots.size(), panels.size());
        for (const QRectF& plot : plots) {
            QCOMPARE(plot.left(), plots.front().left());
            QCOMPARE(plot.right(), plots.front().right());
        }
    }

    // JCTs spanning decades go on a log axis (the exported chart and the tab alike), with ticks
    // at 1, 2, 5 times powers of ten that cover them; the user can choose either.
    void jctsSpanningDecadesGetALogAxis()
    {
        QVERIFY(JctCdfChart::spansDecades(0.05, 300));
        QVERIFY(!JctCdfChart::spansDecades(1, 50));
        QVERIFY(!JctCdfChart::spansDecades(0, 50));
        const NiceTicks ticks = NiceTicks::logarithmicTicks(0.05, 300, 20);
        QVERIFY(ticks.logarithmic);
        QCOMPARE(ticks.min, 0.01);
        // The axis ends at the first 1-2-5 value above the longest (300 -> 500), not the next decade.
        QCOMPARE(ticks.max, 500.0);
        QCOMPARE(NiceTicks::logarithmicTicks(0.05, 150, 20).max, 200.0);
        QCOMPARE(NiceTicks::logarithmicTicks(0.05, 100, 20).max, 100.0);
        QCOMPARE(NiceTicks::logarithmicTicks(0.05, 101, 6).max, 200.0);
        QCOMPARE(NiceTicks::logarithmicTicks(0.05, 101, 6).values.back(), 200.0);  // the end is labelled
        for (double v : {0.05, 0.1, 1.0, 2.0, 10.0, 100.0, 500.0})
            QVERIFY2(std::any_of(ticks.values.begin(), ticks.values.end(), [&](double t) { return std::abs(t - v) < 1e-9 * v; }),
                     qPrintable(QString::number(v)));
        QVERIFY(std::is_sorted(ticks.values.begin(), ticks.values.end()));
        // Few ticks wanted: powers of ten only, and the end.
        const NiceTicks few = NiceTicks::logarithmicTicks(0.05, 300, 6);
        for (size_t i = 0; i + 1 < few.values.size(); ++i)
            QCOMPARE(std::log10(few.values[i]), std::round(std::log10(few.values[i])));
        QCOMPARE(few.values.back(), 500.0);

        const auto run = sampleRun();
        const ChartRuns runs{run.get()};
        std::vector<double> jct;
        for (const Distribution& d : run->distributions())
            if (d.key == "jct_h")
                jct = d.values;
        QVERIFY(!jct.empty());
        const auto [lo, hi] = std::minmax_element(jct.begin(), jct.end());
        QCOMPARE(JctCdfChart::build(runs, {}).x.logarithmic, JctCdfChart::spansDecades(*lo, *hi));
        RunChartOptions options;
        options.logarithmicX = true;
        const ChartSpec log = JctCdfChart::build(runs, options);
        QVERIFY(log.x.logarithmic);
        QCOMPARE(log.x.title(), QStringLiteral("Job completion time (h)"));
        options.logarithmicX = false;
        QVERIFY(!JctCdfChart::build(runs, options).x.logarithmic);
        // The tab draws what the export draws, and switches.
        views::RunHandle handle(run, &owner_);
        views::RegisteredChartItem item;
        item.setChartId("jct-cdf");
        item.setRun(&handle);
        QCOMPARE(item.xLogarithmic(), JctCdfChart::spansDecades(*lo, *hi));
        item.setLogarithmicX(true);
        QVERIFY(item.xLogarithmic());
        item.setLogarithmicX(false);
        QVERIFY(!item.xLogarithmic());
        item.setLogarithmicX(QVariant());
        QVERIFY(!item.logarithmicX().isValid());
        // An export draws the scale the tab shows.
        for (const bool logarithmic : {true, false}) {
            views::ExportRequest request("jct-cdf", &handle, nullptr, 0, -1, -1);
            request.setLogarithmicX(logarithmic);
            QCOMPARE(request.specs().front().x.logarithmic, logarithmic);
        }
    }

    // Issue 13 polish: the Gantt had no separators between nodes, and a 90 h run over 490 px got
    // ticks at 0 and 50 only (the step rounded up to 50). A lane that starts another node is
    // marked, and the ticks are as dense as their labels allow.
    void theGanttSeparatesNodesAndTicksDensely()
    {
        const auto run = sampleRun();
        views::RunHandle handle(run, &owner_);
        views::GanttItem gantt;
        gantt.setRun(&handle);
        QList<int> expected;
        const RunIntervals& all = run->intervals();
        for (size_t lane = 1; lane < all.lanes.size(); ++lane)
            if (run->cluster().nodeOf(uint32_t(lane)) != run->cluster().nodeOf(uint32_t(lane - 1)))
                expected.append(int(lane));
        QVERIFY(!expected.isEmpty());
        QCOMPARE(gantt.groupStarts(), expected);
        QVERIFY(all.laneGroup(0) == "node 0");

        const NiceTicks sparse = NiceTicks::spaced(0, 90, 490, 70);
        QCOMPARE(sparse.values, (std::vector<double>{0, 20, 40, 60, 80}));
        for (const int width : {500, 900, 1800}) {
            gantt.setSize(QSizeF(width, gantt.implicitHeight()));
            const std::vector<double> ticks = gantt.xTicks();
            QVERIFY(ticks.size() >= 2);
            double closest = 1e9;
            for (size_t i = 1; i < ticks.size(); ++i)
                closest = std::min(closest, gantt.pixelOfX(ticks[i]) - gantt.pixelOfX(ticks[i - 1]));
            // Apart enough for their labels, and the next finer nice step would not be.
            QVERIFY2(closest >= 70 - 1e-6, qPrintable(QString::number(closest)));
            const double step = ticks[1] - ticks[0];
            // The nice step below: 1 -> 0.5, 2 -> 1, 5 -> 2 (times a power of ten).
            const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
            const double finer = std::abs(mantissa - 5) < 1e-6 ? step * 0.4 : step / 2;
            QVERIFY2(closest * finer / step < 70, qPrintable(QString::number(closest)));
        }
    }

    // Scrolled down the lanes, the Gantt's time axis stays at the bottom of what is shown, over
    // the lanes under it (which take no clicks there); at the end it is under the last lane.
    void theGanttTimeAxisStaysInView()
    {
        const auto run = sampleRun();
        views::RunHandle handle(run, &owner_);
        views::GanttItem gantt;
        gantt.setRun(&handle);
        gantt.setSize(QSizeF(900, gantt.implicitHeight()));
        const double lanesEnd = gantt.axisTop();
        QVERIFY(lanesEnd > 200);
        QCOMPARE(gantt.implicitHeight(), lanesEnd + 40);
        // A bar in the lanes' upper part; only the lanes above it and half of it on screen.
        int hidden = -1;
        for (int i = 0; i < gantt.intervalCount() && hidden < 0; ++i)
            if (gantt.intervalRect(i).center().y() > 100 && gantt.intervalRect(i).width() > 4)
                hidden = i;
        QVERIFY(hidden >= 0);
        const QPointF centre = gantt.intervalRect(hidden).center();
        gantt.setVisibleBottom(centre.y() + 20);
        QCOMPARE(gantt.axisTop(), centre.y() - 20);
        // Under the pinned axis the bar is not hit, but it is once scrolled to the end.
        QCOMPARE(gantt.intervalAt(centre.x(), centre.y()), -1);
        gantt.setVisibleBottom(gantt.implicitHeight());
        QCOMPARE(gantt.axisTop(), lanesEnd);
        QVERIFY(gantt.intervalAt(centre.x(), centre.y()) >= 0);
        gantt.setVisibleBottom(-1);
        QCOMPARE(gantt.axisTop(), lanesEnd);

        // Before layout (QML binds visibleBottom while the item has no height yet) the lanes end
        // above the top margin: the axis stays at the lanes' end, not below it (this was
        // std::clamp with its bounds the wrong way round: the sanitizer build, which has
        // _GLIBCXX_ASSERTIONS, aborts here on that code; the Release build checks the result).
        views::GanttItem unsized;  // no run, no size: as QML first creates it
        const double unsizedEnd = unsized.axisTop();
        unsized.setVisibleBottom(10);
        QVERIFY2(unsized.axisTop() <= unsizedEnd,
                 qPrintable(QStringLiteral("axis at %1, lanes end at %2").arg(unsized.axisTop()).arg(unsizedEnd)));
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
