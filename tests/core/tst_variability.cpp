// GPU variability (core/training, training-boa-pal.md B1): the Python-compatible MT19937, the
// profile loaders, the seed-42 draws against the reference table (read by path from
// ../shared/reference/pal-variability: the drawn rows exactly, the scores within 1e-12), the
// correlated mode, and the ready-made table format with its empty leading header.
#include "support/InputErrorMatch.h"
#include "support/SharedData.h"
#include "support/TestFiles.h"
#include "TrainingTestFiles.h"
#include "training/PythonRandom.h"
#include "training/VariabilityDraw.h"
#include "training/VariabilityTableFile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tessera;
using tessera::test::fileWith;

namespace {

const QString kVariability = QStringLiteral("traces/pal-sia-philly/variability");
const QString kReference = QStringLiteral("reference/pal-variability");

// The data rows of a small CSV, split at commas (the reference files have no quoting).
QList<QStringList> csvRows(const std::string& path)
{
    QFile f(QString::fromStdString(path));
    QList<QStringList> rows;
    if (!f.open(QIODevice::ReadOnly))
        return rows;
    f.readLine();
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (!line.isEmpty())
            rows << line.split(',');
    }
    return rows;
}

}  // namespace

class TestVariability : public QObject {
    Q_OBJECT

private slots:
    void pythonRandomMatchesCPython()
    {
        // Values printed by CPython 3.11 (random.seed(n) then the calls named).
        PythonRandom r42(42);
        QCOMPARE(r42.getrandbits(32), 2746317213u);
        QCOMPARE(r42.getrandbits(32), 478163327u);
        QCOMPARE(r42.getrandbits(32), 107420369u);
        PythonRandom choice(42);
        QCOMPARE(choice.randbelow(1404), 1309u);  // random.choice(range(1404))
        QCOMPARE(choice.random(), 0.11133106816568039);
        PythonRandom r7(7);
        for (uint32_t expected : {331u, 970u, 154u, 404u, 666u})
            QCOMPARE(r7.randbelow(1000), expected);  // random.randrange(1000)
        QCOMPARE(r7.random(), 0.04828642362681235);
        PythonRandom r0(0);
        for (uint32_t expected : {27u, 12u, 24u, 28u})
            QCOMPARE(r0.getrandbits(5), expected);
        PythonRandom wide((uint64_t(1) << 40) + 5);  // a seed of two 32-bit words
        QCOMPARE(wide.getrandbits(32), 2166296868u);
        PythonRandom r3(3);
        for (uint32_t expected : {1022050301u, 2545373330u, 2337446730u})
            QCOMPARE(r3.randbelow(3000000000u), expected);
    }

    void profilesNormaliseByTheMedian()
    {
        TESSERA_REQUIRE_SHARED(kVariability);
        const auto profiles = loadVariabilityProfiles(test::sharedPath(kVariability));
        QCOMPARE(profiles.of(JobClass::A).samples.size(), size_t(1404));
        QCOMPARE(profiles.of(JobClass::B).samples.size(), size_t(1096));
        QCOMPARE(profiles.of(JobClass::C).samples, profiles.of(JobClass::B).samples);
        QCOMPARE(profiles.of(JobClass::D).samples.size(), size_t(880));
        // B1's distribution table: ResNet-50 Longhorn max 3.569, nearest-rank p99 2.625.
        auto a = profiles.of(JobClass::A).samples;
        std::sort(a.begin(), a.end());
        QCOMPARE(std::round(a.back() * 1000) / 1000, 3.569);
        QCOMPARE(std::round(a[size_t(std::ceil(0.99 * 1404)) - 1] * 1000) / 1000, 2.625);
        QCOMPARE((a[701] + a[702]) / 2, 1.0);
        QCOMPARE(profiles.of(JobClass::A).uuids.size(), size_t(1404));
    }

    void seed42ReproducesTheReferenceTable()
    {
        TESSERA_REQUIRE_SHARED(kVariability);
        TESSERA_REQUIRE_SHARED(kReference);
        const auto profiles = loadVariabilityProfiles(test::sharedPath(kVariability));
        const VariabilityTable table = drawVariability(profiles, 64, 42);
        const auto draws = csvRows(test::sharedPath(kReference + "/perfvar-seed42-draws.csv"));
        const auto scores = csvRows(test::sharedPath(kReference + "/perfvar-seed42.csv"));
        QCOMPARE(draws.size(), 64);
        QCOMPARE(scores.size(), 64);
        QCOMPARE(table.gpuCount(), 64);
        for (int g = 0; g < 64; ++g) {
            QCOMPARE(draws[g][0].toInt(), g);
            QCOMPARE(scores[g][1].toInt(), g / 4);
            for (JobClass c : kJobClasses) {
                const int i = int(c);
                QCOMPARE(table.drawnRows[size_t(g)][size_t(i)], draws[g][1 + i].toUInt());
                const double expected = scores[g][2 + i].toDouble();
                QVERIFY2(std::abs(table.score(g, c) - expected) <= 1e-12,
                         qPrintable(QString("GPU %1 class %2: %3 vs %4").arg(g).arg(i).arg(table.score(g, c), 0, 'g', 17)
                                        .arg(expected, 0, 'g', 17)));
            }
        }
        // B1's check values.
        QCOMPARE(std::round(table.score(0, JobClass::A) * 1e4) / 1e4, 0.9534);
        QCOMPARE(std::round(table.score(35, JobClass::A) * 1e3) / 1e3, 2.828);
        // A larger cluster continues the same loop.
        const VariabilityTable big = drawVariability(profiles, 256, 42);
        for (int g = 0; g < 64; ++g)
            QCOMPARE(big.scores[size_t(g)], table.scores[size_t(g)]);
        // Another seed, another table.
        QVERIFY(drawVariability(profiles, 64, 1).scores != table.scores);
    }

    void correlatedModeRanksEveryClassAlike()
    {
        TESSERA_REQUIRE_SHARED(kVariability);
        const auto profiles = loadVariabilityProfiles(test::sharedPath(kVariability));
        const auto table = drawVariability(profiles, 128, 42, VariabilityMode::PerGpuCorrelated);
        QCOMPARE(table.scores, drawVariability(profiles, 128, 42, VariabilityMode::PerGpuCorrelated).scores);
        QVERIFY(table.drawnRows.empty());
        // A GPU slower than another in one class is no faster in any other.
        int strictlyOrdered = 0;
        for (int g = 0; g < 128; ++g)
            for (int h = 0; h < 128; ++h)
                if (table.score(g, JobClass::A) < table.score(h, JobClass::A)) {
                    ++strictlyOrdered;
                    for (JobClass c : {JobClass::B, JobClass::C, JobClass::D})
                        QVERIFY(table.score(g, c) <= table.score(h, c));
                }
        QVERIFY(strictlyOrdered > 1000);
        // B and C share a file: in this mode they are equal.
        for (int g = 0; g < 128; ++g)
            QCOMPARE(table.score(g, JobClass::B), table.score(g, JobClass::C));
        QCOMPARE(parseVariabilityMode("correlated"), std::optional(VariabilityMode::PerGpuCorrelated));
        QCOMPARE(parseVariabilityMode("independent"), std::optional(VariabilityMode::Independent));
        QVERIFY(!parseVariabilityMode("other"));
    }

    void thirtyTwoGpuTableLoadsWithItsEmptyLeadingHeader()
    {
        TESSERA_REQUIRE_SHARED(kVariability);
        const auto table = loadVariabilityTable(test::sharedPath(kVariability + "/32gpu-variability.csv"));
        QCOMPARE(table.gpuCount(), 32);
        QCOMPARE(table.score(0, JobClass::A), 1.014469743078943);
        QCOMPARE(table.score(1, JobClass::D), 1.0008933728706506);
        TESSERA_REQUIRE_SHARED(kReference);
        const auto reference = loadVariabilityTable(test::sharedPath(kReference + "/perfvar-seed42.csv"));
        QCOMPARE(reference.gpuCount(), 64);
    }

    void uniformTableHasNoVariability()
    {
        const auto table = uniformVariability(8);
        QCOMPARE(table.gpuCount(), 8);
        QCOMPARE(table.column(JobClass::C), std::vector<double>(8, 1.0));
    }

    void malformedTablesAndProfilesAreInputErrors()
    {
        QTemporaryDir tmp;
        const QByteArray header = ",GPU_ID,Node_ID,PerfVar_classA,PerfVar_classB,PerfVar_classC,PerfVar_classD\n";
        std::string p = fileWith(tmp, "t1.csv", header + "0,0,0,1,1,1,1\n1,2,0,1,1,1,1\n");
        EXPECT_INPUT_ERROR(loadVariabilityTable(p), p, 3, "GPU_ID", "expected 1", std::string("2"));
        p = fileWith(tmp, "t2.csv", header + "0,0,0,1,-1,1,1\n");
        EXPECT_INPUT_ERROR(loadVariabilityTable(p), p, 2, "PerfVar_classB", "negative", std::string("-1"));
        p = fileWith(tmp, "t3.csv", header + "0,0,0,1,1,0,1\n");
        EXPECT_INPUT_ERROR(loadVariabilityTable(p), p, 2, "PerfVar_classC", "above 0", std::string("0"));
        p = fileWith(tmp, "t4.csv", "GPU_ID,PerfVar_classA,PerfVar_classB,PerfVar_classC\n0,1,1,1\n");
        EXPECT_INPUT_ERROR(loadVariabilityTable(p), p, 1, "PerfVar_classD", "missing", std::nullopt);
        p = fileWith(tmp, "t5.csv", header);
        EXPECT_INPUT_ERROR(loadVariabilityTable(p), p, 1, "", "no rows", std::nullopt);

        p = fileWith(tmp, "prof.csv", "uuid,time\nx,1\n");
        EXPECT_INPUT_ERROR(loadClassProfile(p), p, 1, "perf", "missing column", std::nullopt);
        p = fileWith(tmp, "prof2.csv", "uuid,perf\nx,1\ny,fast\n");
        EXPECT_INPUT_ERROR(loadClassProfile(p), p, 3, "perf", "not a number", std::string("fast"));

        // profiles.json: malformed JSON at its line, unknown and missing classes.
        QTemporaryDir dir;
        fileWith(dir, "a.csv", "perf\n1\n3\n");
        const std::string json = (dir.path() + "/profiles.json").toStdString();
        fileWith(dir, "profiles.json", "{ \"classA\": \"x/a.csv\",\n  \"classB\": 3 }");
        EXPECT_INPUT_ERROR(loadVariabilityProfiles(dir.path().toStdString()), json, 2, "", "string", std::nullopt);
        fileWith(dir, "profiles.json", "{ \"classE\": \"a.csv\" }");
        EXPECT_INPUT_ERROR(loadVariabilityProfiles(dir.path().toStdString()), json, 1, "", "unknown class",
                           std::nullopt);
        fileWith(dir, "profiles.json", "{ \"classA\": \"a.csv\", \"classB\": \"a.csv\", \"classC\": \"a.csv\" }");
        EXPECT_INPUT_ERROR(loadVariabilityProfiles(dir.path().toStdString()), json, 1, "", "classD is missing",
                           std::nullopt);
        fileWith(dir, "profiles.json",
                 "{\"classA\": \"sim/a.csv\", \"classB\": \"a.csv\", \"classC\": \"a.csv\", \"classD\": \"a.csv\"}");
        const auto profiles = loadVariabilityProfiles(dir.path().toStdString());
        QCOMPARE(profiles.of(JobClass::A).samples, (std::vector<double>{0.5, 1.5}));  // median of 1 and 3 is 2
        QVERIFY(profiles.of(JobClass::A).uuids.empty());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 drawVariability(profiles, 4, 1, VariabilityMode::PerGpuCorrelated));
    }
};

QTEST_APPLESS_MAIN(TestVariability)
#include "tst_variability.moc"
