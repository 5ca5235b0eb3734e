// `tessera-cli inference` from outside (contracts.md 8.3): the time-series and plan CSVs with
// their exact headers and row counts, the summary table, byte-identical outputs at any thread
// count, the SLO-row grammar, and usage (2) and input (3) errors.
#include "support/CliRunner.h"
#include "support/SharedData.h"
#include "run/RunRecipe.h"
#include "store/RunArchive.h"
#include "store/RunRecipeArchive.h"
#include "store/StudyStore.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera::test;

namespace {

QStringList parvaArgs(const QString& rows)
{
    const QString data = sharedDir() + "/traces/mig-parvagpu";
    return {"inference", "--profiles", data + "/prof_data", "--slo", data + "/SLO", "--slo-row", rows};
}

}  // namespace

class InferenceCliTest : public QObject {
    Q_OBJECT

private slots:
    void seriesPlanAndSummary()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        QTemporaryDir dir;
        const QString series = dir.filePath("series.csv"), plan = dir.filePath("plan.csv");
        const CliResult r = runCli(parvaArgs("3:4@150") + QStringList{"--policy", "elasticbatch", "--policy",
                                                                      "mig-disabled", "--duration", "250", "--step",
                                                                      "60", "--csv", series, "--plan", plan,
                                                                      "--threads", "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const CsvData csv = readCsv(series);
        QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
        QCOMPARE(csv.header.join(','), QString("policy,seed,time_s,gpus_used,instances,compute_slices,slice_util_pct,"
                                               "slo_attainment_pct,p50_ms,p99_ms,throughput_rps,pending_requests,"
                                               "reconfigs"));
        // 60, 120, 180, 240 and the end, 250, per policy, in the order given.
        QCOMPARE(csv.rows.size(), 10);
        QCOMPARE(csv.rows[4][csv.column("time_s")], QString("250"));
        QCOMPARE(csv.rows[0][0], QString("elasticbatch"));
        QCOMPARE(csv.rows[5][0], QString("mig-disabled"));
        // The step to row 4 makes ElasticBatch-like add GPUs and reconfigure; reconfigs is cumulative.
        QVERIFY(csv.rows[4][csv.column("gpus_used")].toInt() > csv.rows[1][csv.column("gpus_used")].toInt());
        QVERIFY(csv.rows[4][csv.column("reconfigs")].toInt() >= csv.rows[3][csv.column("reconfigs")].toInt());
        const CsvData plans = readCsv(plan);
        QVERIFY2(plans.error.isEmpty(), qPrintable(plans.error));
        QCOMPARE(plans.header.join(','), QString("policy,seed,time_s,gpu,profile,start,model,bucket,batch,procs"));
        QVERIFY(plans.rows.size() > 11);
        bool sawReplan = false;
        for (const QStringList& row : plans.rows)
            sawReplan |= row[0] == "elasticbatch" && row[2] == "150";
        QVERIFY(sawReplan);
        // The summary: a header line and one line per policy.
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[0].startsWith("policy"));
        QVERIFY(lines[1].startsWith("elasticbatch"));

        // Byte-identical at another thread count.
        const QString series2 = dir.filePath("series2.csv"), plan2 = dir.filePath("plan2.csv");
        const CliResult again = runCli(parvaArgs("3:4@150") + QStringList{"--policy", "elasticbatch", "--policy",
                                                                          "mig-disabled", "--duration", "250",
                                                                          "--step", "60", "--csv", series2, "--plan",
                                                                          plan2, "--threads", "2"});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QCOMPARE(readBytes(series2), readBytes(series));
        QCOMPARE(readBytes(plan2), readBytes(plan));
    }

    // --db saves every run through the run archive: `runs` lists them and `chart` draws the
    // kind's own views from the study alone, with the per-model families kept.
    void studyRunsReopenAndChart()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        QTemporaryDir dir;
        const QString db = dir.filePath("study.sqlite");
        const CliResult r = runCli(parvaArgs("3:4@150") + QStringList{"--policy", "elasticbatch", "--policy",
                                                                      "parvagpu", "--duration", "300", "--step", "10",
                                                                      "--db", db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY(r.out.contains("saved to " + db.toUtf8() + ": runs 1-2"));
        const CliResult runs = runCli({"runs", "--db", db});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
        QCOMPARE(runs.out.count("mig-inference"), 2);
        // The TRACE column names the run's workload input, the SLO folder, not "-" (docs/cli.md).
        QCOMPARE(QString::fromUtf8(runs.out).count(QRegularExpression("mig-inference +SLO +")), 2);
        {
            // The study records how to make each run again: made again from it, the run is the
            // saved one (the switch of rows and the predictor included).
            tessera::StudyStore study(db.toStdString(), tessera::StudyStore::OpenMode::ReadOnly);
            for (int64_t id : {1, 2}) {
                const auto recipe = tessera::RunRecipeArchive::load(study, id);
                QVERIFY(recipe);
                QCOMPARE(recipe->request.values.at("switch_row"), std::string("4"));
                const auto saved = tessera::RunArchive::load(study, id);
                const auto made = recipe->rebuild(saved->info().name);
                const auto& a = saved->series();
                const auto& b = made->series();
                QCOMPARE(a.columns(), b.columns());
                QCOMPARE(a.rows(), b.rows());
                for (size_t c = 0; c < a.columns(); ++c)
                    for (size_t row = 0; row < a.rows(); ++row)
                        QVERIFY2(a.column(c)[row] == b.column(c)[row], a.info(c).key.c_str());
            }
        }
        for (const char* chart : {"fleet", "service", "occupancy"}) {
            const QString out = dir.filePath(QString("%1.svg").arg(chart));
            const CliResult c = runCli({"chart", "--db", db, "--run", "1", "--chart", chart, "--out", out});
            QVERIFY2(c.exitCode == 0, qPrintable(QString(chart) + ": " + c.describe()));
            const QByteArray svg = readBytes(out);
            if (QByteArray(chart) == "occupancy")
                QVERIFY2(svg.startsWith("<?xml") && svg.size() > 2000, chart);  // the grid of slices
            else
                QVERIFY2(svg.count("<path") + svg.count("<polyline") > 10, chart);  // vector lines
            if (QByteArray(chart) == "service")
                QVERIFY(svg.contains("resnet50") && svg.contains("all models"));  // per-model family kept
        }
        // A pod view is not an inference run's.
        const CliResult pod = runCli({"chart", "--db", db, "--run", "1", "--chart", "power", "--out", dir.filePath("p.svg")});
        QVERIFY(pod.exitCode != 0);
    }

    // A scenario file cut short loads without its last line, and says so on stderr, with and
    // without --quiet, as every kind's inputs do (contracts.md 4).
    void interruptedScenarioLineIsAWarning()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        QTemporaryDir dir;
        QFile in(QStringLiteral(TESSERA_SOURCE_DIR "/traces/inference/default.csv"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray text = in.readAll();
        QVERIFY(text.endsWith('\n'));
        const QString cut = dir.filePath("cut.csv");
        QFile out(cut);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text + text.split('\n').at(1).split(',').front());
        out.close();
        const long line = long(text.count('\n')) + 1;
        for (const QStringList extra : {QStringList{}, QStringList{"--quiet"}}) {
            const CliResult r = runCli(QStringList{"inference", "--profiles", sharedDir() + "/traces/mig-parvagpu/prof_data",
                                                   "--scenario", cut, "--policy", "mig-disabled", "--duration", "60"}
                                       + extra);
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
            QCOMPARE(r.errLines().size(), 1);
            QVERIFY2(r.errLines().front().startsWith(QString("warning: %1:%2: ").arg(cut).arg(line))
                         && r.err.contains("interrupted"),
                     qPrintable(r.describe()));
            // The summary table, unless --quiet (docs/cli.md).
            QCOMPARE(r.out.isEmpty(), !extra.isEmpty());
        }
    }

    void usageAndInputErrors()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        QTemporaryDir dir;
        const struct {
            QStringList args;
            int code;
            QByteArray message;
        } cases[] = {
            {parvaArgs("1"), 2, "--policy"},
            {parvaArgs("1") + QStringList{"--policy", "oracle", "--policy", "oracle"}, 2, "give each policy once"},
            {parvaArgs("1") + QStringList{"--policy", "nonsense"}, 2, "unknown inference policy"},
            {parvaArgs("1") + QStringList{"--policy", "static:3g.40gb@0+3g.40gb@2"}, 2, "--policy"},
            {parvaArgs("9") + QStringList{"--policy", "oracle"}, 2, "--slo-row"},
            {parvaArgs("3:4") + QStringList{"--policy", "oracle"}, 2, "--slo-row"},
            {parvaArgs("1") + QStringList{"--policy", "oracle", "--predictor", "magic"}, 2, "--predictor"},
            {parvaArgs("1") + QStringList{"--policy", "oracle", "--gpu", "B200"}, 2, "--gpu"},
            {parvaArgs("1") + QStringList{"--policy", "oracle", "--buckets", "0"}, 2, "--buckets"},
            {{"inference", "--policy", "oracle", "--profiles", dir.path(), "--slo-row", "1"}, 2, "--slo"},
            {{"inference", "--policy", "oracle", "--profiles", dir.path(), "--slo", dir.path(), "--slo-row", "1"},
             3, dir.path().toUtf8() + ":1: no <model>.csv profile files"},
        };
        for (const auto& c : cases) {
            const CliResult r = runCli(c.args);
            QVERIFY2(r.exitCode == c.code, qPrintable(c.args.join(' ') + ": " + r.describe()));
            QVERIFY2(r.err.contains(c.message), qPrintable(c.args.join(' ') + ": " + r.describe()));
            QVERIFY(r.out.isEmpty());
        }
        // An output that cannot be written fails before any simulation, leaving nothing behind.
        const CliResult r = runCli(parvaArgs("1") + QStringList{"--policy", "oracle", "--csv", dir.filePath("no/such/dir/x.csv")});
        QCOMPARE(r.exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(InferenceCliTest)
#include "tst_inferencecli.moc"
