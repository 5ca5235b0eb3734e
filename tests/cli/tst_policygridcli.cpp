// A policy grid on the command line (docs/cli.md "Policy grids", issue 15 item 1): the grid CSV
// of `--policy GRID` is byte-identical to the same command with the expanded specs given as
// separate --policy flags, in place and in grid order, sharded and merged too; a bad grid is a
// usage error (exit 2) before any trace is read.
#include "support/CliRunner.h"

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

QStringList simulate(const QStringList& policies)
{
    QStringList args{"simulate", "--nodes", QStringLiteral(TESSERA_SOURCE_DIR "/traces/default/nodes.csv"), "--pods",
                     QStringLiteral(TESSERA_SOURCE_DIR "/traces/default/pods.csv"), "--seeds", "42-43", "--tune",
                     "0.3", "--points", "10", "--threads", "2", "--quiet"};
    for (const auto& p : policies)
        args << "--policy" << p;
    return args;
}

}  // namespace

class PolicyGridCliTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QByteArray csvOf(const QStringList& args, const QString& name)
    {
        const QString csv = dir_.filePath(name);
        const CliResult r = runCli(args + QStringList{"--csv", csv});
        if (r.exitCode != 0)
            qWarning("%s", qPrintable(r.describe()));
        return r.exitCode == 0 ? readAll(csv) : QByteArray();
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void aGridIsItsSpecsListedInPlace()
    {
        const QByteArray grid = csvOf(simulate({"bestfit", "pwr:0..1000/500,fgd:1000-$pwr", "random"}), "grid.csv");
        const QByteArray listed = csvOf(
            simulate({"bestfit", "fgd:1000", "pwr:500,fgd:500", "pwr:1000", "random"}), "listed.csv");
        QVERIFY(!grid.isEmpty());
        QCOMPARE(grid, listed);
        // 5 policies x 2 seeds x 4 points (0, 10, 20, 30) under the header.
        QCOMPARE(grid.count('\n'), 1 + 5 * 2 * 4);
        QVERIFY(grid.contains("\n\"pwr:500,fgd:500\",43,"));
    }

    void aShardedGridMergesToTheUnshardedCsv()
    {
        const QStringList args = simulate({"pwr:0..1000/500,fgd:1000-$pwr"});
        const QByteArray whole = csvOf(args, "whole.csv");
        QVERIFY(!whole.isEmpty());
        QStringList merge{"merge", "--out", dir_.filePath("study.sqlite"), "--csv", dir_.filePath("merged.csv")};
        for (int i = 0; i < 4; ++i) {
            const QString db = dir_.filePath(QStringLiteral("shard-%1.sqlite").arg(i));
            const CliResult s = runCli(args + QStringList{"--db", db, "--shard", QStringLiteral("%1/4").arg(i)});
            QVERIFY2(s.exitCode == 0, qPrintable(s.describe()));
            merge << db;
        }
        const CliResult m = runCli(merge);
        QVERIFY2(m.exitCode == 0, qPrintable(m.describe()));
        QCOMPARE(readAll(dir_.filePath("merged.csv")), whole);
    }

    void badGridsAreUsageErrors_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("words");
        QTest::newRow("step 0") << "pwr:0..1000/0,fgd:1000-$pwr" << "step of 0";
        QTest::newRow("bad range") << "pwr:1000..0" << "runs downwards";
        QTest::newRow("unknown term") << "pwr:0..1000/50,fgd:1000-$gpupacking" << "names no term";
        QTest::newRow("too many") << "pwr:0..1000000" << "more than 10000";
        QTest::newRow("all dropped") << "pwr:0..10/10,fgd:$pwr" << "drops every term";
    }

    void badGridsAreUsageErrors()
    {
        QFETCH(QString, spec);
        QFETCH(QString, words);
        // The pod list does not exist: a usage error is found before any file is read.
        const CliResult r = runCli({"simulate", "--nodes", "/nonexistent/n.csv", "--pods", "/nonexistent/p.csv",
                                    "--policy", spec});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(words), qPrintable(r.describe()));
    }

    void specsAGridRepeatsAreRefused()
    {
        const CliResult r = runCli(simulate({"fgd", "pwr:0..1000/500,fgd:1000-$pwr"}));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains("same policy (fgd:1000)"), qPrintable(r.describe()));
    }
};

QTEST_GUILESS_MAIN(PolicyGridCliTest)
#include "tst_policygridcli.moc"
