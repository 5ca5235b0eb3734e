// `--shard I/N` on simulate, inference and training (both modes, rent with --sweep), from outside
// (contracts.md 10): the unsharded --csv is cut into its runs' blocks of rows, numbered from 0 in
// contract order, and shard I's --csv must hold exactly the blocks whose number mod N is I, in
// order, under the same header. Bad shards are usage errors (exit 2).
#include "support/CliRunner.h"
#include "support/SharedData.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera::test;

namespace {

const char* kRentWorkload = "traces/pollux-osdi21/simulator/workloads/workload-1.csv";

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString bundled(const QString& relative)
{
    return QStringLiteral(TESSERA_SOURCE_DIR) + "/" + relative;
}

struct Blocks {
    QByteArray header;
    QList<QByteArray> runs;  // each run's rows, in file order
};

// A CSV cut into runs: consecutive rows with the same first `keyColumns` fields are one run.
Blocks blocksOf(const QByteArray& csv, int keyColumns)
{
    Blocks blocks;
    const QList<QByteArray> lines = csv.split('\n');
    blocks.header = lines.value(0) + '\n';
    QByteArray lastKey;
    for (int i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        const QByteArray key = lines[i].split(',').mid(0, keyColumns).join(',');
        if (blocks.runs.isEmpty() || key != lastKey)
            blocks.runs.append(QByteArray());
        blocks.runs.last() += lines[i] + '\n';
        lastKey = key;
    }
    return blocks;
}

}  // namespace

class ShardCliTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    // Runs `args` unsharded and as shards 0..N-1 of N, and checks each shard's --csv.
    void checkShards(const QStringList& args, int keyColumns, int expectedRuns, int shards)
    {
        const QString whole = dir_.filePath("whole.csv");
        const CliResult r = runCli(args + QStringList{"--csv", whole, "--quiet"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const Blocks blocks = blocksOf(readAll(whole), keyColumns);
        QCOMPARE(blocks.runs.size(), expectedRuns);
        for (int i = 0; i < shards; ++i) {
            const QString part = dir_.filePath(QStringLiteral("shard-%1.csv").arg(i));
            const CliResult s =
                runCli(args + QStringList{"--csv", part, "--quiet", "--shard", QStringLiteral("%1/%2").arg(i).arg(shards)});
            QVERIFY2(s.exitCode == 0, qPrintable(s.describe()));
            QByteArray expected = blocks.header;
            for (int n = i; n < blocks.runs.size(); n += shards)
                expected += blocks.runs[n];
            QCOMPARE(readAll(part), expected);
        }
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void simulateShardsPoliciesThenSeeds()
    {
        // 2 policies x 3 seeds = 6 runs; 4 shards so that they are uneven (2, 2, 1, 1).
        checkShards({"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                     bundled("traces/default/pods.csv"), "--policy", "fgd", "--policy", "bestfit", "--seeds", "42-44",
                     "--tune", "0.3", "--points", "10", "--threads", "2"},
                    2, 6, 4);
    }

    void aShardBeyondTheRunsIsEmpty()
    {
        const QString part = dir_.filePath("empty.csv");
        const CliResult s = runCli({"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                                    bundled("traces/default/pods.csv"), "--policy", "fgd", "--tune", "0.2", "--csv",
                                    part, "--quiet", "--shard", "3/4"});
        QVERIFY2(s.exitCode == 0, qPrintable(s.describe()));
        QCOMPARE(readAll(part).count('\n'), 1);
    }

    void inferenceShardsPolicies()
    {
        checkShards({"inference", "--scenario", bundled("traces/inference/default.csv"), "--policy", "mig-disabled",
                     "--policy", "parvagpu", "--policy", "static:7g.80gb@0", "--duration", "120"},
                    2, 3, 2);
    }

    void trainingPlaceShardsPolicies()
    {
        checkShards({"training", "--jobs", bundled("traces/training/default.csv"), "--mode", "place", "--cluster",
                     "16x4", "--policy", "packed", "--policy", "random", "--policy", "pmfirst"},
                    2, 3, 2);
    }

    void trainingRentSweepShardsBudgetsThenPolicies()
    {
        TESSERA_REQUIRE_SHARED(kRentWorkload);
        // 3 budgets x 2 policies: the key is policy,seed,budget.
        checkShards({"training", "--jobs", sharedDir() + "/" + kRentWorkload, "--mode", "rent", "--policy",
                     "fixed:2", "--policy", "autoscale", "--sweep", "16:48:16"},
                    3, 6, 4);
    }

    void badShardsAreUsageErrors()
    {
        for (const char* shard : {"4/4", "-1/4", "1/0", "1", "a/b", "1/2/3", "", "0/", "/2"}) {
            const CliResult r = runCli({"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                                        bundled("traces/default/pods.csv"), "--policy", "fgd", "--shard", shard});
            QVERIFY2(r.exitCode == 2, qPrintable(QString(shard) + ": " + r.describe()));
            QVERIFY2(r.err.startsWith("error:") && r.err.contains("--shard"), qPrintable(r.describe()));
        }
        for (const QStringList& args :
             {QStringList{"inference", "--scenario", bundled("traces/inference/default.csv"), "--policy", "oracle"},
              QStringList{"training", "--jobs", bundled("traces/training/default.csv"), "--mode", "place", "--cluster",
                          "16x4", "--policy", "packed"}}) {
            const CliResult r = runCli(args + QStringList{"--shard", "2/2"});
            QVERIFY2(r.exitCode == 2, qPrintable(r.describe()));
            QVERIFY2(r.err.contains("--shard"), qPrintable(r.describe()));
        }
    }
};

QTEST_GUILESS_MAIN(ShardCliTest)
#include "tst_shardcli.moc"
