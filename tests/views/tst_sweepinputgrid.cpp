// A sweep over several node lists (scales) and pod lists (docs/cli.md "Grids over inputs") in the
// app's Sweep tab: each run shows its own pod list and node list, by the names its CSVs take
// when two files share one (s1-pods, s2-pods), and both are parameters to filter, group and plot
// by ("Trace", "Nodes"); power saved compares a run with the first policy on its own inputs, and
// the tab's heading counts the inputs. The study is made by the real tessera-cli: a 2 x 2 grid in 2 shards,
// merged; a sweep of one node list and one pod list shows neither, as before.
#include "support/CliRunner.h"
#include "sweep/SweepBrowser.h"
#include "sweep/SweepParameter.h"
#include "sweep/SweepStudy.h"

#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace tessera;
using namespace tessera::test;
using namespace tessera::views;

namespace {

QStringList ids(const std::vector<SweepParameter>& parameters)
{
    QStringList out;
    for (const SweepParameter& p : parameters)
        out << p.id();
    return out;
}

}  // namespace

class SweepInputGridTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    // Merges `args` run as 2 shards into `name`.sqlite.
    QString mergedSweep(const QStringList& args, const QString& name)
    {
        QStringList merge{"merge", "--out", dir_.filePath(name + ".sqlite")};
        for (int i = 0; i < 2; ++i) {
            const QString shard = dir_.filePath(QStringLiteral("%1-%2.sqlite").arg(name).arg(i));
            const CliResult r = runCli(args + QStringList{"--shard", QStringLiteral("%1/2").arg(i), "--db", shard});
            if (r.exitCode != 0)
                qWarning("%s", qPrintable(r.describe()));
            merge << shard;
        }
        const CliResult m = runCli(merge);
        if (m.exitCode != 0)
            qWarning("%s", qPrintable(m.describe()));
        return dir_.filePath(name + ".sqlite");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        const CliResult r = generateTraces(dir_.path(), 2);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    }

    void eachRunShowsItsPodListAndNodeList()
    {
        const QString study = mergedSweep(
            {"simulate", "--nodes", dir_.filePath("s1/nodes.csv"), "--nodes", dir_.filePath("s2/nodes.csv"), "--pods",
             dir_.filePath("s1/pods.csv"), "--pods", dir_.filePath("s2/pods.csv"), "--policy", "fgd", "--policy",
             "bestfit", "--tune", "0.1", "--points", "10", "--quiet"},
            "grid");
        const std::optional<SweepStudy> sweep = SweepStudy::read(study);
        QVERIFY(sweep);
        QCOMPARE(sweep->runs.size(), size_t(8));
        // Run numbers: node lists outermost, then pod lists, then policies.
        const QStringList expected{"s1-nodes s1-pods", "s1-nodes s2-pods", "s2-nodes s1-pods", "s2-nodes s2-pods"};
        for (size_t i = 0; i < 8; ++i) {
            const SweepRun& run = sweep->runs[i];
            QCOMPARE(run.nodes + " " + run.trace, expected[int(i / 2)]);
            QCOMPARE(run.policy, i % 2 == 0 ? QStringLiteral("fgd:1000") : QStringLiteral("bestfit:1000"));
            // Power saved is measured against the first policy on the same inputs, not run 0's.
            QVERIFY(run.baseline);
            QCOMPARE(*run.baseline, i - i % 2);
        }
        const auto parameters = SweepParameter::varying(sweep->runs, {QStringLiteral("grid")});
        QCOMPARE(ids(parameters).mid(0, 3), (QStringList{"trace", "nodes", "policy"}));
        QCOMPARE(parameters[1].title(), QStringLiteral("Nodes"));
        QCOMPARE(parameters[1].text(sweep->runs[4], {}), QStringLiteral("s2-nodes"));

        // The tab's heading counts the inputs rather than naming the first run's pod list.
        SweepBrowser browser;
        QVERIFY(browser.open(study));
        QVERIFY2(browser.summary().startsWith("8 runs on 2 pod lists x 2 node lists: tessera-cli simulate"),
                 qPrintable(browser.summary()));
    }

    void aSweepOfOneTraceShowsNeither()
    {
        const QString study =
            mergedSweep({"simulate", "--nodes", dir_.filePath("s1/nodes.csv"), "--pods", dir_.filePath("s1/pods.csv"),
                         "--policy", "fgd", "--policy", "bestfit", "--tune", "0.1", "--points", "10", "--quiet"},
                        "one");
        const std::optional<SweepStudy> sweep = SweepStudy::read(study);
        QVERIFY(sweep);
        QCOMPARE(sweep->runs.size(), size_t(2));
        QCOMPARE(sweep->runs[0].trace, QStringLiteral("pods.csv"));
        QCOMPARE(sweep->runs[0].nodes, QStringLiteral("nodes.csv"));
        const QStringList shown = ids(SweepParameter::varying(sweep->runs, {QStringLiteral("one")}));
        QVERIFY2(shown.contains("policy") && !shown.contains("trace") && !shown.contains("nodes"),
                 qPrintable(shown.join(' ')));
    }
};

QTEST_GUILESS_MAIN(SweepInputGridTest)
#include "tst_sweepinputgrid.moc"
