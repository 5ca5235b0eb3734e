// `--shard I/N` on simulate, inference and training (both modes, rent with --sweep) and `merge`,
// from outside (contracts.md 10): the unsharded --csv is cut into its runs' blocks of rows,
// numbered from 0 in contract order, and shard I's --csv must hold exactly the blocks whose
// number mod N is I, in order, under the same header; merge of the shards' studies, in any order,
// writes the unsharded --csv byte for byte and a study of every run. Bad shards are usage errors
// (exit 2); bad shard studies given to merge are input errors naming the shard (exit 3).
#include "support/CliRunner.h"
#include "store/SqliteDatabase.h"
#include "support/SharedData.h"

#include <algorithm>
#include <string>
#include <vector>

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

    int sweeps_ = 0;

    // Runs `args` unsharded and as shards 0..N-1 of N, each with a study, and checks each
    // shard's --csv; then merges the shards, given in reverse order, and checks that merge's
    // --csv is the unsharded one byte for byte and that the study holds every run.
    void checkShards(const QStringList& args, int keyColumns, int expectedRuns, int shards)
    {
        const QString sweep = dir_.filePath(QStringLiteral("sweep-%1").arg(++sweeps_));
        QVERIFY(QDir().mkpath(sweep));
        const QString whole = sweep + "/whole.csv";
        const CliResult r = runCli(args + QStringList{"--csv", whole, "--quiet"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const Blocks blocks = blocksOf(readAll(whole), keyColumns);
        QCOMPARE(blocks.runs.size(), expectedRuns);
        for (int i = 0; i < shards; ++i) {
            const QString part = sweep + QStringLiteral("/shard-%1.csv").arg(i);
            const QString db = sweep + QStringLiteral("/shard-%1.sqlite").arg(i);
            const CliResult s = runCli(args + QStringList{"--csv", part, "--quiet", "--db", db, "--shard",
                                                          QStringLiteral("%1/%2").arg(i).arg(shards)});
            QVERIFY2(s.exitCode == 0, qPrintable(s.describe()));
            QByteArray expected = blocks.header;
            for (int n = i; n < blocks.runs.size(); n += shards)
                expected += blocks.runs[n];
            QCOMPARE(readAll(part), expected);
        }
        QStringList merge{"merge", "--out", sweep + "/study.sqlite", "--csv", sweep + "/grid.csv"};
        for (int i = shards - 1; i >= 0; --i)
            merge << sweep + QStringLiteral("/shard-%1.sqlite").arg(i);
        const CliResult m = runCli(merge);
        QVERIFY2(m.exitCode == 0, qPrintable(m.describe()));
        QCOMPARE(readAll(sweep + "/grid.csv"), readAll(whole));
        const CliResult runs = runCli({"runs", "--db", sweep + "/study.sqlite"});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
        QCOMPARE(runs.out.count('\n'), expectedRuns + 1);
    }

    // A 2 policies x 3 seeds sweep in 3 shards, with studies, in `sweep`.
    QStringList simulateSweep(const QString& sweep, const QStringList& extra = {})
    {
        const QStringList args = QStringList{"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                                             bundled("traces/default/pods.csv"), "--policy", "fgd", "--policy",
                                             "bestfit", "--seeds", "42-44", "--tune", "0.3", "--points", "10",
                                             "--quiet"} + extra;
        QStringList shards;
        for (int i = 0; i < 3; ++i) {
            shards << sweep + QStringLiteral("/shard-%1.sqlite").arg(i);
            const CliResult r = runCli(args + QStringList{"--shard", QStringLiteral("%1/3").arg(i), "--db", shards.last()});
            if (r.exitCode != 0)
                qWarning("%s", qPrintable(r.describe()));
        }
        return shards;
    }

    // Every row of every table of a study as text, sorted within each table, except what a study
    // need not share with another of the same runs (contracts.md 5: the runs' creation times) and
    // the sweep tables (a shard's bookkeeping).
    static QStringList studyRows(const QString& path)
    {
        using tessera::sqlite::Statement;
        tessera::sqlite::Database db(path.toStdString(), tessera::sqlite::Database::OpenMode::ReadOnly);
        std::vector<std::string> tables;
        Statement names(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                            "AND name NOT IN ('sweep_shard', 'sweep_runs') ORDER BY name");
        while (names.step())
            tables.push_back(names.text(0));
        QStringList rows;
        for (const std::string& table : tables) {
            std::string row = "'" + table + "'";
            Statement columns(db, "SELECT name FROM pragma_table_info('" + table + "') ORDER BY cid");
            while (columns.step())
                if (!(table == "runs" && columns.text(0) == "created_at"))
                    row += " || ',' || quote(" + columns.text(0) + ")";
            Statement select(db, "SELECT " + row + " AS r FROM " + table + " ORDER BY r");
            while (select.step())
                rows << QString::fromStdString(select.text(0));
        }
        return rows;
    }

    // Runs `args` unsharded with a study and as N shards merged into one, and checks that the
    // merged study holds, table by table and value by value, what the unsharded one does.
    void checkMergedStudy(const QStringList& args, int shards)
    {
        const QString sweep = dir_.filePath(QStringLiteral("study-%1").arg(++sweeps_));
        QVERIFY(QDir().mkpath(sweep));
        const CliResult r = runCli(args + QStringList{"--quiet", "--db", sweep + "/whole.sqlite"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QStringList merge{"merge", "--out", sweep + "/study.sqlite"};
        for (int i = 0; i < shards; ++i) {
            const QString db = sweep + QStringLiteral("/shard-%1.sqlite").arg(i);
            const CliResult s =
                runCli(args + QStringList{"--quiet", "--db", db, "--shard", QStringLiteral("%1/%2").arg(i).arg(shards)});
            QVERIFY2(s.exitCode == 0, qPrintable(s.describe()));
            merge << db;
        }
        const CliResult m = runCli(merge);
        QVERIFY2(m.exitCode == 0, qPrintable(m.describe()));
        const QStringList whole = studyRows(sweep + "/whole.sqlite");
        const QStringList merged = studyRows(sweep + "/study.sqlite");
        QVERIFY(whole.size() > 100);
        for (int i = 0; i < std::min(whole.size(), merged.size()); ++i)
            if (merged[i] != whole[i])
                QCOMPARE(merged[i], whole[i]);  // the first row that differs
        QCOMPARE(merged.size(), whole.size());
    }

    static void execSql(const QString& db, const QString& sql)
    {
        tessera::sqlite::Database study(db.toStdString(), tessera::sqlite::Database::OpenMode::ExistingOnly);
        study.exec(sql.toStdString());
    }

    // A copy of `shard` at `path`, changed by `sql`: a damaged or edited shard.
    static QString damagedCopy(const QString& shard, const QString& path, const QString& sql)
    {
        QFile::remove(path);
        if (!QFile::copy(shard, path))
            qFatal("cannot copy %s to %s", qPrintable(shard), qPrintable(path));
        execSql(path, sql);
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void simulateShardsPoliciesThenSeeds()
    {
        // 2 policies x 3 seeds = 6 runs, in 3 shards, and in 4 so that they are uneven (2, 2, 1, 1).
        const QStringList args{"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                               bundled("traces/default/pods.csv"), "--policy", "fgd", "--policy", "bestfit", "--seeds",
                               "42-44", "--tune", "0.3", "--points", "10", "--threads", "2"};
        checkShards(args, 2, 6, 3);
        checkShards(args, 2, 6, 4);
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

    void mergedStudyHoldsEveryValueOfTheUnshardedOne()
    {
        // Pod runs (run ids in several tables, node lists shared by content), in replay mode too
        // (departures and pending pods in the steps), and an inference run's generic tables.
        const QStringList simulate{"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                                   bundled("traces/default/pods.csv"), "--policy", "fgd", "--policy",
                                   "pwr:100,fgd:900", "--seeds", "42-44", "--tune", "0.3"};
        checkMergedStudy(simulate, 4);
        checkMergedStudy(simulate + QStringList{"--mode", "replay", "--step", "3600"}, 2);
        checkMergedStudy({"inference", "--scenario", bundled("traces/inference/default.csv"), "--policy",
                          "mig-disabled", "--policy", "parvagpu", "--duration", "120"},
                         2);
    }

    void mergeDoesNotDependOnShardOrderAndReplacesItsOutput()
    {
        const QString sweep = dir_.filePath("order");
        QVERIFY(QDir().mkpath(sweep));
        const QStringList shards = simulateSweep(sweep);
        const QString out = sweep + "/study.sqlite";
        QByteArray firstRuns, firstCsv;
        for (const QStringList& order : {QStringList{shards[0], shards[1], shards[2]},
                                         QStringList{shards[2], shards[0], shards[1]}}) {
            const CliResult m = runCli(QStringList{"merge", "--out", out, "--csv", sweep + "/grid.csv"} + order);
            QVERIFY2(m.exitCode == 0, qPrintable(m.describe()));
            const CliResult runs = runCli({"runs", "--db", out});
            QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
            // Replaced, not added to: six runs, ids 1..6 in contract order (fgd 42, 43, 44, bestfit ...).
            QCOMPARE(runs.out.count('\n'), 7);
            QVERIFY(runs.out.split('\n').value(4).contains("bestfit:1000"));
            QVERIFY(runs.out.split('\n').value(4).contains(" 42 "));
            if (firstRuns.isEmpty()) {
                firstRuns = runs.out;
                firstCsv = readAll(sweep + "/grid.csv");
            } else {
                QCOMPARE(runs.out, firstRuns);
                QCOMPARE(readAll(sweep + "/grid.csv"), firstCsv);
            }
        }
        QVERIFY(!QFileInfo::exists(out + ".merging"));
    }

    void badShardsAreInputErrorsNamingTheShard()
    {
        const QString sweep = dir_.filePath("bad");
        QVERIFY(QDir().mkpath(sweep));
        const QStringList shards = simulateSweep(sweep);
        const QString other = dir_.filePath("bad-other");
        QVERIFY(QDir().mkpath(other));
        const QStringList others = simulateSweep(other, {"--step", "60"});  // another parameter: another sweep
        const QString out = sweep + "/study.sqlite";
        // A good merge first: a failed one must leave it as it was.
        QCOMPARE(runCli(QStringList{"merge", "--out", out} + shards).exitCode, 0);
        const QByteArray before = readAll(out);

        const QString notStudy = sweep + "/not-a-study.sqlite";
        {
            QFile file(notStudy);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("policy,seed\n");
        }
        const QString shard1 = shards[1];  // each case below is a damaged copy of it
        // What a task killed between its first run and its last leaves: the record, not complete.
        const QString incomplete = damagedCopy(shard1, sweep + "/killed.sqlite", "UPDATE sweep_shard SET complete = 0");
        const QString shortOne =
            damagedCopy(shard1, sweep + "/short.sqlite", "DELETE FROM runs WHERE id = (SELECT MAX(id) FROM runs)");
        // Rows that merge's copy itself must refuse: a value of a type no study stores, and a row
        // of a run the shard does not number.
        const QString blob =
            damagedCopy(shard1, sweep + "/blob.sqlite", "UPDATE pod_run_steps SET gpu_mask = x'00' WHERE position = 0");
        const QString stray = damagedCopy(
            shard1, sweep + "/stray.sqlite",
            "INSERT INTO pod_run_pods SELECT 99, position, name, cpu_milli, memory_mib, num_gpu, gpu_milli, gpu_spec, "
            "gpu_spec_mask, creation_time, deletion_time FROM pod_run_pods LIMIT 1");
        // A record that lies about the sweep's run count, its runs those of that count (review16
        // H1: merged into a short grid.csv with exit 0).
        const QString fewer = damagedCopy(shard1, sweep + "/fewer.sqlite",
                                          "PRAGMA foreign_keys = ON; DELETE FROM runs WHERE id = (SELECT run_id FROM "
                                          "sweep_runs WHERE run_number = 4); UPDATE sweep_shard SET sweep_runs = 4");
        // Two runs under one number, once the UNIQUE that forbids it is gone.
        const QString twice = damagedCopy(
            shard1, sweep + "/twice.sqlite",
            "CREATE TABLE t AS SELECT * FROM sweep_runs; DROP TABLE sweep_runs; CREATE TABLE sweep_runs (run_id "
            "INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE, run_number INTEGER NOT NULL, csv_rows TEXT "
            "NOT NULL); INSERT INTO sweep_runs SELECT * FROM t; DROP TABLE t; UPDATE sweep_runs SET run_number = 1");
        // Absurd shard counts and run counts (review16 H2: merge hung, or shardRuns() overflowed).
        const QString billions = damagedCopy(shard1, sweep + "/billions.sqlite",
                                             "PRAGMA foreign_keys = ON; DELETE FROM runs; UPDATE sweep_shard SET "
                                             "shard_count = 4000000000, sweep_runs = 0");
        const QString overflow = damagedCopy(
            shard1, sweep + "/overflow.sqlite",
            "UPDATE sweep_shard SET shard_count = 9223372036854775807, sweep_runs = 9223372036854775807");
        const QString tooManyRuns =
            damagedCopy(shard1, sweep + "/too-many-runs.sqlite", "UPDATE sweep_shard SET sweep_runs = 1000000001");
        // Grid CSV rows that do not fit the header (review16 M11: merged into a broken grid.csv).
        const QString narrow = damagedCopy(shard1, sweep + "/narrow.sqlite",
                                           "UPDATE sweep_runs SET csv_rows = 'fgd,42\n' WHERE run_number = 4");
        const QString cut = damagedCopy(shard1, sweep + "/cut.sqlite",
                                        "UPDATE sweep_runs SET csv_rows = rtrim(csv_rows, char(10)) WHERE "
                                        "run_number = 1");
        // A row the study's constraints refuse: a pod run on a node list the shard does not hold.
        const QString dangling =
            damagedCopy(shard1, sweep + "/dangling.sqlite", "UPDATE pod_runs SET node_list = 'no such list'");
        const QString unsharded = sweep + "/unsharded.sqlite";
        QCOMPARE(runCli({"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                         bundled("traces/default/pods.csv"), "--policy", "fgd", "--tune", "0.2", "--quiet", "--db",
                         unsharded})
                     .exitCode,
                 0);

        const struct {
            QStringList inputs;
            QString named;
            QString says;
        } cases[] = {
            {{shards[0], shards[1], shards[1], shards[2]}, shards[1], "given twice"},
            {{shards[0], others[1], shards[2]}, others[1], "another sweep"},
            {{shards[0], shards[2]}, shards[0], "missing: 1/3"},
            {{shards[2], shards[1]}, shards[2], "missing: 0/3"},
            {{shards[0], incomplete, shards[2]}, incomplete, "table sweep_shard, row 0: column complete"},
            {{shards[0], shortOne, shards[2]}, shortOne, "holds 1 runs"},
            {{shards[0], fewer, shards[2]}, fewer, "the sweep has 4 runs"},
            {{shards[0], twice, shards[2]}, twice, "column run_number: not one of the sweep's runs 0 to 5"},
            {{shards[0], billions, shards[2]}, billions, "table sweep_shard, row 0: column shard_count: I/N needs"},
            {{overflow}, overflow, "table sweep_shard, row 0: column shard_count: I/N needs"},
            {{shards[0], tooManyRuns, shards[2]}, tooManyRuns, "row 0: column sweep_runs: a sweep has 0 to"},
            {{shards[0], narrow, shards[2]}, narrow, "column csv_rows: a row of 2 fields under a header of"},
            {{shards[0], cut, shards[2]}, cut, "column csv_rows: a line without its newline"},
            {{shards[0], blob, shards[2]},
             blob,
             "table pod_run_steps, row run_id 1, position 0: column gpu_mask: a blob where a study holds none"},
            {{shards[0], stray, shards[2]}, stray, "a run that sweep_runs does not number"},
            {{shards[0], dangling, shards[2]}, dangling, "table pod_runs, row run_id 1"},
            {{shards[0], notStudy, shards[2]}, notStudy, "not a Tessera study"},
            {{unsharded}, unsharded, "not a shard"},
            {{shards[0], sweep + "/absent.sqlite", shards[2]}, sweep + "/absent.sqlite", ""},
        };
        for (const auto& c : cases) {
            const CliResult m = runCli(QStringList{"merge", "--out", out, "--csv", sweep + "/bad.csv"} + c.inputs);
            QVERIFY2(m.exitCode == 3, qPrintable(c.says + ": " + m.describe()));
            QVERIFY2(m.err.startsWith("error: " + c.named.toUtf8()), qPrintable(c.says + ": " + m.describe()));
            QVERIFY2(m.err.contains(c.says.toUtf8()), qPrintable(c.says + ": " + m.describe()));
            QCOMPARE(m.errLines().size(), 1);
            QCOMPARE(readAll(out), before);
            QVERIFY(!QFileInfo::exists(sweep + "/bad.csv"));
            // Nor is the study merge was building beside it left behind.
            QVERIFY(!QFileInfo::exists(out + ".merging"));
            QVERIFY(!QFileInfo::exists(out + ".merging-journal"));
        }
        // An output that is one of the shards is refused before anything is written.
        const QByteArray shard0 = readAll(shards[0]);
        const CliResult self = runCli({"merge", "--out", shards[0], shards[0], shards[1], shards[2]});
        QVERIFY2(self.exitCode == 2 && self.err.contains("both a shard and an output"), qPrintable(self.describe()));
        QCOMPARE(readAll(shards[0]), shard0);
        // Re-running the killed task (afresh, as the sbatch template does) makes it mergeable again.
        QVERIFY(QFile::remove(incomplete));
        QCOMPARE(runCli({"merge", "--out", out, shards[0], shards[1], shards[2]}).exitCode, 0);
    }

    void mergesMoreShardsThanSqliteAttachesAtOnce()
    {
        // SQLite attaches at most ten databases at once (Debian's build): twelve shards are
        // copied in two groups, and the result is still the unsharded command's.
        const QStringList args{"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                               bundled("traces/default/pods.csv"), "--policy", "fgd", "--policy", "bestfit", "--seeds",
                               "42-47", "--tune", "0.3", "--points", "10"};
        checkShards(args, 2, 12, 12);
        checkMergedStudy(args, 12);

        // A shard of the second group at fault: the first group is already in the study merge
        // builds beside --out. That must go, and --out stay as it was.
        const QString sweep = dir_.filePath("twelve");
        QVERIFY(QDir().mkpath(sweep));
        QStringList shards;
        for (int i = 0; i < 12; ++i) {
            shards << sweep + QStringLiteral("/shard-%1.sqlite").arg(i);
            const CliResult s = runCli(args + QStringList{"--quiet", "--db", shards.last(), "--shard",
                                                          QStringLiteral("%1/12").arg(i)});
            QVERIFY2(s.exitCode == 0, qPrintable(s.describe()));
        }
        const QString out = sweep + "/study.sqlite";
        QCOMPARE(runCli(QStringList{"merge", "--out", out} + shards).exitCode, 0);
        const QByteArray before = readAll(out);
        execSql(shards[11], "UPDATE pod_run_steps SET time_s = x'00' WHERE position = 1");
        const CliResult m = runCli(QStringList{"merge", "--out", out, "--csv", sweep + "/grid.csv"} + shards);
        QVERIFY2(m.exitCode == 3, qPrintable(m.describe()));
        QVERIFY2(m.err.startsWith("error: " + shards[11].toUtf8() + ": table pod_run_steps, row run_id 1, position 1: "
                                  "column time_s: a blob where a study holds none"),
                 qPrintable(m.describe()));
        QCOMPARE(readAll(out), before);
        QVERIFY(!QFileInfo::exists(out + ".merging"));
        QVERIFY(!QFileInfo::exists(out + ".merging-journal"));
        QVERIFY(!QFileInfo::exists(sweep + "/grid.csv"));
    }

    void mergeTakesShardsOfAnyFileName()
    {
        // Shards are attached by URI: the characters a URI reserves are escaped, never read as
        // its query or fragment; the shards are only read, byte for byte as they were.
        const QString sweep = dir_.filePath("odd ?#%20 names");
        QVERIFY(QDir().mkpath(sweep));
        const QStringList shards = simulateSweep(sweep);
        const QString plain = sweep + "/plain.csv";
        QCOMPARE(runCli(QStringList{"merge", "--out", sweep + "/plain.sqlite", "--csv", plain} + shards).exitCode, 0);
        QStringList odd;
        QList<QByteArray> bytes;
        for (int i = 0; i < shards.size(); ++i) {
            odd << sweep + QStringLiteral("/shard %1?mode=rw#x%41.sqlite").arg(i);
            QVERIFY(QFile::rename(shards[i], odd.last()));
            bytes << readAll(odd.last());
        }
        const QString out = sweep + "/study ?mode=ro#%41.sqlite";
        const CliResult m = runCli(QStringList{"merge", "--out", out, "--csv", sweep + "/grid.csv"} + odd);
        QVERIFY2(m.exitCode == 0, qPrintable(m.describe()));
        QCOMPARE(readAll(sweep + "/grid.csv"), readAll(plain));
        const CliResult runs = runCli({"runs", "--db", out});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
        QCOMPARE(runs.out.count('\n'), 7);
        for (int i = 0; i < odd.size(); ++i)
            QCOMPARE(readAll(odd[i]), bytes[i]);
    }

    void aSweepOfAMillionShardsListsOnlyTheFirstMissing()
    {
        const QString sweep = dir_.filePath("million");
        QVERIFY(QDir().mkpath(sweep));
        const QStringList shards = simulateSweep(sweep);
        const QString lone = damagedCopy(shards[0], sweep + "/lone.sqlite",
                                         "PRAGMA foreign_keys = ON; DELETE FROM runs; UPDATE sweep_shard SET "
                                         "shard_count = 1000000, sweep_runs = 0");
        const CliResult m = runCli({"merge", "--out", sweep + "/study.sqlite", lone});
        QVERIFY2(m.exitCode == 3, qPrintable(m.describe()));
        QVERIFY2(m.err.contains("missing: 1/1000000, 2/1000000, 3/1000000, 4/1000000, 5/1000000, and 999994 more"),
                 qPrintable(m.describe()));
        QVERIFY(m.err.size() < 1000);
    }

    void theCsvIsWrittenBeforeTheStudyIsReplaced()
    {
        const QString sweep = dir_.filePath("outputs");
        QVERIFY(QDir().mkpath(sweep));
        const QStringList shards = simulateSweep(sweep);
        const QString out = sweep + "/study.sqlite";
        QCOMPARE(runCli(QStringList{"merge", "--out", out} + shards).exitCode, 0);
        const QByteArray before = readAll(out);
        // One file for both (review16 H3: the CSV replaced the study, exit 0), however spelled.
        for (const QString& csv : {out, sweep + "/./study.sqlite", sweep + "/../outputs/study.sqlite"}) {
            const CliResult same = runCli(QStringList{"merge", "--out", out, "--csv", csv} + shards);
            QVERIFY2(same.exitCode == 2 && same.err.contains("--out and --csv name one file"),
                     qPrintable(same.describe()));
            QCOMPARE(readAll(out), before);
        }
        const QString fresh = sweep + "/fresh.sqlite";
        const CliResult newSame = runCli(QStringList{"merge", "--out", fresh, "--csv", fresh} + shards);
        QVERIFY2(newSame.exitCode == 2, qPrintable(newSame.describe()));
        QVERIFY(!QFileInfo::exists(fresh));
        // A CSV that cannot be written leaves --out as it was, and no file beside either.
        for (const QString& csv : {sweep + "/no-such-folder/grid.csv", sweep}) {
            const CliResult failed = runCli(QStringList{"merge", "--out", out, "--csv", csv} + shards);
            QVERIFY2(failed.exitCode != 0 && failed.err.startsWith("error:"), qPrintable(failed.describe()));
            QCOMPARE(readAll(out), before);
            QVERIFY(!QFileInfo::exists(out + ".merging"));
            QVERIFY(!QFileInfo::exists(csv + ".merging"));
            const CliResult failedNew = runCli(QStringList{"merge", "--out", fresh, "--csv", csv} + shards);
            QVERIFY2(failedNew.exitCode != 0, qPrintable(failedNew.describe()));
            QVERIFY(!QFileInfo::exists(fresh));
        }
    }

    void theEngineAndSpelledOutDefaultsAreTheSameSweep()
    {
        // Review16 H7: a task re-run with --engine scan, or with the defaults written out, was
        // "a shard of another sweep".
        const QString sweep = dir_.filePath("defaults");
        QVERIFY(QDir().mkpath(sweep));
        const QStringList shards = simulateSweep(sweep);
        QCOMPARE(runCli(QStringList{"merge", "--out", sweep + "/plain.sqlite", "--csv", sweep + "/plain.csv"} + shards)
                     .exitCode,
                 0);
        const QString respelled = sweep + "/respelled-1.sqlite";
        const CliResult r = runCli({"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                                    bundled("traces/default/pods.csv"), "--policy", "fgd", "--policy", "bestfit",
                                    "--seeds", "42-44", "--tune", "0.30", "--points", "10", "--quiet", "--engine",
                                    "scan", "--tie-order", "seeded", "--mode", "experiment", "--step", "3600",
                                    "--shard", "1/3", "--db", respelled});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const CliResult m = runCli({"merge", "--out", sweep + "/study.sqlite", "--csv", sweep + "/grid.csv", shards[0],
                                    respelled, shards[2]});
        QVERIFY2(m.exitCode == 0, qPrintable(m.describe()));
        QCOMPARE(readAll(sweep + "/grid.csv"), readAll(sweep + "/plain.csv"));
        // A value that is not the default is still another sweep.
        const QString other = sweep + "/other-1.sqlite";
        QCOMPARE(runCli({"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                         bundled("traces/default/pods.csv"), "--policy", "fgd", "--policy", "bestfit", "--seeds",
                         "42-44", "--tune", "0.3", "--points", "10", "--quiet", "--tie-order", "name", "--shard",
                         "1/3", "--db", other})
                     .exitCode,
                 0);
        const CliResult refused = runCli({"merge", "--out", sweep + "/x.sqlite", shards[0], other, shards[2]});
        QVERIFY2(refused.exitCode == 3 && refused.err.contains("another sweep"), qPrintable(refused.describe()));
    }

    void aShardStudyMustBeNew()
    {
        const QString sweep = dir_.filePath("reused");
        QVERIFY(QDir().mkpath(sweep));
        const QStringList shards = simulateSweep(sweep);
        const CliResult again = runCli({"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                                        bundled("traces/default/pods.csv"), "--policy", "fgd", "--tune", "0.2",
                                        "--quiet", "--shard", "0/3", "--db", shards[0]});
        QCOMPARE(again.exitCode, 3);
        QVERIFY2(again.err.contains("must be new"), qPrintable(again.describe()));
    }

    void mergeUsageErrors()
    {
        for (const QStringList& args : {QStringList{"merge"}, QStringList{"merge", "--out", dir_.filePath("x.sqlite")},
                                        QStringList{"merge", "--out", dir_.filePath("x.sqlite"), "--bogus", "a"},
                                        QStringList{"merge", "a.sqlite", "--out"}}) {
            const CliResult r = runCli(args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(' ') + ": " + r.describe()));
            QVERIFY(r.err.startsWith("error:"));
        }
    }

    void badShardsAreUsageErrors()
    {
        // Out of bounds, however large: said as such, not as a malformed I/N (review16 L23).
        for (const char* shard : {"0/9223372036854775807", "0/99999999999999999999", "0/1000001"}) {
            const CliResult r = runCli({"simulate", "--nodes", bundled("traces/default/nodes.csv"), "--pods",
                                        bundled("traces/default/pods.csv"), "--policy", "fgd", "--shard", shard});
            QVERIFY2(r.exitCode == 2, qPrintable(QString(shard) + ": " + r.describe()));
            QVERIFY2(r.err.contains("1 <= N <= 1000000"), qPrintable(r.describe()));
        }
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
