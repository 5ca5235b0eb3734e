// The ParvaGPU profile and SLO loaders (core/inference): the counts and values of the real data
// (mig-elasticbatch.md 2.3 and its sanity table; traces.md 5), and every class of malformed file
// as an InputError naming file, line and column (contracts.md 4). The bad files are written here
// with invented rows, never trace rows.
#include "support/InputErrorMatch.h"
#include "support/SharedData.h"
#include "inference/ProfileData.h"
#include "inference/SloTable.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tessera;

namespace {

const char* const kHeader = "Mig instance,Batch size,Workload Number,Throughput,Latency\n";
// Invented measurements: a small model on 1 and 7 GPCs, one OOM row.
const char* const kRows = "1,1,1,100.5,0.010\n1,2,1,150,0.013\n1,4,2,0,0\n7,1,1,400,0.0025\n";

const QString kProfiles = QStringLiteral("traces/mig-parvagpu/prof_data");
const QString kSlo = QStringLiteral("traces/mig-parvagpu/SLO");

class TempDir {
public:
    TempDir()
    {
        if (!dir_.isValid())
            qFatal("cannot create a temporary directory");
    }
    std::string path() const { return dir_.path().toStdString(); }
    std::string write(const QString& name, const QByteArray& bytes) const
    {
        const QString path = dir_.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path.toStdString();
    }

private:
    QTemporaryDir dir_;
};

const std::vector<std::string> kThreeModels{"alpha", "beta", "gamma"};

}  // namespace

class MigProfilesTest : public QObject {
    Q_OBJECT

private slots:
    void realDataCounts()
    {
        TESSERA_REQUIRE_SHARED(kProfiles);
        const ProfileData data = ProfileData::load(test::sharedPath(kProfiles));
        const std::vector<std::string> expected{"bert",        "densenet121", "densenet169", "densenet201",
                                                "inceptionv3", "mobilenetv2", "resnet101",   "resnet152",
                                                "resnet50",    "vgg16",       "vgg19"};
        QCOMPARE(data.modelNames(), expected);
        QCOMPARE(data.pointCount(), size_t(2475));
        size_t feasible = 0, oom = 0, fast = 0;
        for (const ModelProfile& m : data.models()) {
            QCOMPARE(m.points.size(), size_t(225));
            for (const ProfiledPoint& p : m.points) {
                (p.oom() ? oom : feasible) += 1;
                fast += !p.oom() && p.latencyMs <= 5.0 + 1e-9;
            }
            QCOMPARE(m.feasibleCount(), size_t(std::count_if(m.points.begin(), m.points.end(),
                                                              [](const ProfiledPoint& p) { return !p.oom(); })));
        }
        QCOMPARE(feasible, size_t(1747));
        QCOMPARE(oom, size_t(728));
        QCOMPARE(fast, size_t(129));
        QVERIFY(data.warnings().lines.empty());
        QCOMPARE(data.warnings().contentHashes.size(), size_t(11));
        QCOMPARE(data.modelIndex("resnet50"), 8);
        QCOMPARE(data.modelIndex("resnet"), -1);
        QVERIFY(data.find("vgg19") == &data.models().back());
    }

    // The sanity table of mig-elasticbatch.md (reproduction targets): resnet50 on 1 GPC, 1 process.
    void resnet50SanityTable()
    {
        TESSERA_REQUIRE_SHARED(kProfiles);
        const ProfileData data = ProfileData::load(test::sharedPath(kProfiles));
        const ModelProfile* m = data.find("resnet50");
        QVERIFY(m);
        struct Row {
            int batch;
            double rps;
            double ms;
        };
        for (const Row r : {Row{1, 196.762, 5}, Row{8, 358.277, 22}, Row{32, 412.097, 78}}) {
            const ProfiledPoint* p = m->find(1, r.batch, 1);
            QVERIFY(p && !p->oom());
            QCOMPARE(p->throughputRps, r.rps);
            QVERIFY2(std::abs(p->latencyMs - r.ms) < 1e-9, qPrintable(QString::number(p->latencyMs)));
        }
        const ProfiledPoint* oom = m->find(1, 64, 1);
        QVERIFY(oom && oom->oom() && oom->throughputRps == 0);
        // Throughput in the file is per process: the total is value x procs (≈ p·b / latency).
        const ProfiledPoint* three = m->find(1, 1, 3);
        QVERIFY(three && !three->oom());
        QVERIFY(std::abs(three->throughputRps - 3 * 1000.0 / three->latencyMs) / three->throughputRps < 0.1);
    }

    // mig-elasticbatch.md 2.3: OOM is monotone within a (model, size), and 3g and 4g (both 4
    // memory slices) have the same OOM points for every model but mobilenetv2.
    void realDataOomFacts()
    {
        TESSERA_REQUIRE_SHARED(kProfiles);
        const ProfileData data = ProfileData::load(test::sharedPath(kProfiles));
        QStringList differing;
        for (const ModelProfile& m : data.models()) {
            for (const ProfiledPoint& a : m.points)
                for (const ProfiledPoint& b : m.points)
                    if (a.oom() && !b.oom() && a.computeSlices == b.computeSlices)
                        QVERIFY(!(b.batch >= a.batch && b.procs >= a.procs));
            for (const ProfiledPoint& p : m.points)
                if (p.computeSlices == 3 && p.oom() != m.find(4, p.batch, p.procs)->oom()) {
                    differing << QString::fromStdString(m.model);
                    break;
                }
        }
        QCOMPARE(differing, QStringList{"mobilenetv2"});
        QCOMPARE(profiledMemorySlices(1), 1);
        QCOMPARE(profiledMemorySlices(2), 2);
        QCOMPARE(profiledMemorySlices(3), 4);
        QCOMPARE(profiledMemorySlices(4), 4);
        QCOMPARE(profiledMemorySlices(7), 8);
        QCOMPARE(profiledMemorySlices(5), 0);
    }

    void realSloTable()
    {
        TESSERA_REQUIRE_SHARED(kProfiles);
        TESSERA_REQUIRE_SHARED(kSlo);
        const ProfileData data = ProfileData::load(test::sharedPath(kProfiles));
        const SloTable slo = SloTable::load(test::sharedPath(kSlo), data.modelNames());
        QCOMPARE(slo.rowCount(), size_t(6));
        QCOMPARE(slo.models, data.modelNames());
        const int bert = data.modelIndex("bert"), densenet169 = data.modelIndex("densenet169"),
                  inception = data.modelIndex("inceptionv3"), vgg19 = data.modelIndex("vgg19");
        // Row 1: densenet169 absent (N/A in both files); inceptionv3's 418.5 ms read as 418.
        QVERIFY(!slo.ratesRps[0][size_t(densenet169)] && !slo.latencySloMs[0][size_t(densenet169)]);
        QCOMPARE(*slo.latencySloMs[0][size_t(inception)], 418.0);
        QCOMPARE(*slo.latencySloMs[0][size_t(bert)], 6434.0);
        QCOMPARE(*slo.ratesRps[0][size_t(bert)], 19.0);
        QCOMPARE(*slo.latencySloMs[4][size_t(vgg19)], 133.0);  // 133.5
        size_t present = 0;
        for (size_t r = 0; r < 6; ++r)
            for (size_t m = 0; m < 11; ++m)
                present += slo.ratesRps[r][m].has_value();
        QCOMPARE(present, size_t(6 * 11 - 5));
        // traces.md 5: rows 2 and 6 share latency SLOs, as do rows 3 and 4; row 1 equals row 2 where present.
        QCOMPARE(slo.latencySloMs[1], slo.latencySloMs[5]);
        QCOMPARE(slo.latencySloMs[2], slo.latencySloMs[3]);
        for (size_t m = 0; m < 11; ++m)
            if (slo.latencySloMs[0][m])
                QCOMPARE(slo.latencySloMs[0][m], slo.latencySloMs[1][m]);
        QCOMPARE(slo.warnings.contentHashes.size(), size_t(2));
    }

    void syntheticFolderLoads()
    {
        TempDir dir;
        dir.write("beta.csv", QByteArray(kHeader) + kRows);
        // No final newline, columns in another order: both fine.
        dir.write("alpha.csv", "Latency,Throughput,Workload Number,Batch size,Mig instance\n0.020,50,2,8,2");
        dir.write("README.md", "not a profile\n");
        const ProfileData data = ProfileData::load(dir.path());
        QCOMPARE(data.modelNames(), (std::vector<std::string>{"alpha", "beta"}));
        const ProfiledPoint* a = data.models()[0].find(2, 8, 2);
        QVERIFY(a);
        QCOMPARE(a->latencyMs, 20.0);
        QCOMPARE(a->throughputRps, 100.0);  // 50 per process x 2
        const ModelProfile& beta = data.models()[1];
        QCOMPARE(beta.points.size(), size_t(4));
        QCOMPARE(beta.feasibleCount(), size_t(3));
        QVERIFY(beta.find(1, 4, 2)->oom());
        QCOMPARE(beta.find(7, 1, 1)->latencyMs, 2.5);
        QVERIFY(!beta.find(7, 2, 1));
        // The non-csv file is named, not skipped silently.
        QCOMPARE(data.warnings().lines.size(), size_t(1));
        QVERIFY(QString::fromStdString(data.warnings().lines[0]).contains("README.md"));
    }

    void interruptedFinalLineIsAWarning()
    {
        TempDir dir;
        const std::string path = dir.write("m.csv", QByteArray(kHeader) + kRows + "7,2");
        const ProfileData data = ProfileData::load(dir.path());
        QCOMPARE(data.models()[0].points.size(), size_t(4));
        QCOMPARE(data.warnings().lines.size(), size_t(1));
        QVERIFY(QString::fromStdString(data.warnings().lines[0]).contains(QString::fromStdString(path + ":6")));
    }

    void badProfileFiles_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("hint");
        QTest::addColumn<QString>("value");  // null: no value part
        const QByteArray h = kHeader;
        const QByteArray ok = "1,1,1,100,0.01\n";
        QTest::newRow("renamed column") << QByteArray("Mig instance,Batch size,Workers,Throughput,Latency\n" + ok)
                                        << 1 << "Workload Number" << "missing" << QString();
        QTest::newRow("unknown column") << QByteArray("Mig instance,Batch size,Workload Number,Throughput,Latency,GPU\n")
                                        << 1 << "GPU" << "unknown column" << QString();
        QTest::newRow("missing column") << QByteArray("Mig instance,Batch size,Workload Number,Throughput\n1,1,1,100\n")
                                        << 1 << "Latency" << "missing" << QString();
        QTest::newRow("non-numeric size") << h + ok + "x,1,1,100,0.01\n" << 3 << "Mig instance" << "not a whole number" << "x";
        QTest::newRow("size 5") << h + "5,1,1,100,0.01\n" << 2 << "Mig instance" << "1, 2, 3, 4 or 7" << "5";
        QTest::newRow("size 0") << h + "0,1,1,100,0.01\n" << 2 << "Mig instance" << "1, 2, 3, 4 or 7" << "0";
        QTest::newRow("size 8") << h + "8,1,1,100,0.01\n" << 2 << "Mig instance" << "maximum" << "8";
        QTest::newRow("negative batch") << h + "1,-4,1,100,0.01\n" << 2 << "Batch size" << "negative" << "-4";
        QTest::newRow("batch 0") << h + "1,0,1,100,0.01\n" << 2 << "Batch size" << "at least 1" << "0";
        QTest::newRow("huge batch") << h + "1,1000000,1,100,0.01\n" << 2 << "Batch size" << "maximum" << "1000000";
        QTest::newRow("fractional batch") << h + "1,1.5,1,100,0.01\n" << 2 << "Batch size" << "whole number" << "1.5";
        QTest::newRow("procs 0") << h + "1,1,0,100,0.01\n" << 2 << "Workload Number" << "at least 1" << "0";
        QTest::newRow("procs 49") << h + "1,1,49,100,0.01\n" << 2 << "Workload Number" << "maximum" << "49";
        QTest::newRow("text throughput") << h + "1,1,1,fast,0.01\n" << 2 << "Throughput" << "not a number" << "fast";
        QTest::newRow("nan latency") << h + "1,1,1,100,nan\n" << 2 << "Latency" << "not a number" << "nan";
        QTest::newRow("inf throughput") << h + "1,1,1,inf,0.01\n" << 2 << "Throughput" << "not a number" << "inf";
        QTest::newRow("negative latency") << h + "1,1,1,100,-0.01\n" << 2 << "Latency" << "negative" << "-0.01";
        QTest::newRow("empty latency") << h + "1,1,1,100,\n" << 2 << "Latency" << "empty" << "";
        QTest::newRow("trailing text") << h + "1,1,1,100,0.01s\n" << 2 << "Latency" << "not a number" << "0.01s";
        QTest::newRow("latency below a microsecond") << h + "1,1,1,100,1e-300\n" << 2 << "Latency" << "minimum" << "1e-300";
        QTest::newRow("latency above an hour") << h + "1,1,1,100,4000\n" << 2 << "Latency" << "maximum" << "4000";
        QTest::newRow("zero latency, some throughput") << h + "1,1,1,100,0\n" << 2 << "Latency" << "OOM" << "0";
        QTest::newRow("zero throughput, some latency") << h + "1,1,1,0,0.01\n" << 2 << "Throughput" << "OOM" << "0";
        QTest::newRow("duplicate point") << h + ok + "7,1,1,5,0.2\n" + ok << 4 << "Mig instance" << "first at line 2" << "1";
        QTest::newRow("too few fields") << h + ok + "1,2,1,100\n" + ok << 3 << "Latency" << "too few fields"
                                        << "1,2,1,100";
        QTest::newRow("too many fields") << h + "1,2,1,100,0.1,9\n" << 2 << "6" << "too many fields" << "1,2,1,100,0.1,9";
        QTest::newRow("header only") << h << 2 << "" << "no profile rows" << QString();
        QTest::newRow("empty file") << QByteArray() << 1 << "" << "empty" << QString();
        QTest::newRow("binary") << QByteArray("Mig instance\0,", 14) << 1 << "" << "not a text file" << QString();
    }

    void badProfileFiles()
    {
        QFETCH(QByteArray, content);
        QFETCH(int, line);
        QFETCH(QString, column);
        QFETCH(QString, hint);
        QFETCH(QString, value);
        TempDir dir;
        dir.write("good.csv", QByteArray(kHeader) + kRows);
        const std::string path = dir.write("model.csv", content);
        const std::optional<std::string> v = value.isNull() ? std::nullopt : std::optional(value.toStdString());
        EXPECT_INPUT_ERROR(ProfileData::load(dir.path()), path, line, column.toStdString(), hint.toStdString(), v);
    }

    void badProfileFolders()
    {
        TempDir empty;
        EXPECT_INPUT_ERROR(ProfileData::load(empty.path()), empty.path(), 1, "", "no <model>.csv", std::nullopt);
        TempDir onlyOthers;
        onlyOthers.write("notes.txt", "x\n");
        onlyOthers.write("bert.CSV", QByteArray(kHeader) + kRows);
        EXPECT_INPUT_ERROR(ProfileData::load(onlyOthers.path()), onlyOthers.path(), 1, "", "no <model>.csv", std::nullopt);
        QDir(QString::fromStdString(onlyOthers.path())).mkdir("prof_data");
        EXPECT_INPUT_ERROR(ProfileData::load(onlyOthers.path()), onlyOthers.path(), 1, "",
                           "no <model>.csv profile files in the folder (its prof_data folder holds them)", std::nullopt);
        const std::string missing = empty.path() + "/nowhere";
        EXPECT_INPUT_ERROR(ProfileData::load(missing), missing, 1, "", "no such folder", std::nullopt);
        TempDir files;
        const std::string file = files.write("bert.csv", QByteArray(kHeader) + kRows);
        EXPECT_INPUT_ERROR(ProfileData::load(file), file, 1, "", "not a folder", std::nullopt);
        const std::string badName = files.write("my model.csv", QByteArray(kHeader) + kRows);
        EXPECT_INPUT_ERROR(ProfileData::load(files.path()), badName, 1, "", "model name", std::nullopt);
    }

    void syntheticSloTable()
    {
        TempDir dir;
        dir.write("SLO_req_rate.csv", "19,N/A,7.9\n20,5,8");
        dir.write("SLO_latency.csv", "418.5,N/A,30\n100,1e2,31.999");
        const SloTable slo = SloTable::load(dir.path(), kThreeModels);
        QCOMPARE(slo.rowCount(), size_t(2));
        QCOMPARE(*slo.latencySloMs[0][0], 418.0);
        QVERIFY(!slo.latencySloMs[0][1] && !slo.ratesRps[0][1]);
        QCOMPARE(*slo.ratesRps[0][2], 7.0);
        QCOMPARE(*slo.latencySloMs[1][1], 100.0);
        QCOMPARE(*slo.latencySloMs[1][2], 31.0);
        QVERIFY(slo.warnings.lines.empty());
    }

    void badSloFiles_data()
    {
        QTest::addColumn<QByteArray>("rates");
        QTest::addColumn<QByteArray>("latencies");
        QTest::addColumn<QString>("file");  // the file the error names
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("hint");
        QTest::addColumn<QString>("value");
        const QByteArray rates = "1,2,3\n4,5,6\n", latencies = "10,20,30\n40,50,60\n";
        const QString r = "SLO_req_rate.csv", l = "SLO_latency.csv";
        QTest::newRow("text") << QByteArray("1,2,3\n4,lots,6\n") << latencies << r << 2 << "beta" << "not a number" << "lots";
        QTest::newRow("negative") << rates << QByteArray("10,-20,30\n40,50,60\n") << l << 1 << "beta" << "negative" << "-20";
        QTest::newRow("below 1") << rates << QByteArray("10,20,0.5\n40,50,60\n") << l << 1 << "gamma" << "below 1" << "0.5";
        QTest::newRow("na lowercase") << QByteArray("1,n/a,3\n4,5,6\n") << latencies << r << 1 << "beta" << "not a number" << "n/a";
        QTest::newRow("too few columns") << rates << QByteArray("10,20\n40,50,60\n") << l << 1 << "3" << "too few fields: 2 where every row needs 3" << "10,20";
        QTest::newRow("too many columns") << QByteArray("1,2,3,4\n4,5,6\n") << latencies << r << 1 << "4" << "too many fields" << "1,2,3,4";
        QTest::newRow("absent in one file") << QByteArray("1,N/A,3\n4,5,6\n") << latencies << r << 1 << "beta"
                                            << "a model is absent from both files or neither" << "N/A";
        QTest::newRow("fewer latency rows") << rates << QByteArray("10,20,30\n") << l << 1 << "" << "1 rows" << QString();
        QTest::newRow("empty rates") << QByteArray() << latencies << r << 1 << "" << "empty" << QString();
        QTest::newRow("blank rates") << QByteArray("\n") << latencies << r << 1 << "" << "no rows" << QString();
    }

    void badSloFiles()
    {
        QFETCH(QByteArray, rates);
        QFETCH(QByteArray, latencies);
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, column);
        QFETCH(QString, hint);
        QFETCH(QString, value);
        TempDir dir;
        dir.write("SLO_req_rate.csv", rates);
        dir.write("SLO_latency.csv", latencies);
        const std::string path = dir.path() + "/" + file.toStdString();
        const std::optional<std::string> v = value.isNull() ? std::nullopt : std::optional(value.toStdString());
        EXPECT_INPUT_ERROR(SloTable::load(dir.path(), kThreeModels), path, line, column.toStdString(),
                           hint.toStdString(), v);
    }

    void missingSloFile()
    {
        TempDir dir;
        dir.write("SLO_req_rate.csv", "1,2,3\n");
        const std::string path = dir.path() + "/SLO_latency.csv";
        EXPECT_INPUT_ERROR(SloTable::load(dir.path(), kThreeModels), path, 1, "", "cannot open", std::nullopt);
    }
};

QTEST_GUILESS_MAIN(MigProfilesTest)
#include "tst_migprofiles.moc"
