// Issue 14, walk W13: BOA has no queue, so below the workload's floor (every job on one GPU from
// its arrival, RentalFrontier::floorBudget) it cannot keep to the budget: the renting kind refuses
// such a BOA run, naming the floor, for a new run and for a fork (TrainingRentalKind::budgetProblem,
// the one rule the CLI and the app's fields use), and a budget at the floor it names runs. The
// policies that queue keep to less, and are not refused.
#include "run/RunKindRegistry.h"
#include "support/SharedData.h"
#include "training/rental-kind/RentalFrontier.h"
#include "training/rental-kind/TrainingRentalKind.h"
#include "training/rental-kind/TrainingRentalRun.h"
#include "util/UsageError.h"

#include <QTemporaryDir>
#include <QTest>

#include <fmt/format.h>

#include <cmath>

using namespace tessera;

namespace {

const RunKind& rentKind() { return RunKindRegistry::kind(TrainingRentalRun::kKind); }

std::shared_ptr<const TrainingRentalInputs> sample()
{
    return std::dynamic_pointer_cast<const TrainingRentalInputs>(rentKind().conformanceSample());
}

RunRequest at(const std::string& policy, double budget) { return {policy, {{"budget", fmt::format("{:g}", budget)}}}; }

// The message simulate() throws, or "" when the run is made.
std::string refusal(const std::shared_ptr<const TrainingRentalInputs>& inputs, const RunRequest& request)
{
    try {
        rentKind().simulate(inputs, request);
    } catch (const UsageError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class RentalBudgetFloorTest : public QObject {
    Q_OBJECT

private slots:
    void boaRefusesABudgetBelowTheFloor()
    {
        const auto inputs = sample();
        const double floor = RentalFrontier::floorBudget(inputs);
        QVERIFY(floor > 1);
        const double said = std::ceil(floor * 100) / 100;  // the figure the message names, rounded up
        const double low = floor * 0.9;
        const std::string expected = fmt::format(
            "infeasible budget {:g}: conformance sample needs at least {:.2f} GPUs on average for BOA, which gives "
            "every job at least one GPU from its arrival (Fixed K, Autoscale and heSRPT queue jobs to rent less)",
            low, said);
        QCOMPARE(refusal(inputs, at("boa", low)), expected);
        const auto problem = rentKind().inputsProblem(inputs, at("boa", low));
        QVERIFY(problem);
        QCOMPARE(*problem, expected);
        QCOMPARE(refusal(inputs, at("boa", said)), std::string());  // the floor as said runs
        QVERIFY(!rentKind().inputsProblem(inputs, at("boa", said)));
    }

    // The floor is BOA's: a policy that queues keeps to less, and is not refused.
    void theQueueingPoliciesKeepToLess()
    {
        const auto inputs = sample();
        const double low = RentalFrontier::floorBudget(inputs) * 0.9;
        for (const RunKindPolicy& p : rentKind().policies()) {
            if (p.spec == "boa")
                continue;
            QVERIFY2(!rentKind().inputsProblem(inputs, at(p.spec, low)), p.spec.c_str());
            QCOMPARE(refusal(inputs, at(p.spec, low)), std::string());
        }
        const auto hesrpt = rentKind().simulate(inputs, at("hesrpt", low));
        QVERIFY(dynamic_cast<const TrainingRentalRun&>(*hesrpt).rentalSummary().withinBudget);
    }

    // The GUI thread asks without computing: nothing is said until the floor is known, which
    // loading the inputs makes.
    void theFloorIsMadeWhenTheInputsLoad()
    {
        const auto fresh = sample();
        QVERIFY(!RentalFrontier::cachedFloorBudget(fresh));
        QVERIFY(!rentKind().inputsProblem(fresh, at("boa", 0.01), false));
        QVERIFY(rentKind().inputsProblem(fresh, at("boa", 0.01), true));
        QVERIFY(rentKind().inputsProblem(fresh, at("boa", 0.01), false));  // now cached

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        LoadWarnings warnings;
        const auto loaded = std::dynamic_pointer_cast<const TrainingRentalInputs>(
            rentKind().loadInputs(rentKind().writeConformanceFiles(dir.path().toStdString()), warnings));
        QVERIFY(loaded);
        QVERIFY(RentalFrontier::cachedFloorBudget(loaded));
        QVERIFY(rentKind().inputsProblem(loaded, at("boa", 0.01), false));
    }

    // walk14b N1: the Run panel's budget starts at 16, which workload-3 refuses for BOA (its
    // floor is 20.88). On inputs whose floor is above the default the kind advises the floor in
    // whole GPUs (a budget that runs), and on any rental inputs it names the floor for the field.
    void theBudgetFieldStartsAtABudgetThatRuns()
    {
        const RunKind& kind = rentKind();
        const double byDefault = kind.parameter("budget")->defaultValue;
        // The sample's floor (9.15) is below the default: the default stays, the floor is named.
        const auto inputs = sample();
        QVERIFY(kind.parameterAdvice(inputs, "budget").note.empty());  // nothing known yet: no advice
        const double floor = RentalFrontier::floorBudget(inputs);
        QVERIFY(floor < byDefault);
        RunKind::ParameterAdvice advice = kind.parameterAdvice(inputs, "budget");
        QVERIFY(!advice.value);
        QCOMPARE(advice.note, fmt::format("BOA needs at least {:.2f} GPUs on average on conformance sample",
                                          std::ceil(floor * 100) / 100));
        QVERIFY(kind.parameterAdvice(inputs, "seed").note.empty());
        QVERIFY(!kind.parameterAdvice(inputs, "seed").value);

        const char* workload = "traces/pollux-osdi21/simulator/workloads/workload-3.csv";
        TESSERA_REQUIRE_SHARED(workload);
        LoadWarnings warnings;
        const auto three = kind.loadInputs({{"jobs", test::sharedPath(workload)}}, warnings);
        QVERIFY(kind.inputsProblem(three, at("boa", byDefault), false));  // the default is refused
        advice = kind.parameterAdvice(three, "budget");
        QVERIFY(advice.value);
        QCOMPARE(*advice.value, 21.0);  // 20.88 rounded up to a whole GPU
        QVERIFY(!kind.inputsProblem(three, at("boa", *advice.value), false));
        QVERIFY2(advice.note.find("BOA needs at least 20.88 GPUs on average on workload-3") == 0, advice.note.c_str());
    }

    void aBoaForkBelowTheFloorIsRefused()
    {
        const auto inputs = sample();
        const double floor = RentalFrontier::floorBudget(inputs);
        const auto parent = rentKind().simulate(inputs, at("fixed:1", floor / 2));  // fixed:1 queues
        const size_t position = parent->steps() / 2;
        const RunRequest low{"boa", {{"budget", fmt::format("{:g}", floor / 2)}}};
        const auto problem = rentKind().forkValuesProblem(*parent, low);
        QVERIFY(problem);
        QVERIFY2(problem->find(fmt::format("infeasible budget {:g}", floor / 2)) == 0, problem->c_str());
        QVERIFY_THROWS_EXCEPTION(UsageError, rentKind().fork(*parent, position, low));
        // A switch to boa without a budget keeps the parent's, which boa cannot keep to either.
        QVERIFY(rentKind().forkValuesProblem(*parent, RunRequest{"boa", {}}));
        // Another queueing policy at the same budget is no problem of the floor's.
        QVERIFY(!rentKind().forkValuesProblem(*parent, RunRequest{"fixed:2", {}}));
        QVERIFY(!rentKind().forkValuesProblem(*parent, RunRequest{"boa", {{"budget", fmt::format("{:g}", 2 * floor)}}}));
    }
};

QTEST_GUILESS_MAIN(RentalBudgetFloorTest)
#include "tst_rentalbudgetfloor.moc"
