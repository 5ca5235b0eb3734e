// Tie-breaking (fgd-pwr.md section 2): equal totals go to the first node of a permutation
// drawn once per run from the seed, or of name order on request; a single feasible node is
// taken without scoring; and explain() tells the same story as decide().
#include "support/ClusterBuilder.h"
#include "support/SyntheticTrace.h"
#include "sched/Scheduler.h"
#include "sched/TieOrder.h"
#include "sim/PodSimulation.h"
#include "sim/ShapeTable.h"

#include <QTest>

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <numeric>

using namespace tessera;
using tessera::test::ClusterBuilder;

namespace {

std::vector<NodeSpec> namedNodes(int count)
{
    std::vector<NodeSpec> nodes;
    for (int i = 0; i < count; ++i)
        nodes.push_back(NodeSpec{fmt::format("node-{}", 100 + i), 32000, 1024, 2, 0});
    return nodes;
}

std::vector<std::string> namesInOrder(const std::vector<NodeSpec>& nodes, const std::vector<uint32_t>& order)
{
    std::vector<std::string> names;
    for (uint32_t i : order)
        names.push_back(nodes.at(i).name);
    return names;
}

bool isPermutation(std::vector<uint32_t> order)
{
    std::sort(order.begin(), order.end());
    for (size_t i = 0; i < order.size(); ++i)
        if (order[i] != i)
            return false;
    return true;
}

const char* const kPolicies[] = {"random", "dotproduct", "gpuclustering", "gpupacking", "bestfit", "fgd", "pwr",
                                 "pwr:100,fgd:900", "bestfit:300,gpupacking:700"};

}  // namespace

class TestTieOrder : public QObject {
    Q_OBJECT

private slots:
    void seededOrderIsAPermutationFixedBySeed()
    {
        const auto nodes = namedNodes(50);
        const auto a = makeTieOrder(nodes, TieOrderKind::Seeded, 42);
        QCOMPARE(a.size(), nodes.size());
        QVERIFY(isPermutation(a));
        QCOMPARE(makeTieOrder(nodes, TieOrderKind::Seeded, 42), a);  // same seed, same order
        const auto b = makeTieOrder(nodes, TieOrderKind::Seeded, 43);
        QVERIFY(isPermutation(b));
        QVERIFY(b != a);  // another seed, another order
        // Not name order (the nodes are given in name order): 50! orders make a match absurd.
        std::vector<uint32_t> identity(nodes.size());
        std::iota(identity.begin(), identity.end(), 0u);
        QVERIFY(a != identity);
    }

    void seededOrderIgnoresFileRowOrder()
    {
        // The permutation is drawn over the nodes sorted by name, so listing the same nodes in
        // another row order gives the same sequence of names.
        const auto nodes = namedNodes(30);
        auto reversed = nodes;
        std::reverse(reversed.begin(), reversed.end());
        QCOMPARE(namesInOrder(reversed, makeTieOrder(reversed, TieOrderKind::Seeded, 7)),
                 namesInOrder(nodes, makeTieOrder(nodes, TieOrderKind::Seeded, 7)));
    }

    void nameOrderSortsByName()
    {
        std::vector<NodeSpec> nodes{{"b", 1000, 1, 0, kNoGpuModel}, {"c", 1000, 1, 0, kNoGpuModel},
                                    {"a", 1000, 1, 0, kNoGpuModel}, {"aa", 1000, 1, 0, kNoGpuModel}};
        const std::vector<uint32_t> expected{2, 3, 0, 1};  // a < aa < b < c
        QCOMPARE(makeTieOrder(nodes, TieOrderKind::Name, 1), expected);
        QCOMPARE(makeTieOrder(nodes, TieOrderKind::Name, 2), expected);  // the seed plays no part
        QCOMPARE(tieOrderName(TieOrderKind::Name), std::string_view("name"));
        QCOMPARE(tieOrderName(TieOrderKind::Seeded), std::string_view("seeded"));
    }

    void equalScoresGoToFirstFeasibleInTieOrder()
    {
        ClusterBuilder b;
        for (int i = 0; i < 5; ++i)
            b.addNode(fmt::format("n{}", i), 32000, 4, "T4");
        const ClusterState& s = b.build();
        b.setNode(3, {1000, 1000, 1000, 1000}, 0);  // node 3 has no CPU left: filtered out
        const std::vector<uint32_t> order{3, 1, 4, 0, 2};
        const PodSpec share = b.pod("share", 1000, 1, 500);
        const PodSpec cpu = b.pod("cpu", 1000);

        // Identical empty nodes tie under every policy but random: the first feasible node
        // of the order, 1, wins (3 comes first but does not fit).
        for (const char* policy : {"bestfit", "gpupacking", "gpuclustering", "dotproduct", "fgd", "pwr"}) {
            Scheduler scheduler(PolicySpec::parse(policy), order, 42);
            QCOMPARE(scheduler.decide(s, share, 0, 0).node, 1);
            QCOMPARE(scheduler.decide(s, cpu, 1, 1).node, 1);  // CPU-only: 0 (or equal) everywhere
            const DecisionExplanation e = scheduler.explain(s, share, 0);
            QCOMPARE(e.winner, int64_t(1));
            QCOMPARE(e.candidates.size(), size_t(4));
            QCOMPARE(e.candidates.front().node, uint32_t(1));  // candidates listed in tie order
            QCOMPARE(e.candidates.front().tieRank, uint32_t(1));
            QVERIFY2(e.why.find("4 nodes tie") != std::string::npos, e.why.c_str());
            QCOMPARE(e.filtered.size(), size_t(1));
            QCOMPARE(e.filtered.front().node, uint32_t(3));
            QVERIFY(e.filtered.front().reason.find("CPU") != std::string::npos);
        }

        // With the run's seeded order the winner is that order's first feasible node.
        const auto seeded = makeTieOrder(b.cluster().nodes, TieOrderKind::Seeded, 42);
        const uint32_t first = seeded[0] == 3 ? seeded[1] : seeded[0];
        Scheduler scheduler(PolicySpec::parse("bestfit"), seeded, 42);
        QCOMPARE(scheduler.decide(s, share, 0, 0).node, int32_t(first));
    }

    void singleFeasibleNodeIsTakenWithoutScoring()
    {
        ClusterBuilder b;
        b.addNode("t4", 32000, 2, "T4");
        const uint32_t v100 = uint32_t(b.addNode("v100", 32000, 2, "V100M16"));
        b.addNode("cpu", 32000, 0);
        const ClusterState& s = b.build();
        const PodSpec typed = b.pod("typed", 1000, 1, 300, "V100M16|V100M32");
        for (const char* policy : kPolicies) {
            Scheduler scheduler(PolicySpec::parse(policy), {0, 1, 2}, 42);
            const Placement p = scheduler.decide(s, typed, 0, 0);
            QCOMPARE(p.node, int32_t(v100));
            QCOMPARE(p.gpus == GpuMask(0b01) || p.gpus == GpuMask(0b10), true);
            const DecisionExplanation e = scheduler.explain(s, typed, 0);
            QCOMPARE(e.winner, int64_t(v100));
            QCOMPARE(e.gpus, p.gpus);
            QCOMPARE(e.candidates.size(), size_t(1));
            QVERIFY(e.candidates.front().raw.empty());  // no plugin was asked
            QVERIFY2(e.why.find("only feasible") != std::string::npos, e.why.c_str());
            QCOMPARE(e.filtered.size(), size_t(2));
        }
    }

    void podThatFitsNowhereFails()
    {
        ClusterBuilder b;
        b.addNode("a", 32000, 2, "T4");
        const ClusterState& s = b.build();
        const PodSpec big = b.pod("big", 1000, 4, 1000);
        Scheduler scheduler(PolicySpec::parse("fgd"), {0}, 42);
        QVERIFY(!scheduler.decide(s, big, 0, 0).placed());
        const DecisionExplanation e = scheduler.explain(s, big, 0);
        QCOMPARE(e.winner, int64_t(-1));
        QVERIFY(e.candidates.empty());
        QCOMPARE(e.filtered.size(), size_t(1));
        QVERIFY(e.why.find("fails") != std::string::npos);
    }

    void explainAgreesWithDecide()
    {
        // A loaded heterogeneous cluster, so that both ties and clear winners occur; the state
        // moves on after each decision as in a run.
        const Cluster cluster = test::syntheticCluster(24);
        const PodList pods = test::syntheticPods(cluster, 160, 3, false);
        const TraceModels models(cluster, pods.pods);
        const ShapeTable shapes(pods.pods);
        int ties = 0, clear = 0;
        for (const char* policy : kPolicies) {
            ClusterState state(cluster, models.fragmentation, models.power);
            const auto order = makeTieOrder(cluster.nodes, TieOrderKind::Seeded, 11);
            Scheduler deciding(PolicySpec::parse(policy), order, 11);
            Scheduler explaining(PolicySpec::parse(policy), order, 11);
            for (size_t i = 0; i < pods.pods.size(); ++i) {
                const PodSpec& pod = pods.pods[i];
                const DecisionExplanation e = explaining.explain(state, pod, i);
                const Placement p = deciding.decide(state, pod, shapes.shapeOf(i), i);
                QCOMPARE(e.winner, int64_t(p.node));
                QCOMPARE(e.gpus, p.gpus);
                if (!p.placed())
                    continue;
                if (e.candidates.size() > 1) {
                    // the winner is the first candidate (tie order) holding the highest total
                    int64_t best = std::numeric_limits<int64_t>::min();
                    for (const auto& c : e.candidates)
                        best = std::max(best, c.total);
                    const auto first = std::find_if(e.candidates.begin(), e.candidates.end(),
                                                    [&](const auto& c) { return c.total == best; });
                    QCOMPARE(int64_t(first->node), e.winner);
                    const auto tied = std::count_if(e.candidates.begin(), e.candidates.end(),
                                                    [&](const auto& c) { return c.total == best; });
                    QVERIFY2((tied > 1) == (e.why.find("tie") != std::string::npos), e.why.c_str());
                    ties += tied > 1;
                    clear += tied == 1;
                    for (size_t k = 1; k < e.candidates.size(); ++k)
                        QVERIFY(e.candidates[k - 1].tieRank < e.candidates[k].tieRank);
                }
                NodeState next = state.state(uint32_t(p.node));
                applyPod(next, pod, p.gpus, -1);
                state.setNode(uint32_t(p.node), next);
            }
        }
        QVERIFY(ties > 0);   // the comparison covered both kinds of decision
        QVERIFY(clear > 0);
    }
};

QTEST_APPLESS_MAIN(TestTieOrder)
#include "tst_tieorder.moc"
