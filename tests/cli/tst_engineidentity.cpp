// Issue 16: the argmax index (core/sched/ArgmaxIndex.h) decides exactly as the full scan. For
// every policy (each single-term one, weighted specs with one, two or no min-max terms, Random),
// in experiment and replay mode, on a small and a medium generated cluster (K = 1 and 2) and on the real
// default trace, `simulate --decisions` with `--engine index` is byte-identical to `--engine scan`;
// and the index did decide those runs, without handing any over to the scan.
#include "io/TraceLoader.h"
#include "sched/Scheduler.h"
#include "sim/PodSimulation.h"
#include "support/CliRunner.h"
#include "support/SharedData.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera;
using namespace tessera::test;

namespace {

// Single terms, then: PWR and FGD weighted as in the paper (one min-max term), two plain terms,
// two min-max terms, and the six indexed terms at once.
const QStringList kPolicies{
    "dotproduct",      "gpuclustering",          "gpupacking",          "bestfit",
    "fgd",             "pwr",                    "pwr:100,fgd:900",     "pwr:500,fgd:500",
    "fgd:700,gpupacking:300", "bestfit:300,pwr:700",
    "bestfit:1,dotproduct:2,fgd:3,gpuclustering:4,gpupacking:5,pwr:6"};
// Specs with a random term take the scan whatever the engine: once, on the small cluster, to
// show that --engine index leaves them alone.
const QStringList kScannedPolicies{"random", "bestfit:1,dotproduct:2,fgd:3,gpuclustering:4,gpupacking:5,pwr:6,random:7"};

}  // namespace

class TestEngineIdentity : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    // Without this the test could pass with both engines scanning.
    void indexIsUsedWhereItApplies()
    {
        const std::vector<uint32_t> order{0, 1, 2};
        for (const char* spec : {"fgd", "bestfit", "pwr", "dotproduct", "gpuclustering", "gpupacking",
                                 "pwr:100,fgd:900", "bestfit:300,pwr:700"}) {
            Scheduler scheduler(PolicySpec::parse(spec), order, 1);
            QVERIFY2(scheduler.usesIndex(), spec);
            scheduler.setEngine(SchedulerEngine::Scan);
            QVERIFY2(!scheduler.usesIndex(), spec);
        }
        for (const char* spec : {"random", "fgd:900,random:100"})
            QVERIFY2(!Scheduler(PolicySpec::parse(spec), order, 1).usesIndex(), spec);
    }

    // The identity below would also hold if the index gave up on a score beyond its range and
    // let the scan decide (Scheduler::indexGaveUp): the same runs in process, each indexed spec,
    // must have had every decision (an arrival or a retry) answered by the index.
    void theIndexDecidesWithoutGivingUp_data() { identicalDecisions_data(); }

    void theIndexDecidesWithoutGivingUp()
    {
        QFETCH(QString, cluster);
        QFETCH(QString, mode);
        QFETCH(QString, seeds);
        if (cluster == "real")
            TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_pod_list_default.csv");
        QString nodes, pods;
        QVERIFY(inputs(cluster, nodes, pods));
        LoadWarnings warnings;
        const Cluster c = TraceLoader::loadCluster(nodes.toStdString(), {}, {}, warnings);
        const PodList list = TraceLoader::loadPods(pods.toStdString(), c.registry, {}, warnings);
        const TraceModels models(c, list.pods);
        for (const QString& spec : kPolicies) {
            RunParameters params;
            params.policy = PolicySpec::parse(spec.toStdString());
            params.seed = seeds.toULongLong();
            params.mode = mode == "replay" ? SimulationMode::Replay : SimulationMode::Experiment;
            const auto run = PodSimulation(models, params).run(list);
            QVERIFY2(!run->indexGaveUp, qPrintable(spec));
            uint64_t decisions = 0;
            for (size_t i = 0; i < run->timeline.size(); ++i)
                decisions += run->timeline.step(i).kind == StepKind::Arrival
                             || run->timeline.step(i).kind == StepKind::Retry;
            QVERIFY2(decisions > 5000 && run->indexedDecisions == decisions,
                     qPrintable(QStringLiteral("%1: the index decided %2 of %3 decisions")
                                    .arg(spec)
                                    .arg(run->indexedDecisions)
                                    .arg(decisions)));
        }
    }

    void identicalDecisions_data()
    {
        QTest::addColumn<QString>("cluster");  // generate --scale, or "real"
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("seeds");
        for (const QString mode : {"experiment", "replay"}) {
            QTest::addRow("small %s", qPrintable(mode)) << "1" << mode << "3";
            QTest::addRow("medium %s", qPrintable(mode)) << "2" << mode << "5";
            QTest::addRow("real default %s", qPrintable(mode)) << "real" << mode << "42";
        }
    }

    void identicalDecisions()
    {
        QFETCH(QString, cluster);
        QFETCH(QString, mode);
        QFETCH(QString, seeds);
        if (cluster == "real")
            TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_pod_list_default.csv");
        QString nodes, pods;
        QVERIFY(inputs(cluster, nodes, pods));
        const QStringList policies = cluster == "1" && mode == "experiment" ? kPolicies + kScannedPolicies : kPolicies;
        QByteArray decisions[2];
        const QStringList engines{"scan", "index"};
        for (int e = 0; e < 2; ++e) {
            const QString file = dir_.filePath(QStringLiteral("%1-%2-%3.csv").arg(cluster, mode, engines[e]));
            const auto r = runCli(simulateArgs(nodes, pods, policies,
                                               {"--mode", mode, "--seeds", seeds, "--engine", engines[e],
                                                "--decisions", file, "--threads", "2", "--quiet"}));
            QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
            decisions[e] = readBytes(file);
        }
        // Thousands of decisions per run (a row per pod, 8,152 pods in the smallest trace): a file
        // this size says every run ran.
        const qsizetype rows = decisions[0].count('\n');
        QVERIFY2(rows > 5000 * policies.size(), qPrintable(QStringLiteral("only %1 decision rows").arg(rows)));
        if (decisions[0] != decisions[1]) {
            const QList<QByteArray> a = decisions[0].split('\n'), b = decisions[1].split('\n');
            qsizetype i = 0;
            while (i < a.size() && i < b.size() && a[i] == b[i])
                ++i;
            QFAIL(qPrintable(QStringLiteral("first difference at line %1:\n  scan:  %2\n  index: %3")
                                 .arg(i + 1)
                                 .arg(QString::fromUtf8(a.value(i)), QString::fromUtf8(b.value(i)))));
        }
    }

    void unknownEngineIsAUsageError()
    {
        const auto r = runCli({"simulate", "--nodes", "n.csv", "--pods", "p.csv", "--policy", "fgd", "--engine", "fast"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--engine must be index or scan"), qPrintable(r.describe()));
    }

private:
    // The node and pod lists of `cluster` (generate --scale, or "real"); false on a failure
    // (reported).
    bool inputs(const QString& cluster, QString& nodes, QString& pods)
    {
        if (cluster == "real") {
            nodes = QString::fromStdString(alibabaPath("openb_node_list_gpu_node.csv"));
            pods = QString::fromStdString(alibabaPath("openb_pod_list_default.csv"));
            return true;
        }
        const QString out = dir_.filePath("k" + cluster);
        if (!QFileInfo::exists(out + "/pods.csv")) {
            const auto g = runCli({"generate", "--out", out, "--seed", "9", "--scale", cluster});
            if (!g.finished || g.exitCode != 0) {
                qWarning("%s", qPrintable(g.describe()));
                return false;
            }
        }
        nodes = out + "/nodes.csv";
        pods = out + "/pods.csv";
        return true;
    }

    QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestEngineIdentity)
#include "tst_engineidentity.moc"
