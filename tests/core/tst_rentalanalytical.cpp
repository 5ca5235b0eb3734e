// A simulated BOA run against the analytical model (training-boa-pal.md A2, A4, reproduction
// targets): 10^5 jobs, Poisson arrivals, exponential sizes, no cap; the mean JCT and the average
// rented GPUs must match E[T] = (1/lambda) sum rho_i / s_i(k_i) and B = sum rho_i k_i / s_i(k_i)
// within 2%, both computed here from the widths given to the policy.
#include "training/AmdahlSpeedup.h"
#include "training/PowerLawSpeedup.h"
#include "training/rent/BoaPolicy.h"
#include "training/rent/PoissonRentalWorkload.h"
#include "training/rent/RentalMetrics.h"
#include "training/rent/RentalSimulation.h"

#include <QTest>

#include <cmath>
#include <memory>

using namespace tessera;

namespace {

// The Fig. 1 setting: Amdahl p = 0.8 and sqrt(k), lambda_i = 0.4, E[X_i] = 1.
std::vector<JobType> figureOneTypes()
{
    JobType amdahl{"amdahl-0.8", 0.4, 1, std::make_shared<AmdahlSpeedup>(0.8), 64};
    JobType sqrtLaw{"sqrt", 0.4, 1, std::make_shared<PowerLawSpeedup>(0.5), 64};
    return {amdahl, sqrtLaw};
}

struct Analytical {
    double meanJct = 0;
    double budget = 0;
};

// A two-point width is two fixed widths over shares q and 1 - q of the type's jobs; an integer
// mix of a fractional point is the same rule once more.
Analytical analytical(const std::vector<JobType>& types, const std::vector<std::vector<std::pair<double, double>>>& points)
{
    Analytical a;
    double lambda = 0;
    for (size_t i = 0; i < types.size(); ++i) {
        lambda += types[i].arrivalRate;
        for (const auto& [share, k] : points[i]) {
            const double s = (*types[i].speedup)(k);
            a.meanJct += share * types[i].load() / s;
            a.budget += share * types[i].load() * k / s;
        }
    }
    a.meanJct /= lambda;
    return a;
}

void checkWithinTwoPercent(const RentalResult& r, const Analytical& a)
{
    const RentalSummary s = summariseRental(r, a.budget);
    qInfo("E[T] simulated %.5f analytical %.5f; B simulated %.5f analytical %.5f", s.meanJctS, a.meanJct,
          s.averageRented, a.budget);
    QVERIFY(std::abs(s.meanJctS / a.meanJct - 1) < 0.02);
    QVERIFY(std::abs(s.averageRented / a.budget - 1) < 0.02);
    QVERIFY(s.withinBudget);
}

}  // namespace

class TestRentalAnalytical : public QObject {
    Q_OBJECT

private slots:
    void timeSharedFractionalWidthsMatchTheModel()
    {
        const auto types = figureOneTypes();
        const RentalWorkload w = poissonRentalWorkload(types, 100000, 2026);
        // Amdahl on 2.5 GPUs (time-shared); sqrt on a 40/60 mix of 1 and 4.
        BoaPolicy policy({{2.5, 2.5, 1}, {1, 4, 0.4}}, WidthRealisation::TimeShare);
        const RentalResult r = RentalSimulation(w).run(policy);
        checkWithinTwoPercent(r, analytical(types, {{{1, 2.5}}, {{0.4, 1}, {0.6, 4}}}));
    }

    void integerMixMatchesItsOwnModel()
    {
        const auto types = figureOneTypes();
        const RentalWorkload w = poissonRentalWorkload(types, 100000, 7);
        BoaPolicy policy({{2.5, 2.5, 1}, {1.5, 1.5, 1}}, WidthRealisation::IntegerMix);
        const RentalResult r = RentalSimulation(w).run(policy);
        const Analytical mixed = analytical(types, {{{0.5, 2}, {0.5, 3}}, {{0.5, 1}, {0.5, 2}}});
        checkWithinTwoPercent(r, mixed);
        // The same mean widths time-shared are faster (s is concave): the integer mix's cost.
        const Analytical fractional = analytical(types, {{{1, 2.5}}, {{1, 1.5}}});
        QVERIFY(fractional.meanJct < mixed.meanJct);
        QVERIFY(std::abs(fractional.budget / mixed.budget - 1) < 0.05);
    }
};

QTEST_GUILESS_MAIN(TestRentalAnalytical)
#include "tst_rentalanalytical.moc"
