// tessera-cli under hostile input (issue 11, section 2): absurd parameters, malformed and
// oversized files, FIFOs, full devices and closed pipes. Each case is run from outside and
// checked for its exit code (contracts.md 3.4) and for one clear, short, printable message.
#include "support/CliRunner.h"
#include "support/SyntheticTraceFiles.h"

#include "store/StudyStore.h"
#include "util/ContentHash.h"

#include <QCryptographicHash>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace tessera;
using namespace tessera::test;

namespace {

// What every failing command must do: exit with `code`, print nothing on stdout and exactly
// one `error:` line on stderr, short and free of control bytes.
void expectError(const CliResult& r, int code, const QString& needle = {})
{
    QVERIFY2(r.finished && r.exitCode == code, qPrintable(r.describe()));
    QVERIFY2(r.out.isEmpty(), r.out.left(300).constData());
    QCOMPARE(r.errLines().size(), 1);
    QVERIFY2(r.err.startsWith("error: "), r.err.left(300).constData());
    QVERIFY2(r.err.size() < 1000, qPrintable(QStringLiteral("%1 bytes of stderr").arg(r.err.size())));
    for (const char c : r.err.chopped(1))
        QVERIFY2(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f, r.err.left(300).constData());
    if (!needle.isEmpty())
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
}

// The decisions CSV without its policy column, to compare runs of equivalent specs.
QByteArray withoutPolicyColumn(const QByteArray& csv)
{
    QByteArray out;
    for (const QByteArray& line : csv.split('\n'))
        out += line.mid(line.indexOf(",\"") == 0 ? line.indexOf("\",") + 2 : line.indexOf(',') + 1) + '\n';
    return out;
}

}  // namespace

class TestHostileInput : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        const Cluster cluster = syntheticCluster(30);
        nodes_ = dir_.filePath(QStringLiteral("nodes.csv"));
        pods_ = dir_.filePath(QStringLiteral("pods.csv"));
        writeNodesCsv(nodes_.toStdString(), cluster);
        writePodsCsv(pods_.toStdString(), syntheticPods(cluster, 120, 3, true));
        podsText_ = readBytes(pods_);
        nodesText_ = readBytes(nodes_);
    }

    // contracts.md 2: weights 1 to 1,000,000, at most 16 terms, so no sum can overflow.
    void weightsOutsideTheirRangeAreUsageErrors_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("int64 max") << "fgd:9223372036854775807";
        QTest::newRow("past int64") << "fgd:9223372036854775808";
        QTest::newRow("one past the limit") << "fgd:1000001";
        QTest::newRow("second term") << "pwr:1,fgd:2000000";
        QString seventeen = QStringLiteral("fgd:1");
        for (int i = 0; i < 16; ++i)
            seventeen += QStringLiteral(",bestfit:1");
        QTest::newRow("17 terms") << seventeen;
    }

    void weightsOutsideTheirRangeAreUsageErrors()
    {
        QFETCH(QString, spec);
        expectError(runCli(simulateArgs(nodes_, pods_, {spec})), 2);
    }

    // The largest weight scales the only term: the run must place every pod as weight 1 does.
    void largestWeightPlacesLikeWeightOne()
    {
        const QString one = dir_.filePath(QStringLiteral("w1.csv"));
        const QString max = dir_.filePath(QStringLiteral("wmax.csv"));
        const CliResult a = runCli(simulateArgs(nodes_, pods_, {QStringLiteral("fgd:1")}, {"--decisions", one}));
        const CliResult b = runCli(simulateArgs(nodes_, pods_, {QStringLiteral("fgd:1000000")}, {"--decisions", max}));
        QVERIFY2(a.exitCode == 0 && b.exitCode == 0, qPrintable(a.describe() + b.describe()));
        QCOMPARE(withoutPolicyColumn(readBytes(max)), withoutPolicyColumn(readBytes(one)));
        QVERIFY(readBytes(one).count('\n') > 100);
    }

    // A 16-term spec of maximal weights is legal and runs.
    void sixteenMaximalTermsRun()
    {
        QString spec = QStringLiteral("fgd:1000000");
        for (int i = 0; i < 15; ++i)
            spec += i % 2 ? QStringLiteral(",pwr:1000000") : QStringLiteral(",bestfit:1000000");
        const CliResult r = runCli(simulateArgs(nodes_, pods_, {spec}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    }

    // The last uint64 seeds are seeds like any other; the loop over a range must not wrap.
    void seedsAtTheTopOfTheRange()
    {
        const QString csv = dir_.filePath(QStringLiteral("topseeds.csv"));
        const CliResult r = runCli(simulateArgs(nodes_, pods_, {QStringLiteral("fgd")},
                                                {"--seeds", "18446744073709551614-18446744073709551615", "--csv", csv}),
                                   inheritedEnvironment(), 60'000);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        const CsvData grid = readCsv(csv);
        QVERIFY2(grid.error.isEmpty(), qPrintable(grid.error));
        QSet<QString> seeds;
        for (const auto& row : grid.rows)
            seeds.insert(row[grid.column(QStringLiteral("seed"))]);
        QCOMPARE(seeds, (QSet<QString>{"18446744073709551614", "18446744073709551615"}));
        const CliResult single = runCli(
            simulateArgs(nodes_, pods_, {QStringLiteral("fgd")}, {"--seeds", "18446744073709551615"}),
            inheritedEnvironment(), 60'000);
        QVERIFY2(single.finished && single.exitCode == 0, qPrintable(single.describe()));
        // More than 10,000 seeds in total, over several ranges, is refused before any run.
        expectError(runCli(simulateArgs(nodes_, pods_, {QStringLiteral("fgd")}, {"--seeds", "1-6000,7000-13000"})), 2,
                    QStringLiteral("more than 10000 seeds"));
    }

    // Quoting is RFC 4180 or an error: nothing is glued together, nothing left half-open.
    void malformedFieldsAreInputErrors_data()
    {
        QTest::addColumn<QByteArray>("row");
        QTest::addColumn<QString>("column");
        QTest::newRow("text after a closing quote") << QByteArray("\"p-x\"-0000,1000,100,0,0,,LS,Running,1,2,1") << "name";
        QTest::newRow("quote inside a field") << QByteArray("p-x,10\"00,100,0,0,,LS,Running,1,2,1") << "cpu_milli";
        QTest::newRow("unclosed quote") << QByteArray("p-x,1000,100,0,0,\"T4,LS,Running,1,2,1") << "gpu_spec";
        QTest::newRow("trailing bar in gpu_spec") << QByteArray("p-x,1000,100,1,500,A10|,LS,Running,1,2,1") << "gpu_spec";
        QTest::newRow("leading bar in gpu_spec") << QByteArray("p-x,1000,100,1,500,|A10,LS,Running,1,2,1") << "gpu_spec";
        QTest::newRow("double bar in gpu_spec") << QByteArray("p-x,1000,100,1,500,A10||T4,LS,Running,1,2,1") << "gpu_spec";
        QTest::newRow("time past the limit")
            << QByteArray("p-x,1000,100,1,500,,LS,Running,1,4500000000000000000,1") << "deletion_time";
        QTest::newRow("time past int64") << QByteArray("p-x,1000,100,1,500,,LS,Running,99999999999999999999,,1")
                                         << "creation_time";
    }

    void malformedFieldsAreInputErrors()
    {
        QFETCH(QByteArray, row);
        QFETCH(QString, column);
        const QString pods = write(QStringLiteral("bad.csv"), podsText_ + row + '\n');
        const int line = int(podsText_.count('\n')) + 1;
        expectError(runCli(simulateArgs(nodes_, pods, {QStringLiteral("fgd")})), 3,
                    QStringLiteral("bad.csv:%1: column %2: ").arg(line).arg(column));
    }

    // Escape sequences in a bad value must not reach the terminal, and a huge bad line must
    // not become a huge message.
    void errorTextIsPrintableAndShort_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("needle");
        const QString field = QStringLiteral("ugly.csv:122: column gpu_milli: ");
        QTest::newRow("terminal escape") << QByteArray("5\x1b[31m\x07X\x9b" "2J") << field;
        QTest::newRow("C1 control as UTF-8") << QByteArray("5\xc2\x9b" "2J") << field;
        QTest::newRow("invalid UTF-8") << QByteArray("5\xff\xfe\xc0\xaf") << field;
        QTest::newRow("100 kB value") << QByteArray(100 * 1000, 'x') << field;
        QTest::newRow("100 kB of escapes") << QByteArray(100 * 1000, '\x1b') << field;
        QTest::newRow("10 MB line") << QByteArray(10 * 1000 * 1000, 'x') << QStringLiteral("ugly.csv:122: line is longer");
    }

    void errorTextIsPrintableAndShort()
    {
        QFETCH(QByteArray, value);
        QFETCH(QString, needle);
        QCOMPARE(podsText_.count('\n'), 121);
        const QString pods = write(QStringLiteral("ugly.csv"), podsText_ + "p-x,1000,100,1," + value + ",,LS,Running,1,2,1\n");
        expectError(runCli(simulateArgs(nodes_, pods, {QStringLiteral("fgd")})), 3, needle);
        // An argument is as hostile as a file (one argument can hold 128 kB at most).
        if (value.size() <= 100 * 1000)
            expectError(runCli(simulateArgs(nodes_, pods_, {QString::fromLatin1(value)})), 2);
    }

    // A file that starts with a UTF-8 byte-order mark loads as the same file without one.
    void byteOrderMarkIsAccepted()
    {
        const QString plain = dir_.filePath(QStringLiteral("plain.csv"));
        const QString marked = dir_.filePath(QStringLiteral("marked.csv"));
        const QString nodes = write(QStringLiteral("bom-nodes.csv"), "\xEF\xBB\xBF" + nodesText_);
        const QString pods = write(QStringLiteral("bom-pods.csv"), "\xEF\xBB\xBF" + podsText_);
        QCOMPARE(runCli(simulateArgs(nodes_, pods_, {QStringLiteral("fgd")}, {"--csv", plain})).exitCode, 0);
        const CliResult r = runCli(simulateArgs(nodes, pods, {QStringLiteral("fgd")}, {"--csv", marked}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QCOMPARE(readBytes(marked), readBytes(plain));
    }

    void directoryIsNamedAsOne()
    {
        expectError(runCli(simulateArgs(dir_.path(), pods_, {QStringLiteral("fgd")})), 3,
                    QStringLiteral("is a directory"));
    }

    // A trailing comma leaves an empty header cell: it is named by its position.
    void emptyHeaderCellIsNamedByPosition()
    {
        QByteArray text;
        for (const QByteArray& line : nodesText_.split('\n'))
            if (!line.isEmpty())
                text += line + ",\n";
        const QString nodes = write(QStringLiteral("trailing-comma.csv"), text);
        expectError(runCli(simulateArgs(nodes, pods_, {QStringLiteral("fgd")})), 3,
                    QStringLiteral("trailing-comma.csv:1: column 6: unknown column"));
    }

    // A FIFO can be read once: --db must record the hash of the bytes loaded, not read again.
    void fifoInputWithStudy()
    {
        const QString fifo = dir_.filePath(QStringLiteral("pods.fifo"));
        QVERIFY(mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
        // The shell opens the FIFO in the child (QProcess would open it here, and block).
        QProcess writer;
        writer.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("cat \"$0\" > \"$1\""), pods_, fifo});
        const QString db = dir_.filePath(QStringLiteral("fifo.sqlite"));
        const CliResult r = runCli(simulateArgs(nodes_, fifo, {QStringLiteral("fgd")}, {"--db", db, "--quiet"}),
                                   inheritedEnvironment(), 60'000);
        writer.waitForFinished(5000);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        StudyStore study(db.toStdString(), StudyStore::OpenMode::ExistingOnly);
        const auto runs = study.listRuns();
        QCOMPARE(runs.size(), size_t(1));
        const auto* pods = runs[0].trace();
        QVERIFY(pods);
        QCOMPARE(pods->contentHash, ContentHash::ofBytes(podsText_.toStdString()));
    }

    // A failed write is a failure: exit 1, whatever was written before (contracts.md 3.4).
    void writesToAFullDeviceFail_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("viaStdout");
        QTest::newRow("simulate summary") << QStringList{} << true;
        QTest::newRow("simulate --csv") << QStringList{"--csv", "/dev/full"} << false;
        QTest::newRow("simulate --decisions") << QStringList{"--decisions", "/dev/full"} << false;
    }

    void writesToAFullDeviceFail()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, viaStdout);
        QProcess process;
        if (viaStdout)
            process.setStandardOutputFile(QStringLiteral("/dev/full"));
        process.start(QStringLiteral(TESSERA_CLI_PATH), simulateArgs(nodes_, pods_, {QStringLiteral("fgd")}, args));
        QVERIFY(process.waitForFinished(60'000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 1);
        QVERIFY(process.readAllStandardError().startsWith("error: "));
    }

    // A reader that went away (`| head`) is a failed write too, not a SIGPIPE death.
    void closedPipeFails()
    {
        QProcess shell;
        const QStringList script{QStringLiteral("-c"),
                                 QStringLiteral("\"$0\" \"$@\" 2>/dev/null | true; echo \"${PIPESTATUS[0]}\""),
                                 QStringLiteral(TESSERA_CLI_PATH)};
        shell.start(QStringLiteral("bash"), script + simulateArgs(nodes_, pods_, {QStringLiteral("fgd")},
                                                                  {"--seeds", "1-3", "--csv", "/dev/stdout"}));
        QVERIFY(shell.waitForFinished(60'000));
        QCOMPARE(shell.readAllStandardOutput().trimmed(), QByteArray("1"));
    }

private:
    QString write(const QString& name, const QByteArray& bytes)
    {
        const QString path = dir_.filePath(name);
        if (!writeBytes(path, bytes))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    QTemporaryDir dir_;
    QString nodes_;
    QString pods_;
    QByteArray nodesText_;
    QByteArray podsText_;
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
