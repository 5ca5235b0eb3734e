// The round scheduler against the PAL artifact's A1 setup (training-boa-pal.md B6 and the
// reproduction targets): the 8 Sia-Philly traces on 16 x 4 GPUs, FIFO, R = 360 s, L = 1.7, the
// seed-42 variability table of ../shared/reference/pal-variability/, binned as B3's table says.
// The average-JCT improvement over Default-Packed-S (packed-sticky) must match the reviewer's
// prototype of these rules to its published precision (PAL 42.9%, PM-First 40.9%; against
// Packed-NS 36.2% and 34.0%; per-trace ranges 5.4..62.4% and -5.5..62.3%), which puts both
// within the issue's +-3 points of the published 43% and 40%.
//
// The binning (B3) and the trace loader belong to the training-job model; this test only needs
// the bins' membership, which B3's table fixes by counts (1-D k-means clusters are contiguous in
// sorted order), and reads the traces' five columns directly.
#include "support/SharedData.h"
#include "io/CsvTable.h"
#include "training/rounds/RoundSimulation.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

using namespace tessera;
using namespace tessera::rounds;

namespace {

// PerfVar per class from the fixture, and each class's bins by size in ascending order (B3).
RoundCluster seed42Cluster()
{
    LoadWarnings warnings;
    const auto table = CsvTable::read(test::sharedPath("reference/pal-variability/perfvar-seed42.csv"), {}, warnings);
    RoundCluster cluster = RoundCluster::uniform(16, 4);
    const std::vector<std::vector<size_t>> binSizes{{51, 12, 1}, {44, 20}, {31, 33}, {7, 57}};
    const char* columns[] = {"PerfVar_classA", "PerfVar_classB", "PerfVar_classC", "PerfVar_classD"};
    for (uint32_t c = 0; c < kRoundClasses; ++c) {
        const int column = table.column(columns[c]);
        auto& x = cluster.perfVar[c];
        for (size_t g = 0; g < table.rows().size(); ++g)
            x[g] = std::stod(table.rows()[g].fields.at(size_t(column)));
        std::vector<uint32_t> byScore(x.size());
        std::iota(byScore.begin(), byScore.end(), 0u);
        std::stable_sort(byScore.begin(), byScore.end(), [&](uint32_t a, uint32_t b) { return x[a] < x[b]; });
        // Centroids of the contiguous bins; sf = centroid / median of the centroids.
        std::vector<double> centroids;
        std::vector<uint32_t> binOf(x.size());
        size_t at = 0;
        for (size_t size : binSizes[c]) {
            double sum = 0;
            for (size_t i = at; i < at + size; ++i) {
                sum += x[byScore[i]];
                binOf[byScore[i]] = uint32_t(centroids.size());
            }
            centroids.push_back(sum / double(size));
            at += size;
        }
        const size_t k = centroids.size();
        const double median = k % 2 ? centroids[k / 2] : (centroids[k / 2 - 1] + centroids[k / 2]) / 2;
        for (size_t g = 0; g < x.size(); ++g)
            cluster.binnedSf[c][g] = centroids[binOf[g]] / median;
    }
    return cluster;
}

// B1's model table: class and t_iter (the prototype's unrounded values).
std::vector<RoundJob> philly(int workload)
{
    static const std::map<std::string, std::pair<uint32_t, double>> models{
        {"resnet50", {0, 0.17540429367763434}}, {"vgg19", {2, 0.300610341}}, {"PointNet", {3, 0.28125}},
        {"GPT2", {1, 3.5714}},                  {"DCGAN", {1, 0.0469266931}}, {"BERT", {1, 0.179}}};
    LoadWarnings warnings;
    const auto table = CsvTable::read(
        test::sharedPath(QString("traces/pal-sia-philly/philly/workload-%1.csv").arg(workload)), {}, warnings);
    const auto c = table.columnIndices({"job_id", "num_gpus", "submit_time", "duration", "model"}, {});
    std::vector<RoundJob> jobs;
    for (const auto& row : table.rows()) {
        const auto& model = models.at(row.fields.at(size_t(c[4])));
        jobs.push_back(RoundJob{uint32_t(std::stoul(row.fields[size_t(c[0])])), std::stod(row.fields[size_t(c[2])]),
                                uint32_t(std::stoul(row.fields[size_t(c[1])])), model.first, model.second,
                                std::stod(row.fields[size_t(c[3])])});
    }
    return jobs;
}

double meanJct(const std::vector<RoundJob>& jobs, const RoundCluster& cluster, RoundPlacement placement)
{
    return RoundSimulation(jobs, cluster, RoundParameters{360, 1.7, RoundScheduler::Fifo, placement, 42})
        .run()
        .summary.meanJctS;
}

double percent(double ratio) { return 100.0 * (1.0 - ratio); }

}  // namespace

class TestTrainingRoundsFidelity : public QObject {
    Q_OBJECT

private slots:
    void binsMatchTheSpecTable()
    {
        TESSERA_REQUIRE_SHARED("reference/pal-variability/perfvar-seed42.csv");
        const auto cluster = seed42Cluster();
        // B3: classA 0.913 / 1.0 / 2.595 (GPU 35 alone), classD 0.985 / 1.015.
        QCOMPARE(std::round(cluster.binnedSf[0][35] * 1000) / 1000, 2.595);
        QCOMPARE(palTraversalOrder(cluster.binnedSf[0], 1.7).size(), size_t(6));
        const auto& d = cluster.binnedSf[3];
        QCOMPARE(std::round(*std::min_element(d.begin(), d.end()) * 1000) / 1000, 0.985);
        QCOMPARE(std::round(*std::max_element(d.begin(), d.end()) * 1000) / 1000, 1.015);
    }

    void a1GeomeanImprovementsMatchThePrototype()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly/workload-8.csv");
        TESSERA_REQUIRE_SHARED("reference/pal-variability/perfvar-seed42.csv");
        const auto cluster = seed42Cluster();
        double logPalS = 0, logPmS = 0, logPalNs = 0, logPmNs = 0;
        double palMin = 100, palMax = -100, pmMin = 100, pmMax = -100;
        for (int w = 1; w <= 8; ++w) {
            const auto jobs = philly(w);
            QCOMPARE(jobs.size(), size_t(160));
            const double sticky = meanJct(jobs, cluster, RoundPlacement::PackedSticky);
            const double nonSticky = meanJct(jobs, cluster, RoundPlacement::Packed);
            const double pal = meanJct(jobs, cluster, RoundPlacement::Pal);
            const double pm = meanJct(jobs, cluster, RoundPlacement::PmFirst);
            logPalS += std::log(pal / sticky);
            logPmS += std::log(pm / sticky);
            logPalNs += std::log(pal / nonSticky);
            logPmNs += std::log(pm / nonSticky);
            palMin = std::min(palMin, percent(pal / sticky));
            palMax = std::max(palMax, percent(pal / sticky));
            pmMin = std::min(pmMin, percent(pm / sticky));
            pmMax = std::max(pmMax, percent(pm / sticky));
        }
        const auto near = [](double value, double target) { return std::abs(value - target) < 0.05 + 1e-9; };
        const double palS = percent(std::exp(logPalS / 8)), pmS = percent(std::exp(logPmS / 8));
        const double palNs = percent(std::exp(logPalNs / 8)), pmNs = percent(std::exp(logPmNs / 8));
        const QString figures = QString("PAL %1 / %2, PM-First %3 / %4 (vs Packed-S / Packed-NS); PAL range %5..%6, "
                                        "PM-First range %7..%8")
                                    .arg(palS).arg(palNs).arg(pmS).arg(pmNs).arg(palMin).arg(palMax).arg(pmMin).arg(pmMax);
        QVERIFY2(near(palS, 42.9) && near(pmS, 40.9), qPrintable(figures));
        QVERIFY2(near(palNs, 36.2) && near(pmNs, 34.0), qPrintable(figures));
        QVERIFY2(near(palMin, 5.4) && near(palMax, 62.4) && near(pmMin, -5.5) && near(pmMax, 62.3), qPrintable(figures));
        QVERIFY2(std::abs(palS - 43) <= 3 && std::abs(pmS - 40) <= 3, qPrintable(figures));
    }
};

QTEST_APPLESS_MAIN(TestTrainingRoundsFidelity)
#include "tst_trainingrounds_fidelity.moc"
