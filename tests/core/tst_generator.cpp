// The trace generator and `tessera-cli generate`: the bundled default trace is exactly what the
// project's code makes from the committed statistics; the output is deterministic, scales,
// loads without error and follows the statistics; a malformed statistics file is an input error.
#include "support/CliRunner.h"
#include "support/SharedData.h"
#include "generate/TraceGenerator.h"
#include "io/TraceLoader.h"

#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <tuple>

using namespace tessera;

namespace {

const QString kSourceDir = QStringLiteral(TESSERA_SOURCE_DIR);
const QString kStatsDir = kSourceDir + "/traces/stats";
const QStringList kStatsFiles{"node_configs.csv", "pod_classes.csv", "pod_shapes.csv", "pod_attributes.csv",
                              "pod_times.csv"};
constexpr uint64_t kDefaultSeed = 2023;

TraceStatistics loadStatistics(const QString& dir)
{
    LoadWarnings warnings;
    return TraceStatistics::load(dir.toStdString(), GpuModelRegistry::builtin(), warnings);
}

std::string nodeListText(const TraceGenerator& g)
{
    std::ostringstream out;
    g.writeNodeList(out);
    return out.str();
}

std::string podListText(const TraceGenerator& g)
{
    std::ostringstream out;
    g.writePodList(out);
    return out.str();
}

// A copy of the committed statistics that a test may edit.
bool copyStatistics(const QString& to)
{
    for (const auto& file : kStatsFiles)
        if (!QFile::copy(kStatsDir + "/" + file, to + "/" + file))
            return false;
    return true;
}

// Replaces the 1-based line `line` of a file; an empty replacement of the last line drops it.
bool replaceLine(const QString& path, int line, const QByteArray& text)
{
    QList<QByteArray> lines = tessera::test::readBytes(path).split('\n');
    if (line < 1 || line > lines.size())
        return false;
    lines[line - 1] = text;
    return tessera::test::writeBytes(path, lines.join('\n'));
}

double share(int64_t part, int64_t whole) { return whole > 0 ? double(part) / double(whole) : 0.0; }

// Per class, how often each value of a generated attribute came up.
using ClassCounts = std::map<std::string, std::map<std::string, int64_t>>;

std::string classOf(const GeneratedPod& p)
{
    if (p.gpus == 0)
        return "cpu";
    if (p.gpus == 1 && p.gpuMilli < kMilli)
        return "share";
    return std::to_string(p.gpus) + "-gpu";
}

// Every category share of the statistics is met within `tolerance` (absolute) in `counts`.
void compareCategories(const PodClassStatistics& c, const std::vector<CategoryCount>& expected,
                       const std::map<std::string, int64_t>& counts, double tolerance, const char* what)
{
    int64_t expectedTotal = 0, generatedTotal = 0;
    for (const auto& e : expected)
        expectedTotal += e.count;
    for (const auto& [value, n] : counts)
        generatedTotal += n;
    for (const auto& e : expected) {
        const auto it = counts.find(e.value);
        const double got = share(it == counts.end() ? 0 : it->second, generatedTotal);
        const double want = share(e.count, expectedTotal);
        QVERIFY2(std::abs(got - want) <= tolerance,
                 qPrintable(QStringLiteral("%1 %2 \"%3\": generated %4, statistics %5")
                                .arg(QString::fromStdString(c.name), what, QString::fromStdString(e.value))
                                .arg(got)
                                .arg(want)));
    }
}

}  // namespace

class TestGenerator : public QObject {
    Q_OBJECT

private slots:
    void bundledDefaultIsRegeneratedByteForByte()
    {
        // Proves that traces/default/ comes from the project's code and committed statistics.
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString out = tmp.path() + "/default";
        const auto r = test::runCli({"generate", "--out", out, "--seed", QString::number(kDefaultSeed)});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        for (const QString file : {"nodes.csv", "pods.csv"}) {
            const QByteArray committed = test::readBytes(kSourceDir + "/traces/default/" + file);
            QVERIFY2(!committed.isEmpty(), qPrintable("missing traces/default/" + file));
            QVERIFY2(test::readBytes(out + "/" + file) == committed,
                     qPrintable("traces/default/" + file + " differs from `tessera-cli generate --seed 2023`"));
        }
    }

    void sameSeedGivesSameBytes()
    {
        const TraceStatistics stats = loadStatistics(kStatsDir);
        const TraceGenerator a(stats, 7, 2);
        const TraceGenerator b(stats, 7, 2);
        QVERIFY(nodeListText(a) == nodeListText(b));
        QVERIFY(podListText(a) == podListText(b));
        const TraceGenerator other(stats, 8, 2);
        QVERIFY(nodeListText(a) != nodeListText(other));
        QVERIFY(podListText(a) != podListText(other));
    }

    void scaleMultipliesNodesAndPods()
    {
        const TraceStatistics stats = loadStatistics(kStatsDir);
        const TraceGenerator one(stats, 1, 1);
        const TraceGenerator three(stats, 1, 3);
        QCOMPARE(int64_t(one.nodes().size()), stats.nodeCount());
        QCOMPARE(int64_t(one.pods().size()), stats.podCount());
        QCOMPARE(three.nodes().size(), 3 * one.nodes().size());
        QCOMPARE(three.pods().size(), 3 * one.pods().size());
        QCOMPARE(stats.nodeCount(), int64_t(1213));
        QCOMPARE(stats.podCount(), int64_t(8152));

        std::map<std::string, int64_t> classCount;
        for (const auto& p : three.pods())
            ++classCount[classOf(p)];
        for (const auto& c : stats.podClasses())
            QCOMPARE(classCount[c.name], 3 * c.count);
        std::map<std::tuple<std::string, int, int64_t, int64_t>, int64_t> configCount;
        for (const auto& n : three.nodes())
            ++configCount[{n.model, n.gpus, n.cpuMilli, n.memoryMib}];
        for (const auto& c : stats.nodeConfigs())
            QCOMPARE((configCount[{c.model, c.gpus, c.cpuMilli, c.memoryMib}]), 3 * c.count);
    }

    void outputLoadsWithoutErrors()
    {
        const TraceStatistics stats = loadStatistics(kStatsDir);
        const TraceGenerator g(stats, 11, 2);
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const std::string nodesPath = (tmp.path() + "/nodes.csv").toStdString();
        const std::string podsPath = (tmp.path() + "/pods.csv").toStdString();
        std::ofstream(nodesPath, std::ios::binary) << nodeListText(g);
        std::ofstream(podsPath, std::ios::binary) << podListText(g);

        LoadWarnings warnings;
        const Cluster cluster = TraceLoader::loadCluster(nodesPath, {}, {}, warnings);
        const PodList pods = TraceLoader::loadPods(podsPath, cluster.registry, {}, warnings);
        QVERIFY(warnings.lines.empty());
        QCOMPARE(cluster.nodes.size(), g.nodes().size());
        QCOMPARE(cluster.totalGpus(), 2 * 6212);
        QCOMPARE(pods.pods.size(), g.pods().size());
        QVERIFY(pods.hasTimes);
        for (size_t i = 0; i < pods.pods.size(); ++i) {
            const PodSpec& p = pods.pods[i];
            QVERIFY(p.creationTime.has_value());
            QVERIFY(!p.deletionTime || *p.deletionTime >= *p.creationTime);
            if (i > 0)
                QVERIFY(*pods.pods[i - 1].creationTime <= *p.creationTime);
            const GeneratedPod& raw = g.pods()[i];
            QVERIFY(!raw.scheduledTime || (*raw.scheduledTime >= raw.creationTime
                                           && *raw.scheduledTime <= raw.deletionTime.value_or(std::numeric_limits<int64_t>::max())));
            QCOMPARE(raw.scheduledTime.has_value(), raw.podPhase != "Pending");
        }
    }

    void followsTheStatistics()
    {
        const TraceStatistics stats = loadStatistics(kStatsDir);
        const TraceGenerator g(stats, kDefaultSeed, 1);

        // Node GPU-model mix, as GPUs per model: exact, since node counts are kept.
        std::map<std::string, int64_t> gpusByModel, expectedGpusByModel;
        for (const auto& n : g.nodes())
            gpusByModel[n.model] += n.gpus;
        for (const auto& c : stats.nodeConfigs())
            expectedGpusByModel[c.model] += c.count * c.gpus;
        QVERIFY(gpusByModel == expectedGpusByModel);
        QCOMPARE(gpusByModel["G2"], int64_t(4392));

        ClassCounts qos, phase, spec;
        std::map<std::string, int64_t> classCount, gpuDemand, cpuDemand;
        for (const auto& p : g.pods()) {
            const std::string c = classOf(p);
            ++classCount[c];
            ++qos[c][p.qos];
            ++phase[c][p.podPhase];
            ++spec[c][p.gpuSpec];
            gpuDemand[c] += p.gpus * p.gpuMilli;
            cpuDemand[c] += p.cpuMilli;
        }
        for (const auto& c : stats.podClasses()) {
            QCOMPARE(classCount[c.name], c.count);
            // Small classes (tens of pods) vary more from draw to draw.
            const double tolerance = c.count >= 1000 ? 0.03 : 0.25;
            compareCategories(c, c.qos, qos[c.name], tolerance, "qos");
            compareCategories(c, c.podPhase, phase[c.name], tolerance, "pod_phase");
            compareCategories(c, c.gpuSpec, spec[c.name], tolerance, "gpu_spec");
            // Mean requests from the shape histogram (ranges at their midpoints).
            double expectedGpu = 0, expectedCpu = 0;
            int64_t shapes = 0;
            for (const auto& s : c.shapes) {
                expectedGpu += double(s.count) * c.gpus * double(s.gpuMilli.low + s.gpuMilli.high) / 2;
                expectedCpu += double(s.count) * double(s.cpuMilli.low + s.cpuMilli.high) / 2;
                shapes += s.count;
            }
            if (c.count >= 1000) {
                QVERIFY(std::abs(double(gpuDemand[c.name]) / double(c.count) - expectedGpu / double(shapes))
                        <= 0.03 * (expectedGpu / double(shapes)) + 1);
                QVERIFY(std::abs(double(cpuDemand[c.name]) / double(c.count) - expectedCpu / double(shapes))
                        <= 0.03 * (expectedCpu / double(shapes)));
            }
        }

        // Times: the lifetime and inter-arrival medians of the trace, the latter loosely, since
        // the generator keeps the daily shape of arrivals but not their second-by-second bursts.
        std::vector<int64_t> lifetimes, gaps;
        for (size_t i = 0; i < g.pods().size(); ++i) {
            const GeneratedPod& p = g.pods()[i];
            lifetimes.push_back(p.deletionTime.value() - p.creationTime);
            if (i > 0)
                gaps.push_back(p.creationTime - g.pods()[i - 1].creationTime);
        }
        const auto median = [](std::vector<int64_t> v) {
            std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
            return double(v[v.size() / 2]);
        };
        int64_t allLifetimes = 0;
        for (const auto& band : stats.lifetimeBands())
            allLifetimes += band.valueAt(QuantileTable::kOne / 2);
        const double bandMedian = double(allLifetimes) / double(stats.lifetimeBands().size());
        QVERIFY2(median(lifetimes) > 0.5 * bandMedian && median(lifetimes) < 2 * bandMedian,
                 qPrintable(QStringLiteral("lifetime median %1 vs band medians' mean %2")
                                .arg(median(lifetimes))
                                .arg(bandMedian)));
        QVERIFY(stats.interarrival().has_value());
        const double gapMedian = double(stats.interarrival()->valueAt(QuantileTable::kOne / 2));
        QVERIFY2(median(gaps) > 0.5 * gapMedian && median(gaps) < 2 * gapMedian,
                 qPrintable(QStringLiteral("inter-arrival median %1 vs %2").arg(median(gaps)).arg(gapMedian)));
        const auto& creation = stats.creationTime().points();
        QVERIFY(g.pods().front().creationTime >= creation.front().value);
        QVERIFY(g.pods().back().creationTime <= creation.back().value);
    }

    void honoursGpuSpecShares()
    {
        // The default trace has no gpu_spec; an edited statistics folder may ask for some.
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QVERIFY(copyStatistics(tmp.path()));
        const QString attributes = tmp.path() + "/pod_attributes.csv";
        QByteArray text = test::readBytes(attributes);
        QVERIFY(text.contains("\nshare,gpu_spec,,3078\n"));
        text.replace("\nshare,gpu_spec,,3078\n", "\nshare,gpu_spec,,1539\nshare,gpu_spec,V100M16|V100M32,1539\n");
        QVERIFY(test::writeBytes(attributes, text));

        const TraceGenerator g(loadStatistics(tmp.path()), 5, 1);
        int64_t shares = 0, constrained = 0;
        for (const auto& p : g.pods()) {
            if (classOf(p) != "share") {
                QVERIFY(p.gpuSpec.empty());
                continue;
            }
            ++shares;
            constrained += p.gpuSpec == "V100M16|V100M32";
        }
        QVERIFY(std::abs(share(constrained, shares) - 0.5) < 0.03);

        const std::string podsPath = (tmp.path() + "/pods.csv").toStdString();
        std::ofstream(podsPath, std::ios::binary) << podListText(g);
        LoadWarnings warnings;
        const PodList pods = TraceLoader::loadPods(podsPath, GpuModelRegistry::builtin(), {}, warnings);
        QCOMPARE(pods.pods.size(), g.pods().size());
    }

    void malformedStatisticsNameFileLineAndColumn_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QByteArray>("replacement");
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("problem");

        QTest::newRow("unknown node model") << "node_configs.csv" << 3 << QByteArray("H200,2,104000,524288,387")
                                            << "model" << "not in the model registry";
        QTest::newRow("nine GPUs") << "node_configs.csv" << 2 << QByteArray("G2,9,96000,393216,549") << "gpu"
                                   << "above the maximum";
        QTest::newRow("unknown class") << "pod_classes.csv" << 4 << QByteArray("1gpu,3911") << "class"
                                       << "unknown pod class";
        QTest::newRow("negative count") << "pod_classes.csv" << 2 << QByteArray("cpu,-5") << "count"
                                        << "negative";
        QTest::newRow("share above 1000") << "pod_shapes.csv" << 23 << QByteArray("share,3152,5600,1200,1047")
                                          << "gpu_milli" << "above the maximum";
        QTest::newRow("whole share on a share pod") << "pod_shapes.csv" << 23
                                                    << QByteArray("share,3152,5600,1000,1047") << "gpu_milli"
                                                    << "share pod";
        QTest::newRow("reversed range") << "pod_shapes.csv" << 2 << QByteArray("cpu,12500-12000,57344,0,364")
                                        << "cpu_milli" << "range starts above its end";
        QTest::newRow("shape of unknown class") << "pod_shapes.csv" << 2 << QByteArray("3-gpu,12500,57344,1000,364")
                                                << "class" << "not in pod_classes.csv";
        QTest::newRow("unknown gpu_spec model") << "pod_attributes.csv" << 10 << QByteArray("cpu,gpu_spec,H200,1088")
                                                << "value" << "not in the model registry";
        QTest::newRow("unknown attribute") << "pod_attributes.csv" << 2 << QByteArray("cpu,priority,LS,636")
                                           << "attribute" << "unknown attribute";
        QTest::newRow("too few fields") << "pod_times.csv" << 3 << QByteArray("creation_time,,0.01") << "seconds"
                                        << "too few fields";
        QTest::newRow("probability falls") << "pod_times.csv" << 4 << QByteArray("creation_time,,0.005,10052438")
                                           << "probability" << "must rise";
        QTest::newRow("quantile falls") << "pod_times.csv" << 4 << QByteArray("creation_time,,0.02,5")
                                        << "seconds" << "must not fall";
        QTest::newRow("probability above 1") << "pod_times.csv" << 4 << QByteArray("creation_time,,1.5,10052438")
                                             << "probability" << "from 0 to 1";
        QTest::newRow("band on an unbanded table") << "pod_times.csv" << 3
                                                   << QByteArray("creation_time,2,0.01,10015701") << "band"
                                                   << "only lifetime tables have bands";
    }

    void malformedStatisticsNameFileLineAndColumn()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QByteArray, replacement);
        QFETCH(QString, column);
        QFETCH(QString, problem);
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QVERIFY(copyStatistics(tmp.path()));
        const QString path = tmp.path() + "/" + file;
        QVERIFY(replaceLine(path, line, replacement));
        try {
            loadStatistics(tmp.path());
            QFAIL("no InputError");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.file()), QDir::cleanPath(path));
            QCOMPARE(e.line(), long(line));
            QCOMPARE(QString::fromStdString(e.column()), column);
            QVERIFY2(QString::fromStdString(e.problem()).contains(problem), e.what());
        }
    }

    void missingTablesAreInputErrors()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QVERIFY(copyStatistics(tmp.path()));
        // Drop every lifetime row of band 7: the bands after it no longer run without a gap.
        const QString times = tmp.path() + "/pod_times.csv";
        QList<QByteArray> kept;
        for (const auto& l : test::readBytes(times).split('\n'))
            if (!l.startsWith("lifetime,7,"))
                kept << l;
        QVERIFY(test::writeBytes(times, kept.join('\n')));
        QVERIFY_THROWS_EXCEPTION(InputError, loadStatistics(tmp.path()));
        QVERIFY(QFile::remove(times));
        QVERIFY_THROWS_EXCEPTION(InputError, loadStatistics(tmp.path()));
        QVERIFY_THROWS_EXCEPTION(InputError, loadStatistics(tmp.path() + "/nowhere"));
    }

    void cliExitCodes()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString out = tmp.path() + "/out";
        const QList<std::pair<QStringList, int>> cases{
            {{"generate", "--out", out}, 2},
            {{"generate", "--seed", "1"}, 2},
            {{"generate", "--out", out, "--seed", "1", "--scale", "0"}, 2},
            {{"generate", "--out", out, "--seed", "x"}, 2},
            {{"generate", "--out", out, "--seed", "1", "--colour"}, 2},
            {{"generate", "--out", out, "--seed", "1", "--stats", tmp.path() + "/none"}, 3},
        };
        for (const auto& [args, code] : cases) {
            const auto r = test::runCli(args);
            QVERIFY2(r.finished && r.exitCode == code, qPrintable(args.join(' ') + ": " + r.describe()));
            QVERIFY(r.err.startsWith("error: "));
            QCOMPARE(r.errLines().size(), 1);
        }
        QVERIFY(!QFileInfo::exists(out));

        QVERIFY(copyStatistics(tmp.path()));
        QVERIFY(replaceLine(tmp.path() + "/pod_classes.csv", 3, "share,lots"));
        const auto r = test::runCli({"generate", "--out", out, "--seed", "1", "--stats", tmp.path()});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("pod_classes.csv:3: column count: not a whole number (value \"lots\")"), r.err);
    }

    void scaleTenIsQuick()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const auto r = test::runCli({"generate", "--out", tmp.path(), "--seed", "3", "--scale", "10"});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.elapsedMs < 5000, qPrintable(QStringLiteral("took %1 ms").arg(r.elapsedMs)));
        LoadWarnings warnings;
        const Cluster cluster = TraceLoader::loadCluster((tmp.path() + "/nodes.csv").toStdString(), {}, {}, warnings);
        const PodList pods =
            TraceLoader::loadPods((tmp.path() + "/pods.csv").toStdString(), cluster.registry, {}, warnings);
        QCOMPARE(cluster.nodes.size(), size_t(12130));
        QCOMPARE(cluster.totalGpus(), 62120);
        QCOMPARE(pods.pods.size(), size_t(81520));
    }

    void statisticsScriptReproducesCommittedFiles()
    {
        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_pod_list_default.csv");
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty())
            QSKIP("SKIPPED: python3 not found");
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QProcess script;
        script.setProgram(python);
        script.setArguments({kSourceDir + "/scripts/derive_alibaba_stats.py", "--shared", test::sharedDir(), "--out",
                             tmp.path()});
        script.start();
        QVERIFY(script.waitForFinished(120000));
        QVERIFY2(script.exitStatus() == QProcess::NormalExit && script.exitCode() == 0,
                 script.readAllStandardError().constData());
        for (const auto& file : kStatsFiles)
            QVERIFY2(test::readBytes(tmp.path() + "/" + file) == test::readBytes(kStatsDir + "/" + file),
                     qPrintable("traces/stats/" + file + " differs from scripts/derive_alibaba_stats.py output"));
    }
};

QTEST_APPLESS_MAIN(TestGenerator)
#include "tst_generator.moc"
