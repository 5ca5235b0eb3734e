// A shard task killed for real while it writes (issue 15 item 6, docs/sweeps.md): a real
// `tessera-cli simulate ... --shard 1/2 --db shard-1.sqlite` is killed with SIGKILL once its study
// holds the shard's record and its first run is saved in its staging file, i.e. between its first
// write and its last. The trigger is the files' own state, read from outside (read-only), not a
// timer and not a hook in the CLI: the shard has 4 runs, so 3 runs' time remain to kill it in.
// Then merge must refuse the shard, naming the file, its I/N and what to do; re-running that one
// task as the templates do (its shard removed first; the command removes the staging leftovers) must make merge write
// the unsharded --csv byte for byte; and merging the same inputs twice must write the same study
// and CSV, byte for byte (merge is idempotent).
#include "support/CliRunner.h"
#include "store/SqliteDatabase.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <optional>

using namespace tessera::test;

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString bundled(const QString& relative)
{
    return QStringLiteral(TESSERA_SOURCE_DIR) + "/" + relative;
}

// The sweep: 2 policies x 4 seeds of the bundled trace, each run about a second single-threaded.
QStringList sweepArgs()
{
    return simulateArgs(bundled("traces/default/nodes.csv"), bundled("traces/default/pods.csv"), {"fgd", "bestfit"},
                        {"--seeds", "42-45", "--threads", "1", "--quiet"});
}

// One integer read from a study that another process may be writing: nullopt while the file,
// its table or its row is not there yet or the writer holds the lock.
std::optional<qint64> peek(const QString& path, const char* sql)
{
    if (!QFileInfo::exists(path))
        return std::nullopt;
    try {
        tessera::sqlite::Database db(path.toStdString(), tessera::sqlite::Database::OpenMode::ReadOnly);
        return db.queryInteger(sql);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// The staging files a shard's study keeps beside it while its runs are simulated (StudyBatch).
QStringList stagingFiles(const QString& shard)
{
    const QFileInfo info(shard);
    QStringList files;
    for (const QString& name :
         info.dir().entryList({"." + info.fileName() + ".batch-*"}, QDir::Files | QDir::Hidden | QDir::System))
        files << info.dir().filePath(name);
    return files;
}

// What scripts/slurm/sweep-task.sbatch and deploy/kubernetes/sweep-shards.yaml do before a task
// runs: they remove its shard, and the command removes the rest of an earlier attempt.
void removeShard(const QString& shard)
{
    QFile::remove(shard);
}

}  // namespace

class ShardKillTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void aShardKilledMidWriteIsRefusedAndItsTaskRerunFixesIt()
    {
        const QString whole = path("whole.csv");
        const CliResult unsharded = runCli(sweepArgs() + QStringList{"--csv", whole});
        QVERIFY2(unsharded.exitCode == 0, qPrintable(unsharded.describe()));
        const QString shard0 = path("shard-0.sqlite"), shard1 = path("shard-1.sqlite");
        const CliResult first = runCli(sweepArgs() + QStringList{"--shard", "0/2", "--db", shard0});
        QVERIFY2(first.exitCode == 0, qPrintable(first.describe()));

        // Task 1, killed once it has written its record (not complete) and staged a run.
        QProcess task;
        task.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        task.start(QStringLiteral(TESSERA_CLI_PATH), sweepArgs() + QStringList{"--shard", "1/2", "--db", shard1});
        QVERIFY2(task.waitForStarted(), qPrintable(task.errorString()));
        bool midWrite = false;
        while (!midWrite && task.state() == QProcess::Running) {
            const auto complete = peek(shard1, "SELECT complete FROM sweep_shard");
            const QStringList staging = stagingFiles(shard1);
            const auto staged = staging.size() == 1 ? peek(staging[0], "SELECT COUNT(*) FROM runs") : std::nullopt;
            midWrite = complete == 0 && staged.value_or(0) >= 1;
            if (!midWrite)
                QThread::msleep(2);
        }
        QVERIFY2(midWrite, "task 1 ended before it could be killed mid-write (its shard needs more runs)");
        task.kill();  // SIGKILL: no handler, no destructor runs
        QVERIFY(task.waitForFinished());
        QCOMPARE(task.exitStatus(), QProcess::CrashExit);
        QCOMPARE(peek(shard1, "SELECT complete FROM sweep_shard").value_or(-1), qint64(0));
        QCOMPARE(peek(shard1, "SELECT shard_index FROM sweep_shard").value_or(-1), qint64(1));
        QCOMPARE(stagingFiles(shard1).size(), 1);  // the leftover the templates remove on a re-run

        // Merge refuses it: exit 3, one line naming the file, its I/N and what to do; writes nothing.
        const QString study = path("study.sqlite"), grid = path("grid.csv");
        const CliResult refused = runCli({"merge", "--out", study, "--csv", grid, shard0, shard1});
        QVERIFY2(refused.exitCode == 3, qPrintable(refused.describe()));
        QCOMPARE(refused.errLines().size(), 1);
        QVERIFY2(refused.err.startsWith("error: " + shard1.toUtf8()), qPrintable(refused.describe()));
        QVERIFY2(refused.err.contains("shard 1/2 is incomplete"), qPrintable(refused.describe()));
        QVERIFY2(refused.err.contains("run that task again"), qPrintable(refused.describe()));
        QVERIFY(!QFileInfo::exists(study));
        QVERIFY(!QFileInfo::exists(grid));

        // Re-running that one task fixes it: merge writes the unsharded CSV byte for byte.
        // A rollback journal beside it too (what a task killed inside a transaction leaves).
        {
            QFile journal(shard1 + "-journal");
            QVERIFY(journal.open(QIODevice::WriteOnly));
            journal.write(QByteArray(512, 'j'));
        }
        removeShard(shard1);
        QCOMPARE(stagingFiles(shard1).size(), 1);
        const CliResult rerun = runCli(sweepArgs() + QStringList{"--shard", "1/2", "--db", shard1});
        QVERIFY2(rerun.exitCode == 0, qPrintable(rerun.describe()));
        // The command removed the killed attempt's staging file and journal (review16 M16), and
        // a task that finishes leaves none of its own.
        QVERIFY(stagingFiles(shard1).isEmpty());
        QVERIFY(!QFileInfo::exists(shard1 + "-journal"));
        const CliResult merged = runCli({"merge", "--out", study, "--csv", grid, shard0, shard1});
        QVERIFY2(merged.exitCode == 0, qPrintable(merged.describe()));
        QCOMPARE(readAll(grid), readAll(whole));
        const CliResult runs = runCli({"runs", "--db", study});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
        QCOMPARE(runs.out.count('\n'), 8 + 1);

        // Idempotent: the same inputs (in the other order, into another file) give the same bytes,
        // and a merge over the existing output replaces it with the same bytes again.
        const QString again = path("again.sqlite"), againGrid = path("again.csv");
        const CliResult second = runCli({"merge", "--out", again, "--csv", againGrid, shard1, shard0});
        QVERIFY2(second.exitCode == 0, qPrintable(second.describe()));
        QCOMPARE(readAll(againGrid), readAll(grid));
        QCOMPARE(readAll(again), readAll(study));
        const QByteArray before = readAll(study);
        const CliResult third = runCli({"merge", "--out", study, "--csv", grid, shard0, shard1});
        QVERIFY2(third.exitCode == 0, qPrintable(third.describe()));
        QCOMPARE(readAll(study), before);
        QCOMPARE(readAll(grid), readAll(whole));
    }
};

QTEST_GUILESS_MAIN(ShardKillTest)
#include "tst_shardkill.moc"
