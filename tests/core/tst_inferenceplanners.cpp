// The MIG inference planners (mig-elasticbatch.md 2.2, 3.2, section 4): hand-checked toy cases,
// plan validity for every policy, plan transitions, and the spec's reference GPU counts on the
// ParvaGPU SLO rows 1-6.
#include "inference/ClassConfigurator.h"
#include "inference/InferenceClasses.h"
#include "inference/InferencePolicy.h"
#include "inference/ParvaScenario.h"
#include "inference/PlanContinuity.h"
#include "inference/ProfileData.h"
#include "inference/SloTable.h"
#include "inference/TablePerformanceModel.h"
#include "mig/MigGpuType.h"
#include "mig/MigLayout.h"
#include "support/SharedData.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <set>

using namespace tessera;

namespace {

const MigGpuType& a100() { return *MigGpuType::find("A100-80GB"); }

// A one-model profile folder: per size, batch 1 and 8 with one process. Latency in seconds.
struct ToyPoint {
    int g, batch;
    double latencyS;
};

ProfileData toyProfiles(const QTemporaryDir& dir, const std::vector<ToyPoint>& points)
{
    std::ofstream out((dir.path() + "/toy.csv").toStdString());
    out << "Mig instance,Batch size,Workload Number,Throughput,Latency\n";
    for (const ToyPoint& p : points)
        out << p.g << ',' << p.batch << ",1," << (p.latencyS > 0 ? p.batch / p.latencyS : 0) << ',' << p.latencyS << '\n';
    out.close();
    return ProfileData::load(dir.path().toStdString());
}

WorkloadClass toyClass(double sloMs, double rate)
{
    WorkloadClass c;
    c.model = 0;
    c.sloMs = sloMs;
    c.rateRps = rate;
    return c;
}

InferencePlan planWith(const std::string& spec, const PerformanceModel& model, const std::vector<WorkloadClass>& classes)
{
    const auto policy = InferencePolicyRegistry::instance().create(spec, a100());
    return policy->plan(PlanningContext{a100(), model, classes});
}

// Every GPU of the plan carries a valid layout (mig-elasticbatch.md 1.1).
void verifyLayouts(const InferencePlan& plan)
{
    std::map<uint32_t, MigLayout> gpus;
    for (const PlannedInstance& p : plan.instances)
        gpus[p.gpu].instances.push_back({p.profile, p.start});
    QCOMPARE(uint32_t(gpus.size()), plan.gpuCount);
    for (auto& [gpu, layout] : gpus) {
        sortByStart(layout);
        const auto problem = layoutProblem(a100(), layout);
        QVERIFY2(!problem, qPrintable(QString::fromStdString("GPU " + std::to_string(gpu) + ": " + problem.value_or(""))));
    }
}

int instancesOfClass(const InferencePlan& plan, uint32_t classId)
{
    int count = 0;
    for (const PlannedInstance& p : plan.instances)
        count += !p.idle && p.classId == classId;
    return count;
}

}  // namespace

class TestInferencePlanners : public QObject {
    Q_OBJECT

private slots:
    // Toy model: 1g serves 100 req/s per slice at 10 ms, 2g only 80 per slice: the cheapest point
    // per slice is 1g batch 1; 250 req/s need ceil(250/100) = 3 replicas, which Step 5 puts on one
    // GPU at starts 6, 4, 5 (its start preference for 1g).
    void elasticBatchChoosesCheapestFeasiblePoint()
    {
        QTemporaryDir dir;
        const ProfileData profiles = toyProfiles(dir, {{1, 1, 0.010}, {1, 8, 0.100}, {2, 1, 0.00625}, {7, 1, 0.002}});
        const TablePerformanceModel table(profiles);
        const std::vector<WorkloadClass> classes{toyClass(100, 250)};
        const InferencePlan plan = planWith("elasticbatch", table, classes);
        verifyLayouts(plan);
        QCOMPARE(plan.decisions.size(), size_t(1));
        const ClassDecision& d = plan.decisions[0];
        QVERIFY(d.chosen >= 0);
        QCOMPARE(d.candidates[d.chosen].point.computeSlices, 1);
        QCOMPARE(d.candidates[d.chosen].point.batch, 1);
        QCOMPARE(d.replicas, 3);
        QCOMPARE(plan.gpuCount, 1u);
        std::set<int> starts;
        for (const PlannedInstance& p : plan.instances)
            starts.insert(p.start);
        QCOMPARE(starts, (std::set<int>{4, 5, 6}));
        // Batch 8 on 1g takes 100 ms >= 0.45 x 100 ms: infeasible, with the reason.
        bool sawLatencyReason = false;
        for (const PlanCandidate& c : d.candidates)
            if (c.point.computeSlices == 1 && c.point.batch == 8) {
                QVERIFY(!c.feasible);
                sawLatencyReason = c.reason.find("0.45 x SLO") != std::string::npos;
            }
        QVERIFY(sawLatencyReason);
    }

    // A tight SLO leaves only the 7g point (2 ms < 0.45 x 5 ms); MIG disabled always uses it.
    void tightSloLeavesOnlyTheWholeGpu()
    {
        QTemporaryDir dir;
        const ProfileData profiles = toyProfiles(dir, {{1, 1, 0.010}, {2, 1, 0.00625}, {7, 1, 0.002}});
        const TablePerformanceModel table(profiles);
        const std::vector<WorkloadClass> classes{toyClass(5, 1200)};
        for (const std::string spec : {"elasticbatch", "mig-disabled", "oracle"}) {
            const InferencePlan plan = planWith(spec, table, classes);
            verifyLayouts(plan);
            // 500 req/s per 7g: ceil(1200 / 500) = 3 whole GPUs.
            QCOMPARE(instancesOfClass(plan, 0), 3);
            QCOMPARE(plan.gpuCount, 3u);
        }
    }

    // No point meets the SLO: the class gets no instance, and the decision says so.
    void infeasibleClassIsNotServed()
    {
        QTemporaryDir dir;
        const ProfileData profiles = toyProfiles(dir, {{1, 1, 0.010}, {7, 1, 0.008}});
        const TablePerformanceModel table(profiles);
        const InferencePlan plan = planWith("elasticbatch", table, {toyClass(10, 100)});
        QCOMPARE(plan.instances.size(), size_t(0));
        QCOMPARE(plan.decisions[0].chosen, -1);
        QVERIFY(plan.decisions[0].why.find("not served") != std::string::npos);
    }

    // A static layout of two 3g offers only 3g: the class takes 3g instances first-fit, a second
    // GPU opens when the first's two are used, and unused instances stay idle.
    void staticLayoutFillsExactProfiles()
    {
        QTemporaryDir dir;
        const ProfileData profiles = toyProfiles(dir, {{1, 1, 0.010}, {3, 1, 0.004}, {7, 1, 0.002}});
        const TablePerformanceModel table(profiles);
        const InferencePlan plan = planWith("static:3g.40gb@0+3g.40gb@4", table, {toyClass(100, 600)});
        verifyLayouts(plan);
        // 3g: 250 req/s each: ceil(600 / 250) = 3 replicas over 2 GPUs, one 3g idle.
        QCOMPARE(instancesOfClass(plan, 0), 3);
        QCOMPARE(plan.gpuCount, 2u);
        QCOMPARE(plan.instances.size(), size_t(4));
        QCOMPARE(std::count_if(plan.instances.begin(), plan.instances.end(), [](const auto& p) { return p.idle; }), 1);
    }

    void badPolicySpecsAreRefused()
    {
        auto refused = [](const std::string& spec) {
            try {
                InferencePolicyRegistry::instance().create(spec, a100());
            } catch (const std::invalid_argument& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        QVERIFY(refused("nonsense").find("unknown inference policy") != std::string::npos);
        QVERIFY(!refused("static").empty());
        QVERIFY(!refused("static:3g.40gb@0+3g.40gb@2").empty());  // overlapping memory
        QVERIFY(!refused("static:9g.40gb@0").empty());
        QVERIFY(!refused("elasticbatch:3").empty());
    }

    // Re-planning keeps unchanged instances where they run and charges only the change.
    void transitionKeepsUnchangedInstances()
    {
        const uint16_t oneG = *a100().classicProfileWithComputeSlices(1);
        const uint16_t twoG = *a100().classicProfileWithComputeSlices(2);
        std::vector<PlannedInstance> current{{0, oneG, 6, 5, {}, false}, {1, twoG, 0, 5, {}, false}};
        InferencePlan next;
        // The planner numbers from 0; the same two instances plus one more 1g on that GPU.
        next.instances = {{1, twoG, 0, 0, {}, false}, {0, oneG, 4, 0, {}, false}, {0, oneG, 6, 0, {}, false}};
        next.gpuCount = 1;
        const PlanTransition t = transitionTo(current, next, 5);
        for (const PlannedInstance& p : t.instances)
            QCOMPARE(p.gpu, 5u);  // stays on physical GPU 5
        QCOMPARE(t.changes.size(), size_t(1));
        QCOMPARE(t.changes[0].created, 1);
        QCOMPARE(t.changes[0].destroyed, 0);
        QCOMPARE(t.changes[0].kept, 2);
        QCOMPARE(t.changes[0].delayS, 5.0);
        // The same plan again costs nothing.
        InferencePlan same;
        same.instances = t.instances;
        for (PlannedInstance& p : same.instances)
            p.gpu = 0;
        same.gpuCount = 1;
        QVERIFY(transitionTo(t.instances, same, 5).changes.empty());
    }

    void sloRowsParse()
    {
        QCOMPARE(parseSloRows("3", 6).row, 3);
        const SloRowSelection s = parseSloRows("3:4@120", 6);
        QCOMPARE(s.switchRow, 4);
        QCOMPARE(s.switchAtS, 120.0);
        for (const char* bad : {"0", "7", "x", "3:4", "3:9@10", "3:4@-1", "3:4@"})
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseSloRows(bad, 6));
    }

    // mig-elasticbatch.md section 4 (full table, no buckets, p = 1, ceil replication, Step 5):
    // ElasticBatch-like 3/6/6/10/17/22 GPUs and 6/11/12/20/39/50 instances, MIG disabled
    // 6/11/11/11/24/26; ParvaGPU's deployment maps 2/3/5/7/13/16 +-1 (3.2); the oracle never
    // needs more GPUs than first-fit decreasing; every layout valid.
    void parvaRowsMatchTheSpec()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const ProfileData profiles = ProfileData::load(test::sharedPath("traces/mig-parvagpu/prof_data"));
        const SloTable slo = SloTable::load(test::sharedPath("traces/mig-parvagpu/SLO"), profiles.modelNames());
        const TablePerformanceModel table(profiles);
        const uint32_t ebGpus[] = {3, 6, 6, 10, 17, 22};
        const size_t ebInstances[] = {6, 11, 12, 20, 39, 50};
        const uint32_t disabledGpus[] = {6, 11, 11, 11, 24, 26};
        const int parvaGpus[] = {2, 3, 5, 7, 13, 16};
        for (int row = 1; row <= 6; ++row) {
            const InferenceScenario scenario = parvaScenario(slo, {row, 0, 0}, 60);
            std::vector<WorkloadClass> classes = buildClasses(scenario, profiles, ClassGrouping{});
            setRatesAt(classes, scenario, 0);
            const InferencePlan eb = planWith("elasticbatch", table, classes);
            const InferencePlan disabled = planWith("mig-disabled", table, classes);
            const InferencePlan oracle = planWith("oracle", table, classes);
            const InferencePlan parva = planWith("parvagpu", table, classes);
            for (const InferencePlan* plan : {&eb, &disabled, &oracle, &parva})
                verifyLayouts(*plan);
            const QByteArray where = QByteArray("SLO row ") + QByteArray::number(row);
            QVERIFY2(eb.gpuCount == ebGpus[row - 1], where + ": ElasticBatch-like GPUs " + QByteArray::number(eb.gpuCount));
            QVERIFY2(eb.instances.size() == ebInstances[row - 1], where);
            QVERIFY2(disabled.gpuCount == disabledGpus[row - 1], where + ": MIG disabled " + QByteArray::number(disabled.gpuCount));
            QVERIFY2(std::abs(int(parva.gpuCount) - parvaGpus[row - 1]) <= 1,
                     where + ": ParvaGPU " + QByteArray::number(parva.gpuCount));
            QVERIFY2(oracle.gpuCount <= eb.gpuCount, where);
        }
    }
};

QTEST_GUILESS_MAIN(TestInferencePlanners)
#include "tst_inferenceplanners.moc"
