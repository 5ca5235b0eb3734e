// The training-rent kind beyond the conformance test (issue 14): BOA held to the contract's budget
// accounting on a finite trace (BoaBudgetFit's span fit, where the analytical solve calls the
// budget infeasible), and forks with another budget or policy: the jobs that arrived before the
// fork keep their widths and times, the steps before it are the parent's, later arrivals follow
// the new phase within its budget; forks the model cannot make are refused with a reason.
#include "../support/SharedData.h"
#include "run/RunKindRegistry.h"
#include "run/RunRecipe.h"
#include "store/RunArchive.h"
#include "store/RunRecipeArchive.h"
#include "training/rent/BoaBudgetFit.h"
#include "training/rent/FixedWidthPolicy.h"
#include "training/rent/RentalSimulation.h"
#include "training/rent/WidthSolver.h"
#include "training/rental-kind/RentalPolicyName.h"
#include "training/rental-kind/TrainingRentalInputs.h"
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

std::unique_ptr<TrainingRentalRun> run(const std::string& policy, double budget)
{
    auto made = rentKind().simulate(sample(), RunRequest{policy, {{"budget", std::to_string(budget)}}});
    return std::unique_ptr<TrainingRentalRun>(dynamic_cast<TrainingRentalRun*>(made.release()));
}

const TrainingRentalRun& rental(const std::unique_ptr<Run>& r) { return dynamic_cast<const TrainingRentalRun&>(*r); }

}  // namespace

class TestRentalFork : public QObject {
    Q_OBJECT

private slots:
    void boaIsHeldToTheSpanBudgetOnAFiniteTrace()
    {
        const auto inputs = sample();  // the workload lives as long as its inputs
        const RentalWorkload& w = inputs->workload();
        // Width 1 everywhere: the least any fixed-width policy rents over the span.
        FixedWidthPolicy ones(1);
        const double narrowest = RentalSimulation(w).run(ones).averageRented;
        const double load = WidthSolver(w.types).load();
        QVERIFY2(narrowest < load, "the drain makes the span's average lower than the arrival span's load");
        // A budget between them: the analytical solve calls it infeasible, yet BOA can be held to it.
        const double budget = 0.5 * (narrowest + load);
        QVERIFY(!WidthSolver(w.types).solve(budget).feasible());
        const BoaRun fitted = runBoaWithinBudget(w, budget, BoaBudgetRule::SpanFitted);
        QVERIFY(fitted.run.withinBudget);
        QVERIFY(fitted.run.result.averageRented <= budget);
        QVERIFY(fitted.run.result.averageRented >= narrowest);
        QVERIFY(fitted.solution.feasible());
        QVERIFY(fitted.solverBudget > budget);
        // The analytical rule at the same budget gives width 1 and says so, never hidden.
        const BoaRun analytical = runBoaWithinBudget(w, budget, BoaBudgetRule::Analytical);
        QVERIFY(!analytical.solution.feasible());
        QVERIFY(analytical.run.result.boundNote.find("infeasible") != std::string::npos);
        // Below the narrowest widths' average no width holds the budget: the run is flagged.
        const BoaRun tooLow = runBoaWithinBudget(w, 0.9 * narrowest, BoaBudgetRule::SpanFitted);
        QVERIFY(!tooLow.run.withinBudget);
        QVERIFY(tooLow.run.result.averageRented > 0.9 * narrowest);
        // Every budget of a sweep is held, and a larger budget never buys a slower BOA here.
        for (double b : {budget, 1.2 * load, 2.0 * load, 4.0 * load}) {
            const BoaRun r = runBoaWithinBudget(w, b, BoaBudgetRule::SpanFitted);
            QVERIFY2(r.run.withinBudget && r.run.result.averageRented <= b, qPrintable(QString::number(b)));
        }
    }

    void aForkAtALowerBudgetKeepsTheJobsBeforeIt()
    {
        const auto parent = run("boa", 24);
        const size_t middle = parent->steps() / 4;
        const double forkS = parent->timeAt(middle);
        const auto forked = rentKind().fork(*parent, middle, RunRequest{"boa", {{"budget", "14"}}});
        const TrainingRentalRun& child = rental(forked);
        QCOMPARE(child.budget(), 14.0);
        QCOMPARE(child.phases().size(), size_t(2));
        QCOMPARE(child.phases().back().fromPosition, middle);
        size_t later = 0, changed = 0;
        for (size_t j = 0; j < child.result().jobs.size(); ++j) {
            const RentalJobRecord& a = parent->result().jobs[j];
            const RentalJobRecord& b = child.result().jobs[j];
            if (a.arrivalS <= forkS) {
                QCOMPARE(b.gpus, a.gpus);
                QCOMPARE(b.startS, a.startS);
                QCOMPARE(b.endS, a.endS);
            } else {
                ++later;
                changed += b.gpus != a.gpus;
            }
        }
        QVERIFY(later > 0 && changed > 0);
        // The steps before the fork are the parent's.
        for (const char* key : {"time_h", "gpus_rented", "jobs_running", "jobs_queued", "average_rented_gpus", "budget_gpus"})
            for (size_t row = 0; row <= middle; ++row)
                QVERIFY2(child.series().value(key, row) == parent->series().value(key, row),
                         qPrintable(QString("%1 row %2").arg(key).arg(row)));
        // The budget in force: the parent's up to the fork, the fork's after it.
        QCOMPARE(child.series().value("budget_gpus", middle), 24.0);
        for (size_t row = middle + 1; row < child.series().rows(); ++row)
            QCOMPARE(child.series().value("budget_gpus", row), 14.0);
        QVERIFY(child.rentalSummary().averageRented <= 14.0);
        // At 11 GPUs even width 1 after the fork cannot make up for the jobs before it: flagged.
        const auto tooLow = rentKind().fork(*parent, middle, RunRequest{"boa", {{"budget", "11"}}});
        QVERIFY(!rental(tooLow).withinBudget());
        QVERIFY(child.rentalSummary().averageRented < parent->rentalSummary().averageRented);
        QVERIFY(child.info().name != parent->info().name);
    }

    void theInspectorExplainsBoasWidths()
    {
        const auto boa = run("boa", 24);
        const WidthSolution& solution = *boa->solution();
        QCOMPARE(solution.widthCase, WidthCase::Bisection);  // closed forms, an interior optimum
        const ExplanationTable table = boa->explain(boa->steps() / 2);
        QCOMPARE(table.rows.size(), size_t(2));
        QCOMPARE(table.columns.size(), size_t(7));
        QCOMPARE(table.columns[4], std::string(TrainingRentalRun::kSavedWiderColumn));
        QCOMPARE(table.columns[5], std::string(TrainingRentalRun::kLostNarrowerColumn));
        QCOMPARE(table.columns[6], std::string(TrainingRentalRun::kMuColumn));
        for (size_t i = 0; i < 2; ++i) {
            const auto& v = table.rows[i].values;
            QCOMPARE(v[0], sample()->workload().types[i].load());
            QCOMPARE(v[1], solution.types[i].width.mean());
            // At BOA's interior optimum on a smooth speedup the JCT saved per extra GPU-hour, and
            // lost per GPU-hour saved, both equal the multiplier: the columns share mu's unit.
            for (size_t c : {4, 5})
                QVERIFY2(std::abs(v[c] - solution.multiplier) <= 1e-3 * solution.multiplier,
                         qPrintable(QString("column %1: %2 vs %3").arg(c).arg(v[c]).arg(solution.multiplier)));
            QCOMPARE(v[6], solution.multiplier);
        }
        // The solver was given b itself or a fitted budget; either way the outcome says which.
        QVERIFY2(table.outcome.find("widths solved for") == 0, table.outcome.c_str());
        // What "–" means is in the tooltips of the columns that can show it.
        QCOMPARE(table.columnHelp.size(), table.columns.size() + 1);
        for (size_t c : {5, 6, 7})
            QVERIFY2(table.columnHelp[c].find("– where none applies") != std::string::npos, table.columnHelp[c].c_str());
    }

    // Pollux workload-1 at 16 GPUs (walk14 W11): measured speedups, a critical mix, a solver budget
    // far above b. The outcome says why the solver's budget is not b and rounds it; every type's
    // savings bracket mu (wider <= mu <= narrower at a breakpoint) or equal it (a mix's chord), in
    // mu's unit; the width and speedup columns align with the numbers.
    void theInspectorsSavingsBracketMuOnMeasuredSpeedups()
    {
        const char* workload = "traces/pollux-osdi21/simulator/workloads/workload-1.csv";
        TESSERA_REQUIRE_SHARED(workload);
        LoadWarnings warnings;
        const auto inputs = rentKind().loadInputs({{"jobs", test::sharedPath(workload)}}, warnings);
        const auto made = rentKind().simulate(inputs, RunRequest{"boa", {{"budget", "16"}}});
        const TrainingRentalRun& boa = rental(made);
        const WidthSolution& solution = *boa.solution();
        QVERIFY(solution.feasible());
        QVERIFY2(boa.solverBudget() > 2 * boa.budget(), "the case of the walk: the fitted budget is far above b");
        const ExplanationTable table = boa.explain(boa.steps() / 2);
        // One sentence on why, naming the rule and where it is documented; the number rounded.
        const std::string rounded = fmt::format("widths solved for {:.0f} GPUs, not the budget of 16", boa.solverBudget());
        QVERIFY2(table.outcome.find(rounded) == 0, table.outcome.c_str());
        QVERIFY2(table.outcome.find("span-fitted rule, docs/boa-choices.md") != std::string::npos, table.outcome.c_str());
        QVERIFY2(table.outcome.find(fmt::format("{:.4f}", boa.solverBudget())) == std::string::npos, table.outcome.c_str());
        const double mu = solution.multiplier;
        QVERIFY(mu > 0);
        const double tolerance = 1e-6 * mu;
        int mixes = 0, brackets = 0;
        for (size_t i = 0; i < table.rows.size(); ++i) {
            const ExplanationTable::Row& row = table.rows[i];
            QCOMPARE(row.values[6], mu);
            if (boa.spanHolder() && i == boa.spanHolder()->type && boa.heldAtBound())
                continue;  // the bound, not mu, sets it
            const double wider = row.values[4], narrower = row.values[5];
            const QString where = QString::fromStdString(row.candidate);
            if (!solution.types[i].width.isSingle()) {
                QVERIFY2(std::abs(wider - mu) <= tolerance && std::abs(narrower - mu) <= tolerance, qPrintable(where));
                ++mixes;
                continue;
            }
            if (!std::isnan(wider))
                QVERIFY2(wider <= mu + tolerance, qPrintable(QString("%1: %2 > mu %3").arg(where).arg(wider).arg(mu)));
            if (!std::isnan(narrower))
                QVERIFY2(narrower >= mu - tolerance,
                         qPrintable(QString("%1: %2 < mu %3").arg(where).arg(narrower).arg(mu)));
            brackets += !std::isnan(wider) && !std::isnan(narrower);
        }
        QVERIFY(mixes >= 1);
        QVERIFY(brackets >= 3);
        // Text cells of the width and speedup columns are numbers with a note: the mean width and
        // speed under them, so that they align and sort with the numbers (DecisionModel).
        for (size_t i = 0; i < table.rows.size(); ++i)
            for (size_t c : {1, 2})
                if (table.rows[i].text(c))
                    QVERIFY(!std::isnan(table.rows[i].values[c]));
        QCOMPARE(table.rows[0].values[1], solution.types[0].width.mean());
    }

    void theInspectorShowsTheSpanHoldersBound()
    {
        // Pollux workload-1 at 24 GPUs: the span-fitted rule holds imagenet to a bound
        // (docs/boa-choices.md, "The span holder"); the inspector must say so, and must not claim
        // that every type's saving per GPU-hour equals mu.
        const char* workload = "traces/pollux-osdi21/simulator/workloads/workload-1.csv";
        TESSERA_REQUIRE_SHARED(workload);
        LoadWarnings warnings;
        const auto inputs = rentKind().loadInputs({{"jobs", test::sharedPath(workload)}}, warnings);
        const auto made = rentKind().simulate(inputs, RunRequest{"boa", {{"budget", "24"}}});
        const TrainingRentalRun& boa = rental(made);
        QVERIFY(boa.spanHolder().has_value());
        const SpanHolder held = *boa.spanHolder();
        const std::string heldName = boa.inputs().workload().types.at(held.type).name;
        const ExplanationTable table = boa.explain(boa.steps() / 2);
        QCOMPARE(table.columns.size(), size_t(7));
        bool shown = false;
        for (const ExplanationTable::Row& row : table.rows) {
            const std::string* width = row.text(1);
            if (row.candidate == heldName) {
                QVERIFY(width);
                QVERIFY2(width->find(fmt::format("held ≤ {:g}: span", held.maxWidth)) != std::string::npos,
                         width->c_str());
                shown = true;
            } else {
                QVERIFY(!width || width->find("held") == std::string::npos);
            }
        }
        QVERIFY(shown);
        // And why: its last job sets the span the budget is averaged over.
        QVERIFY(table.why.find("sets the span over which the budget is averaged") != std::string::npos);
        QVERIFY(table.why.find(heldName + " is held to at most") != std::string::npos);
        QVERIFY2(table.why.find("its savings need not bracket mu. For the other types") != std::string::npos,
                 table.why.c_str());
        QVERIFY(boa.heldAtBound());
        // The sample at 24 GPUs holds a type to a bound its width at mu does not reach: the mu
        // rule holds for every type (theInspectorExplainsBoasWidths), and the Why names the bound.
        const auto slack = run("boa", 24);
        QVERIFY(slack->spanHolder() && !slack->heldAtBound());
        const std::string why = slack->explain(1).why;
        QVERIFY(why.find("a type's JCT saved per extra GPU-hour equals mu both ways") != std::string::npos);
        QVERIFY2(why.find(fmt::format("bounded by {:g} GPUs to hold the span", slack->spanHolder()->maxWidth)) !=
                     std::string::npos, why.c_str());
    }

    void aForkToAnotherFixedWidthPolicy()
    {
        const auto parent = run("boa", 24);
        const size_t at = parent->steps() / 3;
        const double forkS = parent->timeAt(at);
        const auto forked = rentKind().fork(*parent, at, RunRequest{"fixed:2", {}});
        const TrainingRentalRun& child = rental(forked);
        QCOMPARE(child.info().policy, std::string("fixed:2"));
        for (const RentalJobRecord& job : child.result().jobs)
            if (job.arrivalS > forkS)
                QCOMPARE(job.gpus, 2.0);
        QVERIFY(child.rentalSummary().averageRented <= 24.0 * 1.02);
    }

    void forksTheModelCannotMakeAreRefused()
    {
        const auto boa = run("boa", 24);
        QVERIFY(boa->forkProblem(1, "hesrpt"));
        QVERIFY_THROWS_EXCEPTION(UsageError, rentKind().fork(*boa, 1, RunRequest{"autoscale", {}}));
        const auto hesrpt = run("hesrpt", 24);
        QVERIFY(rentKind().forkProblem(*hesrpt, 1) == std::nullopt);  // its own policy at another budget
        QVERIFY(hesrpt->forkProblem(1, "boa"));
        QVERIFY_THROWS_EXCEPTION(UsageError, rentKind().fork(*hesrpt, 1, RunRequest{"boa", {}}));
        // fixed:8 on 4 GPUs runs under a FIFO cap that later jobs queue behind: not forked.
        const auto capped = run("fixed:8", 4);
        QVERIFY_THROWS_EXCEPTION(UsageError, rentKind().fork(*capped, 2, RunRequest{"boa", {{"budget", "30"}}}));
        QVERIFY_THROWS_EXCEPTION(UsageError, rentKind().fork(*boa, boa->steps() + 1, RunRequest{"boa", {}}));
    }

    // The kind's one rule, asked before a fork (the Fork dialog disables these entries): the
    // same refusals as fork() makes, with the same reasons, and nothing for the forks it makes.
    void whichPoliciesAForkCanSwitchToIsKnownBeforehand()
    {
        const RunKind& kind = rentKind();
        const auto boa = run("boa", 24);
        const size_t at = boa->steps() / 2;
        for (const char* ok : {"boa", "fixed:2", "greedy"})
            QVERIFY2(!kind.forkTargetProblem(*boa, at, ok), ok);
        for (const char* refused : {"autoscale", "hesrpt"}) {
            const auto problem = kind.forkTargetProblem(*boa, at, refused);
            // Named as the menus name it (walk14b W18: "Autoscale re-divides", not "autoscale").
            QVERIFY2(problem && problem->find(rentalPolicyName(refused)) != std::string::npos, refused);
            try {
                kind.fork(*boa, at, RunRequest{refused, {}});
                QFAIL("fork() made a fork forkTargetProblem refuses");
            } catch (const UsageError& e) {
                QCOMPARE(std::string(e.what()), *problem);
            }
        }
        const auto autoscale = run("autoscale", 24);
        QVERIFY(!kind.forkTargetProblem(*autoscale, at, "autoscale"));  // another budget
        for (const char* other : {"boa", "fixed:4", "greedy", "hesrpt"})
            QVERIFY2(kind.forkTargetProblem(*autoscale, at, other), other);
        // A run held by a FIFO cap switches to no other policy.
        const auto capped = run("fixed:8", 4);
        const auto cap = kind.forkTargetProblem(*capped, 2, "boa");
        QVERIFY(cap && cap->find("FIFO cap") != std::string::npos);
    }

    void aSavedRunReopensAndIsMadeAgainFromItsRecipe()
    {
        const char* workload = "traces/pollux-osdi21/simulator/workloads/workload-1.csv";
        TESSERA_REQUIRE_SHARED(workload);
        const RunKind& kind = rentKind();
        // The Pollux profiles are found beside the workload's folder.
        LoadWarnings warnings;
        const auto inputs = kind.loadInputs({{"jobs", test::sharedPath(workload)}}, warnings);
        QVERIFY(warnings.lines.empty());
        const RunRequest request{"boa", {{"budget", "40"}}};
        const auto original = kind.simulate(inputs, request);
        QVERIFY(rental(original).rentalSummary().averageRented <= 40);
        QTemporaryDir dir;
        StudyStore study(dir.filePath("rent.sqlite").toStdString());
        const RunRecipe recipe = RunRecipe::of(kind, *inputs, request);
        QVERIFY(recipe.sources.count("profiles") == 1);
        const int64_t id = RunArchive::save(study, *original, {}, std::nullopt, recipe);
        const auto reopened = RunArchive::load(study, id);
        QCOMPARE(reopened->steps(), original->steps());
        QCOMPARE(reopened->series().value("gpus_rented", original->steps() / 2),
                 original->series().value("gpus_rented", original->steps() / 2));
        const auto saved = RunRecipeArchive::load(study, id);
        QVERIFY(saved && *saved == recipe);
        const auto again = saved->rebuild(original->info().name);
        for (size_t row = 0; row <= original->steps(); ++row)
            QCOMPARE(again->series().value("average_rented_gpus", row),
                     original->series().value("average_rented_gpus", row));
        // The rebuilt run forks at a lower budget.
        const auto forked = kind.fork(*again, again->steps() / 4, RunRequest{"boa", {{"budget", "30"}}});
        QCOMPARE(rental(forked).budget(), 30.0);
        QVERIFY(rental(forked).rentalSummary().averageRented < rental(original).rentalSummary().averageRented);
    }
};

QTEST_GUILESS_MAIN(TestRentalFork)
#include "tst_rentalfork.moc"
