// PAL's binning (core/training, training-boa-pal.md B3): the seed-42 table
// gives exactly the spec's bins whatever the k-means seed, outliers get bins of their own, the
// optional silhouette search and k-means itself (the traversal order is tested with the scheduler).
#include "support/SharedData.h"
#include "training/KMeans1D.h"
#include "training/SlowdownBinning.h"
#include "training/VariabilityDraw.h"
#include "training/VariabilityTableFile.h"

#include <QTest>

#include <cmath>

using namespace tessera;

namespace {

double round3(double v) { return std::round(v * 1000) / 1000; }

struct ExpectedBins {
    JobClass jobClass;
    std::vector<double> levels;  // to 3 decimals
    std::vector<int> counts;
};

// B3's table for the seed-42 draws.
const std::vector<ExpectedBins> kSeed42Bins{
    {JobClass::A, {0.913, 1.0, 2.595}, {51, 12, 1}},
    {JobClass::B, {0.985, 1.015}, {44, 20}},
    {JobClass::C, {0.988, 1.012}, {31, 33}},
    {JobClass::D, {0.985, 1.015}, {7, 57}},
};

void checkSeed42Bins(const VariabilityTable& table)
{
    for (const ExpectedBins& expected : kSeed42Bins) {
        const auto scores = table.column(expected.jobClass);
        for (uint64_t seed = 0; seed < 25; ++seed) {
            const SlowdownBins bins = binSlowdowns(scores, BinCountRule::Reference, seed);
            QCOMPARE(bins.levels.size(), expected.levels.size());
            for (size_t l = 0; l < bins.levels.size(); ++l) {
                QCOMPARE(round3(bins.levels[l]), expected.levels[l]);
                QCOMPARE(bins.counts[l], expected.counts[l]);
            }
            QCOMPARE(bins.sf.size(), size_t(64));
            QCOMPARE(bins.clusters, int(expected.levels.size()));
        }
    }
    // Class A: GPU 35 is the only outlier, alone in the slowest bin.
    const SlowdownBins a = binSlowdowns(table.column(JobClass::A));
    QCOMPARE(a.outliers, 1);
    for (int g = 0; g < 64; ++g)
        QCOMPARE(a.sf[size_t(g)] == a.levels.back(), g == 35);
}

}  // namespace

class TestSlowdownBinning : public QObject {
    Q_OBJECT

private slots:
    void referenceTableGivesTheSpecsBins()
    {
        TESSERA_REQUIRE_SHARED("reference/pal-variability");
        checkSeed42Bins(loadVariabilityTable(test::sharedPath("reference/pal-variability/perfvar-seed42.csv")));
    }

    void drawnSeed42TableGivesTheSpecsBins()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/variability");
        const auto profiles = loadVariabilityProfiles(test::sharedPath("traces/pal-sia-philly/variability"));
        checkSeed42Bins(drawVariability(profiles, 64, 42));
    }

    void handMadeClusters()
    {
        // Two groups, no outlier: K = 2, sf = centroid / mean of the two centroids.
        const std::vector<double> two{1.0, 1.1, 1.0, 1.1, 1.0, 1.1, 1.0, 1.1};
        const SlowdownBins b = binSlowdowns(two);
        QCOMPARE(b.outliers, 0);
        QCOMPARE(b.clusters, 2);
        QCOMPARE(b.levels, (std::vector<double>{1.0 / 1.05, 1.1 / 1.05}));
        QCOMPARE(b.counts, (std::vector<int>{4, 4}));
        QCOMPARE(b.sf[1], 1.1 / 1.05);

        // One far outlier: K = 3; the median centroid is the middle one.
        std::vector<double> withOutlier;
        for (int i = 0; i < 20; ++i)
            withOutlier.push_back(i % 2 ? 1.02 : 0.98);
        withOutlier.push_back(5.0);
        const SlowdownBins o = binSlowdowns(withOutlier);
        QCOMPARE(o.outliers, 1);
        QCOMPARE(o.clusters, 3);
        QCOMPARE(o.counts, (std::vector<int>{10, 10, 1}));
        QCOMPARE(o.levels[1], 1.0);
        QCOMPARE(o.levels[2], 5.0 / 1.02);

        // No variability: one level, 1.0.
        const SlowdownBins flat = binSlowdowns(std::vector<double>(16, 1.0));
        QCOMPARE(flat.levels, std::vector<double>{1.0});
        QCOMPARE(flat.counts, std::vector<int>{16});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, binSlowdowns({}));
    }

    void silhouetteSearchFindsThreeGroups()
    {
        std::vector<double> three;
        for (int i = 0; i < 30; ++i)
            three.push_back(1.0 + 0.2 * (i % 3) + 0.001 * (i % 5));
        QCOMPARE(binSlowdowns(three, BinCountRule::Reference).clusters, 2);
        const SlowdownBins s = binSlowdowns(three, BinCountRule::Silhouette);
        QCOMPARE(s.clusters, 3);
        QCOMPARE(s.counts, (std::vector<int>{10, 10, 10}));
    }

    void kmeansFindsTheBestOfItsRuns()
    {
        const std::vector<double> x{0, 0.1, 0.2, 5, 5.1, 9, 9.2};
        const KMeansResult r = kmeans1d(x, 3, 1);
        QCOMPARE(r.centroids.size(), size_t(3));
        QCOMPARE(r.centroids[0], 0.1);
        QCOMPARE(r.centroids[1], 5.05);
        QCOMPARE(r.centroids[2], 9.1);
        QCOMPARE(r.labels, (std::vector<int>{0, 0, 0, 1, 1, 2, 2}));
        QVERIFY(std::abs(r.inertia - (0.01 + 0 + 0.01 + 0.0025 * 2 + 0.01 * 2)) < 1e-12);
        // More clusters than distinct values: as many as there are.
        QCOMPARE(kmeans1d({1, 1, 2}, 3, 1).centroids, (std::vector<double>{1, 2}));
        // Silhouette of a perfect two-group split of equal spread.
        QVERIFY(silhouetteScore({0, 0, 10, 10}, {0, 0, 1, 1}, 2) == 1.0);
    }
};

QTEST_APPLESS_MAIN(TestSlowdownBinning)
#include "tst_slowdownbinning.moc"
