// The command-line contract of contracts.md section 3 (and the error format of section 4),
// checked from outside: tessera-cli runs on small hand-made traces, and the tests look only at
// its exit code, its two streams and the files it writes.
#include "support/CliRunner.h"

#include <QDir>
#include <QHash>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <clocale>
#include <cmath>
#include <tuple>
#include <utility>

using namespace tessera::test;

namespace {

const QString kGridHeader = QStringLiteral(
    "policy,seed,arrived_pct,alloc_pct,frag_rate_pct,frag_of_total_pct,power_kw,cpu_power_kw,gpu_power_kw,failed_pods");
const QString kDecisionsHeader = QStringLiteral(
    "policy,seed,index,pod,node,gpus,arrived_pct,alloc_pct,frag_rate_pct,frag_of_total_pct,power_kw,cpu_power_kw,"
    "gpu_power_kw,failed_pods");
const QString kReplayHeader = QStringLiteral(
    "policy,seed,time_s,alloc_pct,frag_rate_pct,frag_of_total_pct,power_kw,cpu_power_kw,gpu_power_kw,pending_pods,"
    "failed_pods");

// Five nodes, 19 GPUs. Two V100M32 nodes leave room for pod-multi whatever lands first.
const QByteArray kNodes = "sn,cpu_milli,memory_mib,gpu,model\n"
                          "node-a,64000,262144,2,P100\n"
                          "node-b,96000,786432,8,V100M32\n"
                          "node-c,32000,131072,1,T4\n"
                          "node-d,32000,131072,0,\n"
                          "node-e,96000,786432,8,V100M32\n";

// Ten pods asking for 9.85 GPUs, so experiment mode keeps them all (and appends clones).
// pod-never asks for more CPU than any node has: it fails under every policy and seed, and in
// replay it waits until its deletion_time. The last event of a replay is at 10000 s.
const QByteArray kPods = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,"
                         "deletion_time,scheduled_time\n"
                         "pod-01,4000,8192,1,500,,LS,Running,150,7200,150\n"
                         "pod-02,8000,16384,1,1000,,LS,Running,300,9000,300\n"
                         "pod-cpu,2000,4096,0,0,,BE,Running,450,,450\n"
                         "pod-multi,16000,32768,4,1000,V100M32,LS,Succeeded,600,5000,600\n"
                         "pod-05,4000,8192,1,250,,LS,Running,750,8000,750\n"
                         "pod-never,500000,8192,1,100,,LS,Pending,900,3000,\n"
                         "pod-07,4000,8192,1,300,T4,Burstable,Running,1050,3000,1050\n"
                         "pod-08,8000,16384,2,1000,,LS,Running,1200,4000,1200\n"
                         "pod-09,4000,8192,1,700,,BE,Running,1350,,1350\n"
                         "pod-10,4000,8192,1,1000,V100M32,LS,Running,1500,10000,1500\n";
constexpr int kFirstEvent = 150;
constexpr int kLastEvent = 10000;

// The multigpu* files' five columns: no times, so they cannot be replayed.
const QByteArray kPodsNoTimes = "name,cpu_milli,memory_mib,num_gpu,gpu_milli\n"
                                "pod-1,4000,8192,1,500\n"
                                "pod-2,8000,16384,2,1000\n"
                                "pod-3,2000,4096,0,0\n";

// A larger trace for the byte-identity checks, so that several runs overlap in the worker pool
// and every pod shape meets every node shape: a fixed arithmetic pattern, no RNG.
QByteArray patternNodes()
{
    const char* shapes[][2] = {{"P100", "2"}, {"T4", "1"}, {"V100M32", "8"}, {"G2", "8"},
                               {"G3", "8"},   {"V100M16", "4"}, {"A10", "1"}, {"", "0"}};
    QByteArray text = "sn,cpu_milli,memory_mib,gpu,model\n";
    for (int i = 0; i < 40; ++i) {
        const auto& s = shapes[i % 8];
        text += QStringLiteral("node-%1,%2,524288,%3,%4\n").arg(i, 3, 10, QChar('0')).arg(32000 * (1 + i % 4)).arg(s[1], s[0]).toUtf8();
    }
    return text;
}

QByteArray patternPods()
{
    QByteArray text = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,"
                      "scheduled_time\n";
    for (int i = 0; i < 600; ++i) {
        const int kind = i * 37 % 10;
        const int gpus = kind == 0 ? 0 : kind < 9 ? 1 : (2 << (i % 3));
        const int milli = kind == 0 ? 0 : kind < 5 ? 100 * (1 + i * 53 % 9) : 1000;
        const char* spec = gpus > 0 && i % 11 == 0 ? "V100M16|V100M32" : "";
        const int created = 30 * i;
        const QString deleted = i % 13 == 0 ? QString() : QString::number(created + 600 + i * 97 % 5000);
        text += QStringLiteral("pod-%1,%2,8192,%3,%4,%5,LS,Running,%6,%7,%6\n")
                    .arg(i, 4, 10, QChar('0'))
                    .arg(1000 * (1 + i % 16))
                    .arg(gpus)
                    .arg(milli)
                    .arg(QLatin1String(spec))
                    .arg(created)
                    .arg(deleted)
                    .toUtf8();
    }
    return text;
}

// `text` with its 1-based line `line` replaced.
QByteArray withLine(const QByteArray& text, int line, const QByteArray& replacement)
{
    QList<QByteArray> lines = text.split('\n');
    lines[line - 1] = replacement;
    return lines.join('\n');
}

// The first field that breaks the number formats of contracts.md 3.1: 4 decimals and a dot for
// percentages and kW, plain integers for counts. Empty when all are right.
QString badNumberField(const CsvData& csv, const QStringList& fixed4, const QStringList& integers)
{
    static const QRegularExpression kFixed4(QStringLiteral("^-?[0-9]+\\.[0-9]{4}$"));
    static const QRegularExpression kInteger(QStringLiteral("^-?[0-9]+$"));
    for (const auto& [names, pattern] : {std::pair{fixed4, &kFixed4}, std::pair{integers, &kInteger}})
        for (const auto& name : names) {
            const int c = csv.column(name);
            if (c < 0)
                return "no column " + name;
            for (const auto& row : csv.rows)
                if (!pattern->match(row[c]).hasMatch())
                    return QStringLiteral("%1 = \"%2\" in row %3").arg(name, row[c], row.join(','));
        }
    return {};
}

const QStringList kMetricColumns{"alloc_pct",    "frag_rate_pct", "frag_of_total_pct",
                                 "power_kw",     "cpu_power_kw",  "gpu_power_kw"};

// The given columns of every row joined by '/': the row keys, in file order.
QStringList keys(const CsvData& csv, const QStringList& columns)
{
    QStringList out;
    for (const auto& row : csv.rows) {
        QStringList parts;
        for (const auto& c : columns)
            parts << row[csv.column(c)];
        out << parts.join('/');
    }
    return out;
}

// Where two outputs part, for a failure message that shows the offending line.
QString firstDifference(const QByteArray& expected, const QByteArray& actual)
{
    const QList<QByteArray> a = expected.split('\n'), b = actual.split('\n');
    for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i)
        if (a.value(i) != b.value(i))
            return QStringLiteral("line %1 is \"%2\", expected \"%3\"")
                .arg(i + 1)
                .arg(QString::fromUtf8(b.value(i)), QString::fromUtf8(a.value(i)));
    return QStringLiteral("identical");
}

QRegularExpression startsWithError(const QString& file, const QString& rest)
{
    return QRegularExpression('^' + QRegularExpression::escape("error: " + file) + rest);
}

}  // namespace

class TestCliContract : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        nodes_ = write(QStringLiteral("nodes.csv"), kNodes);
        pods_ = write(QStringLiteral("pods.csv"), kPods);
        podsNoTimes_ = write(QStringLiteral("multigpu-style.csv"), kPodsNoTimes);
        patternNodes_ = write(QStringLiteral("pattern-nodes.csv"), patternNodes());
        patternPods_ = write(QStringLiteral("pattern-pods.csv"), patternPods());
        for (const auto& line : QString::fromUtf8(kPods).split('\n').mid(1, -1))
            if (!line.isEmpty())
                numGpu_[line.section(',', 0, 0)] = line.section(',', 3, 3).toInt();
        prepareGermanLocale();
    }

    void gridHeaderAndRowOrder()
    {
        const QString csvPath = out(QStringLiteral("order.csv"));
        const CliResult r = simulate({QStringLiteral("pwr:100,fgd:900"), QStringLiteral("fgd")},
                                     {"--seeds", "45,42", "--points", "10", "--tune", "1.3", "--csv", csvPath});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QByteArray bytes = readBytes(csvPath);
        QVERIFY(bytes.startsWith(kGridHeader.toUtf8() + '\n'));
        const CsvData csv = parseCsv(bytes);
        QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));

        // Policies as given (not sorted), then seeds ascending, then arrived % ascending.
        QStringList expected;
        for (const char* policy : {"pwr:100,fgd:900", "fgd:1000"})
            for (const char* seed : {"42", "45"})
                for (int pct = 0; pct <= 130; pct += 10)
                    expected << QStringLiteral("%1/%2/%3.0000").arg(QLatin1String(policy), QLatin1String(seed)).arg(pct);
        QCOMPARE(keys(csv, {"policy", "seed", "arrived_pct"}), expected);

        // RFC 4180: the spec with a comma is quoted, the one without is not.
        const QList<QByteArray> lines = bytes.split('\n');
        QVERIFY(lines[1].startsWith("\"pwr:100,fgd:900\",42,0.0000,"));
        QVERIFY(lines[expected.size() / 2 + 1].startsWith("fgd:1000,42,0.0000,"));

        const QString bad = badNumberField(csv, QStringList{"arrived_pct"} + kMetricColumns, {"seed", "failed_pods"});
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
    }

    void gridPoints_data()
    {
        QTest::addColumn<QString>("points");
        QTest::addColumn<QString>("tune");
        QTest::addColumn<int>("maxPct");
        QTest::newRow("every integer") << "1" << "1.3" << 130;
        QTest::newRow("step 5") << "5" << "1.3" << 130;
        QTest::newRow("step 7 stops at 126") << "7" << "1.3" << 126;
        QTest::newRow("1.29 is 129 although 1.29*100 < 129 in binary") << "1" << "1.29" << 129;
        QTest::newRow("0.57 is 57 although 0.57*100 < 57 in binary") << "1" << "0.57" << 57;
        QTest::newRow("step 10 up to 125") << "10" << "1.25" << 120;
        QTest::newRow("step beyond the range") << "100" << "0.5" << 0;
    }

    // The multiples of --points from 0 up to floor(tune*100), as written by a user.
    void gridPoints()
    {
        QFETCH(QString, points);
        QFETCH(QString, tune);
        QFETCH(int, maxPct);
        const QString csvPath = out(QStringLiteral("points.csv"));
        const CliResult r = simulate({QStringLiteral("fgd")}, {"--points", points, "--tune", tune, "--csv", csvPath});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const CsvData csv = readCsv(csvPath);
        QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
        QStringList expected;
        for (int pct = 0; pct <= maxPct; pct += points.toInt())
            expected << QStringLiteral("%1.0000").arg(pct);
        QCOMPARE(keys(csv, {"arrived_pct"}), expected);
    }

    void canonicalPolicy_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("bare name") << "fgd" << "fgd:1000";
        QTest::newRow("weights kept") << "pwr:100,fgd:900" << "pwr:100,fgd:900";
        QTest::newRow("order kept, bare term") << "random:5,bestfit" << "random:5,bestfit:1000";
        QTest::newRow("weights need not sum to 1000") << "gpupacking:7" << "gpupacking:7";
    }

    // The canonical spec in the grid and decision CSVs and in the summary on stdout.
    void canonicalPolicy()
    {
        QFETCH(QString, spec);
        QFETCH(QString, canonical);
        const QString csvPath = out(QStringLiteral("canonical.csv")), decisionsPath = out(QStringLiteral("canonical-d.csv"));
        const CliResult r = simulate({spec}, {"--csv", csvPath, "--decisions", decisionsPath});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        for (const auto& path : {csvPath, decisionsPath}) {
            const CsvData csv = readCsv(path);
            QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
            QVERIFY(!csv.rows.isEmpty());
            for (const auto& row : csv.rows)
                QCOMPARE(row[0], canonical);
        }
        QVERIFY2(QString::fromUtf8(r.out).contains(canonical), r.out.constData());
    }

    void decisionsFile()
    {
        const QString csvPath = out(QStringLiteral("d-grid.csv")), decisionsPath = out(QStringLiteral("decisions.csv"));
        const CliResult r = simulate({QStringLiteral("fgd"), QStringLiteral("random")},
                                     {"--seeds", "43,42", "--csv", csvPath, "--decisions", decisionsPath});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QByteArray bytes = readBytes(decisionsPath);
        QVERIFY(bytes.startsWith(kDecisionsHeader.toUtf8() + '\n'));
        const CsvData csv = parseCsv(bytes);
        QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
        const QString bad = badNumberField(csv, QStringList{"arrived_pct"} + kMetricColumns, {"seed", "index", "failed_pods"});
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        const CsvData grid = readCsv(csvPath);
        QVERIFY2(grid.error.isEmpty(), qPrintable(grid.error));

        const int cPolicy = csv.column("policy"), cSeed = csv.column("seed"), cIndex = csv.column("index"),
                  cPod = csv.column("pod"), cNode = csv.column("node"), cGpus = csv.column("gpus"),
                  cFailed = csv.column("failed_pods");
        static const QRegularExpression kGpuList(QStringLiteral("^[0-7](\\|[0-7])*$"));
        QStringList runs;
        int index = 0, failed = 0;
        QHash<QString, QList<std::pair<double, QString>>> arrivedAndFailed;  // per run
        for (const auto& row : csv.rows) {
            const QString run = row[cPolicy] + '/' + row[cSeed];
            if (runs.isEmpty() || runs.back() != run) {
                runs << run;
                index = failed = 0;
            }
            const QString where = row.join(',');
            QVERIFY2(row[cIndex] == QString::number(index++), qPrintable(where));
            const QString pod = row[cPod].section(QStringLiteral("-tuned-"), 0, 0);  // clones keep the name
            QVERIFY2(numGpu_.contains(pod), qPrintable(where));
            if (row[cNode].isEmpty()) {
                // A failed pod: no node and no GPUs.
                ++failed;
                QVERIFY2(row[cGpus].isEmpty(), qPrintable(where));
            } else {
                QVERIFY2(pod != QStringLiteral("pod-never"), qPrintable(where));
                if (numGpu_[pod] == 0)
                    QVERIFY2(row[cGpus].isEmpty(), qPrintable(where));
                else
                    QVERIFY2(kGpuList.match(row[cGpus]).hasMatch() &&
                                 row[cGpus].split('|').size() == numGpu_[pod],
                             qPrintable(where));
            }
            QVERIFY2(row[cFailed] == QString::number(failed), qPrintable(where));
            arrivedAndFailed[run] << std::pair{row[csv.column("arrived_pct")].toDouble(), row[cFailed]};
            if (row[cPod] == QStringLiteral("pod-never"))
                QVERIFY2(row[cNode].isEmpty(), qPrintable(where));
            if (row[cPod] == QStringLiteral("pod-multi"))
                QVERIFY2(row[cNode] == QStringLiteral("node-b") || row[cNode] == QStringLiteral("node-e"),
                         qPrintable(where));
        }
        QCOMPARE(runs, (QStringList{"fgd:1000/42", "fgd:1000/43", "random:1000/42", "random:1000/43"}));

        // A grid point's failed_pods is the count after the last decision whose arrived % rounds
        // (half to even, as nearbyint does) to at most the point. The last clone may arrive past
        // 130%: the reference's stop test compares one GPU's share, not the pod's total.
        for (const auto& row : grid.rows) {
            const double point = row[grid.column("arrived_pct")].toDouble();
            QString expected = QStringLiteral("0");
            for (const auto& [arrived, failedSoFar] :
                 arrivedAndFailed.value(row[grid.column("policy")] + '/' + row[grid.column("seed")]))
                if (std::nearbyint(arrived) <= point)
                    expected = failedSoFar;
            QVERIFY2(row[grid.column("failed_pods")] == expected, qPrintable(row.join(',') + ", expected " + expected));
        }
    }

    void replayRows_data()
    {
        QTest::addColumn<int>("step");
        QTest::newRow("hourly") << 3600;
        QTest::newRow("every 1000 s") << 1000;
        QTest::newRow("step longer than the trace") << 20000;
    }

    // One row per --step from the step-aligned first event, then one at the last event.
    void replayRows()
    {
        QFETCH(int, step);
        const QString csvPath = out(QStringLiteral("replay.csv"));
        const CliResult r = simulate({QStringLiteral("fgd"), QStringLiteral("random")},
                                     {"--mode", "replay", "--step", QString::number(step), "--seeds", "43,42", "--csv", csvPath});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QByteArray bytes = readBytes(csvPath);
        QVERIFY(bytes.startsWith(kReplayHeader.toUtf8() + '\n'));
        const CsvData csv = parseCsv(bytes);
        QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
        const QString bad = badNumberField(csv, kMetricColumns, {"seed", "time_s", "pending_pods", "failed_pods"});
        QVERIFY2(bad.isEmpty(), qPrintable(bad));

        QStringList expected;
        for (const char* run : {"fgd:1000/42", "fgd:1000/43", "random:1000/42", "random:1000/43"}) {
            for (int t = kFirstEvent - kFirstEvent % step; t < kLastEvent; t += step)
                expected << QStringLiteral("%1/%2").arg(QLatin1String(run)).arg(t);
            expected << QStringLiteral("%1/%2").arg(QLatin1String(run)).arg(kLastEvent);
        }
        QCOMPARE(keys(csv, {"policy", "seed", "time_s"}), expected);

        // At the end pod-never has expired from the queue, and nothing else waits.
        for (const auto& row : csv.rows)
            if (row[csv.column("time_s")] == QString::number(kLastEvent)) {
                QCOMPARE(row[csv.column("pending_pods")], QStringLiteral("0"));
                QVERIFY2(row[csv.column("failed_pods")].toInt() >= 1, qPrintable(row.join(',')));
            }
    }

    void replayNeedsTimeColumns()
    {
        const CliResult replay = runCli(simulateArgs(nodes_, podsNoTimes_, {QStringLiteral("fgd")},
                                                     {QStringLiteral("--mode"), QStringLiteral("replay")}));
        QCOMPARE(replay.exitCode, 3);
        QVERIFY(replay.out.isEmpty());
        QCOMPARE(replay.errLines().size(), 1);
        QVERIFY2(replay.errLines()[0].startsWith("error: ") && replay.errLines()[0].contains(podsNoTimes_),
                 replay.err.constData());
        // The same list is fine for experiments.
        const CliResult experiment = runCli(simulateArgs(nodes_, podsNoTimes_, {QStringLiteral("fgd")}));
        QVERIFY2(experiment.exitCode == 0, qPrintable(experiment.describe()));
    }

    void byteIdentical_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("threads");
        QTest::addColumn<QStringList>("environment");
        for (const char* mode : {"experiment", "replay"}) {
            QTest::addRow("%s, 2 threads", mode) << mode << "2" << QStringList{};
            QTest::addRow("%s, LC_ALL=de_DE.UTF-8", mode) << mode << "2" << QStringList{"LC_ALL=de_DE.UTF-8"};
            QTest::addRow("%s, LANG=C.UTF-8 LC_NUMERIC=de_DE.UTF-8", mode)
                << mode << "1" << QStringList{"LANG=C.UTF-8", "LC_NUMERIC=de_DE.UTF-8"};
        }
    }

    // contracts.md 5: the same inputs give the same bytes at any thread count and, since the
    // formats fix a dot as separator, in any locale. The baseline runs on one thread in "C".
    void byteIdentical()
    {
        QFETCH(QString, mode);
        QFETCH(QString, threads);
        QFETCH(QStringList, environment);
        if (!environment.isEmpty() && !germanLocale_)
            QSKIP("SKIPPED: no de_DE.UTF-8 locale (not installed, and localedef could not build one)");
        const auto run = [&](const QString& tag, const QString& threadCount, const QStringList& vars) {
            QProcessEnvironment env = cleanLocaleEnvironment();
            for (const auto& v : vars)
                env.insert(v.section('=', 0, 0), v.section('=', 1));
            const QString csvPath = out(tag + ".csv"), decisionsPath = out(tag + "-decisions.csv");
            const CliResult r = runCli(
                simulateArgs(patternNodes_, patternPods_,
                             {QStringLiteral("random"), QStringLiteral("fgd"), QStringLiteral("pwr:300,bestfit:700")},
                             {"--mode", mode, "--seeds", "42-45", "--step", "1800", "--threads", threadCount, "--csv",
                              csvPath, "--decisions", decisionsPath}),
                env);
            return std::tuple{r, readBytes(csvPath), readBytes(decisionsPath)};
        };
        const auto [base, baseCsv, baseDecisions] = run(QStringLiteral("baseline"), QStringLiteral("1"), {});
        QVERIFY2(base.exitCode == 0, qPrintable(base.describe()));
        QVERIFY(baseCsv.count('\n') > 100 && baseDecisions.count('\n') > 1000);
        const auto [other, csv, decisions] = run(QStringLiteral("variant"), threads, environment);
        QVERIFY2(other.exitCode == 0, qPrintable(other.describe()));
        QVERIFY2(other.err.isEmpty(), other.err.constData());  // a locale warning would show here
        QVERIFY2(csv == baseCsv, qPrintable("--csv: " + firstDifference(baseCsv, csv)));
        QVERIFY2(decisions == baseDecisions, qPrintable("--decisions: " + firstDifference(baseDecisions, decisions)));
    }

    // stdout has the summary table and nothing else; stderr is silent on success, as it is not a
    // terminal here (no progress line) and nothing went wrong.
    void streamsOnSuccess()
    {
        const QString csvPath = out(QStringLiteral("streams.csv"));
        const CliResult r = simulate({QStringLiteral("fgd"), QStringLiteral("pwr:100,fgd:900")}, {"--seeds", "42-44", "--csv", csvPath});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QString table = QString::fromUtf8(r.out);
        QVERIFY(table.contains(QStringLiteral("fgd:1000")) && table.contains(QStringLiteral("pwr:100,fgd:900")));
        QVERIFY(!table.contains(QStringLiteral("arrived_pct")));
        QVERIFY(!table.contains('\r') && !table.contains(QStringLiteral("\033")));
    }

    // --quiet (docs/cli.md): no progress and nothing on stdout, neither the summary table nor
    // the "saved to" line, for a run and for the merge of a sweep's shards (walk15: each shard of
    // a Kubernetes sweep printed its table); the files asked for are the same; errors still reach
    // stderr.
    void quietPrintsNothing()
    {
        const QStringList policies{QStringLiteral("fgd"), QStringLiteral("pwr:100,fgd:900")};
        const QString loud = out(QStringLiteral("loud.csv")), quiet = out(QStringLiteral("quiet.csv"));
        const CliResult talking = simulate(policies, {"--seeds", "42-43", "--csv", loud, "--db", out("loud.sqlite")});
        QVERIFY2(talking.exitCode == 0 && talking.out.contains("fgd:1000") && talking.out.contains("saved to"),
                 qPrintable(talking.describe()));
        const CliResult r = simulate(policies, {"--seeds", "42-43", "--csv", quiet, "--db", out("quiet.sqlite"), "--quiet"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QCOMPARE(readBytes(quiet), readBytes(loud));
        const CliResult runs = runCli({"runs", "--db", out("quiet.sqlite")});
        // Its runs are saved all the same: the two of pwr:100,fgd:900 (seeds 42, 43) among four.
        const QStringList listed = QString::fromUtf8(runs.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(listed.filter(QStringLiteral("pwr:100,fgd:900")).size(), 2);

        QStringList shards;
        for (int i = 0; i < 2; ++i) {
            shards << out(QStringLiteral("quiet-shard-%1.sqlite").arg(i));
            const CliResult s = simulate(policies, {"--seeds", "42-43", "--db", shards.last(), "--shard",
                                                    QStringLiteral("%1/2").arg(i), "--quiet"});
            QVERIFY2(s.exitCode == 0 && s.out.isEmpty(), qPrintable(s.describe()));
        }
        const QString merged = out(QStringLiteral("quiet-merged.csv"));
        const CliResult m = runCli(QStringList{"merge", "--out", out("quiet-merged.sqlite"), "--csv", merged, "--quiet"} + shards);
        QVERIFY2(m.exitCode == 0 && m.out.isEmpty() && m.err.isEmpty(), qPrintable(m.describe()));
        QCOMPARE(readBytes(merged), readBytes(loud));

        const CliResult failed = simulate({QStringLiteral("nosuch")}, {"--quiet"});
        QCOMPARE(failed.exitCode, 2);
        QVERIFY2(failed.out.isEmpty() && failed.err.startsWith("error: "), qPrintable(failed.describe()));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");  // after `simulate --nodes N --pods P`
        using L = QStringList;
        QTest::newRow("unknown flag") << L{"--policy", "fgd", "--bogus"};
        QTest::newRow("unknown flag with =") << L{"--policy", "fgd", "--bogus=1"};
        QTest::newRow("flag without its value") << L{"--policy", "fgd", "--seeds"};
        QTest::newRow("stray argument") << L{"--policy", "fgd", "extra"};
        QTest::newRow("no policy") << L{};
        QTest::newRow("unknown policy") << L{"--policy", "nope"};
        QTest::newRow("upper-case name") << L{"--policy", "FGD"};
        QTest::newRow("empty spec") << L{"--policy", ""};
        QTest::newRow("empty term") << L{"--policy", "fgd,"};
        QTest::newRow("wrong separator") << L{"--policy", "fgd;pwr"};
        QTest::newRow("empty weight") << L{"--policy", "fgd:"};
        QTest::newRow("weight not a number") << L{"--policy", "fgd:abc"};
        QTest::newRow("fractional weight") << L{"--policy", "fgd:0.5"};
        QTest::newRow("zero weight") << L{"--policy", "fgd:0"};
        QTest::newRow("zero weight, second term") << L{"--policy", "pwr:100,fgd:0"};
        QTest::newRow("negative weight") << L{"--policy", "fgd:-5"};
        QTest::newRow("bad spec among good") << L{"--policy", "fgd", "--policy", "nope:10"};
        for (const char* seeds : {"abc", "51-42", "42,,43", "-1", "42-", "", "4.5", "42;43"})
            QTest::addRow("--seeds \"%s\"", seeds) << L{"--policy", "fgd", "--seeds", seeds};
        for (const char* tune : {"0", "-1", "1000", "nan", "inf", "abc", "1.3x", ""})
            QTest::addRow("--tune \"%s\"", tune) << L{"--policy", "fgd", "--tune", tune};
        QTest::newRow("--points 0") << L{"--policy", "fgd", "--points", "0"};
        QTest::newRow("--points abc") << L{"--policy", "fgd", "--points", "abc"};
        QTest::newRow("--mode") << L{"--policy", "fgd", "--mode", "batch"};
        QTest::newRow("--tie-order") << L{"--policy", "fgd", "--tie-order", "alpha"};
        QTest::newRow("--threads 0") << L{"--policy", "fgd", "--threads", "0"};
        QTest::newRow("--step 0") << L{"--policy", "fgd", "--mode", "replay", "--step", "0"};
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        expectOneError(runCli(simulateArgs(nodes_, pods_, {}, args)), 2);
    }

    void unknownCommand()
    {
        expectOneError(runCli({QStringLiteral("frobnicate")}), 2);
    }

    void inputErrors_data()
    {
        QTest::addColumn<QString>("file");  // "nodes" or "pods": which one is broken
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");  // a regex for what follows `error: FILE`
        const auto pod5 = [](const char* line) { return withLine(kPods, 6, line); };
        QTest::newRow("non-numeric gpu_milli")
            << "pods" << pod5("pod-05,4000,8192,1,abc,,LS,Running,750,8000,750") << ":6: column gpu_milli: .+ \\(value \"abc\"\\)$";
        QTest::newRow("gpu_milli above 1000")
            << "pods" << pod5("pod-05,4000,8192,1,1250,,LS,Running,750,8000,750") << ":6: column gpu_milli: .+ \\(value \"1250\"\\)$";
        QTest::newRow("negative cpu_milli")
            << "pods" << pod5("pod-05,-4000,8192,1,250,,LS,Running,750,8000,750") << ":6: column cpu_milli: .+ \\(value \"-4000\"\\)$";
        QTest::newRow("num_gpu above 8")
            << "pods" << pod5("pod-05,4000,8192,9,1000,,LS,Running,750,8000,750") << ":6: column num_gpu: .+ \\(value \"9\"\\)$";
        QTest::newRow("shared GPU on two GPUs")
            << "pods" << pod5("pod-05,4000,8192,2,250,,LS,Running,750,8000,750") << ":6: column (num_gpu|gpu_milli): .+";
        QTest::newRow("GPU model not in the registry")
            << "pods" << pod5("pod-05,4000,8192,1,250,H100,LS,Running,750,8000,750") << ":6: column gpu_spec: .+\"H100\".*";
        QTest::newRow("duplicate pod name")
            << "pods" << pod5("pod-01,4000,8192,1,250,,LS,Running,750,8000,750") << ":6: column name: .+ \\(value \"pod-01\"\\)$";
        QTest::newRow("non-numeric creation_time")
            << "pods" << pod5("pod-05,4000,8192,1,250,,LS,Running,7x0,8000,750") << ":6: column creation_time: .+ \\(value \"7x0\"\\)$";
        QTest::newRow("too many fields")
            << "pods" << pod5("pod-05,4000,8192,1,250,,LS,Running,750,8000,750,1") << ":6: column \\S+: .+";
        QTest::newRow("too few fields") << "pods" << pod5("pod-05,4000,8192,1,250") << ":6: column \\S+: .+";
        QTest::newRow("unknown column")
            << "pods" << withLine(kPods, 1, "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,"
                                            "creation_time,deletion_tim,scheduled_time")
            << ":1: column deletion_tim: .+";
        QTest::newRow("node model not in the registry")
            << "nodes" << withLine(kNodes, 4, "node-c,32000,131072,1,X9") << ":4: column model: .+ \\(value \"X9\"\\)$";
        QTest::newRow("duplicate node name")
            << "nodes" << withLine(kNodes, 4, "node-b,32000,131072,1,T4") << ":4: column sn: .+ \\(value \"node-b\"\\)$";
        QTest::newRow("missing column")
            << "nodes" << QByteArray("sn,cpu_milli,memory_mib,gpu\nnode-a,64000,262144,0\n") << ":1: column model: .+";
        QTest::newRow("empty file") << "pods" << QByteArray() << ":[0-9]+: .+";
        QTest::newRow("not a text file") << "pods" << QByteArray("name\0\x01\x02\n", 8) << ":[0-9]+: .+";
    }

    // contracts.md 4: exit 3 and one line `error: FILE:LINE: column NAME: problem (value "...")`.
    void inputErrors()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString broken = write("broken-" + file + ".csv", content);
        const bool pods = file == QStringLiteral("pods");
        const CliResult r = runCli(simulateArgs(pods ? nodes_ : broken, pods ? broken : pods_, {QStringLiteral("fgd")}));
        expectOneError(r, 3);
        QVERIFY2(startsWithError(broken, expected).match(r.errLines().value(0)).hasMatch(), r.err.constData());
    }

    // A header that is wrong is the error, even when the rows then have a different count.
    void headerErrorIsReportedFirst()
    {
        const QString broken = write(QStringLiteral("extra-column.csv"),
                                     withLine(kPods, 1, kPods.split('\n').first() + ",bogus"));
        const CliResult r = runCli(simulateArgs(nodes_, broken, {QStringLiteral("fgd")}));
        expectOneError(r, 3);
        QVERIFY2(startsWithError(broken, QStringLiteral(":1: column bogus: ")).match(r.errLines().value(0)).hasMatch(),
                 r.err.constData());
    }

private:
    QString write(const QString& name, const QByteArray& content)
    {
        const QString path = dir_.filePath(name);
        if (!writeBytes(path, content))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
    QString out(const QString& name) const { return dir_.filePath("out-" + name); }

    CliResult simulate(const QStringList& policies, const QStringList& extra) const
    {
        return runCli(simulateArgs(nodes_, pods_, policies, extra));
    }

    static void expectOneError(const CliResult& r, int code)
    {
        QVERIFY2(r.finished && r.exitCode == code, qPrintable(r.describe()));
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.errLines()[0].startsWith(QStringLiteral("error: ")), r.err.constData());
        QVERIFY(r.err.endsWith('\n'));
    }

    // The inherited environment without locale variables: the C locale.
    static QProcessEnvironment cleanLocaleEnvironment()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const auto& name : env.keys())
            if (name == QStringLiteral("LANG") || name == QStringLiteral("LANGUAGE") || name.startsWith(QStringLiteral("LC_")))
                env.remove(name);
        return env;
    }

    // A locale with a decimal comma, so that a stray locale-aware format would show. Minimal
    // systems lack it; localedef then builds it into the temp dir and LOCPATH points there,
    // for this process (to check it) and for the CLI's.
    void prepareGermanLocale()
    {
        const QByteArray saved = std::setlocale(LC_NUMERIC, nullptr);
        const auto usable = [] {
            return std::setlocale(LC_NUMERIC, "de_DE.UTF-8") != nullptr &&
                std::localeconv()->decimal_point == QByteArray(",");
        };
        germanLocale_ = usable();
        if (!germanLocale_) {
            const QString localedef = QStandardPaths::findExecutable(QStringLiteral("localedef"));
            const QString locPath = dir_.filePath(QStringLiteral("locales"));
            if (!localedef.isEmpty() && QDir().mkpath(locPath)) {
                QProcess p;
                p.start(localedef, {"-i", "de_DE", "-f", "UTF-8", locPath + "/de_DE.UTF-8"});
                p.waitForFinished(60000);
                qputenv("LOCPATH", locPath.toUtf8());  // inherited by every CLI run from here on
                germanLocale_ = usable();
                if (!germanLocale_)
                    qunsetenv("LOCPATH");
            }
        }
        std::setlocale(LC_NUMERIC, saved.constData());
        if (!germanLocale_)
            qWarning("no de_DE.UTF-8 locale: the locale rows of byteIdentical are skipped");
    }

    QTemporaryDir dir_;
    QString nodes_, pods_, podsNoTimes_, patternNodes_, patternPods_;
    QHash<QString, int> numGpu_;
    bool germanLocale_ = false;
};

QTEST_GUILESS_MAIN(TestCliContract)
#include "tst_clicontract.moc"
