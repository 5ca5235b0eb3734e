// tessera-cli under hostile input (issue 11, section 2): absurd parameters, malformed and
// oversized files, FIFOs, full devices and closed pipes. Each case is run from outside and
// checked for its exit code (contracts.md 3.4) and for one clear, short, printable message.
#include "support/CliRunner.h"
#include "support/SyntheticTraceFiles.h"

#include "io/ContentHash.h"
#include "store/StudyStore.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

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
        // 80 nodes, every one with GPUs: enough GPU models can be made up to pass 64.
        const Cluster cluster = syntheticCluster(80);
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

    // A replay over an absurd span is refused before simulating, naming the pod list; no
    // output file appears.
    void replayRunawayIsRefusedUpFront()
    {
        const QString pods = write(QStringLiteral("far.csv"), podsText_ + "p-far,1000,100,1,500,,LS,Running,10,"
                                                                        "900000000000000,1\n");
        const QString csv = dir_.filePath(QStringLiteral("far-out.csv"));
        const CliResult r = runCli(simulateArgs(nodes_, pods, {QStringLiteral("fgd")},
                                                {"--mode", "replay", "--step", "1", "--csv", csv}),
                                   inheritedEnvironment(), 60'000);
        expectError(r, 3, QStringLiteral("far.csv:1: the replay spans"));
        QVERIFY(QString::fromUtf8(r.err).contains(QStringLiteral("p-far")));
        QVERIFY(!QFile::exists(csv));
        // The same trace at a sensible step replays.
        const CliResult ok = runCli(simulateArgs(nodes_, pods, {QStringLiteral("fgd")},
                                                 {"--mode", "replay", "--step", "1000000000", "--csv", csv}));
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.describe()));
        QVERIFY(readCsv(csv).error.isEmpty());
    }

    // One 1-milli GPU pod among CPU-only ones cannot be cloned to fill the cluster (some 50
    // million clones): refused before anything is built.
    void impossibleInflationIsRefused()
    {
        QByteArray text = "name,cpu_milli,memory_mib,num_gpu,gpu_milli\np-tiny,100,10,1,1\n";
        for (int i = 0; i < 99; ++i)
            text += QByteArray("p-cpu-") + QByteArray::number(i) + ",100,10,0,0\n";
        const QString pods = write(QStringLiteral("tiny.csv"), text);
        const QString csv = dir_.filePath(QStringLiteral("tiny-out.csv"));
        const CliResult r = runCli(simulateArgs(nodes_, pods, {QStringLiteral("fgd")}, {"--csv", csv}),
                                   inheritedEnvironment(), 60'000);
        expectError(r, 3, QStringLiteral("tiny.csv:1: the experiment would inflate"));
        QVERIFY(!QFile::exists(csv));
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
    // (And a device stays a device: an output is never renamed over one.)
    void writesToAFullDeviceFail_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("viaStdout");
        const QStringList simulate = simulateArgs(nodes_, pods_, {QStringLiteral("fgd")});
        QTest::newRow("simulate summary") << simulate << true;
        QTest::newRow("simulate --csv") << simulate + QStringList{"--csv", "/dev/full"} << false;
        QTest::newRow("simulate --decisions") << simulate + QStringList{"--decisions", "/dev/full"} << false;
        QTest::newRow("runs") << QStringList{"runs", "--db", "STUDY"} << true;
        for (const char* format : {"png", "svg", "pdf"})
            QTest::addRow("chart %s", format)
                << QStringList{"chart", "--db", "STUDY", "--run", "1", "--chart", "power", "--format", format, "--out",
                               "/dev/full"}
                << false;
    }

    void writesToAFullDeviceFail()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, viaStdout);
        QVERIFY(QFileInfo(QStringLiteral("/dev/full")).exists() && !QFileInfo(QStringLiteral("/dev/full")).isFile());
        if (args.contains(QStringLiteral("STUDY"))) {
            if (fullStudy_.isEmpty())
                fullStudy_ = freshStudy();
            args.replace(args.indexOf(QStringLiteral("STUDY")), fullStudy_);
        }
        QProcess process;
        if (viaStdout)
            process.setStandardOutputFile(QStringLiteral("/dev/full"));
        process.start(QStringLiteral(TESSERA_CLI_PATH), args);
        QVERIFY(process.waitForFinished(60'000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 1);
        QVERIFY(process.readAllStandardError().startsWith("error: "));
        QVERIFY2(!QFileInfo(QStringLiteral("/dev/full")).isFile(), "/dev/full was replaced by a regular file");
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

    // A study is untrusted input (contracts.md 3.3): every edited field is an input error
    // naming the table and column, for `chart` (and so for the app, which reopens runs the
    // same way) — never a crash, never a wrong chart.
    void editedStudiesAreInputErrors_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("needle");
        const auto node = [](const char* set) {
            return QStringLiteral("UPDATE node_list_nodes SET %1 WHERE position = 3").arg(set);
        };
        QTest::newRow("gpu_count 100") << node("gpu_count = 100") << "table node_list_nodes, row position 3";
        QTest::newRow("gpu_count -5") << node("gpu_count = -5") << "column gpu_count: outside 0 to 8";
        QTest::newRow("gpu_count as text") << node("gpu_count = 'eight'") << "column gpu_count: not an integer";
        QTest::newRow("negative cpu") << node("cpu_milli = -1") << "column cpu_milli";
        QTest::newRow("duplicate node name")
            << node("name = (SELECT name FROM node_list_nodes WHERE position = 0)") << "column name: duplicate";
        QTest::newRow("GPUs without a model") << node("gpu_model = '', gpu_count = 2") << "column gpu_model";
        QTest::newRow("missing node") << QStringLiteral("DELETE FROM node_list_nodes WHERE position = 3") << "node 3 is missing";
        QTest::newRow("step on node -5")
            << QStringLiteral("UPDATE pod_run_steps SET node = -5 WHERE position = 5") << "column node: outside";
        QTest::newRow("step on a node past the list")
            << QStringLiteral("UPDATE pod_run_steps SET node = 100000 WHERE position = 5") << "column node: outside";
        QTest::newRow("step of no pod")
            << QStringLiteral("UPDATE pod_run_steps SET pod = 999999 WHERE position = 5") << "column pod: outside";
        QTest::newRow("GPU mask past the node")
            << QStringLiteral("UPDATE pod_run_steps SET gpu_mask = 255 WHERE node IS NOT NULL AND position > 0")
            << "column gpu_mask";
        QTest::newRow("unknown step kind")
            << QStringLiteral("UPDATE pod_run_steps SET kind = NULL WHERE position = 4") << "column kind";
        QTest::newRow("every pod on node 0")
            << QStringLiteral("UPDATE pod_run_steps SET node = 0, gpu_mask = 1 WHERE position > 0 AND node IS NOT NULL "
                              "AND pod IN (SELECT position FROM pod_run_pods WHERE run_id = 1 AND num_gpu = 1)")
            << "table pod_run_steps";
        QTest::newRow("step missing") << QStringLiteral("DELETE FROM pod_run_steps WHERE position = 7") << "step 7 is missing";
        QTest::newRow("pod num_gpu 9") << QStringLiteral("UPDATE pod_run_pods SET num_gpu = 9 WHERE position = 2")
                                       << "table pod_run_pods";
        QTest::newRow("pod share on no GPU")
            << QStringLiteral("UPDATE pod_run_pods SET num_gpu = 0, gpu_milli = 500 WHERE position = 2")
            << "column gpu_milli";
        QTest::newRow("tune 1e308") << QStringLiteral("UPDATE pod_runs SET tune = 1e308") << "column tune";
        QTest::newRow("tie order") << QStringLiteral("UPDATE pod_runs SET tie_order = 'alpha'") << "column tie_order";
        QTest::newRow("capacity") << QStringLiteral("UPDATE pod_runs SET capacity_milli = 5") << "column capacity_milli";
        QTest::newRow("replay step 0") << QStringLiteral("UPDATE pod_runs SET replay_step_s = 0") << "column replay_step_s";
        QTest::newRow("mode") << QStringLiteral("UPDATE runs SET mode = 'batch'") << "column mode";
        QTest::newRow("policy weight") << QStringLiteral("UPDATE runs SET policy = 'fgd:9223372036854775807'")
                                       << "column policy";
        QTest::newRow("seed as text") << QStringLiteral("UPDATE runs SET seed = 'x'") << "table runs, row 1: column seed";
        QTest::newRow("used GPUs past the cluster")
            << QStringLiteral("UPDATE pod_run_steps SET used_gpus = 1000000 WHERE position = 3") << "column used_gpus";
        QString models = QStringLiteral("UPDATE node_list_nodes SET gpu_model = 'M' || position WHERE gpu_count > 0");
        QTest::newRow("more than 64 GPU models") << models << "more than 64 GPU models";
        QTest::newRow("format version 0 with tables") << QStringLiteral("PRAGMA user_version = 0")
                                                     << "damaged study: Tessera's application id but study format 0";
        QTest::newRow("dropped column") << QStringLiteral("ALTER TABLE pod_run_steps DROP COLUMN failed_cpu")
                                        << "damaged study: table pod_run_steps";
        QTest::newRow("dropped table") << QStringLiteral("DROP TABLE pod_run_pods") << "table pod_run_pods is missing";
        QTest::newRow("renamed column") << QStringLiteral("ALTER TABLE runs RENAME COLUMN name TO title")
                                        << "damaged study: table runs, column name";
    }

    void editedStudiesAreInputErrors()
    {
        QFETCH(QString, sql);
        QFETCH(QString, needle);
        const QString db = freshStudy();
        {
            sqlite::Database edit(db.toStdString(), sqlite::Database::OpenMode::ExistingOnly);
            edit.exec(sql.toStdString());
        }
        const QString png = dir_.filePath(QStringLiteral("edited.png"));
        QFile::remove(png);
        expectError(runCli({"chart", "--db", db, "--run", "1", "--chart", "occupancy", "--out", png}), 3, needle);
        QVERIFY(!QFile::exists(png));
    }

    // A header SQLite cannot read (its schema format number, byte 44, damaged) is a damaged
    // study, not a failure while running.
    void damagedHeaderIsAnInputError()
    {
        const QString db = freshStudy();
        QByteArray bytes = readBytes(db);
        QVERIFY(bytes.size() > 100);
        bytes[44] = 0x00, bytes[45] = 0x14, bytes[46] = 0x00, bytes[47] = 0x79;
        QVERIFY(writeBytes(db, bytes));
        expectError(runCli({"runs", "--db", db}), 3, QStringLiteral("damaged"));
        expectError(runCli({"chart", "--db", db, "--run", "1", "--chart", "power", "--out", dir_.filePath("h.svg")}), 3);
        expectError(runCli(simulateArgs(nodes_, pods_, {QStringLiteral("fgd")}, {"--db", db})), 3);
    }

    // Not a regular file, or not a study at all: exit 3 for every command, nothing created.
    void nonStudiesAreInputErrors_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("/dev/null") << "/dev/null";
        QTest::newRow("a directory") << "DIR";
        QTest::newRow("an empty file") << "EMPTY";
    }

    void nonStudiesAreInputErrors()
    {
        QFETCH(QString, path);
        if (path == QStringLiteral("DIR"))
            path = dir_.path();
        const bool empty = path == QStringLiteral("EMPTY");
        if (empty) {
            path = dir_.filePath(QStringLiteral("empty.sqlite"));
            QVERIFY(writeBytes(path, {}));
        }
        const QStringList before = QDir(dir_.path()).entryList(QDir::Files);
        expectError(runCli({"runs", "--db", path}), 3);
        expectError(runCli({"chart", "--db", path, "--run", "1", "--chart", "power", "--out", dir_.filePath("x.svg")}), 3);
        if (!empty)  // simulate --db may make an empty file a study: that is how studies start
            expectError(runCli(simulateArgs(nodes_, pods_, {QStringLiteral("fgd")}, {"--db", path})), 3);
        QCOMPARE(QDir(dir_.path()).entryList(QDir::Files), before);
        if (empty)
            QCOMPARE(QFileInfo(path).size(), 0);
    }

    // `runs` and `chart` only read: the study's bytes and its folder stay as they were.
    void runsAndChartOnlyRead()
    {
        const QString db = freshStudy();
        QDir folder(QFileInfo(db).absolutePath());
        const QStringList files = folder.entryList(QDir::Files);
        const QByteArray bytes = readBytes(db);
        QCOMPARE(runCli({"runs", "--db", db}).exitCode, 0);
        const QString svg = dir_.filePath(QStringLiteral("out/alloc.svg"));
        QDir().mkpath(QFileInfo(svg).absolutePath());
        const CliResult chart = runCli({"chart", "--db", db, "--run", "1", "--chart", "allocation", "--out", svg});
        QVERIFY2(chart.exitCode == 0, qPrintable(chart.describe()));
        QCOMPARE(readBytes(db), bytes);
        QCOMPARE(folder.entryList(QDir::Files), files);
    }

    // A read-only study in a read-only folder: listed and drawn; simulate --db refuses it
    // before simulating. Run as an unprivileged user when the tests run as root, for whom
    // permissions do not apply.
    void readOnlyStudy()
    {
        const QString folder = dir_.filePath(QStringLiteral("ro"));
        QVERIFY(QDir().mkpath(folder));
        const QString db = freshStudy(folder + "/study.sqlite");
        QVERIFY(QFile::copy(nodes_, folder + "/nodes.csv") && QFile::copy(pods_, folder + "/pods.csv"));
        const QString out = dir_.filePath(QStringLiteral("rw"));
        QVERIFY(QDir().mkpath(out));
        for (const QString& file : {db, folder + "/nodes.csv", folder + "/pods.csv"})
            QVERIFY(QFile::setPermissions(file, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
        QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup
                                                  | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther));
        QVERIFY(QFile::setPermissions(out, QFileDevice::Permissions(0x7777)));
        QVERIFY(QFile::setPermissions(dir_.path(), QFileDevice::Permissions(0x7755)));
        const QByteArray bytes = readBytes(db);

        const CliResult runs = runAsUser({"runs", "--db", db});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.describe()));
        QVERIFY(runs.out.contains("fgd:1000"));
        const CliResult chart = runAsUser({"chart", "--db", db, "--run", "1", "--chart", "power", "--out", out + "/p.pdf"});
        QVERIFY2(chart.exitCode == 0, qPrintable(chart.describe()));
        const CliResult sim = runAsUser(simulateArgs(folder + "/nodes.csv", folder + "/pods.csv", {QStringLiteral("fgd")},
                                                     {"--db", db}));
        expectError(sim, 1, QStringLiteral("read-only"));
        QCOMPARE(readBytes(db), bytes);
        QCOMPARE(QDir(folder).entryList(QDir::Files).size(), 3);
    }

    // Several processes creating and filling one new study at once: none fails, none is lost.
    void concurrentWritersCreateOneStudy()
    {
        constexpr int kWriters = 6;
        for (int round = 0; round < 3; ++round) {
            const QString db = dir_.filePath(QStringLiteral("shared-%1.sqlite").arg(round));
            std::vector<std::unique_ptr<QProcess>> writers;
            for (int w = 0; w < kWriters; ++w) {
                writers.push_back(std::make_unique<QProcess>());
                writers.back()->start(QStringLiteral(TESSERA_CLI_PATH),
                                      simulateArgs(nodes_, pods_, {QStringLiteral("fgd")},
                                                   {"--db", db, "--seeds", QString::number(w), "--quiet"}));
            }
            for (auto& writer : writers) {
                QVERIFY(writer->waitForFinished(120'000));
                QVERIFY2(writer->exitCode() == 0, writer->readAllStandardError().constData());
            }
            StudyStore study(db.toStdString(), StudyStore::OpenMode::ReadOnly);
            QCOMPARE(study.listRuns().size(), size_t(kWriters));
        }
    }

    // A writer that finds the study locked for longer than a moment waits; it never drops
    // its finished batch.
    void writerWaitsForALongLock()
    {
        const QString db = freshStudy();
        sqlite::Database holder(db.toStdString(), sqlite::Database::OpenMode::ExistingOnly);
        auto lock = std::make_unique<sqlite::Transaction>(holder);
        QProcess writer;
        writer.start(QStringLiteral(TESSERA_CLI_PATH),
                     simulateArgs(nodes_, pods_, {QStringLiteral("bestfit")}, {"--db", db, "--seeds", "1-2", "--quiet"}));
        QVERIFY(!writer.waitForFinished(12'000));  // still waiting for the lock after 12 s
        lock->commit();
        lock.reset();
        QVERIFY(writer.waitForFinished(60'000));
        QVERIFY2(writer.exitCode() == 0, writer.readAllStandardError().constData());
        StudyStore study(db.toStdString(), StudyStore::OpenMode::ReadOnly);
        QCOMPARE(study.listRuns().size(), size_t(3));
    }

private:
    // A study with one FGD run of the test trace, at `path` or a fresh name.
    QString freshStudy(QString path = {})
    {
        if (path.isEmpty())
            path = dir_.filePath(QStringLiteral("study-%1.sqlite").arg(studies_++));
        const CliResult r = runCli(simulateArgs(nodes_, pods_, {QStringLiteral("fgd")}, {"--db", path, "--quiet"}));
        if (r.exitCode != 0)
            qFatal("cannot make a study: %s", qPrintable(r.describe()));
        return path;
    }

    // The CLI as user nobody when this test runs as root (permissions do not bind root).
    CliResult runAsUser(const QStringList& args)
    {
        if (geteuid() != 0)
            return runCli(args);
        CliResult r;
        QProcess process;
        process.start(QStringLiteral("setpriv"), QStringList{"--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                                             QStringLiteral(TESSERA_CLI_PATH)} + args);
        if (!process.waitForFinished(120'000))
            return r;
        r.finished = process.exitStatus() == QProcess::NormalExit;
        r.exitCode = process.exitCode();
        r.out = process.readAllStandardOutput();
        r.err = process.readAllStandardError();
        return r;
    }

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
    int studies_ = 0;
    QString fullStudy_;
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
