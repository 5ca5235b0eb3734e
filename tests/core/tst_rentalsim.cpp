// The rental event simulation and its policies (core/training/rent, training-boa-pal.md A2, A4,
// A6): hand-checked event times for every policy, the cap's FIFO queue, budget accounting and
// holding the baselines to a budget, determinism, and bad inputs.
#include "training/AmdahlSpeedup.h"
#include "training/CappedLinearSpeedup.h"
#include "training/PowerLawSpeedup.h"
#include "training/rent/AutoscalePolicy.h"
#include "training/rent/BoaPolicy.h"
#include "training/rent/FixedWidthPolicy.h"
#include "training/rent/GreedyPolicy.h"
#include "training/rent/HesrptPolicy.h"
#include "training/rent/PoissonRentalWorkload.h"
#include "training/rent/RentalBudget.h"
#include "training/rent/RentalMetrics.h"
#include "training/rent/RentalPolicyRun.h"
#include "training/rent/RentalSimulation.h"
#include "training/rent/TwoPointMix.h"

#include <QTest>

#include <cmath>
#include <memory>
#include <stdexcept>

using namespace tessera;

namespace {

JobType type(std::string name, std::shared_ptr<const SpeedupFunction> speedup, double maxWidth = 8)
{
    JobType t;
    t.name = std::move(name);
    t.speedup = std::move(speedup);
    t.maxWidth = maxWidth;
    t.arrivalRate = 0.1;
    t.meanSize = 1;
    return t;
}

// Type 0: min(k, 8), so s(k) = k up to 8; type 1: Amdahl p = 0.5, s(2) = 4/3.
RentalWorkload smallWorkload()
{
    RentalWorkload w;
    w.types = {type("linear", std::make_shared<CappedLinearSpeedup>(8)),
               type("amdahl", std::make_shared<AmdahlSpeedup>(0.5))};
    w.jobs = {{0, 0, 0, 4, 4}, {1, 1, 1, 4, 1}, {2, 5, 0, 2, 2}};
    return w;
}

// The integral of the per-type columns of K(t) must equal the integral of K(t) where every
// rented GPU is held (fixed-width policies).
double perTypeGpuSeconds(const RentedSeries& s)
{
    double sum = 0;
    for (size_t i = 0; i + 1 < s.times.size(); ++i)
        for (size_t t = 0; t < s.types; ++t)
            sum += s.heldBy(i, t) * (s.times[i + 1] - s.times[i]);
    return sum;
}

std::vector<JobType> figureOneTypes()
{
    JobType amdahl = type("amdahl-0.8", std::make_shared<AmdahlSpeedup>(0.8), 64);
    JobType sqrtLaw = type("sqrt", std::make_shared<PowerLawSpeedup>(0.5), 64);
    amdahl.arrivalRate = sqrtLaw.arrivalRate = 0.4;
    return {amdahl, sqrtLaw};
}

}  // namespace

class TestRentalSim : public QObject {
    Q_OBJECT

private slots:
    void fixedWidthRentsOnArrivalAndReleasesAtCompletion()
    {
        const RentalWorkload w = smallWorkload();
        FixedWidthPolicy policy(2);
        const RentalResult r = RentalSimulation(w).run(policy);
        QCOMPARE(r.policy, std::string("fixed:2"));
        // j0: 4 s of work at rate 2; j1: 4 at 4/3 from 1 s; j2: 2 at 2 from 5 s.
        QCOMPARE(r.jobs[0].endS, 2.0);
        QCOMPARE(r.jobs[1].startS, 1.0);
        QCOMPARE(r.jobs[1].endS, 4.0);
        QCOMPARE(r.jobs[1].jctS, 3.0);
        QCOMPARE(r.jobs[2].endS, 6.0);
        QCOMPARE(r.jobs[1].gpus, 2.0);
        QCOMPARE(r.jobs[1].gpuHours, 2 * 3 / 3600.0);
        const std::vector<double> times{0, 1, 2, 4, 5, 6}, rented{2, 4, 2, 0, 2, 0};
        QCOMPARE(r.series.times, times);
        QCOMPARE(r.series.rented, rented);
        QCOMPARE(r.series.heldBy(1, 1), 2.0);
        QCOMPARE(r.averageRented, 12.0 / 6);  // 12 GPU-seconds over the span 0..6
        QCOMPARE(r.rentedGpuHours, 12 / 3600.0);
        QCOMPARE(perTypeGpuSeconds(r.series), 12.0);
    }

    void capQueuesArrivalsFifo()
    {
        const RentalWorkload w = smallWorkload();
        FixedWidthPolicy policy(2);
        const RentalResult r = RentalSimulation(w, RentalOptions{2}).run(policy);
        // j1 waits for j0 (ends at 2), runs 2..5; j2 arrives at 5 as j1 leaves: completions first.
        QCOMPARE(r.jobs[1].startS, 2.0);
        QCOMPARE(r.jobs[1].endS, 5.0);
        QCOMPARE(r.jobs[1].jctS, 4.0);
        QCOMPARE(r.jobs[2].startS, 5.0);
        QCOMPARE(r.jobs[2].endS, 6.0);
        for (double k : r.series.rented)
            QVERIFY(k <= 2);
        QCOMPARE(r.averageRented, 2.0);
        // The head of the queue blocks later jobs even when they would fit (FIFO).
        RentalWorkload blocked = w;
        blocked.jobs = {{0, 0, 0, 3, 1}, {1, 0, 0, 3, 3}, {2, 0, 0, 1, 1}};
        GreedyPolicy greedy;
        const RentalResult b = RentalSimulation(blocked, RentalOptions{3}).run(greedy);
        QCOMPARE(b.jobs[1].startS, 3.0);  // 3 GPUs: waits for j0's one to come back
        QCOMPARE(b.jobs[2].startS, 4.0);  // behind j1, though a GPU was free from 0
    }

    void greedyRentsRequestedWidths()
    {
        const RentalWorkload w = smallWorkload();
        GreedyPolicy policy;
        const RentalResult r = RentalSimulation(w).run(policy);
        QCOMPARE(r.jobs[0].endS, 1.0);  // 4 GPUs
        QCOMPARE(r.jobs[1].endS, 5.0);  // 1 GPU
        QCOMPARE(r.jobs[2].endS, 6.0);  // 2 GPUs
        QCOMPARE(r.averageRented, (4 * 1 + 1 * 4 + 2 * 1) / 6.0);
    }

    void boaDealsTwoPointMixesOverEveryPrefix()
    {
        TwoPointMix mix(0.3);
        int lows = 0;
        for (int n = 1; n <= 1000; ++n) {
            lows += mix.nextIsLow();
            QCOMPARE(lows, int(std::floor(n * 0.3 + 1e-9)));
        }
        RentalWorkload w = smallWorkload();
        w.jobs = {{0, 0, 1, 1, 1}, {1, 1, 1, 1, 1}, {2, 2, 1, 1, 1}, {3, 3, 1, 1, 1}, {4, 4, 0, 5, 1}};
        BoaPolicy policy({{4, 4, 1}, {1, 2, 0.5}});
        const RentalResult r = RentalSimulation(w).run(policy);
        QCOMPARE(r.jobs[0].gpus, 2.0);  // floor(0.5) = 0 lows so far: high
        QCOMPARE(r.jobs[1].gpus, 1.0);
        QCOMPARE(r.jobs[2].gpus, 2.0);
        QCOMPARE(r.jobs[3].gpus, 1.0);
        QCOMPARE(r.jobs[0].endS, 0.75);  // 1 s of work at s(2) = 4/3
        QCOMPARE(r.jobs[4].gpus, 4.0);
        QCOMPARE(r.jobs[4].endS, 4 + 5 / 4.0);
    }

    void boaRealisesFractionalWidthsByTimeShareOrIntegerMix()
    {
        RentalWorkload w = smallWorkload();
        w.jobs = {{0, 0, 0, 5, 1}, {1, 10, 0, 6, 1}, {2, 20, 0, 6, 1}};
        BoaPolicy shared({{2.5, 2.5, 1}, {1, 1, 1}}, WidthRealisation::TimeShare);
        const RentalResult t = RentalSimulation(w).run(shared);
        QCOMPARE(t.jobs[0].gpus, 2.5);
        QCOMPARE(t.jobs[0].endS, 2.0);  // rate s(2.5) = 2.5
        QCOMPARE(t.jobs[0].gpuHours, 5 / 3600.0);
        BoaPolicy mixed({{2.5, 2.5, 1}, {1, 1, 1}}, WidthRealisation::IntegerMix);
        const RentalResult m = RentalSimulation(w).run(mixed);
        // Half the jobs on floor(2.5) = 2, half on 3, dealt low-discrepancy: 3, 2, 3.
        QCOMPARE(m.jobs[0].gpus, 3.0);
        QCOMPARE(m.jobs[1].gpus, 2.0);
        QCOMPARE(m.jobs[1].endS, 13.0);
        QCOMPARE(m.jobs[2].gpus, 3.0);
    }

    void boaResolvesWhenTheMixDrifts()
    {
        // Assumed: type 0 only; then the stream turns to type 1. The drift check calls solve.
        std::vector<JobType> types = figureOneTypes();
        RentalWorkload w;
        w.types = types;
        for (uint64_t j = 0; j < 300; ++j)
            w.jobs.push_back({j, double(j), size_t(j < 100 ? 0 : 1), 1, 1});
        w.types[0].arrivalRate = 1;  // the widths were solved for type 0 alone
        w.types[0].meanSize = 1;
        w.types[1].arrivalRate = 0;
        std::vector<std::vector<JobType>> seen;
        BoaResolve resolve;
        resolve.checkEvery = 50;
        resolve.solve = [&](const std::vector<JobType>& observed) {
            seen.push_back(observed);
            return std::vector<TypeWidth>{{1, 1, 1}, {3, 3, 1}};
        };
        BoaPolicy policy({{2, 2, 1}, {2, 2, 1}}, WidthRealisation::TimeShare, resolve);
        const RentalResult r = RentalSimulation(w).run(policy);
        QCOMPARE(policy.resolves(), size_t(1));  // once, at the first check after the change
        QCOMPARE(seen.size(), size_t(1));
        QVERIFY(seen[0][1].arrivalRate > 0.9);  // type 1 arrives once a second in that window
        QCOMPARE(r.jobs[99].gpus, 2.0);
        QCOMPARE(r.jobs[100].gpus, 2.0);  // the window 100..149 is checked at job 150
        QCOMPARE(r.jobs[150].gpus, 3.0);
        // A stream that keeps to the assumed loads is never re-solved.
        RentalWorkload steady = w;
        for (auto& job : steady.jobs)
            job.type = 0;
        BoaPolicy calm({{2, 2, 1}, {2, 2, 1}}, WidthRealisation::TimeShare, resolve);
        RentalSimulation(steady).run(calm);
        QCOMPARE(calm.resolves(), size_t(0));
    }

    void hesrptGivesTheSmallestJobTheLargestShare()
    {
        RentalWorkload w = smallWorkload();
        w.jobs = {{0, 0, 0, 2, 1}, {1, 0, 0, 1, 1}};
        HesrptPolicy policy(4, 0.5);
        const RentalResult r = RentalSimulation(w).run(policy);
        // m = 2, 1/(1-p) = 2: the larger job gets (1/2)^2 = 1/4 of 4 GPUs, the smaller 3/4.
        QCOMPARE(r.jobs[1].gpus, 3.0);
        QCOMPARE(r.jobs[1].endS, 1 / 3.0);
        // Then j0 alone on all 4: 2 - 1/3 left at rate 4.
        QCOMPARE(r.jobs[0].endS, 1 / 3.0 + (2 - 1 / 3.0) / 4);
        QCOMPARE(r.jobs[0].gpus, 4.0);
        QVERIFY(std::abs(r.jobs[0].gpuHours * 3600 - (1 / 3.0 + 4 * (2 - 1 / 3.0) / 4)) < 1e-12);
        QCOMPARE(r.averageRented, 4.0);  // the fixed cluster is rented over the whole span
        QCOMPARE(policy.exponent(), 0.5);
        // Without a given exponent: a power law's own alpha, load-weighted over the types.
        HesrptPolicy fitted(4);
        RentalWorkload laws;
        laws.types = figureOneTypes();
        laws.types[0].speedup = std::make_shared<PowerLawSpeedup>(0.8);
        laws.types[1].arrivalRate = 0.4 * 3;  // three times type 0's load
        laws.jobs = {{0, 0, 0, 1, 1}};
        RentalSimulation(laws).run(fitted);
        QVERIFY(std::abs(fitted.exponent() - (0.8 * 1 + 0.5 * 3) / 4) < 1e-12);
    }

    void autoscaleResizesOnTheUtilityAverage()
    {
        RentalWorkload w = smallWorkload();
        w.jobs = {{0, 0, 0, 40, 1}};
        AutoscaleParams params;
        params.gpusPerNode = 2;
        params.minNodes = 1;
        params.maxNodes = 4;
        params.intervalS = 10;
        params.history = 1;
        AutoscalePolicy policy(params);
        const RentalResult r = RentalSimulation(w).run(policy);
        // 0..10 s: one node, the job on both GPUs (utility 2/2 = 1 > 0.8). At 10 s every count
        // predicts utility 1 (s = k up to 8), none reaches the target 0.65: the most, 4 nodes.
        QCOMPARE(r.jobs[0].endS, 10 + 20 / 8.0);
        QCOMPARE(r.jobs[0].gpus, 8.0);
        QCOMPARE(r.averageRented, (2 * 10 + 8 * 2.5) / 12.5);
        QCOMPARE(policy.nodes(), 4);

        // Jobs wait (width 0) when there are more jobs than GPUs, and marginal gains decide.
        RentalWorkload crowd = smallWorkload();
        crowd.jobs = {{0, 0, 1, 1, 1}, {1, 0, 0, 1, 1}, {2, 0, 0, 1, 1}};
        params.maxNodes = 1;
        params.intervalS = 1000;
        AutoscalePolicy small(params);
        const RentalResult c = RentalSimulation(crowd).run(small);
        QCOMPARE(c.jobs[0].endS, 1.0);
        QCOMPARE(c.jobs[1].endS, 1.0);
        QCOMPARE(c.jobs[2].startS, 1.0);
        QCOMPARE(c.jobs[2].endS, 1.5);  // alone on 2 GPUs: linear speedup 2
    }

    void autoscaleJudgesAFullWindowOfBusyIntervals()
    {
        // Pollux's simulator (A6): an interval counts only while jobs are present, and the
        // cluster is resized on the average of a full window of `history` intervals.
        const AutoscaleParams params{.gpusPerNode = 2, .minNodes = 1, .maxNodes = 4, .intervalS = 10, .history = 3};
        // One job of 80 s of work on one node (2 GPUs, s = k): utility 1 at 10, 20 and 30 s;
        // only the third completes the window, so the cluster grows to 4 nodes at 30 s (not at
        // 10 s): 60 s of work done, the other 20 on 8 GPUs, ending at 32.5 s.
        RentalWorkload w = smallWorkload();
        w.jobs = {{0, 0, 0, 80, 1}};
        AutoscalePolicy policy(params);
        const RentalResult r = RentalSimulation(w).run(policy);
        QCOMPARE(r.jobs[0].endS, 32.5);
        QCOMPARE(r.averageRented, (2 * 30 + 8 * 2.5) / 32.5);
        // A job of 2 s ends at 1 s; the ticks at 10-40 s find nothing and record nothing (a zero
        // there would have read as an idle cluster). The job arriving at 50 s fills the window at
        // 50, 60, 70 s: 40 s of work on 2 GPUs, then 40 on 8, ending at 75 s. At 50 s the window
        // holds one interval, and a low average on the smallest cluster could not shrink it anyway.
        w.jobs = {{0, 0, 0, 2, 1}, {1, 50, 0, 80, 1}};
        const RentalResult gap = RentalSimulation(w).run(policy);
        QCOMPARE(gap.jobs[0].endS, 1.0);
        QCOMPARE(gap.jobs[1].endS, 75.0);
        QCOMPARE(gap.averageRented, (2 * 70 + 8 * 5) / 75.0);
        QCOMPARE(policy.nodes(), 4);
    }

    void budgetHoldsEveryBaseline()
    {
        const RentalWorkload w = poissonRentalWorkload(figureOneTypes(), 3000, 7);
        const double budget = 1.6;
        for (const std::string spec : {"fixed:1", "fixed:2", "greedy", "hesrpt", "autoscale"}) {
            RentalPolicyInputs inputs;  // autoscale: nodes of 4 GPUs shrink to 1 for b = 1.6
            const BoundedRun run = runRentalPolicy(spec, w, budget, inputs);
            const RentalSummary s = summariseRental(run.result, budget, 2.5);
            QVERIFY2(run.withinBudget, spec.c_str());
            QVERIFY2(s.withinBudget && s.budgetUse <= 1 + 1e-12, spec.c_str());
            QCOMPARE(s.cost, s.rentedGpuHours * 2.5);
            QVERIFY(!run.result.boundNote.empty());
        }
        // The note names the exponent the run used (a power law: its alpha), not a default.
        RentalWorkload steep = w;
        for (JobType& t : steep.types)
            t.speedup = std::make_shared<PowerLawSpeedup>(0.8);
        QVERIFY(runRentalPolicy("hesrpt", steep, budget).result.boundNote.find("p = 0.800") != std::string::npos);
        // A fixed width whose GPU-hours exceed the budget cannot be held by a cap of at least its
        // width while its queue stays stable: reported over budget, not hidden.
        QVERIFY(!runRentalPolicy("fixed:8", w, budget).withinBudget);
        // Ten times the load: fixed:2 rents 10.5 GPUs on average uncapped; a cap of b = 9 GPUs
        // saturates (the queue grows) and averages just under 9. The cap chosen is the largest
        // within budget: one GPU more exceeds it.
        std::vector<JobType> heavy = figureOneTypes();
        for (JobType& t : heavy)
            t.arrivalRate *= 10;
        const RentalWorkload busy = poissonRentalWorkload(heavy, 3000, 7);
        FixedWidthPolicy two(2);
        const BoundedRun capped = runWithinBudgetByCap(busy, two, 9);
        QVERIFY(capped.withinBudget);
        QVERIFY(capped.bound >= 2 && capped.bound <= 9);
        QVERIFY(capped.result.averageRented <= 9);
        const RentalResult wider = RentalSimulation(busy, RentalOptions{double(capped.bound + 1)}).run(two);
        QVERIFY(wider.averageRented > 9);
        // The largest-bound search on a known monotone function.
        int calls = 0;
        const BoundedRun found = largestBoundWithinBudget(37.5, 1, 1000, [&](int bound) {
            ++calls;
            RentalResult r;
            r.averageRented = bound;
            return r;
        });
        QCOMPARE(found.bound, 37);
        QVERIFY(calls < 20);
    }

    void budgetAccountingIntegratesTheSpan()
    {
        // The span is first arrival to last completion, not from time 0.
        RentalWorkload w = smallWorkload();
        w.jobs = {{0, 100, 0, 4, 1}, {1, 110, 0, 4, 1}};
        FixedWidthPolicy one(1);
        const RentalResult r = RentalSimulation(w).run(one);
        QCOMPARE(r.firstArrivalS, 100.0);
        QCOMPARE(r.lastCompletionS, 114.0);
        QCOMPARE(r.averageRented, 8 / 14.0);
        const RentalSummary s = summariseRental(r, 8 / 14.0 / 1.02);
        QVERIFY(s.withinBudget);  // exactly at the 2% tolerance
        QVERIFY(!summariseRental(r, 8 / 14.0 / 1.021).withinBudget);
        QCOMPARE(s.makespanS, 14.0);
        QCOMPARE(s.averageHeldByType[0], 8 / 14.0);
        QCOMPARE(s.averageHeldByType[1], 0.0);
        QCOMPARE(s.meanJctS, 4.0);
        QCOMPARE(s.p99JctS, 4.0);
    }

    // The summary's utilisation (contracts.md 9's util column; RentalSummary::utilisation): the
    // jobs' one-GPU work over the GPU-hours rented, which falls with widths past a linear
    // speedup, where renting held every GPU busy and the column read 100% for every policy.
    void utilisationIsWorkOverRentedGpuHours()
    {
        const RentalWorkload w = smallWorkload();
        FixedWidthPolicy one(1), two(2);
        const RentalResult r1 = RentalSimulation(w).run(one), r2 = RentalSimulation(w).run(two);
        QCOMPARE(r2.workGpuHours, 10 / 3600.0);  // sizes 4 + 4 + 2 s on one GPU
        QCOMPARE(summariseRental(r1, 2).utilisation, 1.0);
        // fixed:2: j0 and j2 (linear) work on both GPUs; j1 (Amdahl, s(2) = 4/3) holds 2 GPUs
        // for 3 s for 4 s of work: 10 of the 12 GPU-seconds rented worked.
        QVERIFY(std::abs(summariseRental(r2, 2).utilisation - 10 / 12.0) < 1e-12);
    }

    void sameInputsGiveTheSameRun()
    {
        const std::vector<JobType> types = figureOneTypes();
        const RentalWorkload a = poissonRentalWorkload(types, 4000, 42);
        const RentalWorkload b = poissonRentalWorkload(types, 4000, 42);
        QCOMPARE(a.jobs.size(), b.jobs.size());
        for (size_t j = 0; j < a.jobs.size(); ++j) {
            QCOMPARE(a.jobs[j].arrivalS, b.jobs[j].arrivalS);
            QCOMPARE(a.jobs[j].sizeS, b.jobs[j].sizeS);
            QCOMPARE(a.jobs[j].type, b.jobs[j].type);
        }
        QVERIFY(poissonRentalWorkload(types, 4000, 43).jobs[1].arrivalS != a.jobs[1].arrivalS);
        RentalPolicyInputs inputs;
        inputs.boaWidths = {{1, 3, 0.5}, {2.5, 2.5, 1}};
        for (const std::string spec : {"boa", "fixed:2", "greedy", "hesrpt", "autoscale"}) {
            const RentalResult first = runRentalPolicy(spec, a, 2.0, inputs).result;
            const RentalResult second = runRentalPolicy(spec, b, 2.0, inputs).result;
            QCOMPARE(first.series.times, second.series.times);
            QCOMPARE(first.series.rented, second.series.rented);
            QCOMPARE(first.series.perType, second.series.perType);
            for (size_t j = 0; j < first.jobs.size(); ++j) {
                QCOMPARE(first.jobs[j].endS, second.jobs[j].endS);
                QCOMPARE(first.jobs[j].gpuHours, second.jobs[j].gpuHours);
            }
        }
    }

    void badInputsAreRefused()
    {
        const RentalWorkload good = smallWorkload();
        auto refused = [](auto&& f) {
            try {
                f();
            } catch (const std::invalid_argument&) {
                return true;
            }
            return false;
        };
        QVERIFY(refused([&] { runRentalPolicy("fixed:1", good, -1); }));
        QVERIFY(refused([&] { runRentalPolicy("fixed:1", good, 0); }));
        QVERIFY(refused([&] { runRentalPolicy("fixed:1", good, std::nan("")); }));
        QVERIFY(refused([&] { runRentalPolicy("fixed:0", good, 2); }));
        QVERIFY(refused([&] { runRentalPolicy("fixed:2x", good, 2); }));
        QVERIFY(refused([&] { runRentalPolicy("fixed:", good, 2); }));
        QVERIFY(refused([&] { runRentalPolicy("srpt", good, 2); }));
        QVERIFY(refused([&] { runRentalPolicy("boa", good, -2); }));  // solved widths: the budget is still checked
        RentalPolicyInputs wrongCount;
        wrongCount.boaWidths = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
        QVERIFY(refused([&] { runRentalPolicy("boa", good, 2, wrongCount); }));  // given widths, not one per type
        QVERIFY(refused([&] { BoaPolicy({{0.5, 1, 1}}); }));
        QVERIFY(refused([&] { BoaPolicy({{2, 1, 1}}); }));
        QVERIFY(refused([&] { BoaPolicy({{1, 2, 1.5}}); }));
        QVERIFY(refused([&] { HesrptPolicy(0); }));
        QVERIFY(refused([&] { HesrptPolicy(4, 1.0); }));
        QVERIFY(refused([&] { AutoscalePolicy(AutoscaleParams{.minNodes = 3, .maxNodes = 2}); }));
        QVERIFY(refused([&] { AutoscalePolicy(AutoscaleParams{.lowUtil = 0.9, .highUtil = 0.8}); }));
        QVERIFY(refused([&] { RentalSimulation(good, RentalOptions{0}); }));
        QVERIFY(refused([&] { summariseRental(RentalResult{}, 2, 0); }));
        QVERIFY(refused([&] { poissonRentalWorkload(figureOneTypes(), 0, 1); }));
        auto broken = [&](auto change) {
            RentalWorkload w = good;
            change(w);
            return refused([&] { RentalSimulation{w}; });
        };
        QVERIFY(broken([](RentalWorkload& w) { w.jobs[1].sizeS = 0; }));
        QVERIFY(broken([](RentalWorkload& w) { w.jobs[1].sizeS = -3; }));
        QVERIFY(broken([](RentalWorkload& w) { w.jobs[1].sizeS = INFINITY; }));
        QVERIFY(broken([](RentalWorkload& w) { w.jobs[1].type = 2; }));
        QVERIFY(broken([](RentalWorkload& w) { w.jobs[2].arrivalS = 0.5; }));  // before job 1
        QVERIFY(broken([](RentalWorkload& w) { w.jobs[0].arrivalS = -1; }));
        QVERIFY(broken([](RentalWorkload& w) { w.jobs[0].requestedGpus = 0; }));
        QVERIFY(broken([](RentalWorkload& w) { w.jobs.clear(); }));
        QVERIFY(broken([](RentalWorkload& w) { w.types[1].speedup = nullptr; }));
        // A width wider than the cap could never start.
        FixedWidthPolicy four(4);
        QVERIFY(refused([&] { RentalSimulation(good, RentalOptions{3}).run(four); }));
        // BOA with widths for the wrong number of types.
        BoaPolicy one({{1, 1, 1}});
        QVERIFY(refused([&] { RentalSimulation(good).run(one); }));
    }
};

QTEST_GUILESS_MAIN(TestRentalSim)
#include "tst_rentalsim.moc"
