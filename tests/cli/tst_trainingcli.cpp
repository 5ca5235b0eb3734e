// `tessera-cli training --mode place` from outside (contracts.md 9): the job and rounds CSVs
// with their exact headers, row counts and order, the summary table, byte-identical outputs on
// two runs and at any --threads, --db then `runs`, usage (2) and input (3) errors, and the
// spec's headline on a real trace: with PAL's seed-42 variability, PAL's mean JCT beats
// Default-Packed-S's.
#include "support/CliRunner.h"
#include "support/SharedData.h"
#include "store/SqliteDatabase.h"
#include "support/OlderStudy.h"

#include <QFile>
#include <cmath>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera::test;

namespace {

QString palData() { return sharedDir() + "/traces/pal-sia-philly"; }

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& text)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// PAL on 16x4 uniform GPUs: needs no shared data.
QStringList uniformArgs(const QString& jobs)
{
    return {"training", "--jobs", jobs, "--mode", "place", "--cluster", "16x4", "--policy", "pal"};
}

QStringList placeArgs(const QString& jobs)
{
    return {"training", "--jobs", jobs, "--mode", "place", "--cluster", "16x4", "--variability",
            palData() + "/variability"};
}

// The summary's mean JCT (column 3) of `policy`.
double meanJct(const QByteArray& out, const QString& policy)
{
    for (const QString& line : QString::fromUtf8(out).split('\n', Qt::SkipEmptyParts)) {
        const QStringList fields = line.split(' ', Qt::SkipEmptyParts);
        if (fields.size() > 2 && fields[0] == policy)
            return fields[2].toDouble();
    }
    return -1;
}

}  // namespace

class TrainingCliTest : public QObject {
    Q_OBJECT

private slots:
    void jobsRoundsSummaryAndDeterminism()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly/workload-1.csv");
        QTemporaryDir dir;
        const QString jobs = palData() + "/philly/workload-1.csv";
        const QStringList policies{"--policy", "pal", "--policy", "packed-sticky", "--policy", "random"};
        const QString csvPath = dir.filePath("jobs.csv"), roundsPath = dir.filePath("rounds.csv");
        const CliResult r = runCli(placeArgs(jobs) + policies + QStringList{"--csv", csvPath, "--rounds", roundsPath});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));

        const CsvData csv = readCsv(csvPath);
        QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
        QCOMPARE(csv.header.join(','), QString("policy,seed,job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h"));
        QCOMPARE(csv.rows.size(), 3 * 160);  // 160 jobs per policy
        // Policies in the order given, jobs by id; every job ends after it starts, after it arrives.
        for (int i = 0; i < csv.rows.size(); ++i) {
            const QStringList& row = csv.rows[i];
            QCOMPARE(row[0], QString(i < 160 ? "pal" : i < 320 ? "packed-sticky" : "random"));
            QCOMPARE(row[1], QString("42"));
            QCOMPARE(row[2].toInt(), i % 160);
            const double arrival = row[3].toDouble(), start = row[4].toDouble(), end = row[5].toDouble();
            QVERIFY2(arrival <= start && start < end, qPrintable(row.join(',')));
            QCOMPARE(row[6].toDouble(), end - arrival);
            QVERIFY(row[8].toDouble() > 0);
        }

        const CsvData rounds = readCsv(roundsPath);
        QVERIFY2(rounds.error.isEmpty(), qPrintable(rounds.error));
        QCOMPARE(rounds.header.join(','), QString("policy,seed,round,time_s,jobs_running,jobs_queued,free_gpus,"
                                                  "utilisation_pct,preemptions"));
        QVERIFY(rounds.rows.size() > 30);
        QCOMPARE(rounds.rows.front()[0], QString("pal"));
        QCOMPARE(rounds.rows.back()[0], QString("random"));
        for (const QStringList& row : rounds.rows) {
            // docs/cli.md: a row per round in which some job was admitted and unfinished (no
            // empty last row).
            QVERIFY2(row[4].toInt() + row[5].toInt() > 0, qPrintable(row.join(',')));
            QVERIFY(row[6].toInt() >= 0 && row[6].toInt() <= 64);
            QCOMPARE(row[7].toDouble(), std::round(100.0 * (64 - row[6].toInt()) / 64 * 1e4) / 1e4);
            QCOMPARE(row[3].toDouble(), row[2].toDouble() * 360);
        }

        // The summary: a header and one line per policy; PAL beats Default-Packed-S on mean JCT.
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines[0].startsWith("policy"));
        const double pal = meanJct(r.out, "pal"), packed = meanJct(r.out, "packed-sticky");
        QVERIFY2(pal > 0 && packed > 0 && pal < packed, qPrintable(QString::fromUtf8(r.out)));

        // Byte-identical on a second run.
        const QString csv2 = dir.filePath("jobs2.csv"), rounds2 = dir.filePath("rounds2.csv");
        const CliResult again = runCli(placeArgs(jobs) + policies + QStringList{"--csv", csv2, "--rounds", rounds2});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QCOMPARE(readBytes(csv2), readBytes(csvPath));
        QCOMPARE(readBytes(rounds2), readBytes(roundsPath));
        QCOMPARE(again.out, r.out);
    }

    // Every placement policy, one row per job each; without --variability every GPU scores 1.0.
    void everyPolicyWithoutVariability()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly/workload-2.csv");
        QTemporaryDir dir;
        const QString csvPath = dir.filePath("jobs.csv");
        QStringList args{"training", "--jobs", palData() + "/philly/workload-2.csv", "--mode", "place", "--cluster",
                         "16x4", "--scheduler", "las", "--locality", "2", "--round", "300", "--seed", "7",
                         "--csv", csvPath};
        for (const char* policy : {"pal", "pmfirst", "packed", "packed-sticky", "random", "random-sticky"})
            args << "--policy" << policy;
        const CliResult r = runCli(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const CsvData csv = readCsv(csvPath);
        QCOMPARE(csv.rows.size(), 6 * 160);
        QCOMPARE(csv.rows.front()[1], QString("7"));
        QCOMPARE(QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts).size(), 7);
    }

    // --threads runs the policies in parallel; the job CSV, the rounds CSV, the summary and the
    // study's run order are byte-identical at any thread count (contracts.md 5).
    void identicalAcrossThreadCounts()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly/workload-3.csv");
        QTemporaryDir dir;
        QStringList policies;
        for (const char* policy : {"pal", "pmfirst", "packed", "packed-sticky", "random", "random-sticky"})
            policies << "--policy" << policy;
        struct Output {
            QString failure;  // empty when the command succeeded
            QByteArray jobs, rounds, summary, runs;
        };
        const auto runWith = [&](const QString& threads) {
            const QString csv = dir.filePath("jobs-" + threads + ".csv");
            const QString rounds = dir.filePath("rounds-" + threads + ".csv");
            const QString db = dir.filePath("study-" + threads + ".sqlite");
            const CliResult r = runCli(placeArgs(palData() + "/philly/workload-3.csv") + policies
                                       + QStringList{"--threads", threads, "--csv", csv, "--rounds", rounds, "--db",
                                                     db});
            if (r.exitCode != 0)
                return Output{r.describe(), {}, {}, {}, {}};
            QByteArray summary = r.out;
            summary.replace(db.toUtf8(), "STUDY");
            return Output{{}, readBytes(csv), readBytes(rounds), summary, runCli({"runs", "--db", db}).out};
        };
        const Output one = runWith("1");
        const Output two = runWith("2");
        const Output four = runWith("4");
        for (const Output* output : {&one, &two, &four})
            QVERIFY2(output->failure.isEmpty(), qPrintable(output->failure));
        QCOMPARE(one.jobs.count('\n'), 1 + 6 * 160);
        QVERIFY(one.rounds.count('\n') > 6 * 30);
        for (const Output* other : {&two, &four}) {
            QVERIFY(other->jobs == one.jobs);
            QVERIFY(other->rounds == one.rounds);
            QCOMPARE(other->summary, one.summary);
        }
        // The saved runs follow the policies in the order given, whatever finished first.
        for (const Output* output : {&one, &two, &four}) {
            QStringList listed;
            for (const QString& line : QString::fromUtf8(output->runs).split('\n', Qt::SkipEmptyParts).mid(1))
                listed << line.split(' ', Qt::SkipEmptyParts).value(3);
            QCOMPARE(listed, (QStringList{"pal", "pmfirst", "packed", "packed-sticky", "random", "random-sticky"}));
        }
        // A bad thread count is a usage error.
        const CliResult zero = runCli(placeArgs(palData() + "/philly/workload-3.csv")
                                      + QStringList{"--policy", "pal", "--threads", "0"});
        QCOMPARE(zero.exitCode, 2);
        QVERIFY2(zero.err.contains("--threads"), qPrintable(zero.describe()));
    }

    void studyRunsAreListed()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly/workload-1.csv");
        QTemporaryDir dir;
        const QString db = dir.filePath("study.sqlite");
        const CliResult r = runCli(placeArgs(palData() + "/philly/workload-1.csv")
                                   + QStringList{"--policy", "pal", "--policy", "pmfirst", "--db", db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY(r.out.contains("saved to " + db.toUtf8() + ": runs 1-2"));
        const CliResult runs = runCli({"runs", "--db", db});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
        QCOMPARE(runs.out.count("training-placement"), 2);
        QVERIFY(runs.out.contains("pmfirst"));
        // TRACE is the job file (review D5: it was "-"), from the kind's own ranking of its inputs.
        QCOMPARE(runs.out.count("  workload-1.csv  "), 2);
    }

    // Review D2 and D6: every view of a reopened training run draws what the live one has (it
    // was a blank variability page and a JCT chart without a line, exit 0); the occupancy grid
    // speaks of rounds, keys GPUs busy or free and shows the last busy round, or --at's.
    void savedRunsChartAsTheLiveOnes()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly/workload-1.csv");
        QTemporaryDir dir;
        const QString db = dir.filePath("study.sqlite");
        const CliResult r = runCli(placeArgs(palData() + "/philly/workload-1.csv")
                                   + QStringList{"--policy", "pal", "--db", db, "--rounds", dir.filePath("r.csv")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const auto chart = [&](const QString& view, const QString& out, const QStringList& extra = {}) {
            return runCli(QStringList{"chart", "--db", db, "--run", "1", "--chart", view, "--out", dir.filePath(out)}
                          + extra);
        };
        const auto svg = [&](const QString& name) {
            QFile f(dir.filePath(name));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        for (const char* view : {"jct", "variability", "rounds", "occupancy"}) {
            const CliResult c = chart(view, QString(view) + ".svg");
            QVERIFY2(c.exitCode == 0, qPrintable(c.describe()));
        }
        // One heatmap image per class, the bins in the subtitle.
        QCOMPARE(svg("variability.svg").count("<image"), 4);
        QVERIFY(svg("variability.svg").contains("PAL and PM-First bins"));
        // The CDF: a line from 0 up to 100 % (a path beyond the axes and grid).
        QVERIFY(svg("jct.svg").contains("Job completion time"));
        QVERIFY(svg("jct.svg").count("<path") > svg("rounds.svg").count("<path") / 10);
        const QByteArray occupancy = svg("occupancy.svg");
        QVERIFY2(occupancy.contains("GPUs by job at round"), occupancy.left(4000).constData());
        QVERIFY(occupancy.contains("GPU busy"));
        QVERIFY(occupancy.contains("GPU free"));
        QVERIFY(!occupancy.contains("GPU model"));
        QVERIFY(!occupancy.contains("Allocated share"));
        // The last busy round is the rounds CSV's last row with some utilisation (its 8th column).
        QFile rounds(dir.filePath("r.csv"));
        QVERIFY(rounds.open(QIODevice::ReadOnly));
        const QList<QByteArray> rows = rounds.readAll().trimmed().split('\n');
        int lastBusy = -1;
        for (int i = 1; i < rows.size(); ++i)
            if (rows[i].split(',').value(7).toDouble() > 0)
                lastBusy = i;
        QVERIFY(lastBusy > 0);
        // The title names why it shows that round: the run's end when GPUs are still busy there
        // (empty rounds are not recorded), else the last busy round.
        QVERIFY(occupancy.contains(lastBusy == rows.size() - 1 ? "the end of the run"
                                                               : "the last round with a GPU in use"));
        QVERIFY2(occupancy.contains(QStringLiteral("at round %1 of %2").arg(lastBusy).arg(rows.size() - 1).toUtf8()),
                 qPrintable(QStringLiteral("round %1 of %2").arg(lastBusy).arg(rows.size() - 1)));
        // --at: a round, or a time in the x axis's unit; a wrong one is a usage error.
        QCOMPARE(chart("occupancy", "at.svg", {"--at", "10"}).exitCode, 0);
        QVERIFY(svg("at.svg").contains(QStringLiteral("at round 10 of %1").arg(rows.size() - 1).toUtf8()));
        QVERIFY(!svg("at.svg").contains("the last round"));
        QCOMPARE(chart("occupancy", "h.svg", {"--at", "24h"}).exitCode, 0);
        QVERIFY(svg("h.svg").contains("(time 24"));
        for (const char* at : {"99999", "-1", "2.5", "24min", "x"}) {
            const CliResult bad = chart("occupancy", "bad.svg", {"--at", at});
            QCOMPARE(bad.exitCode, 2);
            QVERIFY2(bad.err.contains("--at must be a round number from 0 to"), qPrintable(bad.describe()));
        }
        // A chart another kind has (the pod kind's fragmentation) is a bad --chart for this run:
        // exit 2 (docs/cli.md), naming the charts a training run has; no file.
        const CliResult foreign = chart("fragmentation", "frag.svg");
        QVERIFY2(foreign.exitCode == 2, qPrintable(foreign.describe()));
        QVERIFY2(foreign.err.contains("--chart must be") && foreign.err.contains("occupancy"),
                 qPrintable(foreign.describe()));
        QVERIFY(!QFile::exists(dir.filePath("frag.svg")));
        // A PNG and a PDF of the grid as well.
        QCOMPARE(chart("occupancy", "o.png").exitCode, 0);
        QCOMPARE(chart("occupancy", "o.pdf").exitCode, 0);

        // A study written before format 4 keeps no JCTs or variability: the chart says so (exit
        // 3, the run and what is missing named), never a blank page with exit 0.
        {
            tessera::sqlite::Database edit(db.toStdString(), tessera::sqlite::Database::OpenMode::ExistingOnly);
            tessera::test::downgradeStudy(edit, 3);
        }
        const CliResult jct = chart("jct", "old-jct.png");
        QCOMPARE(jct.exitCode, 3);
        QVERIFY2(jct.err.contains("run 1") && jct.err.contains("jct_h"), qPrintable(jct.describe()));
        QVERIFY(!QFile::exists(dir.filePath("old-jct.png")));
        const CliResult variability = chart("variability", "old-v.png");
        QCOMPARE(variability.exitCode, 3);
        QVERIFY2(variability.err.contains("run 1") && variability.err.contains("variability"),
                 qPrintable(variability.describe()));
    }

    void usageAndInputErrors()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly/workload-1.csv");
        QTemporaryDir dir;
        const QString jobs = palData() + "/philly/workload-1.csv";
        const QString bad = dir.filePath("bad.csv");
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("job_id,num_gpus,submit_time,duration,model\n0,1,98,1481.0,vgg19\n1,two,115,4037.0,DCGAN\n");
        }
        const QStringList pal{"--policy", "pal"};
        const struct {
            QStringList args;
            int code;
            QByteArray message;
        } cases[] = {
            {placeArgs(jobs), 2, "--policy"},
            {placeArgs(jobs) + QStringList{"--policy", "gandiva"}, 2, "no training placement policy"},
            {placeArgs(jobs) + pal + QStringList{"--scheduler", "lifo"}, 2, "--scheduler"},
            {placeArgs(jobs) + pal + QStringList{"--locality", "0.5"}, 2, "--locality"},
            {placeArgs(jobs) + pal + QStringList{"--round", "x"}, 2, "--round"},
            {placeArgs(jobs) + pal + QStringList{"--bogus", "1"}, 2, "--bogus"},
            {{"training", "--jobs", jobs, "--mode", "place", "--cluster", "16by4", "--policy", "pal"}, 2, "--cluster"},
            {{"training", "--jobs", jobs, "--mode", "place", "--cluster", "2x2", "--policy", "pal"}, 3,
             "column num_gpus: "},
            {{"training", "--jobs", jobs, "--cluster", "16x4", "--policy", "pal"}, 2, "--mode"},
            // pal-sia-philly has no Pollux profiles beside it: an input error at the file's first line.
            {{"training", "--jobs", jobs, "--mode", "rent", "--policy", "boa", "--budget", "64"}, 3,
             jobs.toUtf8() + ":1: no Pollux profiles folder beside the job file"},
            {placeArgs(jobs) + pal + QStringList{"--budget", "8"}, 2, "--budget belongs to --mode rent"},
            {placeArgs(jobs) + pal + QStringList{"--sweep", "1:2:1"}, 2, "--sweep belongs to --mode rent"},
            {{"training", "--jobs", bad, "--mode", "place", "--cluster", "16x4", "--policy", "pal"}, 3,
             bad.toUtf8() + ":3: column num_gpus"},
            {{"training", "--jobs", dir.filePath("missing.csv"), "--mode", "place", "--cluster", "16x4", "--policy",
              "pal"},
             3, "missing.csv"},
            {placeArgs(jobs).mid(0, 7) + QStringList{"--variability", dir.path()} + pal, 3,
             dir.path().toUtf8() + ":1: not a variability folder: no profiles.json"},
        };
        for (const auto& c : cases) {
            const CliResult r = runCli(c.args);
            QVERIFY2(r.exitCode == c.code, qPrintable(c.args.join(' ') + ": " + r.describe()));
            QVERIFY2(r.err.contains(c.message), qPrintable(c.args.join(' ') + ": " + r.describe()));
            QVERIFY2(r.err.startsWith("error: "), qPrintable(r.describe()));
            QVERIFY(r.out.isEmpty());
        }
        // An output that cannot be written fails before any simulation.
        const CliResult r = runCli(placeArgs(jobs) + pal + QStringList{"--csv", dir.filePath("no/such/dir/x.csv")});
        QCOMPARE(r.exitCode, 1);
        // --help documents the command.
        const CliResult help = runCli({"training", "--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("--mode place") && help.out.contains("packed-sticky"));
    }

    // What a load accepted but noticed reaches stderr as `warning: FILE:LINE: ...`, with and
    // without --quiet (contracts.md 4: nothing is skipped silently).
    void warningsReachStderr()
    {
        QTemporaryDir dir;
        const QString cut = writeFile(dir, "cut.csv", "job_id,num_gpus,submit_time,duration,model\n0,1,98,1481.0,vgg19\n1,2,11");
        for (const QStringList extra : {QStringList{}, QStringList{"--quiet"}}) {
            const CliResult r = runCli(uniformArgs(cut) + extra);
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
            QCOMPARE(r.errLines().size(), 1);
            QVERIFY2(r.errLines().front().startsWith("warning: " + cut + ":3: ") && r.err.contains("interrupted"),
                     qPrintable(r.describe()));
            // The summary table, unless --quiet (docs/cli.md).
            QCOMPARE(r.out.contains("pal"), extra.isEmpty());
        }
        // An unknown model, used twice: one warning, at its first line.
        const QString unknown = writeFile(dir, "unknown.csv", "job_id,num_gpus,submit_time,duration,model\n"
                                                              "0,1,98,1481.0,vgg19\n1,2,115,4037.0,NoSuchModel\n"
                                                              "2,1,120,100.0,NoSuchModel\n");
        const CliResult u = runCli(uniformArgs(unknown));
        QVERIFY2(u.exitCode == 0, qPrintable(u.describe()));
        QCOMPARE(u.errLines(), QStringList{"warning: " + unknown + ":3: column model: unknown model \"NoSuchModel\": its "
                                           "jobs get class B and 1 s per iteration (the reference's default; "
                                           "docs/cli.md lists the known models)"});
        // A Gavel trace (no iteration times): one note that its jobs run at 1 s per iteration.
        const QString gavel = writeFile(dir, "g.trace", "ResNet-50 (batch size 64)\tcmd\t-n\t1\t100\t0\t1\n"
                                                        "LM (batch size 20)\tcmd\t-n\t1\t50\t10\t2\n");
        const CliResult g = runCli(uniformArgs(gavel));
        QVERIFY2(g.exitCode == 0, qPrintable(g.describe()));
        QCOMPARE(g.errLines().size(), 1);
        QVERIFY2(g.err.startsWith("warning: " + gavel.toUtf8() + ": a Gavel trace") && g.err.contains("1 s per iteration"),
                 qPrintable(g.describe()));
    }

    // The job file's own problems name its file, line and column; the flags' problems read as
    // sentences after the flag.
    void jobFileAndFlagMessages()
    {
        QTemporaryDir dir;
        const QString wide = writeFile(dir, "wide.csv", "job_id,num_gpus,submit_time,duration,model\n"
                                                        "0,1,98,1481.0,vgg19\n1,4,115,4037.0,DCGAN\n");
        const QString blank = writeFile(dir, "blank.csv", "job_id,num_gpus,submit_time,duration,model\n"
                                                          "0,1,98,1481.0,vgg19\n\n1,2,115,4037.0,DCGAN\n");
        const QString pollux = writeFile(dir, "pollux.csv", "name,time,application,num_replicas\nj0,0,cifar10,2\n");
        const QString jobs = writeFile(dir, "jobs.csv", "job_id,num_gpus,submit_time,duration,model\n0,1,98,1481.0,vgg19\n");
        const auto place = [](const QString& file, const QString& cluster) {
            return QStringList{"training", "--jobs", file, "--mode", "place", "--cluster", cluster, "--policy", "pal"};
        };
        const struct {
            QStringList args;
            int code;
            QString message;  // the whole stderr line after "error: "
        } cases[] = {
            {place(wide, "1x2"), 3,
             wide + ":3: column num_gpus: job 1 needs 4 GPUs, more than the 2 of the cluster (--cluster 1x2) (value \"4\")"},
            {place(blank, "1x4"), 3, blank + ":3: blank line: every row needs 5 fields"},
            {place(pollux, "1x4"), 3,
             pollux + ":2: column application: a Pollux job gives no iteration count, which placement on a fixed "
                      "cluster needs (Pollux workloads are for renting GPUs: --mode rent) (value \"cifar10\")"},
            {place(jobs, "1x4") + QStringList{"--variability", dir.filePath("nonexistent")}, 3,
             dir.filePath("nonexistent") + ":1: no such folder"},
            {place(jobs, "0x4"), 2, "--cluster: nodes must be between 1 and 1024 (got 0)"},
            {place(jobs, "1x99"), 2, "--cluster: GPUs per node must be between 1 and 64 (got 99)"},
            {place(jobs, "1x4") + QStringList{"--locality", "11"}, 2,
             "--locality: locality penalty L must be between 1 and 10 (got 11)"},
            {place(jobs, "1x4") + QStringList{"--policy", "pal"}, 2,
             "--policy \"pal\" and --policy \"pal\" are the same policy (pal): give each policy once"},
            // simulate refuses a policy given twice through the same check, whatever its spelling.
            {{"simulate", "--nodes", TESSERA_SOURCE_DIR "/traces/default/nodes.csv", "--pods",
              TESSERA_SOURCE_DIR "/traces/default/pods.csv", "--policy", "fgd", "--policy", "fgd:1000"},
             2, "--policy \"fgd\" and --policy \"fgd:1000\" are the same policy (fgd:1000): give each policy once"},
        };
        for (const auto& c : cases) {
            const CliResult r = runCli(c.args);
            QVERIFY2(r.exitCode == c.code, qPrintable(c.args.join(' ') + ": " + r.describe()));
            QCOMPARE(r.errLines(), QStringList{"error: " + c.message});
            QVERIFY(r.out.isEmpty());
        }
        // --help names every job format, and says which mode takes Pollux's.
        const CliResult help = runCli({"training", "--help"});
        for (const char* word : {"pal-sia-philly", "Gavel", "Pollux", "Philly log", "--mode rent"})
            QVERIFY2(help.out.contains(word), word);
    }
};

QTEST_GUILESS_MAIN(TrainingCliTest)
#include "tst_trainingcli.moc"
