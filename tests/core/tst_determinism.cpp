// contracts.md section 5: the same inputs, spec, seed, mode and parameters give byte-identical
// grid and decision CSVs at any thread count and on any run; another seed gives another run.
#include "support/SharedData.h"
#include "support/SyntheticTrace.h"
#include "io/TraceLoader.h"
#include "report/SimulationCsv.h"
#include "sim/BatchRunner.h"
#include "sim/GridSampler.h"
#include "sim/PodSimulation.h"

#include <QTest>

#include <fmt/format.h>

#include <atomic>

using namespace tessera;

namespace {

const std::vector<std::string> kAllPolicies{"random", "dotproduct", "gpuclustering", "gpupacking",
                                            "bestfit", "fgd",        "pwr",           "pwr:100,fgd:900"};

struct Batch {
    std::string csv;        // the --csv content: grid rows (experiment) or replay rows
    std::string decisions;  // the --decisions content
    size_t steps = 0;
};

// What tessera-cli simulate writes for policies x seeds: each job fills only its own slot and
// the slots are joined in job order, as in SimulateCommand.
Batch runBatch(const Cluster& cluster, const PodList& pods, const std::vector<std::string>& policies,
               const std::vector<uint64_t> seeds, SimulationMode mode, unsigned threads)
{
    const TraceModels models(cluster, pods.pods);
    const size_t jobs = policies.size() * seeds.size();
    std::vector<std::string> csv(jobs), decisions(jobs);
    std::vector<size_t> steps(jobs);
    BatchRunner::run(jobs, threads, [&](size_t job) {
        RunParameters params;
        params.policy = PolicySpec::parse(policies[job / seeds.size()]);
        params.seed = seeds[job % seeds.size()];
        params.mode = mode;
        params.replayStepSeconds = 600;
        const auto run = PodSimulation(models, params).run(pods);
        const std::string name = params.policy.canonical();
        csv[job] = mode == SimulationMode::Experiment
            ? SimulationCsv::gridRows(name, params.seed, GridSampler::sample(*run, 1, 130))
            : SimulationCsv::replayRows(name, *run, params.replayStepSeconds);
        decisions[job] = SimulationCsv::decisionRows(name, *run, cluster.nodes);
        steps[job] = run->timeline.size();
    });
    Batch out;
    for (size_t j = 0; j < jobs; ++j) {
        out.csv += csv[j];
        out.decisions += decisions[j];
        out.steps += steps[j];
    }
    return out;
}

// The rows with `prefix` cut from the start of each (every row must carry it).
std::string withoutPrefix(const std::string& rows, const std::string& prefix)
{
    std::string out;
    for (size_t at = 0; at < rows.size();) {
        const size_t end = rows.find('\n', at);
        if (rows.compare(at, prefix.size(), prefix) != 0)
            throw std::logic_error("row without the expected prefix");
        out.append(rows, at + prefix.size(), end - at - prefix.size() + 1);
        at = end + 1;
    }
    return out;
}

// Where two outputs first differ, for a readable failure.
QByteArray firstDifference(const std::string& a, const std::string& b)
{
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    const size_t from = a.rfind('\n', i) == std::string::npos ? 0 : a.rfind('\n', i) + 1;
    return QByteArray::fromStdString(
        fmt::format("at byte {}: \"{}\" vs \"{}\"", i, a.substr(from, 120), b.substr(from, 120)));
}

#define COMPARE_BYTES(a, b) QVERIFY2((a) == (b), firstDifference(a, b).constData())

}  // namespace

class TestDeterminism : public QObject {
    Q_OBJECT

private slots:
    void threadCountDoesNotChangeExperimentOutput()
    {
        const Cluster cluster = test::syntheticCluster(64);
        const PodList pods = test::syntheticPods(cluster, 300, 5, false);
        const Batch one = runBatch(cluster, pods, kAllPolicies, {42, 43}, SimulationMode::Experiment, 1);
        const Batch two = runBatch(cluster, pods, kAllPolicies, {42, 43}, SimulationMode::Experiment, 2);
        const Batch many = runBatch(cluster, pods, kAllPolicies, {42, 43}, SimulationMode::Experiment, 5);
        // 8 policies x 2 seeds x 131 grid points (0..130 every 1%)
        QCOMPARE(qsizetype(std::count(one.csv.begin(), one.csv.end(), '\n')), qsizetype(8 * 2 * 131));
        QCOMPARE(size_t(std::count(one.decisions.begin(), one.decisions.end(), '\n')), one.steps);
        QVERIFY(one.steps > 16 * 300);  // clones were appended to reach 130%
        COMPARE_BYTES(one.csv, two.csv);
        COMPARE_BYTES(one.decisions, two.decisions);
        COMPARE_BYTES(one.csv, many.csv);
        COMPARE_BYTES(one.decisions, many.decisions);
    }

    void threadCountDoesNotChangeReplayOutput()
    {
        const Cluster cluster = test::syntheticCluster(12);
        const PodList pods = test::syntheticPods(cluster, 400, 9, true);
        const std::vector<std::string> policies{"random", "fgd", "pwr:100,fgd:900", "gpupacking"};
        const Batch one = runBatch(cluster, pods, policies, {1, 2}, SimulationMode::Replay, 1);
        const Batch two = runBatch(cluster, pods, policies, {1, 2}, SimulationMode::Replay, 2);
        QVERIFY(!one.csv.empty());
        COMPARE_BYTES(one.csv, two.csv);
        COMPARE_BYTES(one.decisions, two.decisions);
    }

    void sameSeedSameRunOtherSeedOtherRun()
    {
        const Cluster cluster = test::syntheticCluster(64);
        const PodList pods = test::syntheticPods(cluster, 300, 5, false);
        for (const auto& policy : kAllPolicies) {
            const Batch a = runBatch(cluster, pods, {policy}, {42}, SimulationMode::Experiment, 1);
            const Batch again = runBatch(cluster, pods, {policy}, {42}, SimulationMode::Experiment, 1);
            const Batch other = runBatch(cluster, pods, {policy}, {43}, SimulationMode::Experiment, 1);
            COMPARE_BYTES(a.csv, again.csv);
            COMPARE_BYTES(a.decisions, again.decisions);
            // Another seed shuffles the pods and draws another tie order. The seed column alone
            // would differ, so compare the decision rows without their "policy,seed," prefix.
            const std::string name = SimulationCsv::quoted(PolicySpec::parse(policy).canonical());
            QVERIFY2(withoutPrefix(a.decisions, name + ",42,") != withoutPrefix(other.decisions, name + ",43,"),
                     policy.c_str());
            QVERIFY2(a.csv != other.csv, policy.c_str());
        }
    }

    void batchRunnerRunsEveryJobOnce()
    {
        for (unsigned threads : {1u, 2u, 7u, 64u}) {
            std::vector<std::atomic<int>> hits(23);
            BatchRunner::run(hits.size(), threads, [&](size_t job) { ++hits[job]; });
            for (const auto& h : hits)
                QCOMPARE(h.load(), 1);
        }
        // a failing job surfaces in the caller
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, BatchRunner::run(8, 2, [](size_t job) {
            if (job == 5)
                throw std::runtime_error("job 5");
        }));
    }

    void realTraceThreadCount()
    {
        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_pod_list_default.csv");
        LoadWarnings w;
        const Cluster cluster = TraceLoader::loadCluster(test::alibabaPath("openb_node_list_gpu_node.csv"), {}, {}, w);
        const PodList pods = TraceLoader::loadPods(test::alibabaPath("openb_pod_list_default.csv"), cluster.registry, {}, w);
        const std::vector<std::string> policies{"fgd", "random", "pwr:100,fgd:900", "bestfit"};
        const Batch one = runBatch(cluster, pods, policies, {42, 43}, SimulationMode::Experiment, 1);
        const Batch two = runBatch(cluster, pods, policies, {42, 43}, SimulationMode::Experiment, 2);
        COMPARE_BYTES(one.csv, two.csv);
        COMPARE_BYTES(one.decisions, two.decisions);
    }
};

QTEST_APPLESS_MAIN(TestDeterminism)
#include "tst_determinism.moc"
