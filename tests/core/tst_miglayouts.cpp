// The MIG hardware model (mig-elasticbatch.md section 1, Step 5 of 2.2 and the oracle): profile
// tables, the validity rule and its reasons, enumeration counts (the spec's reproduction targets),
// compute and stranded slices, reconfiguration cost, and the two packers.
#include "mig/GpuPacker.h"
#include "mig/LayoutEnumerator.h"
#include "mig/MigGpuType.h"
#include "mig/MigLayout.h"
#include "mig/OptimalPacker.h"
#include "mig/Reconfiguration.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <stdexcept>

using namespace tessera;

namespace {

const MigGpuType& gpu(const char* name)
{
    const MigGpuType* type = MigGpuType::find(name);
    if (!type)
        throw std::logic_error(std::string("no GPU type ") + name);
    return *type;
}

uint16_t profileOf(const MigGpuType& type, const char* name)
{
    const auto index = type.profileIndex(name);
    if (!index)
        throw std::logic_error(std::string("no profile ") + name);
    return *index;
}

MigLayout layout(const MigGpuType& type, std::initializer_list<std::pair<const char*, int>> instances)
{
    MigLayout l;
    for (const auto& [name, start] : instances)
        l.instances.push_back({profileOf(type, name), uint8_t(start)});
    return l;
}

// One row of a spec table (mig-elasticbatch.md 1.2).
struct SpecRow {
    const char* name;
    int id, g, mem, sms, max;
    std::vector<int> starts;
    double usableGiB;  // NaN: not given by the spec
    bool me;
};

// The first field in which the type's table differs from the spec's rows; empty when equal.
QString tableDifference(const MigGpuType& type, const std::vector<SpecRow>& rows)
{
    if (type.profiles().size() != rows.size())
        return QStringLiteral("%1 rows, the spec %2").arg(type.profiles().size()).arg(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        const MigProfile& p = type.profiles()[i];
        const SpecRow& r = rows[i];
        const bool same = p.name == r.name && p.giProfileId == r.id && p.computeSlices == r.g &&
                          p.memorySlices == r.mem && p.sms == r.sms && p.maxCount == r.max && p.starts == r.starts &&
                          p.mediaExtensions == r.me && (std::isnan(r.usableGiB) || p.usableGiB == r.usableGiB);
        if (!same)
            return QStringLiteral("%1 row %2 (%3) differs from the spec's %4")
                .arg(QString::fromStdString(type.name()))
                .arg(i)
                .arg(QString::fromStdString(p.name))
                .arg(r.name);
    }
    return {};
}

// The profile sets of the spec's count table, by the name used in the test rows.
std::vector<uint16_t> profileSet(const MigGpuType& type, const QString& set)
{
    std::vector<uint16_t> profiles = set.startsWith("all") ? type.allProfiles() : type.classicProfiles();
    if (set.endsWith("+me"))
        for (uint16_t p = 0; p < type.profiles().size(); ++p)
            if (type.profile(p).mediaExtensions && type.profile(p).computeSlices == 1)
                profiles.push_back(p);
    return profiles;
}

size_t multisetsByProfile(const std::vector<MigLayout>& layouts)
{
    return firstLayoutOfEachMultiset(layouts).size();
}

size_t multisetsByComputeSlices(const MigGpuType& type, const std::vector<MigLayout>& layouts)
{
    std::set<std::vector<int>> seen;
    for (const auto& l : layouts) {
        std::vector<int> g;
        for (const auto& i : l.instances)
            g.push_back(type.profile(i.profile).computeSlices);
        std::sort(g.begin(), g.end());
        seen.insert(g);
    }
    return seen.size();
}

QStringList texts(const MigGpuType& type, const std::vector<MigLayout>& layouts)
{
    QStringList result;
    for (const auto& l : layouts)
        result << QString::fromStdString(layoutText(type, l));
    return result;
}

std::vector<PlacedInstance> items(const std::vector<std::pair<uint16_t, int>>& demand)
{
    std::vector<PlacedInstance> result;
    uint32_t tag = 0;
    for (const auto& [profile, count] : demand) {
        for (int k = 0; k < count; ++k)
            result.push_back({profile, 0, tag});
        ++tag;
    }
    return result;
}

// Every GPU valid, every item placed exactly once with its tag and profile.
QString packingProblem(const MigGpuType& type, const std::vector<PlacedInstance>& input,
                       const std::vector<PackedGpu>& gpus)
{
    std::multiset<std::pair<uint32_t, uint16_t>> wanted, placed;
    for (const auto& i : input)
        wanted.insert({i.tag, i.profile});
    for (size_t g = 0; g < gpus.size(); ++g) {
        if (gpus[g].instances.empty())
            return QStringLiteral("GPU %1 is empty").arg(g);
        if (auto problem = layoutProblem(type, layoutOf(gpus[g])))
            return QStringLiteral("GPU %1: %2").arg(g).arg(QString::fromStdString(*problem));
        for (const auto& i : gpus[g].instances)
            placed.insert({i.tag, i.profile});
    }
    return placed == wanted ? QString() : QStringLiteral("the placed items differ from the input");
}

// Minimum GPUs by brute force, independent of the DP: try k = 1, 2, ... GPUs and every
// assignment of the items (as a restricted-growth string) until each GPU's multiset is valid.
int bruteForceGpuCount(const MigGpuType& type, const std::vector<PlacedInstance>& input)
{
    std::set<std::vector<uint16_t>> valid;
    std::vector<uint16_t> profiles;
    for (const auto& i : input)
        profiles.push_back(i.profile);
    std::sort(profiles.begin(), profiles.end());
    profiles.erase(std::unique(profiles.begin(), profiles.end()), profiles.end());
    for (const auto& l : enumerateLayouts(type, profiles, false))
        valid.insert(profileMultiset(l));
    const size_t n = input.size();
    for (int k = 1; k <= int(n); ++k) {
        std::vector<int> gpuOf(n, 0);
        std::function<bool(size_t, int)> assign = [&](size_t i, int used) -> bool {
            if (i == n) {
                if (used != k)
                    return false;
                std::vector<std::vector<uint16_t>> per{size_t(k)};
                for (size_t j = 0; j < n; ++j)
                    per[size_t(gpuOf[j])].push_back(input[j].profile);
                for (auto& m : per) {
                    std::sort(m.begin(), m.end());
                    if (!valid.count(m))
                        return false;
                }
                return true;
            }
            for (int g = 0; g <= std::min(used, k - 1); ++g) {
                gpuOf[i] = g;
                if (assign(i + 1, std::max(used, g + 1)))
                    return true;
            }
            return false;
        };
        if (assign(0, 0))
            return k;
    }
    return 0;
}

}  // namespace

class MigLayoutsTest : public QObject {
    Q_OBJECT

private slots:
    void profileTablesAsTheSpec()
    {
        // mig-elasticbatch.md 1.2, row by row. NaN: the spec gives no usable GiB (A100).
        const double none = std::nan("");
        QCOMPARE(gpu("A100-40GB").computeSlices(), 7);
        QCOMPARE(gpu("A100-40GB").memorySlices(), 8);
        QCOMPARE(tableDifference(gpu("A100-40GB"),
                                 {
                                     {"1g.5gb", 19, 1, 1, 14, 7, {0, 1, 2, 3, 4, 5, 6}, none, false},
                                     {"1g.5gb+me", 20, 1, 1, 14, 1, {0, 1, 2, 3, 4, 5, 6}, none, true},
                                     {"1g.10gb", 15, 1, 2, 14, 4, {0, 2, 4, 6}, none, false},
                                     {"2g.10gb", 14, 2, 2, 28, 3, {0, 2, 4}, none, false},
                                     {"3g.20gb", 9, 3, 4, 42, 2, {0, 4}, none, false},
                                     {"4g.20gb", 5, 4, 4, 56, 1, {0}, none, false},
                                     {"7g.40gb", 0, 7, 8, 98, 1, {0}, none, false},
                                 }),
                 QString());
        // A100-80GB: the same geometry, ids and starts with memory doubled in the names.
        QCOMPARE(tableDifference(gpu("A100-80GB"),
                                 {
                                     {"1g.10gb", 19, 1, 1, 14, 7, {0, 1, 2, 3, 4, 5, 6}, none, false},
                                     {"1g.10gb+me", 20, 1, 1, 14, 1, {0, 1, 2, 3, 4, 5, 6}, none, true},
                                     {"1g.20gb", 15, 1, 2, 14, 4, {0, 2, 4, 6}, none, false},
                                     {"2g.20gb", 14, 2, 2, 28, 3, {0, 2, 4}, none, false},
                                     {"3g.40gb", 9, 3, 4, 42, 2, {0, 4}, none, false},
                                     {"4g.40gb", 5, 4, 4, 56, 1, {0}, none, false},
                                     {"7g.80gb", 0, 7, 8, 98, 1, {0}, none, false},
                                 }),
                 QString());
        // H100: SMs are not linear in g, so they are stored per profile.
        QCOMPARE(tableDifference(gpu("H100-80GB"),
                                 {
                                     {"1g.10gb", 19, 1, 1, 16, 7, {0, 1, 2, 3, 4, 5, 6}, 9.75, false},
                                     {"1g.10gb+me", 20, 1, 1, 16, 1, {0, 1, 2, 3, 4, 5, 6}, 9.75, true},
                                     {"1g.20gb", 15, 1, 2, 26, 4, {0, 2, 4, 6}, 19.62, false},
                                     {"2g.20gb", 14, 2, 2, 32, 3, {0, 2, 4}, 19.62, false},
                                     {"3g.40gb", 9, 3, 4, 60, 2, {0, 4}, 39.50, false},
                                     {"4g.40gb", 5, 4, 4, 64, 1, {0}, 39.50, false},
                                     {"7g.80gb", 0, 7, 8, 132, 1, {0}, 79.25, false},
                                 }),
                 QString());
        QCOMPARE(gpu("A30").computeSlices(), 4);
        QCOMPARE(gpu("A30").memorySlices(), 4);
        QCOMPARE(tableDifference(gpu("A30"),
                                 {
                                     {"1g.6gb", 14, 1, 1, 14, 4, {0, 1, 2, 3}, 5.81, false},
                                     {"1g.6gb+me", 21, 1, 1, 14, 1, {0, 1, 2, 3}, 5.81, true},
                                     {"2g.12gb", 5, 2, 2, 28, 2, {0, 2}, 11.69, false},
                                     {"2g.12gb+me", 6, 2, 2, 28, 1, {0, 2}, 11.69, true},
                                     {"4g.24gb", 0, 4, 4, 56, 1, {0}, 23.50, false},
                                 }),
                 QString());
    }

    void profileSetsAndLookups()
    {
        const auto namesOf = [](const MigGpuType& t, const std::vector<uint16_t>& set) {
            QStringList names;
            for (uint16_t p : set)
                names << QString::fromStdString(t.profile(p).name);
            return names;
        };
        QCOMPARE(namesOf(gpu("A100-40GB"), gpu("A100-40GB").classicProfiles()),
                 QStringList({"1g.5gb", "2g.10gb", "3g.20gb", "4g.20gb", "7g.40gb"}));
        QCOMPARE(namesOf(gpu("A100-40GB"), gpu("A100-40GB").allProfiles()),
                 QStringList({"1g.5gb", "1g.10gb", "2g.10gb", "3g.20gb", "4g.20gb", "7g.40gb"}));
        for (const char* name : {"A100-80GB", "H100-80GB"}) {
            QCOMPARE(namesOf(gpu(name), gpu(name).classicProfiles()),
                     QStringList({"1g.10gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"}));
            QCOMPARE(namesOf(gpu(name), gpu(name).allProfiles()),
                     QStringList({"1g.10gb", "1g.20gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"}));
        }
        QCOMPARE(namesOf(gpu("A30"), gpu("A30").classicProfiles()), QStringList({"1g.6gb", "2g.12gb", "4g.24gb"}));
        QCOMPARE(namesOf(gpu("A30"), gpu("A30").allProfiles()), QStringList({"1g.6gb", "2g.12gb", "4g.24gb"}));

        // The ParvaGPU map on A100-80GB.
        const MigGpuType& a80 = gpu("A100-80GB");
        const std::map<int, std::string> parva = {
            {1, "1g.10gb"}, {2, "2g.20gb"}, {3, "3g.40gb"}, {4, "4g.40gb"}, {7, "7g.80gb"}};
        for (const auto& [g, name] : parva) {
            const auto index = a80.classicProfileWithComputeSlices(g);
            QVERIFY(index);
            QCOMPARE(a80.profile(*index).name, name);
        }
        QVERIFY(!a80.classicProfileWithComputeSlices(5));
        QVERIFY(!gpu("A30").classicProfileWithComputeSlices(3));

        QCOMPARE(MigGpuType::names(), std::vector<std::string>({"A100-40GB", "A100-80GB", "H100-80GB", "A30"}));
        QCOMPARE(MigGpuType::find("h100-80gb"), MigGpuType::find("H100-80GB"));
        QVERIFY(!MigGpuType::find("B200"));
        QVERIFY(!MigGpuType::find(""));
        QVERIFY(!gpu("A100-40GB").profileIndex("1g.6gb"));
    }

    void enumerationCounts_data()
    {
        QTest::addColumn<QString>("gpuName");
        QTest::addColumn<QString>("set");
        QTest::addColumn<int>("placements");
        QTest::addColumn<int>("multisets");       // by profile; -1: the spec gives none
        QTest::addColumn<int>("multisetsByG");
        QTest::addColumn<int>("maximal");
        QTest::addColumn<int>("maximalMultisets");  // by profile
        QTest::addColumn<int>("maximalMultisetsByG");
        // mig-elasticbatch.md 1.3 and "Reproduction targets".
        QTest::newRow("A100 classic") << "A100-40GB" << "classic" << 297 << 37 << 37 << 19 << 14 << 14;
        QTest::newRow("A100 + 1g.10gb") << "A100-40GB" << "all" << 722 << 77 << 37 << 78 << 38 << 22;
        QTest::newRow("A100-80GB classic") << "A100-80GB" << "classic" << 297 << 37 << 37 << 19 << 14 << 14;
        QTest::newRow("A100-80GB + 1g.20gb") << "A100-80GB" << "all" << 722 << 77 << 37 << 78 << 38 << 22;
        QTest::newRow("H100 + 1g.20gb") << "H100-80GB" << "all" << 722 << 77 << 37 << 78 << 38 << 22;
        QTest::newRow("A30") << "A30" << "classic" << 25 << 9 << 9 << 5 << 4 << 4;
        QTest::newRow("A100 classic + 1g.5gb+me") << "A100-40GB" << "classic+me" << 1088 << -1 << -1 << 67 << -1 << -1;
        QTest::newRow("A100 + 1g.10gb + 1g.5gb+me") << "A100-40GB" << "all+me" << 2318 << -1 << -1 << 239 << -1 << -1;
    }

    void enumerationCounts()
    {
        QFETCH(QString, gpuName);
        QFETCH(QString, set);
        const MigGpuType& type = gpu(qPrintable(gpuName));
        const auto profiles = profileSet(type, set);
        const auto all = enumerateLayouts(type, profiles, false);
        const auto maximal = enumerateLayouts(type, profiles, true);
        QTEST(int(all.size()), "placements");
        QTEST(int(maximal.size()), "maximal");
        QFETCH(int, multisets);
        if (multisets >= 0) {
            QCOMPARE(int(multisetsByProfile(all)), multisets);
            QTEST(int(multisetsByComputeSlices(type, all)), "multisetsByG");
            QTEST(int(multisetsByProfile(maximal)), "maximalMultisets");
            QTEST(int(multisetsByComputeSlices(type, maximal)), "maximalMultisetsByG");
        }
        // Each placement valid, listed once, its instances sorted by start; the maximal ones are
        // exactly the placements to which nothing of the set can be added.
        std::set<std::vector<std::pair<int, int>>> seen;
        int maximalSeen = 0;
        for (const auto& l : all) {
            QVERIFY2(!layoutProblem(type, l), layoutText(type, l).c_str());
            QVERIFY(std::is_sorted(l.instances.begin(), l.instances.end(),
                                   [](const MigInstance& a, const MigInstance& b) { return a.start < b.start; }));
            std::vector<std::pair<int, int>> key;
            for (const auto& i : l.instances)
                key.emplace_back(i.profile, i.start);
            QVERIFY2(seen.insert(key).second, layoutText(type, l).c_str());
            bool extensible = false;
            for (uint16_t p : profiles)
                for (int s : type.profile(p).starts)
                    extensible = extensible || canAdd(type, l, p, s);
            if (!extensible) {
                ++maximalSeen;
                QVERIFY2(std::find(maximal.begin(), maximal.end(), l) != maximal.end(), layoutText(type, l).c_str());
            }
        }
        QCOMPARE(maximalSeen, int(maximal.size()));
    }

    void theNineteenAndTheA30Five()
    {
        // The spec's table of the 19 maximal A100 layouts, in this project's names.
        const MigGpuType& a = gpu("A100-40GB");
        QStringList spec = {
            "7g.40gb@0",
            "4g.20gb@0 3g.20gb@4",
            "4g.20gb@0 2g.10gb@4 1g.5gb@6",
            "4g.20gb@0 1g.5gb@4 1g.5gb@5 1g.5gb@6",
            "3g.20gb@0 3g.20gb@4",
            "3g.20gb@0 2g.10gb@4 1g.5gb@6",
            "3g.20gb@0 1g.5gb@4 1g.5gb@5 1g.5gb@6",
            "2g.10gb@0 2g.10gb@2 3g.20gb@4",
            "2g.10gb@0 1g.5gb@2 1g.5gb@3 3g.20gb@4",
            "1g.5gb@0 1g.5gb@1 2g.10gb@2 3g.20gb@4",
            "1g.5gb@0 1g.5gb@1 1g.5gb@2 1g.5gb@3 3g.20gb@4",
            "2g.10gb@0 2g.10gb@2 2g.10gb@4 1g.5gb@6",
            "2g.10gb@0 2g.10gb@2 1g.5gb@4 1g.5gb@5 1g.5gb@6",
            "2g.10gb@0 1g.5gb@2 1g.5gb@3 2g.10gb@4 1g.5gb@6",
            "1g.5gb@0 1g.5gb@1 2g.10gb@2 2g.10gb@4 1g.5gb@6",
            "2g.10gb@0 1g.5gb@2 1g.5gb@3 1g.5gb@4 1g.5gb@5 1g.5gb@6",
            "1g.5gb@0 1g.5gb@1 2g.10gb@2 1g.5gb@4 1g.5gb@5 1g.5gb@6",
            "1g.5gb@0 1g.5gb@1 1g.5gb@2 1g.5gb@3 2g.10gb@4 1g.5gb@6",
            "1g.5gb@0 1g.5gb@1 1g.5gb@2 1g.5gb@3 1g.5gb@4 1g.5gb@5 1g.5gb@6",
        };
        QStringList found = texts(a, enumerateLayouts(a, a.classicProfiles(), true));
        // The documented order: larger profiles first at each slice, so 7g@0 first and 1g x 7 last.
        QCOMPARE(found.first(), spec.first());
        QCOMPARE(found.last(), spec.last());
        spec.sort();
        found.sort();
        QCOMPARE(found, spec);

        const MigGpuType& a30 = gpu("A30");
        QStringList five = texts(a30, enumerateLayouts(a30, a30.classicProfiles(), true));
        five.sort();
        QStringList expected = {"4g.24gb@0", "2g.12gb@0 2g.12gb@2", "2g.12gb@0 1g.6gb@2 1g.6gb@3",
                                "1g.6gb@0 1g.6gb@1 2g.12gb@2", "1g.6gb@0 1g.6gb@1 1g.6gb@2 1g.6gb@3"};
        expected.sort();
        QCOMPARE(five, expected);
    }

    void computeUsedByTheMaximalLayouts()
    {
        const MigGpuType& a = gpu("A100-40GB");
        std::map<int, int> used;
        for (const auto& l : enumerateLayouts(a, a.allProfiles(), true))
            ++used[computeSlicesUsed(a, l)];
        QCOMPARE(used, (std::map<int, int>{{7, 26}, {6, 35}, {5, 15}, {4, 2}}));
        used.clear();
        for (const auto& l : enumerateLayouts(a, a.classicProfiles(), true))
            ++used[computeSlicesUsed(a, l)];
        QCOMPARE(used, (std::map<int, int>{{7, 16}, {6, 3}}));  // the three with 3g@0
    }

    void computeSlicesFollowThePosition()
    {
        const MigGpuType& a = gpu("A100-40GB");
        QCOMPARE(computeSliceMask(a, layout(a, {{"3g.20gb", 0}})), 0b0000111u);  // memory 0-3, compute 0-2
        QCOMPARE(memorySliceMask(a, layout(a, {{"3g.20gb", 0}})), 0b00001111u);
        QCOMPARE(computeSliceMask(a, layout(a, {{"3g.20gb", 4}})), 0b1110000u);
        QCOMPARE(computeSliceMask(a, layout(a, {{"4g.20gb", 0}})), 0b0001111u);
        QCOMPARE(computeSliceMask(a, layout(a, {{"7g.40gb", 0}})), 0b1111111u);
        QCOMPARE(computeSliceMask(a, layout(a, {{"1g.10gb", 2}})), 0b0000100u);
        QCOMPARE(memorySliceMask(a, layout(a, {{"1g.10gb", 2}})), 0b00001100u);
        QCOMPARE(computeSlicesUsed(a, layout(a, {{"3g.20gb", 0}, {"3g.20gb", 4}})), 6);
        QCOMPARE(computeSlicesUsed(a, layout(a, {{"4g.20gb", 0}, {"3g.20gb", 4}})), 7);
        QCOMPARE(computeSlicesUsed(a, MigLayout{}), 0);
    }

    void strandedSlices()
    {
        const MigGpuType& a = gpu("A100-40GB");
        QCOMPARE(strandedComputeSlices(a, layout(a, {{"3g.20gb", 0}, {"3g.20gb", 4}})), 1);
        // Compute 3 is lost as soon as 3g sits at 0: every instance that could use it needs memory 3.
        QCOMPARE(strandedComputeSlices(a, layout(a, {{"3g.20gb", 0}})), 1);
        QCOMPARE(strandedComputeSlices(a, layout(a, {{"4g.20gb", 0}, {"3g.20gb", 4}})), 0);
        QCOMPARE(strandedComputeSlices(a, layout(a, {{"1g.10gb", 0}, {"1g.10gb", 2}, {"1g.10gb", 4}, {"1g.10gb", 6}})), 3);
        QCOMPARE(strandedComputeSlices(a, layout(a, {{"1g.10gb", 6}})), 0);  // 1g.5gb could still use 0-5
        QCOMPARE(strandedComputeSlices(a, layout(a, {{"2g.10gb", 0}, {"1g.10gb", 2}, {"1g.10gb", 4}, {"1g.10gb", 6}})), 2);
        QCOMPARE(strandedComputeSlices(a, MigLayout{}), 0);
        QCOMPARE(strandedComputeSlices(gpu("A30"), MigLayout{}), 0);
        // Over the 78 maximal layouts, stranded + used is all 7 slices: nothing free is still usable.
        for (const auto& l : enumerateLayouts(a, a.allProfiles(), true))
            QCOMPARE(strandedComputeSlices(a, l) + computeSlicesUsed(a, l), 7);
    }

    void invalidLayoutsAreRejectedWithTheirReason_data()
    {
        QTest::addColumn<QString>("gpuName");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("reasonParts");
        QTest::newRow("bad start 3g@2") << "A100-40GB" << "3g.20gb@2"
                                        << QStringList{"3g.20gb@2", "start 2", "allowed: 0, 4"};
        QTest::newRow("bad start 2g@6") << "A100-40GB" << "2g.10gb@6" << QStringList{"2g.10gb@6", "allowed: 0, 2, 4"};
        QTest::newRow("bad start 1g.10gb@1") << "A100-40GB" << "1g.10gb@1" << QStringList{"1g.10gb@1", "start 1"};
        QTest::newRow("bad start 4g@4") << "A100-40GB" << "4g.20gb@4" << QStringList{"4g.20gb@4", "allowed: 0"};
        QTest::newRow("bad start A30 2g@1") << "A30" << "2g.12gb@1" << QStringList{"2g.12gb@1", "allowed: 0, 2"};
        QTest::newRow("overlap 3g@0 1g@3") << "A100-40GB" << "3g.20gb@0 1g.5gb@3"
                                           << QStringList{"1g.5gb@3", "overlap", "3g.20gb@0", "slice 3"};
        QTest::newRow("overlap 7g 1g") << "A100-40GB" << "7g.40gb@0 1g.5gb@6" << QStringList{"overlap", "7g.40gb@0"};
        QTest::newRow("overlap 1g.10gb@2 1g.5gb@3") << "A100-40GB" << "1g.10gb@2 1g.5gb@3"
                                                    << QStringList{"1g.5gb@3", "overlap", "1g.10gb@2"};
        QTest::newRow("overlap same start") << "A100-40GB" << "1g.5gb@2 1g.5gb@2" << QStringList{"overlap", "1g.5gb@2"};
        QTest::newRow("overlap 4g 3g@0") << "A100-40GB" << "4g.20gb@0 3g.20gb@0" << QStringList{"overlap"};
        QTest::newRow("two 1g.5gb+me") << "A100-40GB" << "1g.5gb+me@0 1g.5gb+me@1"
                                       << QStringList{"1g.5gb+me", "2 instances", "at most 1 per GPU"};
        QTest::newRow("two H100 1g.10gb+me") << "H100-80GB" << "1g.10gb+me@3 1g.10gb+me@6"
                                             << QStringList{"1g.10gb+me", "at most 1 per GPU"};
        QTest::newRow("two A30 2g.12gb+me") << "A30" << "2g.12gb+me@0 2g.12gb+me@2"
                                            << QStringList{"2g.12gb+me", "at most 1 per GPU"};
        QTest::newRow("A30 two different +me") << "A30" << "1g.6gb+me@0 2g.12gb+me@2"
                                               << QStringList{"2g.12gb+me@2", "second media-extension", "1g.6gb+me@0", "at most one per GPU"};
        QTest::newRow("unknown profile") << "A100-40GB" << "1g.6gb@0" << QStringList{"1g.6gb", "A100-40GB has no profile"};
        QTest::newRow("unknown profile, other GPU's name") << "A30" << "3g.20gb@0"
                                                           << QStringList{"A30 has no profile \"3g.20gb\""};
        QTest::newRow("start not a number") << "A100-40GB" << "1g.5gb@x" << QStringList{"1g.5gb@x", "0 to 7"};
        QTest::newRow("start past the GPU") << "A30" << "1g.6gb@4" << QStringList{"1g.6gb@4", "0 to 3"};
        QTest::newRow("start negative") << "A100-40GB" << "1g.5gb@-1" << QStringList{"0 to 7"};
        QTest::newRow("no start") << "A100-40GB" << "1g.5gb" << QStringList{"not PROFILE@START"};
    }

    void invalidLayoutsAreRejectedWithTheirReason()
    {
        QFETCH(QString, gpuName);
        QFETCH(QString, text);
        QFETCH(QStringList, reasonParts);
        const MigGpuType& type = gpu(qPrintable(gpuName));
        QString reason;
        try {
            parseLayout(type, text.toStdString(), ' ');
            QFAIL("accepted");
        } catch (const std::invalid_argument& e) {
            reason = QString::fromUtf8(e.what());
        }
        for (const auto& part : reasonParts)
            QVERIFY2(reason.contains(part), qPrintable(reason + " lacks " + part));
    }

    void layoutProblemChecksTheStructureDirectly()
    {
        const MigGpuType& a = gpu("A100-40GB");
        // An index past the table: the reason says so rather than reading out of bounds.
        MigLayout unknown{{{uint16_t(a.profiles().size()), 0}}};
        const auto problem = layoutProblem(a, unknown);
        QVERIFY(problem);
        QVERIFY2(problem->find("no profile number") != std::string::npos, problem->c_str());
        QVERIFY(!canAdd(a, MigLayout{}, uint16_t(a.profiles().size()), 0));
        // Order does not matter to the check; the overlap is found either way.
        QVERIFY(layoutProblem(a, MigLayout{{{profileOf(a, "1g.5gb"), 3}, {profileOf(a, "3g.20gb"), 0}}}));
        QVERIFY(!layoutProblem(a, MigLayout{{{profileOf(a, "3g.20gb"), 4}, {profileOf(a, "4g.20gb"), 0}}}));
        QVERIFY(!layoutProblem(a, MigLayout{}));
        // One +me among plain 1g instances is fine; the max # of the plain profile still holds.
        QVERIFY(!layoutProblem(a, parseLayout(a, "1g.5gb+me@0 1g.5gb@1 1g.5gb@2 1g.5gb@3 1g.5gb@4 1g.5gb@5 1g.5gb@6")));
        QVERIFY(!canAdd(a, layout(a, {{"1g.5gb+me", 0}}), profileOf(a, "1g.5gb+me"), 1));
        QVERIFY(canAdd(a, layout(a, {{"1g.5gb+me", 0}}), profileOf(a, "1g.5gb"), 1));
        QVERIFY(!canAdd(a, layout(a, {{"3g.20gb", 0}}), profileOf(a, "1g.5gb"), 3));
        QVERIFY(!canAdd(a, layout(a, {{"3g.20gb", 0}}), profileOf(a, "3g.20gb"), 2));
        QVERIFY(canAdd(a, layout(a, {{"3g.20gb", 0}}), profileOf(a, "3g.20gb"), 4));
    }

    void textRoundTrip()
    {
        for (const std::string& name : MigGpuType::names()) {
            const MigGpuType& type = gpu(name.c_str());
            for (const auto& l : enumerateLayouts(type, type.allProfiles(), false)) {
                QCOMPARE(parseLayout(type, layoutText(type, l), ' '), l);
                QCOMPARE(parseLayout(type, layoutText(type, l, ';'), ';'), l);
            }
        }
        const MigGpuType& a = gpu("A100-40GB");
        // Parsed instances come back sorted by start; empty fields are skipped.
        QCOMPARE(layoutText(a, parseLayout(a, " 1g.5gb@6  3g.20gb@0 ", ' ')), std::string("3g.20gb@0 1g.5gb@6"));
        QCOMPARE(parseLayout(a, "", ' '), MigLayout{});
        QCOMPARE(layoutText(a, layout(a, {{"2g.10gb", 0}, {"1g.5gb", 2}}), ','), std::string("2g.10gb@0,1g.5gb@2"));
    }

    void reconfigurationCost()
    {
        const std::vector<PlacedInstance> before = {{4, 0, 1}, {3, 4, 2}, {0, 6, 3}};
        // Nothing changes: nothing charged.
        auto same = tessera::reconfigurationCost(before, before, 5);
        QCOMPARE(same.kept, 3);
        QCOMPARE(same.created + same.destroyed, 0);
        QCOMPARE(same.delaySeconds, 0.0);
        // Kept is by (tag, profile, start), whatever the order.
        const std::vector<PlacedInstance> reordered = {before[2], before[0], before[1]};
        QCOMPARE(tessera::reconfigurationCost(before, reordered, 5).kept, 3);
        // One instance serves another class: it is destroyed and created again.
        std::vector<PlacedInstance> retagged = before;
        retagged[2].tag = 9;
        auto c = tessera::reconfigurationCost(before, retagged, 5);
        QCOMPARE(c.kept, 2);
        QCOMPARE(c.destroyed, 1);
        QCOMPARE(c.created, 1);
        QCOMPARE(c.delaySeconds, 10.0);
        // Moved start and changed profile count too; the delay scales with the parameter.
        const std::vector<PlacedInstance> after = {{4, 0, 1}, {3, 2, 2}, {0, 4, 3}, {0, 5, 3}, {0, 6, 3}};
        c = tessera::reconfigurationCost(before, after, 2.5);
        QCOMPARE(c.kept, 2);  // {4,0,1} and {0,6,3}
        QCOMPARE(c.destroyed, 1);
        QCOMPARE(c.created, 3);
        QCOMPARE(c.delaySeconds, 10.0);
        // Duplicates match as multisets: two identical before, one after keeps one.
        const std::vector<PlacedInstance> twice = {{0, 1, 7}, {0, 1, 7}};
        c = tessera::reconfigurationCost(twice, std::span(twice).first(1), 5);
        QCOMPARE(c.kept, 1);
        QCOMPARE(c.destroyed, 1);
        QCOMPARE(c.created, 0);
        // From nothing and to nothing.
        c = tessera::reconfigurationCost({}, before, 5);
        QCOMPARE(c.created, 3);
        QCOMPARE(c.delaySeconds, 15.0);
        c = tessera::reconfigurationCost(before, {}, 5);
        QCOMPARE(c.destroyed, 3);
        QCOMPARE(c.kept, 0);
    }

    void startPreferenceTable()
    {
        const MigGpuType& a = gpu("A100-40GB");
        QCOMPARE(startPreference(a, profileOf(a, "7g.40gb")), std::vector<int>({0}));
        QCOMPARE(startPreference(a, profileOf(a, "4g.20gb")), std::vector<int>({0}));
        QCOMPARE(startPreference(a, profileOf(a, "3g.20gb")), std::vector<int>({4, 0}));
        QCOMPARE(startPreference(a, profileOf(a, "2g.10gb")), std::vector<int>({0, 2, 4}));
        QCOMPARE(startPreference(a, profileOf(a, "1g.5gb")), std::vector<int>({6, 4, 5, 0, 1, 2, 3}));
        QCOMPARE(startPreference(a, profileOf(a, "1g.10gb")), std::vector<int>({6, 4, 0, 2}));
        const MigGpuType& a30 = gpu("A30");
        QCOMPARE(startPreference(a30, profileOf(a30, "1g.6gb")), std::vector<int>({3, 2, 1, 0}));
        QCOMPARE(startPreference(a30, profileOf(a30, "2g.12gb")), std::vector<int>({0, 2}));
        // Every type and profile: a permutation of its allowed starts.
        for (const std::string& name : MigGpuType::names())
            for (uint16_t p = 0; p < gpu(name.c_str()).profiles().size(); ++p) {
                auto order = startPreference(gpu(name.c_str()), p);
                std::sort(order.begin(), order.end());
                QCOMPARE(order, gpu(name.c_str()).profile(p).starts);
            }
    }

    void firstFitDecreasingPlacesAsStep5()
    {
        const MigGpuType& a = gpu("A100-40GB");
        const uint16_t g1 = profileOf(a, "1g.5gb"), g2 = profileOf(a, "2g.10gb"), g3 = profileOf(a, "3g.20gb"),
                       g4 = profileOf(a, "4g.20gb"), g7 = profileOf(a, "7g.40gb");
        // Input in increasing size; sorted by g descending, then tag.
        const std::vector<PlacedInstance> input = {{g1, 0, 0}, {g1, 0, 1}, {g2, 0, 2}, {g3, 0, 3},
                                                   {g3, 0, 4}, {g4, 0, 5}, {g7, 0, 6}};
        const auto gpus = packFirstFitDecreasing(a, input);
        QVERIFY2(packingProblem(a, input, gpus).isEmpty(), qPrintable(packingProblem(a, input, gpus)));
        QStringList layouts;
        for (const auto& g : gpus)
            layouts << QString::fromStdString(layoutText(a, layoutOf(g)));
        // 7g alone; 4g@0 + 3g@4 (3g prefers 4); the second 3g at 4 of a new GPU, the 2g at 0 of
        // it, and the 1g's, after 6, 4 and 5 are taken, at 2 and 3 beside it.
        QCOMPARE(layouts, QStringList({"7g.40gb@0", "4g.20gb@0 3g.20gb@4", "2g.10gb@0 1g.5gb@2 1g.5gb@3 3g.20gb@4"}));
        // Tags stay with their items.
        QCOMPARE(gpus[1].instances[1].tag, 3u);
        QCOMPARE(gpus[2].instances[0].tag, 2u);
        QCOMPARE(gpus[2].instances[1].tag, 0u);
        QCOMPARE(gpus[2].instances[3].tag, 4u);
        // Single 1g's fill 6, then 4, 5, 0... on one GPU.
        QStringList ones;
        for (const auto& g : packFirstFitDecreasing(a, items({{g1, 3}})))
            ones << QString::fromStdString(layoutText(a, layoutOf(g)));
        QCOMPARE(ones, QStringList({"1g.5gb@4 1g.5gb@5 1g.5gb@6"}));
        QVERIFY(packFirstFitDecreasing(a, {}).empty());
    }

    void packersOnRandomDemands_data()
    {
        QTest::addColumn<QString>("gpuName");
        QTest::addColumn<QString>("set");
        QTest::addColumn<int>("maxEach");
        QTest::addColumn<int>("demands");
        QTest::addColumn<int>("minMatches");
        // Spec 2.2 Step 5: 299 of 300 random demands (0-3 of each classic size) matched the optimum.
        QTest::newRow("A100-40GB classic 0-3") << "A100-40GB" << "classic" << 3 << 300 << 290;
        QTest::newRow("A100-80GB all 0-3") << "A100-80GB" << "all" << 3 << 300 << 270;
        QTest::newRow("A30 0-5") << "A30" << "classic" << 5 << 200 << 195;
        QTest::newRow("H100 classic 0-8") << "H100-80GB" << "classic" << 8 << 60 << 55;
    }

    void packersOnRandomDemands()
    {
        QFETCH(QString, gpuName);
        QFETCH(QString, set);
        QFETCH(int, maxEach);
        QFETCH(int, demands);
        const MigGpuType& type = gpu(qPrintable(gpuName));
        const auto profiles = profileSet(type, set);
        std::mt19937_64 rng(20261124);
        int matches = 0;
        for (int d = 0; d < demands; ++d) {
            std::vector<std::pair<uint16_t, int>> demand;
            for (uint16_t p : profiles)
                demand.emplace_back(p, int(rng() % uint64_t(maxEach + 1)));
            const auto input = items(demand);
            const auto ffd = packFirstFitDecreasing(type, input);
            const auto best = packOptimally(type, input);
            QVERIFY2(packingProblem(type, input, ffd).isEmpty(), qPrintable(packingProblem(type, input, ffd)));
            QVERIFY2(packingProblem(type, input, best).isEmpty(), qPrintable(packingProblem(type, input, best)));
            QVERIFY(best.size() <= ffd.size());
            // No packing beats the memory bound.
            int memory = 0;
            for (const auto& i : input)
                memory += type.profile(i.profile).memorySlices;
            QVERIFY(int(best.size()) * type.memorySlices() >= memory);
            matches += ffd.size() == best.size();
        }
        QFETCH(int, minMatches);
        qInfo("first fit matched the optimum on %d of %d demands", matches, demands);
        QVERIFY2(matches >= minMatches, qPrintable(QStringLiteral("%1 of %2 matched").arg(matches).arg(demands)));
    }

    void optimumAgreesWithBruteForce()
    {
        for (const char* name : {"A100-40GB", "A30"}) {
            const MigGpuType& type = gpu(name);
            const auto profiles = profileSet(type, "all");
            std::mt19937_64 rng(7);
            for (int d = 0; d < 60; ++d) {
                std::vector<std::pair<uint16_t, int>> demand;
                int total = 0;
                for (uint16_t p : profiles) {
                    const int n = total >= 7 ? 0 : int(rng() % 3);
                    total += n;
                    demand.emplace_back(p, n);
                }
                const auto input = items(demand);
                QCOMPARE(int(packOptimally(type, input).size()), bruteForceGpuCount(type, input));
            }
        }
    }

    void optimumKnownCases()
    {
        const MigGpuType& a = gpu("A100-40GB");
        const uint16_t g1 = profileOf(a, "1g.5gb"), g2 = profileOf(a, "2g.10gb"), g3 = profileOf(a, "3g.20gb"),
                       g7 = profileOf(a, "7g.40gb");
        // 2 x 1g, 3 x 2g, 2 x 3g: first fit puts the two 3g together and needs 3 GPUs; 2 suffice
        // (2g 2g 3g | 2g 1g 1g 3g).
        const auto input = items({{g1, 2}, {g2, 3}, {g3, 2}});
        QCOMPARE(packFirstFitDecreasing(a, input).size(), size_t(3));
        const auto best = packOptimally(a, input);
        QCOMPARE(best.size(), size_t(2));
        QVERIFY(packingProblem(a, input, best).isEmpty());
        // 7g never shares; a lone 7g demand is one GPU each.
        QCOMPARE(packOptimally(a, items({{g7, 5}})).size(), size_t(5));
        QCOMPARE(packOptimally(a, items({{g7, 2}, {g1, 7}})).size(), size_t(3));
        QVERIFY(packOptimally(a, {}).empty());
        // Large demands stay cheap for 7-slice types with few profiles...
        QCOMPARE(packOptimally(a, items({{g1, 70}, {g7, 40}})).size(), size_t(50));
        // ...and the state limit is a clear error, not a hang.
        QVERIFY_THROWS_EXCEPTION(std::length_error, packOptimally(a, items({{g1, 30}, {g2, 30}, {g3, 30}}), 100));
    }
};

QTEST_APPLESS_MAIN(MigLayoutsTest)
#include "tst_miglayouts.moc"
