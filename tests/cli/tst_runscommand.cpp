// `tessera-cli runs` and `simulate --db` from outside (contracts.md 3.3, 3.4): what a study
// lists after a batch, and that a missing, foreign or corrupt study is an input error (exit 3)
// that never creates or damages a file.
#include "support/CliRunner.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera::test;

namespace {

const QString kNodes = QStringLiteral(TESSERA_SOURCE_DIR "/traces/default/nodes.csv");
const QString kPods = QStringLiteral(TESSERA_SOURCE_DIR "/traces/default/pods.csv");

}  // namespace

class RunsCommandTest : public QObject {
    Q_OBJECT

private slots:
    void listsEveryRunOfABatch()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("study.sqlite");
        const CliResult sim = runCli(simulateArgs(kNodes, kPods, {"fgd", "pwr:100,fgd:900"},
                                                  {"--seeds", "42-43", "--tune", "0.2", "--db", db}));
        QVERIFY2(sim.exitCode == 0, qPrintable(sim.describe()));
        QVERIFY2(sim.out.contains("saved to " + db.toUtf8() + ": runs 1-4"), sim.out.constData());

        const CliResult runs = runCli({"runs", "--db", db});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
        const QStringList lines = QString::fromUtf8(runs.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);  // header + 4 runs
        QVERIFY(lines[0].startsWith("ID"));
        for (const char* column : {"KIND", "TRACE", "POLICY", "SEED", "MODE", "CREATED"})
            QVERIFY2(lines[0].contains(column), column);
        // Policies in the given order, then seeds ascending, as in the CSVs.
        const QStringList expected = {"fgd:1000 42", "fgd:1000 43", "pwr:100,fgd:900 42", "pwr:100,fgd:900 43"};
        for (int i = 0; i < 4; ++i) {
            const QStringList fields = lines[i + 1].simplified().split(' ');
            QCOMPARE(fields[0], QString::number(i + 1));
            QCOMPARE(fields[1], QStringLiteral("pod-scheduling"));
            QCOMPARE(fields[2], QStringLiteral("pods.csv"));
            QCOMPARE(fields[3] + " " + fields[4], expected[i]);
            QCOMPARE(fields[5], QStringLiteral("experiment"));
            QVERIFY2(fields[6].endsWith('Z'), qPrintable(fields[6]));
        }
        QVERIFY(runs.err.isEmpty());
    }

    void missingStudyIsAnInputErrorAndNotCreated()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("typo.sqlite");
        const CliResult runs = runCli({"runs", "--db", db});
        QCOMPARE(runs.exitCode, 3);
        QVERIFY2(runs.err.startsWith("error: ") && runs.err.contains("typo.sqlite"), runs.err.constData());
        QVERIFY(!QFileInfo::exists(db));
    }

    void foreignFileIsAnInputErrorAndUntouched_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("text") << QByteArray("sn,cpu_milli\nnode-a,1000\n");
        QTest::newRow("truncated sqlite header") << QByteArray("SQLite format 3\0garbage garbage", 32);
    }
    void foreignFileIsAnInputErrorAndUntouched()
    {
        QFETCH(QByteArray, bytes);
        QTemporaryDir dir;
        const QString db = dir.filePath("foreign.sqlite");
        QVERIFY(writeBytes(db, bytes));
        for (const QStringList& args : {QStringList{"runs", "--db", db},
                                        simulateArgs(kNodes, kPods, {"fgd"}, {"--tune", "0.1", "--db", db, "--quiet"})}) {
            const CliResult r = runCli(args);
            QVERIFY2(r.exitCode == 3, qPrintable(args.first() + ": " + r.describe()));
            QVERIFY2(r.err.startsWith("error: ") && r.err.contains("foreign.sqlite"), r.err.constData());
            QCOMPARE(readBytes(db), bytes);
        }
    }

    void runsWithoutDbIsAUsageError()
    {
        const CliResult r = runCli({"runs"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith("error: "));
    }
};

QTEST_GUILESS_MAIN(RunsCommandTest)
#include "tst_runscommand.moc"
