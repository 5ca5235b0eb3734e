// The MIG inference run behind the generic Run interface: series, cells, cursor round trips,
// explanations, forks (own policy reproduces the parent; another policy or a load scale changes
// only what follows the fork), and byte-identical results at any thread count.
#include "inference/InferencePolicy.h"
#include "inference/InferenceRun.h"
#include "inference/ParvaScenario.h"
#include "inference/SloTable.h"
#include "mig/MigGpuType.h"
#include "support/SharedData.h"

#include <QTest>

#include <algorithm>

using namespace tessera;

namespace {

struct Fixture {
    std::shared_ptr<const InferenceWorld> world;
    InferenceScenario scenario;
};

Fixture parvaRow(int row, const char* rows = nullptr)
{
    ProfileData profiles = ProfileData::load(test::sharedPath("traces/mig-parvagpu/prof_data"));
    const SloTable slo = SloTable::load(test::sharedPath("traces/mig-parvagpu/SLO"), profiles.modelNames());
    InferenceScenario scenario = parvaScenario(slo, rows ? parseSloRows(rows, 6) : SloRowSelection{row, 0, 0}, 300);
    auto world = std::make_shared<const InferenceWorld>(std::move(profiles), slo, std::nullopt);
    return {world, scenario};
}

std::unique_ptr<InferenceRun> runOf(const Fixture& f, const std::string& policy, unsigned threads = 1,
                                    const char* predictor = "table")
{
    InferenceOptions options;
    options.durationS = 300;
    options.stepS = 60;
    options.predictor = predictor;
    options.threads = threads;
    const MigGpuType& gpu = *MigGpuType::find(options.gpuType);
    return InferenceRun::simulate(f.world, f.scenario,
                                  {PolicyPhase{.fromS = 0, .policy = InferencePolicyRegistry::instance().create(policy, gpu)}},
                                  options);
}

void compareColumns(const Run& a, const Run& b, size_t rows, const char* what)
{
    QCOMPARE(a.series().columns(), b.series().columns());
    for (size_t c = 0; c < a.series().columns(); ++c)
        for (size_t r = 0; r < rows; ++r)
            QVERIFY2(a.series().column(c)[r] == b.series().column(c)[r],
                     qPrintable(QString("%1: column %2 row %3").arg(what).arg(QString::fromStdString(a.series().info(c).key)).arg(r)));
}

}  // namespace

class TestInferenceRun : public QObject {
    Q_OBJECT

private slots:
    void seriesAndCells()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const Fixture f = parvaRow(1);
        const auto run = runOf(f, "elasticbatch");
        QCOMPARE(run->info().kind, std::string(InferenceRun::kKind));
        QCOMPARE(run->steps(), size_t(5));
        const MetricSeries& s = run->series();
        QCOMPARE(s.rows(), size_t(6));
        for (size_t p = 0; p <= 5; ++p)
            QCOMPARE(s.column(0)[p], 60.0 * p);
        QCOMPARE(s.value("gpus_used", 3), 3.0);  // mig-elasticbatch.md section 4, row 1
        QVERIFY(s.find("p99_ms:resnet50") || s.find("p99_ms:bert"));
        // Cells: 7 compute slices per GPU; the used ones are the plan's slices.
        QCOMPARE(run->layout().cellCount, uint32_t(7 * run->layout().groups.size()));
        auto cursor = run->cursor();
        cursor->seek(2);
        std::vector<float> use;
        cursor->cellUse(use);
        const double used = std::count_if(use.begin(), use.end(), [](float u) { return u > 0; });
        QCOMPARE(used, s.value("compute_slices", 2));
        const std::string cell = cursor->describeCell(0);
        QVERIFY2(cell.find("GPU 0, compute slice 0") == 0, cell.c_str());
        const std::string group = cursor->describeGroup(0);
        QVERIFY2(group.find("layout ") != std::string::npos && group.find("serving") != std::string::npos, group.c_str());
        // A seek round trip gives the same cells.
        cursor->seek(5);
        cursor->seek(2);
        std::vector<float> again;
        cursor->cellUse(again);
        QCOMPARE(again, use);
        // The plan explained: per class its feasible points, the chosen one first, then the rest
        // by throughput per slice; infeasible points filtered with their reasons.
        const ExplanationTable table = run->explain(0);
        QCOMPARE(table.candidateColumn, std::string("class"));
        QCOMPARE(table.columns.front(), std::string("profile"));
        const size_t perSlice =
            size_t(std::find(table.columns.begin(), table.columns.end(), "req/s/slice") - table.columns.begin());
        const size_t last = table.columns.size() - 1;
        QVERIFY(perSlice < table.columns.size());
        int chosen = 0;
        for (size_t i = 0; i < table.rows.size(); ++i) {
            const std::string* status = table.rows[i].text(last);
            QVERIFY(status && table.rows[i].text(0) && table.rows[i].text(0)->find('g') != std::string::npos);
            if (status->starts_with("×")) {  // the chosen point, with its replicas
                ++chosen;
                continue;
            }
            QVERIFY(i > 0 && table.rows[i].candidate == table.rows[i - 1].candidate);
            if (!table.rows[i - 1].text(last)->starts_with("×"))
                QVERIFY(table.rows[i - 1].values[perSlice] >= table.rows[i].values[perSlice]);
        }
        QCOMPARE(chosen, 6);  // six models in row 1, each served
        QVERIFY(std::any_of(table.filtered.begin(), table.filtered.end(),
                            [](const auto& f) { return f.group == "out of memory"; }));
        QVERIFY(run->describeStep(0).find("0-60 s") == 0);
    }

    void forkWithItsOwnPolicyReproducesTheParent()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const Fixture f = parvaRow(0, "3:4@150");
        for (const char* policy : {"elasticbatch", "parvagpu", "oracle"}) {
            const auto parent = runOf(f, policy);
            for (size_t position : {size_t(0), size_t(2), size_t(4)}) {
                const auto fork = parent->fork(position, policy);
                compareColumns(*parent, *fork, parent->series().rows(), policy);
            }
        }
    }

    void forkWithAnotherPolicyChangesOnlyWhatFollows()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const Fixture f = parvaRow(1);
        const auto parent = runOf(f, "elasticbatch");
        const auto fork = parent->fork(2, "mig-disabled");
        compareColumns(*parent, *fork, 3, "before the fork");
        QCOMPARE(fork->series().value("gpus_used", 3), 6.0);  // MIG disabled on row 1
        QVERIFY(fork->series().value("reconfigs", 3) > 0);
        QVERIFY(fork->info().name.find("→") != std::string::npos);
        // A load scale at the same position re-plans at once with the same policy.
        const auto busier = dynamic_cast<const InferenceRun&>(*parent).forkWith(2, {"elasticbatch", 2.0, std::nullopt});
        compareColumns(*parent, *busier, 3, "before the load change");
        QVERIFY(busier->series().value("gpus_used", 3) > parent->series().value("gpus_used", 3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dynamic_cast<const InferenceRun&>(*parent).forkWith(2, {"elasticbatch", -1.0, std::nullopt}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parent->fork(2, "nonsense"));
    }

    // The slice view's data: per GPU, each instance as a compute span over a memory span, coloured
    // by profile and by model; 3g@0 + 3g@4 strands compute slice 3.
    void spansAndLayers()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const Fixture f = parvaRow(1);
        const auto run = runOf(f, "static:3g.40gb@0+3g.40gb@4");
        const OccupancyLayout& layout = run->layout();
        QVERIFY(layout.hasSpans());
        QCOMPARE(layout.spanRows[0].slotCount, 7u);
        QCOMPARE(layout.spanRows[1].slotCount, 8u);
        QCOMPARE(layout.layers.size(), size_t(3));
        QCOMPARE(layout.layers[InferenceRun::kProfileLayer].name, std::string("Profile"));
        QCOMPARE(layout.layers[InferenceRun::kModelLayer].categories, run->result().services);
        auto cursor = run->cursor();
        cursor->seek(1);
        std::vector<OccupancySpan> spans;
        cursor->spans(0, spans);
        // Two 3g instances (a compute and a memory span each) and the stranded slice.
        QCOMPARE(spans.size(), size_t(5));
        QCOMPARE(spans[0].row, 0u);
        QCOMPARE(spans[0].fromSlot, 0u);
        QCOMPARE(spans[0].toSlot, 3u);  // 3g@0 computes on 0-2
        QCOMPARE(spans[1].row, 1u);
        QCOMPARE(spans[1].toSlot, 4u);  // and holds memory 0-3
        QCOMPARE(spans[4].flags, uint32_t(OccupancySpan::Stranded));
        QCOMPARE(spans[4].fromSlot, 3u);
        const int threeG = run->profileCategory(*run->gpu().profileIndex("3g.40gb"));
        QCOMPARE(spans[0].category(InferenceRun::kProfileLayer), threeG);
        std::vector<float> profiles;
        cursor->cellLayer(InferenceRun::kProfileLayer, profiles);
        QCOMPARE(profiles[0], float(threeG));
        QCOMPARE(profiles[3], -1.0f);  // the stranded slice holds nothing
        // Summaries for compare and the report.
        const auto summary = run->summary();
        QVERIFY(std::any_of(summary.begin(), summary.end(), [&](const RunSummaryValue& v) {
            return v.key == "peak_gpus" && v.value == run->result().peakGpus;
        }));
        QCOMPARE(run->words().step, std::string("step"));
    }

    void sameResultsAtAnyThreadCount()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const Fixture f = parvaRow(0, "3:4@150");
        const auto one = runOf(f, "elasticbatch", 1, "learned");
        const auto four = runOf(f, "elasticbatch", 4, "learned");
        compareColumns(*one, *four, one->series().rows(), "threads");
    }
};

QTEST_GUILESS_MAIN(TestInferenceRun)
#include "tst_inferencerun.moc"
