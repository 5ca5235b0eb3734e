// Every input error of contracts.md section 4 through TraceLoader, on small files written
// here (the rows are invented, never trace rows): the message is
// `FILE:LINE: column NAME: problem (value "...")` with the right file, line and column;
// nothing is half-loaded; the allowed empty fields, the interrupted final line and
// --skip-bad-rows behave as the contract says. With ../shared: every provided trace file loads.
#include "support/InputErrorMatch.h"
#include "support/SharedData.h"
#include "io/TraceLoader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <optional>

using namespace tessera;

namespace {

const char* const kNodeHeader = "sn,cpu_milli,memory_mib,gpu,model\n";

std::string podHeader()
{
    return "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,"
           "scheduled_time\n";
}

// A valid pod row with the given name: a 500-milli share pod living from 100 s to 900 s.
std::string podRow(const std::string& name)
{
    return name + ",4000,8192,1,500,,LS,Running,100,900,100\n";
}

class Files {
public:
    Files()
    {
        if (!dir_.isValid())
            qFatal("cannot create a temporary directory");
    }

    std::string write(const QString& name, const QByteArray& bytes)
    {
        const QString path = dir_.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path.toStdString();
    }
    std::string write(const QString& name, const std::string& text)
    {
        return write(name, QByteArray::fromStdString(text));
    }

private:
    QTemporaryDir dir_;
};

std::vector<NodeSpec> loadNodes(const std::string& path, LoadWarnings& w, bool skip = false)
{
    LoadOptions o;
    o.skipBadRows = skip;
    return TraceLoader::loadNodes(path, GpuModelRegistry::builtin(), o, w);
}

PodList loadPods(const std::string& path, LoadWarnings& w, bool skip = false,
                 const GpuModelRegistry& registry = GpuModelRegistry::builtin())
{
    LoadOptions o;
    o.skipBadRows = skip;
    return TraceLoader::loadPods(path, registry, o, w);
}

// The columns of the *Errors_data tables: a file with one bad thing, and the error it must
// raise.
void addFileErrorColumns()
{
    QTest::addColumn<QString>("content");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("hint");
    QTest::addColumn<QString>("value");  // null: no value part
}

// The check of the *Errors tests: the data row's content, written to `fileName` and read with
// `load(path, warnings)`, raises the data row's error.
template <typename Load>
void expectFileError(const QString& fileName, Load load)
{
    QFETCH(QString, content);
    QFETCH(int, line);
    QFETCH(QString, column);
    QFETCH(QString, hint);
    QFETCH(QString, value);
    Files files;
    const std::string path = files.write(fileName, content.toStdString());
    LoadWarnings w;
    const std::optional<std::string> v = value.isNull() ? std::nullopt : std::optional(value.toStdString());
    EXPECT_INPUT_ERROR(load(path, w), path, line, column.toStdString(), hint.toStdString(), v);
}

bool mentions(const std::vector<std::string>& lines, const std::string& text)
{
    return std::any_of(lines.begin(), lines.end(), [&](const auto& l) { return l.find(text) != std::string::npos; });
}

}  // namespace

class TestInputErrors : public QObject {
    Q_OBJECT

private slots:
    // --- pod lists: one bad thing per file, on line 3 unless the header is at fault ---------

    void podErrors_data()
    {
        addFileErrorColumns();
        const std::string h = podHeader();
        const std::string ok = podRow("pod-a");
        auto row = [&](const char* tag, const std::string& bad, int line, const char* column, const char* hint,
                       const QString& value) {
            QTest::newRow(tag) << QString::fromStdString(h + ok + bad) << line << column << hint << value;
        };
        const std::string noGpuMilli = "name,cpu_milli,memory_mib,num_gpu,gpu_spec\n";
        QTest::newRow("missing column") << QString::fromStdString(noGpuMilli + "pod-a,1000,10,0,\n") << 1
                                        << "gpu_milli" << "missing column" << QString();
        QTest::newRow("unknown column")
            << QString::fromStdString(h.substr(0, h.size() - 1) + ",priority\n" + "pod-a,4000,8192,1,500,,LS,Running,100,900,100,7\n")
            << 1 << "priority" << "unknown column" << QString();
        QTest::newRow("duplicate column") << QString("name,cpu_milli,memory_mib,num_gpu,gpu_milli,name\npod-a,1,1,0,0,x\n")
                                          << 1 << "name" << "duplicate column" << QString();
        row("too many fields", "pod-b,4000,8192,1,500,,LS,Running,100,900,100,42\n", 3, "12", "too many fields",
            "pod-b,4000,8192,1,500,,LS,Running,100,900,100,42");
        row("too few fields", "pod-b,4000,8192,1,500,,LS,Running,100,900\n", 3, "scheduled_time", "too few fields",
            "pod-b,4000,8192,1,500,,LS,Running,100,900");
        row("non-numeric", "pod-b,4k,8192,1,500,,LS,Running,100,900,100\n", 3, "cpu_milli", "whole number", "4k");
        row("fraction", "pod-b,4000,8192,1,0.5,,LS,Running,100,900,100\n", 3, "gpu_milli", "whole number", "0.5");
        row("negative", "pod-b,4000,-8192,1,500,,LS,Running,100,900,100\n", 3, "memory_mib", "negative", "-8192");
        row("empty number", "pod-b,,8192,1,500,,LS,Running,100,900,100\n", 3, "cpu_milli", "empty", "");
        row("gpu_milli above 1000", "pod-b,4000,8192,1,1001,,LS,Running,100,900,100\n", 3, "gpu_milli", "1000",
            "1001");
        row("num_gpu above 8", "pod-b,4000,8192,9,1000,,LS,Running,100,900,100\n", 3, "num_gpu", "8", "9");
        row("shared GPU on two GPUs", "pod-b,4000,8192,2,500,,LS,Running,100,900,100\n", 3, "gpu_milli", "shared",
            "500");
        row("unknown gpu_spec model", "pod-b,4000,8192,1,500,T4|H100,LS,Running,100,900,100\n", 3, "gpu_spec",
            "\"H100\" not in the model registry", "T4|H100");
        row("duplicate pod name", podRow("pod-a"), 3, "name", "duplicate", "pod-a");
        row("empty pod name", podRow(""), 3, "name", "empty", "");
        row("empty creation_time", "pod-b,4000,8192,1,500,,LS,Running,,900,100\n", 3, "creation_time", "empty", "");
        row("non-numeric deletion_time", "pod-b,4000,8192,1,500,,LS,Running,100,soon,100\n", 3, "deletion_time",
            "whole number", "soon");
        row("negative scheduled_time", "pod-b,4000,8192,1,500,,LS,Running,100,900,-1\n", 3, "scheduled_time",
            "negative", "-1");
        // an error in a middle row, before good rows, still names its own line
        QTest::newRow("middle row") << QString::fromStdString(h + ok + "pod-b,x,1,0,0,,,,1,,\n" + podRow("pod-c")) << 3
                                    << "cpu_milli" << "whole number" << "x";
    }

    void podErrors()
    {
        expectFileError("pods.csv", [](const std::string& path, LoadWarnings& w) { return loadPods(path, w); });
    }

    // --- node lists ----------------------------------------------------------------------------

    void nodeErrors_data()
    {
        addFileErrorColumns();
        const std::string h = kNodeHeader;
        const std::string ok = "node-a,32000,131072,2,T4\n";
        auto row = [&](const char* tag, const std::string& bad, const char* column, const char* hint,
                       const QString& value) {
            QTest::newRow(tag) << QString::fromStdString(h + ok + bad) << 3 << column << hint << value;
        };
        QTest::newRow("missing column") << QString("sn,cpu_milli,memory_mib,gpu\nnode-a,1000,10,0\n") << 1 << "model"
                                        << "missing column" << QString();
        QTest::newRow("unknown column") << QString("sn,cpu_milli,memory_mib,gpu,model,rack\nnode-a,1000,10,0,,r1\n")
                                        << 1 << "rack" << "unknown column" << QString();
        row("unknown GPU model", "node-b,32000,131072,8,H100\n", "model", "model registry", "H100");
        row("GPU node without model", "node-b,32000,131072,8,\n", "model", "no GPU model", "");
        row("duplicate node name", "node-a,64000,131072,4,V100M16\n", "sn", "duplicate", "node-a");
        row("gpu above 8", "node-b,32000,131072,16,T4\n", "gpu", "8", "16");
        row("negative cpu", "node-b,-32000,131072,2,T4\n", "cpu_milli", "negative", "-32000");
        row("non-numeric memory", "node-b,32000,lots,2,T4\n", "memory_mib", "whole number", "lots");
        row("too few fields", "node-b,32000\n", "memory_mib", "too few fields", "node-b,32000");
        row("too many fields", "node-b,32000,131072,2,T4,x\n", "6", "too many fields", "node-b,32000,131072,2,T4,x");
    }

    void nodeErrors()
    {
        expectFileError("nodes.csv", [](const std::string& path, LoadWarnings& w) { return loadNodes(path, w); });
    }

    // --- whole-file errors -------------------------------------------------------------------

    void fileErrors()
    {
        Files files;
        LoadWarnings w;
        const std::string empty = files.write("empty.csv", std::string());
        EXPECT_INPUT_ERROR(loadNodes(empty, w), empty, 1, "", "empty", std::nullopt);
        EXPECT_INPUT_ERROR(loadPods(empty, w), empty, 1, "", "empty", std::nullopt);

        QByteArray binary("sn,cpu_milli\n\x89PNG\r\n", 19);
        binary.append('\0');
        binary.append("\x01\x02\xff", 3);
        const std::string bin = files.write("image.csv", binary);
        EXPECT_INPUT_ERROR(loadNodes(bin, w), bin, 1, "", "not a text file", std::nullopt);

        // No header: the first line is already a row, so the required columns are missing.
        const std::string headless = files.write("headless.csv", std::string("node-a,32000,131072,2,T4\n"));
        EXPECT_INPUT_ERROR(loadNodes(headless, w), headless, 1, "sn", "missing column", std::nullopt);
        // A blank first line is no header either.
        const std::string blank = files.write("blank.csv", std::string("\nnode-a,32000,131072,2,T4\n"));
        EXPECT_INPUT_ERROR(loadNodes(blank, w), blank, 1, "", "no header", std::nullopt);
        const std::string newline = files.write("newline.csv", std::string("\n"));
        EXPECT_INPUT_ERROR(loadPods(newline, w), newline, 1, "", "no header", std::nullopt);
        // A blank line between rows is said as such, in every CSV loader (the job files too).
        const std::string gap = files.write("gap.csv", std::string("sn,cpu_milli,memory_mib,gpu,model\n"
                                                                   "node-a,32000,131072,2,T4\n\n"
                                                                   "node-b,32000,131072,2,T4\n"));
        EXPECT_INPUT_ERROR(loadNodes(gap, w), gap, 3, "", "blank line: every row needs 5 fields", std::nullopt);

        const std::string missing = QDir(QDir::tempPath()).filePath("tessera-no-such-file.csv").toStdString();
        EXPECT_INPUT_ERROR(loadPods(missing, w), missing, 1, "", "cannot open", std::nullopt);
        QVERIFY(w.lines.empty());
    }

    // --- the interrupted final line ----------------------------------------------------------

    void interruptedFinalLineIsSkippedWithWarning()
    {
        Files files;
        // The last write stopped mid-row: no newline and too few fields.
        const std::string path = files.write("pods.csv", podHeader() + podRow("pod-a") + podRow("pod-b") + "pod-c,40");
        LoadWarnings w;
        const PodList pods = loadPods(path, w);
        QCOMPARE(pods.pods.size(), size_t(2));
        QCOMPARE(w.lines.size(), size_t(1));
        QVERIFY2(w.lines[0].rfind(path + ":4: ", 0) == 0, w.lines[0].c_str());  // names the line
        QVERIFY(w.lines[0].find("interrupted") != std::string::npos);
        QCOMPARE(w.skippedRows, 0);  // a warning, not a skipped bad row

        // The same for a node list.
        const std::string nodes = files.write("nodes.csv", std::string(kNodeHeader) + "node-a,32000,131072,2,T4\nnode-b,3");
        LoadWarnings wn;
        QCOMPARE(loadNodes(nodes, wn).size(), size_t(1));
        QVERIFY(mentions(wn.lines, nodes + ":3: "));
    }

    void shortFinalLineWithNewlineIsAnError()
    {
        Files files;
        const std::string path = files.write("pods.csv", podHeader() + podRow("pod-a") + podRow("pod-b") + "pod-c,40\n");
        LoadWarnings w;
        EXPECT_INPUT_ERROR(loadPods(path, w), path, 4, "memory_mib", "too few fields", std::string("pod-c,40"));
    }

    void unterminatedCompleteOrLongFinalLine()
    {
        Files files;
        // A complete final row without a newline is fine and loaded.
        std::string last = podRow("pod-b");
        last.pop_back();
        const std::string complete = files.write("complete.csv", podHeader() + podRow("pod-a") + last);
        LoadWarnings w;
        QCOMPARE(loadPods(complete, w).pods.size(), size_t(2));
        QVERIFY(w.lines.empty());
        // Too many fields is never an interrupted write.
        const std::string longer = files.write("long.csv", podHeader() + podRow("pod-a") + last + ",5");
        EXPECT_INPUT_ERROR(loadPods(longer, w), longer, 3, "12", "too many fields", last + ",5");
        // A short row that is not the last is an error even without a final newline.
        const std::string middle = files.write("middle.csv", podHeader() + "pod-a,40\n" + last);
        EXPECT_INPUT_ERROR(loadPods(middle, w), middle, 2, "memory_mib", "too few fields", std::string("pod-a,40"));
    }

    // --- --skip-bad-rows ----------------------------------------------------------------------

    void skipBadRowsListsAndCountsEachRow()
    {
        Files files;
        const std::string path = files.write(
            "pods.csv", podHeader() + podRow("pod-a")                          // 2 ok
                            + "pod-b,4000,8192,1,1200,,LS,Running,100,900,100\n"  // 3 gpu_milli > 1000
                            + podRow("pod-c")                                   // 4 ok
                            + "pod-d,4000,8192\n"                               // 5 too few fields
                            + podRow("pod-a")                                   // 6 duplicate name
                            + podRow("pod-e"));                                 // 7 ok
        LoadWarnings w;
        const PodList pods = loadPods(path, w, true);
        QCOMPARE(pods.pods.size(), size_t(3));
        QCOMPARE(pods.pods[0].name, std::string("pod-a"));
        QCOMPARE(pods.pods[1].name, std::string("pod-c"));
        QCOMPARE(pods.pods[2].name, std::string("pod-e"));
        QCOMPARE(w.skippedRows, 3);
        QCOMPARE(w.lines.size(), size_t(3));
        QVERIFY2(mentions(w.lines, path + ":3: column gpu_milli: "), qPrintable(QString::fromStdString(w.lines[0])));
        QVERIFY(mentions(w.lines, path + ":5: column num_gpu: too few fields"));
        QVERIFY(mentions(w.lines, path + ":6: column name: duplicate"));
        for (const auto& l : w.lines)
            QVERIFY2(l.find("skipped") != std::string::npos, l.c_str());

        // Without the option a bad row stops the load: nothing is half-loaded.
        const std::string strictPath = files.write(
            "strict.csv", podHeader() + podRow("pod-a") + "pod-b,4000,8192,1,1200,,LS,Running,100,900,100\n"
                              + podRow("pod-c"));
        LoadWarnings strict;
        EXPECT_INPUT_ERROR(loadPods(strictPath, strict), strictPath, 3, "gpu_milli", "1000", std::string("1200"));
        QVERIFY(strict.lines.empty());

        const std::string nodes = files.write("nodes.csv", std::string(kNodeHeader) + "node-a,32000,131072,2,T4\n"
                                                   + "node-b,32000,131072,2,H100\n" + "node-c,32000,131072,2,T4\n");
        LoadWarnings wn;
        QCOMPARE(loadNodes(nodes, wn, true).size(), size_t(2));
        QCOMPARE(wn.skippedRows, 1);
        QVERIFY(mentions(wn.lines, nodes + ":3: column model: "));
    }

    // --- what is allowed ----------------------------------------------------------------------

    void allowedEmptyFieldsLoad()
    {
        Files files;
        // gpu_spec, qos, pod_phase, deletion_time and scheduled_time empty; model empty on a 0-GPU node.
        const std::string pods = files.write("pods.csv", podHeader() + "pod-a,4000,8192,1,500,,,,100,,\n"
                                                             + "pod-b,2000,1024,0,0,,BE,Pending,200,300,\n");
        LoadWarnings w;
        const PodList list = loadPods(pods, w);
        QVERIFY(w.lines.empty());
        QVERIFY(list.hasTimes);
        QCOMPARE(list.pods.size(), size_t(2));
        const PodSpec& a = list.pods[0];
        QCOMPARE(a.gpuSpecMask, uint64_t(0));  // any model
        QCOMPARE(a.gpuSpec, std::string());
        QCOMPARE(a.creationTime, std::optional<int64_t>(100));
        QVERIFY(!a.deletionTime);  // never departs
        QCOMPARE(list.pods[1].deletionTime, std::optional<int64_t>(300));
        QVERIFY(list.pods[1].isCpuOnly());

        const std::string nodes = files.write("nodes.csv", std::string(kNodeHeader) + "node-cpu,32000,131072,0,\n"
                                                               + "node-gpu,96000,786432,8,G2\n");
        const auto n = loadNodes(nodes, w);
        QCOMPARE(n.size(), size_t(2));
        QCOMPARE(n[0].gpuCount, 0);
        QCOMPARE(n[0].model, kNoGpuModel);
        QCOMPARE(n[1].model, *GpuModelRegistry::builtin().find("G2"));
        QCOMPARE(n[1].cpuMilli, 96000);
        QCOMPARE(n[1].memoryMib, int64_t(786432));
    }

    void valuesColumnOrderAndLineEndings()
    {
        Files files;
        // Columns are found by name, CRLF endings are accepted, and a gpu_spec may repeat a model.
        const std::string pods = files.write(
            "pods.csv", std::string("gpu_milli,name,num_gpu,memory_mib,cpu_milli,gpu_spec\r\n")
                            + "1000,pod-a,2,16384,8000,V100M16|V100M32|V100M16\r\n");
        LoadWarnings w;
        const PodList list = loadPods(pods, w);
        QCOMPARE(list.pods.size(), size_t(1));
        const PodSpec& p = list.pods[0];
        QCOMPARE(p.name, std::string("pod-a"));
        QCOMPARE(p.cpuMilli, 8000);
        QCOMPARE(p.memoryMib, int64_t(16384));
        QCOMPARE(p.gpuCount, 2);
        QCOMPARE(p.gpuMilli, 1000);
        const auto registry = GpuModelRegistry::builtin();
        QCOMPARE(p.gpuSpecMask, (uint64_t(1) << *registry.find("V100M16")) | (uint64_t(1) << *registry.find("V100M32")));
        QVERIFY(!list.hasTimes);  // no time columns
    }

    void fiveColumnMultiGpuFormat()
    {
        Files files;
        const std::string path = files.write("multigpu.csv", std::string("name,cpu_milli,memory_mib,num_gpu,gpu_milli\n")
                                                                 + "pod-a,32000,65536,4,1000\npod-b,1000,512,1,250\n");
        LoadWarnings w;
        const PodList list = loadPods(path, w);
        QCOMPARE(list.pods.size(), size_t(2));
        QVERIFY(!list.hasTimes);
        QVERIFY(!list.pods[0].creationTime);
        QCOMPARE(list.pods[0].totalGpuMilli(), int64_t(4000));
        QCOMPARE(list.path, path);
    }

    // --- the user's GPU-model file ------------------------------------------------------------

    void gpuModelFileAddsModels()
    {
        Files files;
        const std::string models = files.write("models.csv", std::string("name,idle_watts,full_watts,power_of\n")
                                                                 + "H100,60,700,\nG9,0,0,A100\n");
        GpuModelRegistry registry = GpuModelRegistry::builtin();
        const int before = registry.size();
        LoadWarnings w;
        TraceLoader::loadGpuModels(models, registry, w);
        QCOMPARE(registry.size(), before + 2);
        const GpuModelId h100 = *registry.find("H100");
        QCOMPARE(registry.idleWatts(h100), 60);
        QCOMPARE(registry.fullWatts(h100), 700);
        const GpuModelId g9 = *registry.find("G9");
        QCOMPARE(registry.idleWatts(g9), 50);   // borrowed from A100
        QCOMPARE(registry.fullWatts(g9), 400);

        // The new model is usable in node lists and in gpu_spec.
        const std::string nodes = files.write("nodes.csv", std::string(kNodeHeader) + "node-h,64000,524288,8,H100\n");
        const Cluster cluster = TraceLoader::loadCluster(nodes, models, {}, w);
        QCOMPARE(cluster.nodes.size(), size_t(1));
        QCOMPARE(cluster.nodes[0].model, *cluster.registry.find("H100"));
        const std::string pods = files.write("pods.csv", podHeader() + "pod-h,4000,8192,1,1000,H100|T4,LS,Running,1,2,1\n");
        const PodList list = TraceLoader::loadPods(pods, cluster.registry, {}, w);
        QVERIFY(modelAllowed(list.pods[0].gpuSpecMask, cluster.nodes[0].model));
        // ... and without the model file the same node list is an error.
        EXPECT_INPUT_ERROR(loadNodes(nodes, w), nodes, 2, "model", "registry", std::string("H100"));
        QVERIFY(w.lines.empty());
    }

    void gpuModelFileErrors_data()
    {
        addFileErrorColumns();
        const QString h = "name,idle_watts,full_watts,power_of\n";
        const QString ok = "H100,60,700,\n";
        QTest::newRow("missing column") << QString("name,idle_watts\nH100,60\n") << 1 << "full_watts" << "missing"
                                        << QString();
        QTest::newRow("unknown column") << QString("name,idle_watts,full_watts,tdp\nH100,60,700,700\n") << 1 << "tdp"
                                        << "unknown" << QString();
        QTest::newRow("full below idle") << h + ok + "B200,900,700,\n" << 3 << "full_watts" << "below idle" << "700";
        QTest::newRow("unknown power_of") << h + ok + "X1,1,2,H200\n" << 3 << "power_of" << "not in the registry"
                                          << "H200";
        QTest::newRow("non-numeric") << h + ok + "X1,idle,2,\n" << 3 << "idle_watts" << "whole number" << "idle";
        QTest::newRow("negative") << h + ok + "X1,1,-2,\n" << 3 << "full_watts" << "negative" << "-2";
        QTest::newRow("empty name") << h + ok + ",1,2,\n" << 3 << "name" << "empty" << "";
        QTest::newRow("too few fields") << h + ok + "X1,1\n" << 3 << "full_watts" << "too few" << "X1,1";
    }

    void gpuModelFileErrors()
    {
        GpuModelRegistry registry = GpuModelRegistry::builtin();
        const int before = registry.size();
        expectFileError("models.csv", [&](const std::string& path, LoadWarnings& w) {
            TraceLoader::loadGpuModels(path, registry, w);
        });
        // Nothing is half-loaded: the good H100 row before the bad one is not added either.
        QCOMPARE(registry.size(), before);
        QVERIFY(!registry.find("H100"));
    }

    // --- the provided trace -------------------------------------------------------------------

    void sharedNodeLists()
    {
        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_node_list_gpu_node.csv");
        LoadWarnings w;
        const Cluster gpu = TraceLoader::loadCluster(test::alibabaPath("openb_node_list_gpu_node.csv"), {}, {}, w);
        QCOMPARE(gpu.nodes.size(), size_t(1213));
        QCOMPARE(gpu.totalGpus(), 6212);
        QCOMPARE(gpu.totalCpuMilli(), int64_t(107018) * 1000);
        // traces.md: GPU models of the GPU-node list (nodes, GPUs)
        const std::map<std::string, std::pair<int, int>> byModel{
            {"G2", {549, 4392}}, {"T4", {404, 842}}, {"P100", {134, 265}}, {"V100M16", {55, 195}},
            {"G3", {39, 312}},   {"V100M32", {30, 204}}, {"A10", {2, 2}}};
        std::map<std::string, std::pair<int, int>> seen;
        for (const auto& n : gpu.nodes) {
            auto& [nodes, gpus] = seen[gpu.registry.model(n.model).name];
            ++nodes;
            gpus += n.gpuCount;
        }
        QCOMPARE(seen, byModel);

        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_node_list_all_node.csv");
        const auto all = loadNodes(test::alibabaPath("openb_node_list_all_node.csv"), w);
        QCOMPARE(all.size(), size_t(1523));
        QCOMPARE(std::count_if(all.begin(), all.end(), [](const NodeSpec& n) { return n.gpuCount == 0; }), 310);
        QCOMPARE(std::accumulate(all.begin(), all.end(), int64_t(0),
                                 [](int64_t s, const NodeSpec& n) { return s + n.cpuMilli; }),
                 int64_t(125514) * 1000);
        QVERIFY(w.lines.empty());
    }

    void sharedPodListsAllLoad()
    {
        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_pod_list_default.csv");
        // traces.md row counts; the four held-out files are listed but may be absent.
        const std::map<QString, int> documented{
            {"default", 8152},   {"cpu0", 7064},       {"cpu037", 7336},     {"cpu050", 7439},
            {"cpu072", 7608},    {"cpu100", 7853},     {"cpu200", 8832},     {"cpu235", 9240},
            {"cpu250", 9420},    {"cpu300", 10094},    {"gpushare20", 8152}, {"gpushare40", 8152},
            {"gpushare60", 8152}, {"gpushare80", 8152}, {"gpushare100", 8152}, {"gpuspec05", 8152},
            {"gpuspec10", 8152}, {"gpuspec20", 8152},  {"gpuspec25", 8152},  {"gpuspec33", 8152},
            {"multigpu20", 8324}, {"multigpu30", 8508}, {"multigpu40", 8746}, {"multigpu50", 9061}};
        // pods with a gpu_spec in the gpuspec files
        const std::map<QString, int> withSpec{{"gpuspec05", 369}, {"gpuspec10", 732}, {"gpuspec20", 1444},
                                              {"gpuspec25", 1759}, {"gpuspec33", 2388}};
        const QDir dir(test::sharedDir() + "/traces/alibaba-gpu-v2023");
        const QStringList files = dir.entryList({"openb_pod_list_*.csv"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 20);
        const GpuModelRegistry registry = GpuModelRegistry::builtin();
        for (const QString& file : files) {
            const QString trace = file.mid(QString("openb_pod_list_").size()).chopped(4);
            LoadWarnings w;
            const PodList list = loadPods(dir.filePath(file).toStdString(), w, false, registry);
            QVERIFY2(w.lines.empty(), qPrintable(file));
            QVERIFY2(documented.count(trace), qPrintable("undocumented trace file " + file));
            QCOMPARE(int(list.pods.size()), documented.at(trace));
            QCOMPARE(list.hasTimes, !trace.startsWith("multigpu"));
            if (withSpec.count(trace))
                QCOMPARE(int(std::count_if(list.pods.begin(), list.pods.end(),
                                           [](const PodSpec& p) { return p.gpuSpecMask != 0; })),
                         withSpec.at(trace));
        }
    }

    void sharedDefaultPodTotals()
    {
        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_pod_list_default.csv");
        LoadWarnings w;
        const PodList list = loadPods(test::alibabaPath("openb_pod_list_default.csv"), w);
        QCOMPARE(list.pods.size(), size_t(8152));
        int64_t gpuMilli = 0, cpuMilli = 0;
        std::array<int, kPodClassCount> classes{};
        for (const auto& p : list.pods) {
            gpuMilli += p.totalGpuMilli();
            cpuMilli += p.cpuMilli;
            ++classes[size_t(p.podClass())];
        }
        QCOMPARE(gpuMilli, int64_t(6'086'800));  // 6086.8 GPUs
        QCOMPARE(cpuMilli / 1000, int64_t(85'436));  // 85,436 vCPUs
        // traces.md: 1088 CPU-only; 3078 share; 3911 one full GPU; 16 x 2, 15 x 4, 44 x 8 GPUs
        QCOMPARE(classes[size_t(PodClass::CpuOnly)], 1088);
        QCOMPARE(classes[size_t(PodClass::Share)], 3078);
        QCOMPARE(classes[size_t(PodClass::Gpu1)], 3911);
        QCOMPARE(classes[size_t(PodClass::Gpu2)], 16);
        QCOMPARE(classes[size_t(PodClass::Gpu4)], 15);
        QCOMPARE(classes[size_t(PodClass::Gpu8)], 44);
        QCOMPARE(classes[size_t(PodClass::GpuOther)], 0);
    }
};

QTEST_APPLESS_MAIN(TestInputErrors)
#include "tst_inputerrors.moc"
