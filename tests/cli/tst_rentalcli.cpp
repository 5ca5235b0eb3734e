// `tessera-cli training --mode rent` from outside (contracts.md 9, issue 14): the job CSV with its
// exact header, its rows per policy and jobs by id; --sweep's budget column and blocks; the
// summary's budget and average GPUs rented, held within 2% of the budget for every policy on a
// Pollux workload (and cross-checked from the CSV's GPU-hours for the fixed-width policies); a
// warning when a policy cannot be held; byte-identical outputs at any --threads; --db then
// `runs`; usage (2) and input (3) errors, the other mode's flags included.
#include "support/CliRunner.h"
#include "support/SharedData.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tessera::test;

namespace {

const char* kWorkload = "traces/pollux-osdi21/simulator/workloads/workload-1.csv";
const QStringList kEveryPolicy{"boa", "fixed:1", "fixed:2", "fixed:4", "fixed:8", "autoscale", "hesrpt", "greedy"};

QStringList rentArgs(const QStringList& policies, const QStringList& tail)
{
    // Not --quiet: the tests read the summary table (progress goes to a terminal only).
    QStringList args{"training", "--jobs", sharedDir() + "/" + kWorkload, "--mode", "rent"};
    for (const QString& p : policies)
        args << "--policy" << p;
    return args + tail;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QList<QStringList> csvRows(const QByteArray& text)
{
    QList<QStringList> rows;
    for (const QString& line : QString::fromUtf8(text).split('\n', Qt::SkipEmptyParts))
        rows.append(line.split(','));
    return rows;
}

struct SummaryRow {
    double utilisation = -1;
    double budget = -1;
    double averageRented = -1;
};

// policy -> (util %, budget, average rented): the summary's last three columns.
QMap<QString, SummaryRow> summaryRows(const QByteArray& out)
{
    QMap<QString, SummaryRow> rows;
    const QStringList lines = QString::fromUtf8(out).split('\n', Qt::SkipEmptyParts);
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList f = lines[i].split(' ', Qt::SkipEmptyParts);
        if (f.size() == 9)
            rows[f[0]] = {f[6].toDouble(), f[7].toDouble(), f[8].toDouble()};
    }
    return rows;
}

int workloadJobs()
{
    return int(csvRows(readAll(sharedDir() + "/" + kWorkload)).size()) - 1;
}

}  // namespace

class RentalCliTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void jobCsvAndBudgetAccountingForEveryPolicy()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        const QString csv = dir_.filePath("jobs.csv");
        const CliResult r = runCli(rentArgs(kEveryPolicy, {"--budget", "40", "--csv", csv}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(!r.err.contains("warning"), qPrintable(r.describe()));  // every policy held at 40 GPUs
        const QList<QStringList> rows = csvRows(readAll(csv));
        QCOMPARE(rows.first().join(','), QString("policy,seed,job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h"));
        const int jobs = workloadJobs();
        QVERIFY(jobs > 100);
        QCOMPARE(rows.size() - 1, jobs * kEveryPolicy.size());
        const QMap<QString, SummaryRow> summary = summaryRows(r.out);
        QCOMPARE(summary.size(), kEveryPolicy.size());
        for (int p = 0; p < kEveryPolicy.size(); ++p) {
            const QString& policy = kEveryPolicy[p];
            // Policies in the order given; jobs by id; JCT = end - arrival.
            double first = 1e300, last = 0, gpuHours = 0;
            for (int j = 0; j < jobs; ++j) {
                const QStringList& row = rows[1 + p * jobs + j];
                QCOMPARE(row.size(), 9);
                QCOMPARE(row[0], policy);
                QCOMPARE(row[1], QString("42"));
                QCOMPARE(row[2].toInt(), j);
                QVERIFY(std::abs(row[6].toDouble() - (row[5].toDouble() - row[3].toDouble())) < 0.002);
                first = std::min(first, row[3].toDouble());
                last = std::max(last, row[5].toDouble());
                gpuHours += row[8].toDouble();
            }
            // contracts.md 9: the average rented over first arrival to last completion is at most
            // 2% above the budget.
            const SummaryRow s = summary.value(policy);
            QCOMPARE(s.budget, 40.0);
            QVERIFY2(s.averageRented > 0 && s.averageRented <= 40 * 1.02,
                     qPrintable(QString("%1 rented %2").arg(policy).arg(s.averageRented)));
            // A fixed-width policy rents exactly its jobs' widths: the CSV's GPU-hours over the span
            // give the same average.
            if (policy == "boa" || policy == "greedy" || policy.startsWith("fixed:")) {
                const double fromCsv = gpuHours * 3600 / (last - first);
                QVERIFY2(std::abs(fromCsv - s.averageRented) <= 1e-3 * s.averageRented + 1e-3,
                         qPrintable(QString("%1: %2 vs %3").arg(policy).arg(fromCsv).arg(s.averageRented)));
            }
        }
        // The util % column (contracts.md 9) is the jobs' one-GPU work over the GPU-hours rented
        // (docs/cli.md): all of it for one GPU a job, less for wider jobs on sub-linear speedups.
        // It read 100.00 for every policy, since renting keeps every rented GPU held.
        QVERIFY2(std::abs(summary.value("fixed:1").utilisation - 100) < 0.01, qPrintable(r.out));
        for (const QString& policy : kEveryPolicy)
            QVERIFY2(summary.value(policy).utilisation > 0 && summary.value(policy).utilisation <= 100.005,
                     qPrintable(r.out));
        QVERIFY2(summary.value("fixed:8").utilisation < summary.value("fixed:4").utilisation &&
                     summary.value("fixed:4").utilisation < summary.value("fixed:2").utilisation &&
                     summary.value("fixed:2").utilisation < summary.value("fixed:1").utilisation,
                 qPrintable(r.out));
    }

    void aPolicyThatCannotBeHeldIsNamed()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        // Eight GPUs per job cannot average four: the run is shown, with a warning.
        const CliResult r = runCli(rentArgs({"fixed:8", "hesrpt"}, {"--budget", "4"}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.err.contains("warning: fixed:8 could not be held within 2% of the budget"), qPrintable(r.describe()));
        QVERIFY(!r.err.contains("warning: hesrpt"));
        QVERIFY(summaryRows(r.out).value("fixed:8").averageRented > 4 * 1.02);
    }

    void sweepWritesABudgetColumnAndOneBlockPerBudget()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        const QString csv = dir_.filePath("sweep.csv");
        const CliResult r = runCli(rentArgs({"boa", "hesrpt"}, {"--sweep", "20:60:20", "--csv", csv}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QList<QStringList> rows = csvRows(readAll(csv));
        QCOMPARE(rows.first().join(','),
                 QString("policy,seed,budget,job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h"));
        const int jobs = workloadJobs();
        QCOMPARE(rows.size() - 1, 3 * 2 * jobs);
        const QStringList budgets{"20.0000", "40.0000", "60.0000"};
        for (int b = 0; b < 3; ++b)
            for (int p = 0; p < 2; ++p) {
                const QStringList& row = rows[1 + (b * 2 + p) * jobs];
                QCOMPARE(row[0], QString(p == 0 ? "boa" : "hesrpt"));
                QCOMPARE(row[2], budgets[b]);
                QCOMPARE(row[3], QString("0"));
            }
        // The summary has a row per budget and policy; BOA's JCT does not grow with the budget.
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 6);
        double previous = 1e300;
        for (int b = 0; b < 3; ++b) {
            const QStringList f = lines[1 + 2 * b].split(' ', Qt::SkipEmptyParts);
            QCOMPARE(f[0], QString("boa"));
            QVERIFY(f[2].toDouble() <= previous);
            previous = f[2].toDouble();
            QVERIFY(f[8].toDouble() <= f[7].toDouble() * 1.02);
        }
    }

    // contracts.md 9: `--budget GPUS [--sweep LO:HI:STEP]`. Both together run the sweep, the same
    // CSV as the sweep alone, and say that the --budget is not run on its own.
    void aBudgetGivenWithASweepRunsTheSweep()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        const QString alone = dir_.filePath("sweep-alone.csv");
        const QString both = dir_.filePath("sweep-both.csv");
        const CliResult a = runCli(rentArgs({"boa"}, {"--sweep", "20:40:20", "--csv", alone}));
        const CliResult b = runCli(rentArgs({"boa"}, {"--budget", "24", "--sweep", "20:40:20", "--csv", both}));
        QVERIFY2(a.exitCode == 0, qPrintable(a.describe()));
        QVERIFY2(b.exitCode == 0, qPrintable(b.describe()));
        QCOMPARE(readAll(both), readAll(alone));
        QVERIFY(b.err.contains("--budget 24 is not run on its own"));
        QVERIFY(!a.err.contains("--budget"));
    }

    void identicalAcrossThreadCountsAndRuns()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        QByteArray firstCsv, firstOut;
        for (const char* threads : {"1", "2", "4", "1"}) {
            const QString csv = dir_.filePath(QString("threads-%1.csv").arg(threads));
            const CliResult r = runCli(rentArgs(kEveryPolicy, {"--sweep", "30:40:10", "--threads", threads, "--csv", csv}));
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
            const QByteArray text = readAll(csv);
            QVERIFY(!text.isEmpty());
            if (firstCsv.isEmpty()) {
                firstCsv = text;
                firstOut = r.out;
            }
            QVERIFY2(text == firstCsv, threads);
            QVERIFY2(r.out == firstOut, threads);
        }
    }

    void studyRunsAreListed()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        const QString db = dir_.filePath("rent.sqlite");
        const CliResult r = runCli(rentArgs({"boa", "autoscale"}, {"--budget", "32", "--db", db}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const CliResult runs = runCli({"runs", "--db", db});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
        QCOMPARE(QString::fromUtf8(runs.out).count("training-rent"), 2);
        QVERIFY(runs.out.contains("boa") && runs.out.contains("autoscale"));
    }

    void anInterruptedLastLineIsAWarning()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        // The workload's copy beside a `traces` link to the Pollux profiles, its last line cut
        // short as by an interrupted write.
        QVERIFY(QDir().mkpath(dir_.filePath("cut/workloads")));
        QVERIFY(QFile::link(sharedDir() + "/traces/pollux-osdi21/simulator/traces", dir_.filePath("cut/traces")));
        QByteArray text = readAll(sharedDir() + "/" + kWorkload);
        while (text.endsWith('\n'))
            text.chop(1);
        text.truncate(text.lastIndexOf('\n') + 1);
        const long lastLine = text.count('\n') + 1;
        text += "late-job,99";
        const QString cut = dir_.filePath("cut/workloads/cut.csv");
        {
            QFile file(cut);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(text);
        }
        const CliResult r = runCli({"training", "--jobs", cut, "--mode", "rent", "--policy", "boa", "--budget", "40",
                                    "--quiet"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.err.startsWith(QString("warning: %1:%2: ").arg(cut).arg(lastLine).toUtf8()), qPrintable(r.describe()));
        QVERIFY(r.err.contains("interrupted"));
    }

    void usageAndInputErrors()
    {
        const QString jobs = dir_.filePath("tessera-jobs.csv");
        {
            QFile file(jobs);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("job_id,arrival_s,gpus,iterations,iteration_s,model\n0,0,1,100,1,cifar10\n"
                       "1,50,1,100,1,resnet50\n2,20,1,100,1,cifar10\n");
        }
        const QString workload = sharedDir() + "/" + kWorkload;
        const QString profiles = sharedDir() + "/traces/pollux-osdi21/simulator/traces";
        const QStringList rent{"training", "--jobs", workload, "--mode", "rent", "--policy", "boa"};
        struct Case {
            QStringList args;
            int code;
            QByteArray message;
        };
        const QList<Case> cases{
            {rent + QStringList{"--budget", "16", "--cluster", "16x4"}, 2, "--cluster belongs to --mode place"},
            {rent + QStringList{"--budget", "16", "--variability", "x"}, 2, "--variability belongs to --mode place"},
            {rent + QStringList{"--budget", "16", "--scheduler", "las"}, 2, "--scheduler belongs to --mode place"},
            {rent + QStringList{"--budget", "16", "--locality", "2"}, 2, "--locality belongs to --mode place"},
            {rent + QStringList{"--budget", "16", "--round", "60"}, 2, "--round belongs to --mode place"},
            {rent + QStringList{"--budget", "16", "--rounds", "r.csv"}, 2, "--rounds belongs to --mode place"},
            {rent, 2, "--budget"},
            {rent + QStringList{"--budget", "0", "--sweep", "8:16:8"}, 2, "--budget"},
            {rent + QStringList{"--budget", "0"}, 2, "--budget"},
            {rent + QStringList{"--budget", "-3"}, 2, "--budget"},
            {rent + QStringList{"--budget", "lots"}, 2, "--budget"},
            {rent + QStringList{"--sweep", "16:8:4"}, 2, "--sweep"},
            {rent + QStringList{"--sweep", "8:16"}, 2, "--sweep"},
            {rent + QStringList{"--sweep", "8:16:0"}, 2, "--sweep"},
            {rent + QStringList{"--budget", "16", "--policy", "fixed:0"}, 2, "fixed:0"},
            {rent + QStringList{"--budget", "16", "--policy", "pal"}, 2, "\"pal\" is no rental policy"},
            {{"training", "--jobs", workload, "--mode", "rent", "--budget", "16"}, 2, "--policy"},
            {{"training", "--jobs", workload, "--mode", "lease", "--policy", "boa"}, 2, "--mode"},
            {{"training", "--jobs", dir_.filePath("missing.csv"), "--mode", "rent", "--policy", "boa", "--budget", "8"},
             3, "missing.csv"},
            // No profiles beside the file: the file's first line says so, not its first job (W12).
            {{"training", "--jobs", jobs, "--mode", "rent", "--policy", "boa", "--budget", "8"}, 3,
             jobs.toUtf8() + ":1: no Pollux profiles folder beside the job file (looked in " +
                 QDir::cleanPath(dir_.path() + "/../traces").toUtf8() + ")"},
            // Given the profiles, the model no profile has is an error at its own line and column.
            {{"training", "--jobs", jobs, "--mode", "rent", "--policy", "boa", "--budget", "8", "--profiles", profiles},
             3, jobs.toUtf8() + ":3: column model: unknown application: renting knows "},
            {{"training", "--jobs", jobs, "--mode", "rent", "--policy", "boa", "--budget", "8", "--profiles", profiles},
             3, "(value \"resnet50\")"},
            {{"training", "--jobs", jobs, "--mode", "rent", "--policy", "boa", "--budget", "8", "--profiles",
              dir_.filePath("no-such-folder")},
             3, "no-such-folder"},
            // A budget below the workload's floor (every job on one GPU from its arrival): refused, with the floor.
            {rent + QStringList{"--budget", "0.001"}, 2,
             "error: --budget: infeasible budget 0.001: workload-1 needs at least 5.23 GPUs on average for BOA"},
            {rent + QStringList{"--sweep", "1:9:4"}, 2, "error: --sweep: infeasible budget 1: workload-1 needs at least"},
        };
        for (const auto& c : cases) {
            if ((c.args.contains(workload) || c.args.contains(profiles)) && !QFile::exists(workload))
                continue;
            const CliResult r = runCli(c.args);
            QVERIFY2(r.exitCode == c.code, qPrintable(c.args.join(' ') + ": " + r.describe()));
            QVERIFY2(r.err.contains(c.message), qPrintable(c.args.join(' ') + ": " + r.describe()));
            QVERIFY2(r.err.startsWith("error: "), qPrintable(r.describe()));
            QVERIFY(r.out.isEmpty());
        }
        const CliResult help = runCli({"training", "--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("--mode rent") && help.out.contains("--sweep LO:HI:STEP")
                && help.out.contains("--profiles DIR"));
    }

    // --profiles DIR gives the speedups to a job file that has no profiles folder beside it, as
    // the app's Inputs field does; the budget at the floor the error names runs (W12, W13).
    void profilesFlagAndTheFloor()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        const QString profiles = sharedDir() + "/traces/pollux-osdi21/simulator/traces";
        const QString jobs = dir_.filePath("elsewhere/jobs.csv");
        QDir().mkpath(dir_.filePath("elsewhere"));
        {
            QFile file(jobs);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("job_id,arrival_s,gpus,iterations,iteration_s,model\n0,0,1,100,1,cifar10\n"
                       "1,50,2,400,1,ncf\n");
        }
        const CliResult r = runCli({"training", "--jobs", jobs, "--mode", "rent", "--policy", "boa", "--budget", "4",
                                    "--profiles", profiles});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY(r.out.contains("boa"));
        const CliResult place = runCli({"training", "--jobs", jobs, "--mode", "place", "--cluster", "2x2", "--policy",
                                        "pal", "--profiles", profiles});
        QVERIFY2(place.exitCode == 2 && place.err.contains("--profiles belongs to --mode rent"),
                 qPrintable(place.describe()));
        // The floor as the error says it runs, and the budget a hundredth below it does not; a
        // policy that queues keeps to less.
        const QString workload = sharedDir() + "/" + kWorkload;
        const CliResult low = runCli({"training", "--jobs", workload, "--mode", "rent", "--policy", "boa",
                                      "--budget", "0.5", "--quiet"});
        QCOMPARE(low.exitCode, 2);
        const QRegularExpression floorText("needs at least ([0-9.]+) GPUs");
        const auto match = floorText.match(QString::fromUtf8(low.err));
        QVERIFY2(match.hasMatch(), qPrintable(low.describe()));
        const double floor = match.captured(1).toDouble();
        const CliResult at = runCli({"training", "--jobs", workload, "--mode", "rent", "--policy", "boa",
                                     "--budget", QString::number(floor), "--quiet"});
        QVERIFY2(at.exitCode == 0, qPrintable(at.describe()));
        const CliResult below = runCli({"training", "--jobs", workload, "--mode", "rent", "--policy", "boa",
                                        "--budget", QString::number(floor - 0.01), "--quiet"});
        QVERIFY2(below.exitCode == 2 && below.err.contains("infeasible budget"), qPrintable(below.describe()));
        const CliResult queued = runCli({"training", "--jobs", workload, "--mode", "rent", "--policy", "hesrpt",
                                         "--budget", "2", "--quiet"});
        QVERIFY2(queued.exitCode == 0 && !queued.err.contains("could not be held"), qPrintable(queued.describe()));
    }
};

QTEST_GUILESS_MAIN(RentalCliTest)
#include "tst_rentalcli.moc"
