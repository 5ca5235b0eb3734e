// `tessera-cli chart --chart frontier` for a renting run saved in a study (issue 14, item 6): the
// frontier sweeps the run's policy over budgets, so the run is made again from its recorded
// recipe and drawn; a recorded job file changed since is an input error naming it, never a
// blank chart.
#include "support/CliRunner.h"
#include "support/SharedData.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera::test;

namespace {

const char* kWorkload = "traces/pollux-osdi21/simulator/workloads/workload-1.csv";

}  // namespace

class RentalFrontierCliTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    // A study in the test's folder holding one BOA run at 40 GPUs on the workload; empty on failure.
    QString savedBoaRun(const QString& name)
    {
        const QString db = dir_.filePath(name);
        const CliResult r = runCli({"training", "--jobs", sharedDir() + "/" + kWorkload, "--mode", "rent", "--policy",
                                    "boa", "--budget", "40", "--db", db, "--quiet"});
        if (r.exitCode != 0) {
            qWarning("%s", qPrintable(r.describe()));
            return {};
        }
        return db;
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void drawsTheFrontierOfASavedRun()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        const QString db = savedBoaRun("rent.sqlite");
        QVERIFY(!db.isEmpty());
        const QString svg = dir_.filePath("frontier.svg");
        const CliResult chart = runCli({"chart", "--db", db, "--run", "1", "--chart", "frontier", "--out", svg});
        QVERIFY2(chart.exitCode == 0, qPrintable(chart.describe()));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("Cost vs JCT"));
        QVERIFY(text.contains("BOA sweep"));
        // x is what was spent (walk14 W7), not the budget asked for.
        QVERIFY(text.contains("GPUs rented (time average)"));
        QVERIFY(!text.contains("Budget ("));
        QVERIFY(text.contains("Mean JCT"));
        QVERIFY(!text.contains("Autoscale sweep"));  // the run's policy alone by default
        // The help lists it with the kind's views, and the frontier's flags.
        const CliResult help = runCli({"chart", "--help"});
        QVERIFY(help.out.contains("--chart frontier"));
        QVERIFY(help.out.contains("--policy SPEC"));
        QVERIFY(help.out.contains("--y-scale"));
    }

    // walk14 W7: the CLI drew only the run's policy. --policy (repeatable) sweeps others beside
    // it, in the same chart; --y-scale chooses the JCT axis; both are usage errors elsewhere.
    void drawsSeveralPoliciesOnTheFrontier()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        const QString db = savedBoaRun("several.sqlite");
        QVERIFY(!db.isEmpty());
        const QString svg = dir_.filePath("several.svg");
        const CliResult chart = runCli({"chart", "--db", db, "--run", "1", "--chart", "frontier", "--policy",
                                        "autoscale", "--policy", "fixed:4", "--policy", "boa", "--y-scale", "linear",
                                        "--out", svg});
        QVERIFY2(chart.exitCode == 0, qPrintable(chart.describe()));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QCOMPARE(text.count("BOA sweep"), qsizetype(1));  // the run's own policy given again: once
        QVERIFY(text.contains("Autoscale sweep"));
        QVERIFY(text.contains("Fixed 4 sweep"));

        const CliResult other = runCli({"chart", "--db", db, "--run", "1", "--chart", "occupancy", "--policy", "boa",
                                        "--out", dir_.filePath("x.png")});
        QCOMPARE(other.exitCode, 2);
        QVERIFY2(other.err.contains("--policy is for --chart frontier"), qPrintable(other.describe()));
        const CliResult badPolicy = runCli({"chart", "--db", db, "--run", "1", "--chart", "frontier", "--policy",
                                            "nonsense", "--out", dir_.filePath("x.png")});
        QCOMPARE(badPolicy.exitCode, 2);
        const CliResult badScale = runCli({"chart", "--db", db, "--run", "1", "--chart", "frontier", "--y-scale",
                                           "cubic", "--out", dir_.filePath("x.png")});
        QCOMPARE(badScale.exitCode, 2);
        QVERIFY2(badScale.err.contains("--y-scale must be log or linear"), qPrintable(badScale.describe()));
        QVERIFY(!QFile::exists(dir_.filePath("x.png")));
    }

    void aChangedJobFileIsNamed()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        // A copy of the workload beside a `traces` link to the Pollux profiles, saved, then changed.
        QVERIFY(QDir().mkpath(dir_.filePath("copy/workloads")));
        QVERIFY(QFile::link(sharedDir() + "/traces/pollux-osdi21/simulator/traces", dir_.filePath("copy/traces")));
        const QString jobs = dir_.filePath("copy/workloads/w.csv");
        QVERIFY(QFile::copy(sharedDir() + "/" + kWorkload, jobs));
        const QString db = dir_.filePath("changed.sqlite");
        const CliResult r = runCli({"training", "--jobs", jobs, "--mode", "rent", "--policy", "autoscale", "--budget",
                                    "40", "--db", db, "--quiet"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        {
            QFile file(jobs);
            QVERIFY(file.open(QIODevice::Append));
            file.write("\n");
        }
        const CliResult chart = runCli({"chart", "--db", db, "--run", "1", "--chart", "frontier", "--out",
                                        dir_.filePath("changed.png")});
        QCOMPARE(chart.exitCode, 3);
        QVERIFY2(chart.err.contains("w.csv"), qPrintable(chart.describe()));
        QVERIFY(!QFile::exists(dir_.filePath("changed.png")));
    }
};

QTEST_GUILESS_MAIN(RentalFrontierCliTest)
#include "tst_rentalfrontiercli.moc"
