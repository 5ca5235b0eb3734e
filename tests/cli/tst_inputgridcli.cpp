// Grids over inputs on simulate (docs/cli.md "Grids over inputs", issue 15 item 1): several
// --nodes (cluster scales) and --pods in one command run every node list x pod list x policy x
// seed, numbered node lists outermost, then pod lists, policies and seeds. Each input point's
// --csv and --decisions, named through {nodes} and {pods}, is byte-identical to the command of
// that one point; sharded 3 ways and merged with the same placeholders, too. A grid's outputs
// without a placeholder, an input given twice, and a second value of a one-value flag are usage
// errors (exit 2). The traces are generated (tessera-cli generate) into a temporary folder.
#include "support/CliRunner.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera::test;

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// What every command of the grid shares: 2 policies x 2 seeds, a quick part of the curve.
// Not --quiet: the tests read the summary tables (progress goes to stderr only on a terminal).
const QStringList kRuns{"--policy", "fgd", "--policy", "bestfit", "--seeds", "7-8", "--tune", "0.2", "--points",
                        "10", "--threads", "2"};

}  // namespace

class InputGridCliTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    // Two generated traces, s1 and s2 (each a node list and a pod list of the same names).
    QString nodes(int s) const { return dir_.filePath(QStringLiteral("s%1/nodes.csv").arg(s)); }
    QString pods(int s) const { return dir_.filePath(QStringLiteral("s%1/pods.csv").arg(s)); }

    QStringList grid() const
    {
        return QStringList{"simulate", "--nodes", nodes(1), "--nodes", nodes(2), "--pods", pods(1), "--pods", pods(2)} +
               kRuns;
    }

    // The single command of node list n and pod list p writes `name`.csv and `name`-decisions.csv.
    void single(int n, int p, const QString& name)
    {
        const CliResult r = runCli(QStringList{"simulate", "--nodes", nodes(n), "--pods", pods(p)} + kRuns +
                                   QStringList{"--csv", dir_.filePath(name + ".csv"), "--decisions",
                                               dir_.filePath(name + "-decisions.csv")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    }

    void expectUsageError(const QStringList& args, const QString& saying)
    {
        const CliResult r = runCli(args);
        QVERIFY2(r.exitCode == 2, qPrintable(r.describe()));
        QVERIFY2(QString::fromUtf8(r.err).contains(saying), qPrintable(r.describe()));
        QVERIFY2(r.err.startsWith("error: "), qPrintable(r.describe()));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        const CliResult r = generateTraces(dir_.path(), 2);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        // The four points' own commands: the reference every grid output must equal byte for byte.
        for (int n = 1; n <= 2; ++n)
            for (int p = 1; p <= 2; ++p)
                single(n, p, QStringLiteral("single-n%1-p%2").arg(n).arg(p));
        QVERIFY(readAll(dir_.filePath("single-n1-p1.csv")) != readAll(dir_.filePath("single-n1-p2.csv")));
        QVERIFY(readAll(dir_.filePath("single-n1-p1.csv")) != readAll(dir_.filePath("single-n2-p1.csv")));
    }

    // Two files of one stem on an axis take their folders' names: s1-pods, s2-pods.
    void eachPointWritesItsSingleCommandsFiles()
    {
        QVERIFY(QDir().mkpath(dir_.filePath("grid")));
        const CliResult r = runCli(grid() + QStringList{"--csv", dir_.filePath("grid/{nodes}-{pods}.csv"),
                                                        "--decisions", dir_.filePath("grid/{pods}-{nodes}-d.csv")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        for (int n = 1; n <= 2; ++n)
            for (int p = 1; p <= 2; ++p) {
                const QString single = dir_.filePath(QStringLiteral("single-n%1-p%2").arg(n).arg(p));
                const QString csv = dir_.filePath(QStringLiteral("grid/s%1-nodes-s%2-pods.csv").arg(n).arg(p));
                const QString decisions = dir_.filePath(QStringLiteral("grid/s%2-pods-s%1-nodes-d.csv").arg(n).arg(p));
                QCOMPARE(readAll(csv), readAll(single + ".csv"));
                QCOMPARE(readAll(decisions), readAll(single + "-decisions.csv"));
            }
        // One summary table per point, under a heading naming its node list and pod list, in run order.
        const QString out = QString::fromUtf8(r.out);
        const qsizetype first = out.indexOf(QStringLiteral("nodes %1, pods %2:").arg(nodes(1), pods(1)));
        const qsizetype last = out.indexOf(QStringLiteral("nodes %1, pods %2:").arg(nodes(2), pods(2)));
        QVERIFY2(first == 0 && last > first, qPrintable(out));
        QCOMPARE(out.count(QStringLiteral("\nfgd:1000 ")), 4);
    }

    // Runs are numbered node lists, pod lists, policies, seeds: 16 in all, shard I of 3 runs
    // those whose number mod 3 is I, and merge puts each point's CSV back whole.
    void shardedThreeWaysAndMergedGivesEachPointsCsv()
    {
        const QString sweep = dir_.filePath("sweep");
        QVERIFY(QDir().mkpath(sweep));
        QStringList merge{"merge", "--out", sweep + "/study.sqlite", "--csv", sweep + "/merged-{pods}-{nodes}.csv"};
        QByteArray shardRows;
        for (int i = 0; i < 3; ++i) {
            const QString db = sweep + QStringLiteral("/shard-%1.sqlite").arg(i);
            const CliResult r = runCli(grid() + QStringList{"--shard", QStringLiteral("%1/3").arg(i), "--db", db,
                                                            "--csv", sweep + QStringLiteral("/shard-%1-{nodes}-{pods}.csv").arg(i)});
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
            merge.insert(5, db);  // reversed: merge does not depend on the order
        }
        // Shard 1 of 3 holds runs 1, 4, 7, 10, 13: of point (s1, s1) (runs 0-3) run 1 = fgd seed 8.
        const QByteArray shard1 = readAll(sweep + "/shard-1-s1-nodes-s1-pods.csv");
        QVERIFY2(shard1.contains("\nfgd:1000,8,") && !shard1.contains("\nfgd:1000,7,") &&
                     !shard1.contains("\nbestfit:1000,"),
                 shard1.constData());
        const CliResult m = runCli(merge);
        QVERIFY2(m.exitCode == 0, qPrintable(m.describe()));
        for (int n = 1; n <= 2; ++n)
            for (int p = 1; p <= 2; ++p)
                QCOMPARE(readAll(sweep + QStringLiteral("/merged-s%1-pods-s%2-nodes.csv").arg(p).arg(n)),
                         readAll(dir_.filePath(QStringLiteral("single-n%1-p%2.csv").arg(n).arg(p))));
        const CliResult runs = runCli({"runs", "--db", sweep + "/study.sqlite"});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
        QCOMPARE(runs.out.count('\n'), 16 + 1);

        // Merging a grid's shards without placeholders cannot name four CSVs: a usage error that
        // shows the form, and --out is left as it was (absent).
        const QString other = sweep + "/other.sqlite";
        QStringList plain = merge;
        plain[2] = other;
        plain[4] = sweep + "/plain.csv";
        expectUsageError(plain, "--csv '" + sweep + "/plain-{nodes}-{pods}.csv'");
        QVERIFY(!QFile::exists(other));
        QVERIFY(!QFile::exists(sweep + "/plain.csv"));

        // Another order of the pod lists numbers the runs otherwise: another sweep.
        const QString swapped = sweep + "/swapped.sqlite";
        const CliResult s = runCli(QStringList{"simulate", "--nodes", nodes(1), "--nodes", nodes(2), "--pods", pods(2),
                                               "--pods", pods(1)} +
                                   kRuns + QStringList{"--shard", "0/3", "--db", swapped});
        QVERIFY2(s.exitCode == 0, qPrintable(s.describe()));
        QStringList mixed = merge;
        mixed[2] = other;
        mixed.replaceInStrings(sweep + "/shard-0.sqlite", swapped);
        const CliResult x = runCli(mixed);
        QVERIFY2(x.exitCode == 3 && x.err.contains("another sweep"), qPrintable(x.describe()));
    }

    // One node list and one pod list: a placeholder names the one file, which is the plain --csv.
    void aSinglePointMayUseThePlaceholders()
    {
        const CliResult r = runCli(QStringList{"simulate", "--nodes", nodes(2), "--pods", pods(1)} + kRuns +
                                   QStringList{"--csv", dir_.filePath("one-{pods}.csv")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QCOMPARE(readAll(dir_.filePath("one-pods.csv")), readAll(dir_.filePath("single-n2-p1.csv")));
        // The summary of one point has no heading, as before grids over inputs.
        QVERIFY2(r.out.startsWith("policy "), r.out.constData());
    }

    void usageErrors()
    {
        // Outputs of several points without their placeholders.
        expectUsageError(grid() + QStringList{"--csv", dir_.filePath("x.csv")}, "needs {nodes} and {pods}");
        expectUsageError(grid() + QStringList{"--csv", dir_.filePath("x-{pods}.csv")}, "needs {nodes}");
        expectUsageError(grid() + QStringList{"--decisions", dir_.filePath("d.csv")}, "--decisions");
        // An input twice: the same path, another spelling of it, or the same bytes under another name.
        const QStringList one{"simulate", "--nodes", nodes(1)};
        expectUsageError(one + QStringList{"--pods", pods(1), "--pods", pods(1)} + kRuns, "the same file");
        expectUsageError(one + QStringList{"--pods", pods(1), "--pods", dir_.filePath("s2/../s1/pods.csv")} + kRuns,
                         "the same file");
        QVERIFY(QFile::copy(nodes(1), dir_.filePath("s2/nodes-copy.csv")));
        expectUsageError(QStringList{"simulate", "--nodes", nodes(1), "--nodes", dir_.filePath("s2/nodes-copy.csv"),
                                     "--pods", pods(1)} +
                             kRuns,
                         "the same bytes");
        // A one-value flag given twice is refused, not read as its last value.
        expectUsageError(one + QStringList{"--pods", pods(1), "--seeds", "1", "--seeds", "2", "--policy", "fgd"},
                         "--seeds is given 2 times");
        expectUsageError({"training", "--jobs", "a.csv", "--jobs", "b.csv", "--mode", "rent", "--policy", "boa",
                          "--budget", "8"},
                         "--jobs is given 2 times");
        expectUsageError({"inference", "--scenario", "a.csv", "--scenario", "b.csv", "--policy", "elasticbatch"},
                         "--scenario is given 2 times");
    }
};

QTEST_GUILESS_MAIN(InputGridCliTest)
#include "tst_inputgridcli.moc"
