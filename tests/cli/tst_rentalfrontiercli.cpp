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

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void drawsTheFrontierOfASavedRun()
    {
        TESSERA_REQUIRE_SHARED(kWorkload);
        const QString db = dir_.filePath("rent.sqlite");
        const CliResult r = runCli({"training", "--jobs", sharedDir() + "/" + kWorkload, "--mode", "rent", "--policy",
                                    "boa", "--budget", "40", "--db", db, "--quiet"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QString svg = dir_.filePath("frontier.svg");
        const CliResult chart = runCli({"chart", "--db", db, "--run", "1", "--chart", "frontier", "--out", svg});
        QVERIFY2(chart.exitCode == 0, qPrintable(chart.describe()));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("Cost vs JCT"));
        QVERIFY(text.contains("BOA sweep"));
        QVERIFY(text.contains("Budget (time-average GPUs rented)"));
        QVERIFY(text.contains("Mean JCT"));
        // The help lists it with the kind's views.
        const CliResult help = runCli({"chart", "--help"});
        QVERIFY(help.out.contains("--chart frontier"));
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
