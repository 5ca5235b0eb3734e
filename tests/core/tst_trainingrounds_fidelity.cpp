// The round scheduler against the PAL artifact's A1 setup (training-boa-pal.md B6 and the
// reproduction targets): the 8 Sia-Philly traces on 16 x 4 GPUs, FIFO, R = 360 s, L = 1.7, the
// seed-42 variability table (../shared/reference/pal-variability/ holds it), binned by B3's rule.
// The average-JCT improvement over Default-Packed-S (packed-sticky) must match the reviewer's
// prototype of these rules to its published precision (PAL 42.9%, PM-First 40.9%; against
// Packed-NS 36.2% and 34.0%; per-trace ranges 5.4..62.4% and -5.5..62.3%), which puts both
// within the issue's +-3 points of the published 43% and 40%.
//
// Everything comes through the project's own code: the traces through loadJobs, the seed-42
// table drawn from the measured profiles (training-boa-pal.md B1) and binned by B3's rule, both
// handed to the scheduler by RoundInputs.
#include "support/SharedData.h"
#include "training/JobFile.h"
#include "training/VariabilityDraw.h"
#include "training/VariabilityProfiles.h"
#include "training/rounds/RoundInputs.h"
#include "training/rounds/RoundSimulation.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tessera;
using namespace tessera::rounds;

namespace {

// 16 x 4 GPUs scored by PAL's seed-42 draws, each class binned as B3 says.
RoundCluster seed42Cluster()
{
    const auto profiles =
        loadVariabilityProfiles(test::sharedPath("traces/pal-sia-philly/variability"));
    return roundClusterOf(drawVariability(profiles, 64, 42), 16, 4);
}

std::vector<RoundJob> philly(int workload)
{
    return roundJobsOf(
        loadJobs(test::sharedPath(QString("traces/pal-sia-philly/philly/workload-%1.csv").arg(workload)))
            .jobs);
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
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/variability/profiles.json");
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
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/variability/profiles.json");
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
