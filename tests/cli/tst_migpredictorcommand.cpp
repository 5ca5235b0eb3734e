// `tessera-cli mig-predictor` from outside (contracts.md 8.2 with 3.4 and 4): the CSV's header,
// one row per model in alphabetical order, the mean row; usage errors exit 2 and bad profile
// folders exit 3 with a located message.
#include "support/CliRunner.h"
#include "support/SharedData.h"

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tessera::test;

namespace {

const QStringList kHeader{"model", "mape_pct", "train_points", "test_points"};

// An invented profile: ln latency roughly linear in log2 of g, b and p, with a wobble.
QByteArray inventedProfile(double scale)
{
    QByteArray text = "Mig instance,Batch size,Workload Number,Throughput,Latency\n";
    int i = 0;
    for (int g : {1, 2, 3, 4, 7})
        for (int b = 1; b <= 32; b *= 2)
            for (int p = 1; p <= 2; ++p, ++i) {
                const double seconds = scale * 0.004 * std::pow(b, 0.8) / std::pow(g, 0.7) * std::pow(p, 0.3) *
                                       (1.0 + 0.03 * ((i * 5) % 7 - 3));
                text += QStringLiteral("%1,%2,%3,%4,%5\n").arg(g).arg(b).arg(p).arg(b / seconds, 0, 'f', 3)
                            .arg(seconds, 0, 'f', 6).toUtf8();
            }
    return text;
}

QString inventedFolder(const QTemporaryDir& dir)
{
    writeBytes(dir.filePath("zeta.csv"), inventedProfile(2.0));
    writeBytes(dir.filePath("alpha.csv"), inventedProfile(1.0));
    writeBytes(dir.filePath("mid.csv"), inventedProfile(1.5));
    return dir.path();
}

}  // namespace

class MigPredictorCommandTest : public QObject {
    Q_OBJECT

private slots:
    void csvFormat()
    {
        QTemporaryDir dir;
        const CliResult r = runCli({"mig-predictor", "--profiles", inventedFolder(dir), "--seeds", "1-3"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const CsvData csv = parseCsv(r.out);
        QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
        QCOMPARE(csv.header, kHeader);
        QCOMPARE(csv.rows.size(), 4);
        QCOMPARE(csv.rows[0][0], QStringLiteral("alpha"));
        QCOMPARE(csv.rows[1][0], QStringLiteral("mid"));
        QCOMPARE(csv.rows[2][0], QStringLiteral("zeta"));
        QCOMPARE(csv.rows[3][0], QStringLiteral("mean"));
        double sum = 0;
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(csv.rows[i][2], QStringLiteral("15"));  // floor(60 / 4)
            QCOMPARE(csv.rows[i][3], QStringLiteral("45"));
            QVERIFY2(csv.rows[i][1].contains(QRegularExpression("^[0-9]+\\.[0-9]{2}$")), qPrintable(csv.rows[i][1]));
            sum += csv.rows[i][1].toDouble();
        }
        QVERIFY(std::abs(csv.rows[3][1].toDouble() - sum / 3) <= 0.01);
        QCOMPARE(csv.rows[3][2], QStringLiteral("45"));
        QCOMPARE(csv.rows[3][3], QStringLiteral("135"));
        // The same inputs give the same bytes; another share trains on more points.
        QCOMPARE(runCli({"mig-predictor", "--profiles", dir.path(), "--seeds", "1-3"}).out, r.out);
        const CliResult half = runCli({"mig-predictor", "--profiles", dir.path(), "--train-share", "0.5"});
        QVERIFY2(half.exitCode == 0, qPrintable(half.describe()));
        QCOMPARE(parseCsv(half.out).rows[0][2], QStringLiteral("30"));
    }

    void realProfiles()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const QString profiles = QString::fromStdString(sharedPath("traces/mig-parvagpu/prof_data"));
        const CliResult r = runCli({"mig-predictor", "--profiles", profiles});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const CsvData csv = parseCsv(r.out);
        QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
        QCOMPARE(csv.header, kHeader);
        const QStringList models{"bert",        "densenet121", "densenet169", "densenet201",
                                 "inceptionv3", "mobilenetv2", "resnet101",   "resnet152",
                                 "resnet50",    "vgg16",       "vgg19",       "mean"};
        QCOMPARE(csv.rows.size(), models.size());
        for (int i = 0; i < models.size(); ++i)
            QCOMPARE(csv.rows[i][0], models[i]);
        // The default is seeds 1-20 at 25%: the acceptance figures of mig-elasticbatch.md 2.4.
        QVERIFY2(csv.rows.last()[1].toDouble() <= 12.0, qPrintable(csv.rows.last()[1]));
        for (const QStringList& row : csv.rows)
            QVERIFY2(row[1].toDouble() <= 16.0, qPrintable(row.join(',')));
        QCOMPARE(csv.rows.last()[2], QStringLiteral("431"));
        QCOMPARE(csv.rows.last()[3], QStringLiteral("1316"));
        const CliResult one = runCli({"mig-predictor", "--profiles", profiles, "--seeds", "1"});
        QVERIFY2(one.exitCode == 0, qPrintable(one.describe()));
        QVERIFY(one.out != r.out);
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("hint");
        QTest::newRow("no --profiles") << QStringList{"mig-predictor"} << "--profiles is required";
        QTest::newRow("share above 0.99") << QStringList{"mig-predictor", "--profiles", ".", "--train-share", "1"}
                                          << "--train-share";
        QTest::newRow("share text") << QStringList{"mig-predictor", "--profiles", ".", "--train-share", "half"}
                                    << "--train-share";
        QTest::newRow("bad seeds") << QStringList{"mig-predictor", "--profiles", ".", "--seeds", "20-1"} << "--seeds";
        QTest::newRow("unknown option") << QStringList{"mig-predictor", "--profile", "."} << "unknown option";
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, hint);
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith("error: ") && r.err.contains(hint.toUtf8()), r.err.constData());
        QCOMPARE(r.errLines().size(), 1);
    }

    void badProfileFolders()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath("nowhere");
        CliResult r = runCli({"mig-predictor", "--profiles", missing});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.startsWith(("error: " + missing + ":1: ").toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());

        inventedFolder(dir);
        writeBytes(dir.filePath("broken.csv"), "Mig instance,Batch size,Workload Number,Throughput,Latency\n"
                                               "1,1,1,100,0.01\n6,1,1,100,0.01\n");
        r = runCli({"mig-predictor", "--profiles", dir.path()});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.startsWith(("error: " + dir.filePath("broken.csv") + ":3: column Mig instance: ").toUtf8()),
                 r.err.constData());
        QVERIFY2(r.err.endsWith("(value \"6\")\n"), r.err.constData());
        QVERIFY(r.out.isEmpty());  // nothing half-printed
    }

    void ignoredFileIsAWarning()
    {
        QTemporaryDir dir;
        inventedFolder(dir);
        writeBytes(dir.filePath("notes.txt"), "not a profile\n");
        const CliResult r = runCli({"mig-predictor", "--profiles", dir.path(), "--seeds", "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.err.startsWith("warning: ") && r.err.contains("notes.txt"), r.err.constData());
        QCOMPARE(parseCsv(r.out).rows.size(), 4);
    }

    void help()
    {
        const CliResult r = runCli({"mig-predictor", "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--train-share"));
        const CliResult top = runCli({"--help"});
        QVERIFY(top.out.contains("mig-predictor"));
    }
};

QTEST_GUILESS_MAIN(MigPredictorCommandTest)
#include "tst_migpredictorcommand.moc"
