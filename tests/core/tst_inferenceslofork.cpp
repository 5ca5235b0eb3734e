// A fork that changes the SLOs of a MIG inference run at the cursor, through the run-kind registry
// (issue 12, 1.9): the fork reproduces its parent exactly before its position; after it the
// planner re-plans for the new SLOs (a tighter one needs at least as many GPUs) and every request
// is judged against the SLO in force when it arrived; a scale out of range is a clear error. A
// fork may also switch to the SLOs of another ParvaGPU row.
#include "inference/InferenceRun.h"
#include "inference/SloTable.h"
#include "run/RunKindRegistry.h"
#include "support/SharedData.h"
#include "util/UsageError.h"

#include <QTest>

#include <cmath>

using namespace tessera;

namespace {

const RunKind& inferenceKind() { return RunKindRegistry::kind(InferenceRun::kKind); }

std::shared_ptr<const RunInputs> parvaInputs()
{
    LoadWarnings warnings;
    return inferenceKind().loadInputs({{"profiles", test::sharedPath("traces/mig-parvagpu/prof_data")},
                                       {"slo", test::sharedPath("traces/mig-parvagpu/SLO")}},
                                      warnings);
}

RunRequest request(std::string policy, std::map<std::string, std::string> values = {})
{
    values.emplace("duration", "300");
    values.emplace("step", "30");
    values.emplace("predictor", "table");
    return {std::move(policy), std::move(values)};
}

const InferenceRun& inference(const Run& run) { return dynamic_cast<const InferenceRun&>(run); }

// Every column of `a` equals `b`'s on rows [from, to).
void compareRows(const Run& a, const Run& b, size_t from, size_t to, const char* what)
{
    QCOMPARE(a.series().columns(), b.series().columns());
    for (size_t c = 0; c < a.series().columns(); ++c)
        for (size_t r = from; r < to; ++r)
            QVERIFY2(a.series().column(c)[r] == b.series().column(c)[r],
                     qPrintable(QString("%1: %2, row %3: %4 vs %5")
                                    .arg(what, QString::fromStdString(a.series().info(c).key))
                                    .arg(r)
                                    .arg(a.series().column(c)[r])
                                    .arg(b.series().column(c)[r])));
}

bool anyRowDiffers(const Run& a, const Run& b, size_t from)
{
    for (size_t c = 0; c < a.series().columns(); ++c)
        for (size_t r = from; r < a.series().rows(); ++r)
            if (a.series().column(c)[r] != b.series().column(c)[r])
                return true;
    return false;
}

}  // namespace

class TestInferenceSloFork : public QObject {
    Q_OBJECT

private slots:
    void sloScaleIsAForkableParameterWithItsRange()
    {
        const auto parameter = inferenceKind().parameter("slo_scale");
        QVERIFY(parameter);
        QVERIFY(parameter->forkable);
        QCOMPARE(parameter->defaultValue, 1.0);
        QCOMPARE(parameter->min, 0.25);
        QCOMPARE(parameter->max, 4.0);
        QCOMPARE(parameter->unit, std::string("×"));
    }

    void tighterSloForkAtTheCursor()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const RunKind& kind = inferenceKind();
        const auto inputs = parvaInputs();
        // SLO row 6, the busiest: halving its SLOs leaves every class servable, on smaller batches.
        const auto parent = kind.simulate(inputs, request("elasticbatch", {{"slo_row", "6"}}));
        const size_t position = 4;  // 120 s
        const auto fork = kind.fork(*parent, position, {"elasticbatch", {{"slo_scale", "0.5"}}});
        QCOMPARE(fork->steps(), parent->steps());
        // Identical up to the fork position (row p is the interval ending at p x 30 s).
        compareRows(*parent, *fork, 0, position + 1, "before the fork");
        QVERIFY(anyRowDiffers(*parent, *fork, position + 1));

        // The planner re-plans at 120 s for the halved SLOs: never fewer GPUs, more somewhere.
        const MetricSeries& p = parent->series();
        const MetricSeries& f = fork->series();
        bool more = false;
        for (size_t r = position + 1; r < p.rows(); ++r) {
            QVERIFY2(f.value("gpus_used", r) >= p.value("gpus_used", r), qPrintable(QString("row %1").arg(r)));
            more |= f.value("gpus_used", r) > p.value("gpus_used", r);
        }
        QVERIFY(more);
        const auto& epochs = inference(*fork).result().epochs;
        const auto forkEpoch = std::find_if(epochs.begin(), epochs.end(), [](const PlanEpoch& e) { return e.fromS == 120; });
        QVERIFY(forkEpoch != epochs.end());
        QCOMPARE(forkEpoch->trigger, std::string("fork"));
        QVERIFY(!forkEpoch->changes.empty());  // the re-plan costs its reconfigurations
        for (const WorkloadClass& c : forkEpoch->classes)  // planned for the new SLOs
            QCOMPARE(c.sloMs, inference(*parent).result().sloMs[c.service] * 0.5);
        for (const ClassDecision& decision : forkEpoch->decisions)  // and every class still served
            QVERIFY2(decision.chosen >= 0, decision.why.c_str());
        QVERIFY(f.value("reconfigs", p.rows() - 1) > p.value("reconfigs", p.rows() - 1));
        QVERIFY(fork->info().name.find("SLO x0.5") != std::string::npos);

        // Judged against the new SLO, the steps after the fork meet it less often than the parent
        // meets the old one (forkAtTheStartEqualsARunWithThatSlo and tst_requestsim check the
        // judgement itself).
        bool missed = false;
        for (size_t r = position + 1; r < p.rows(); ++r)
            missed |= f.value("slo_attainment_pct", r) < p.value("slo_attainment_pct", r);
        QVERIFY(missed);
    }

    void forkAtTheStartEqualsARunWithThatSlo()
    {
        // At position 0 the fork's SLO holds for every request: it is the run simulated with that
        // SLO scale, number for number (the planner's SLOs, the dispatch timeouts, the judgement).
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const RunKind& kind = inferenceKind();
        const auto inputs = parvaInputs();
        const auto parent = kind.simulate(inputs, request("elasticbatch", {{"slo_row", "2"}}));
        const auto fork = kind.fork(*parent, 0, {"elasticbatch", {{"slo_scale", "0.5"}}});
        const auto direct = kind.simulate(inputs, request("elasticbatch", {{"slo_row", "2"}, {"slo_scale", "0.5"}}));
        compareRows(*direct, *fork, 0, direct->series().rows(), "fork at 0 against the run with SLO x0.5");
        QVERIFY(anyRowDiffers(*parent, *fork, 1));
    }

    void forkOfAForkKeepsTheSloInForce()
    {
        // A fork with its own policy and no values, made from an SLO fork after its position,
        // reproduces it exactly: the new phase keeps the SLO scale in force there.
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const RunKind& kind = inferenceKind();
        const auto parent = kind.simulate(parvaInputs(), request("elasticbatch", {{"slo_row", "1"}}));
        const auto fork = kind.fork(*parent, 3, {"elasticbatch", {{"slo_scale", "0.6"}, {"load_scale", "1.5"}}});
        const auto again = kind.fork(*fork, 6, {"elasticbatch", {}});
        compareRows(*fork, *again, 0, fork->series().rows(), "fork of the fork");
        // Going back to the data's SLO later is a change again.
        const auto back = kind.fork(*fork, 6, {"elasticbatch", {{"slo_scale", "1"}}});
        compareRows(*fork, *back, 0, 7, "back, before its position");
        QVERIFY(anyRowDiffers(*fork, *back, 7));
    }

    void forkSwitchesToTheSlosOfAnotherRow()
    {
        // SLO row 2's rates, then from 120 s row 5's SLOs (about a third of row 2's): the fork
        // plans for them and names where they come from; back to the scenario's with row 0.
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const RunKind& kind = inferenceKind();
        const auto inputs = parvaInputs();
        const auto parent = kind.simulate(inputs, request("elasticbatch", {{"slo_row", "2"}}));
        const auto fork = kind.fork(*parent, 4, {"elasticbatch", {{"slos_of_row", "5"}}});
        compareRows(*parent, *fork, 0, 5, "before the switch of SLOs");
        QVERIFY(anyRowDiffers(*parent, *fork, 5));
        QVERIFY2(fork->info().name.find("SLOs of SLO row 5") != std::string::npos, fork->info().name.c_str());
        const auto& world = dynamic_cast<const InferenceWorld&>(*inputs);
        const SloTable& table = *world.slo();
        const InferenceResult& result = inference(*fork).result();
        const PlanEpoch& last = result.epochs.back();
        QVERIFY(last.fromS >= 120);
        for (const WorkloadClass& c : last.classes) {
            const std::string& model = result.services[c.service];
            const size_t m = size_t(std::find(table.models.begin(), table.models.end(), model) - table.models.begin());
            QVERIFY(m < table.models.size() && table.latencySloMs[4][m]);
            QCOMPARE(c.sloMs, *table.latencySloMs[4][m]);
            QVERIFY(c.sloMs < result.sloMs[c.service]);  // row 5's are tighter than row 2's
        }
        // With a scale on top, and back to the scenario's SLOs in a fork of the fork.
        const auto scaled = kind.fork(*parent, 4, {"elasticbatch", {{"slos_of_row", "5"}, {"slo_scale", "2"}}});
        const auto& scaledClasses = inference(*scaled).result().epochs.back().classes;
        QCOMPARE(scaledClasses.size(), last.classes.size());
        for (size_t c = 0; c < scaledClasses.size(); ++c)
            QCOMPARE(scaledClasses[c].sloMs, 2 * last.classes[c].sloMs);
        const auto back = kind.fork(*fork, 7, {"elasticbatch", {{"slos_of_row", "0"}}});
        compareRows(*fork, *back, 0, 8, "back, before its position");
        for (const WorkloadClass& c : inference(*back).result().epochs.back().classes)
            QCOMPARE(c.sloMs, result.sloMs[c.service]);
        // A row the files do not have, or a scenario file's run: a clear error.
        QVERIFY_THROWS_EXCEPTION(UsageError, kind.fork(*parent, 4, {"elasticbatch", {{"slos_of_row", "9"}}}));
        const auto sample = kind.simulate(kind.conformanceSample(), {"elasticbatch", {}});
        try {
            kind.fork(*sample, 2, {"elasticbatch", {{"slos_of_row", "2"}}});
            QFAIL("a scenario file's run took the SLOs of a row");
        } catch (const UsageError& e) {
            QVERIFY2(std::string(e.what()).find("SLO folder") != std::string::npos, e.what());
        }
    }

    void runScaledFromTheStart()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const RunKind& kind = inferenceKind();
        const auto inputs = parvaInputs();
        const auto plain = kind.simulate(inputs, request("elasticbatch", {{"slo_row", "1"}}));
        const auto tight = kind.simulate(inputs, request("elasticbatch", {{"slo_row", "1"}, {"slo_scale", "0.5"}}));
        const auto& a = inference(*plain).result();
        const auto& b = inference(*tight).result();
        for (size_t s = 0; s < a.sloMs.size(); ++s)
            QCOMPARE(b.sloMs[s], a.sloMs[s] * 0.5);
        QVERIFY(b.peakGpus >= a.peakGpus);
        QVERIFY(tight->info().mode.find("SLO x0.5") != std::string::npos);
        // Row 1's rates under row 5's SLOs, from the start.
        const auto rowFive = kind.simulate(inputs, request("elasticbatch", {{"slo_row", "1"}, {"slos_of_row", "5"}}));
        QVERIFY(rowFive->info().mode.find("SLOs of SLO row 5") != std::string::npos);
        const auto& c = inference(*rowFive).result();
        for (size_t s = 0; s < a.sloMs.size(); ++s)
            QVERIFY(c.sloMs[s] < a.sloMs[s]);
    }

    void sloScaleOutOfRangeIsAClearError()
    {
        const RunKind& kind = inferenceKind();
        for (const char* value : {"0.1", "5", "-1", "abc"}) {
            const auto problem = kind.requestProblem({"elasticbatch", {{"slo_scale", value}}}, true);
            QVERIFY2(problem && problem->find("SLO scale") != std::string::npos, value);
        }
        QVERIFY(!kind.requestProblem({"elasticbatch", {{"slo_scale", "0.25"}}}, true));
        const auto run = kind.simulate(kind.conformanceSample(), {"elasticbatch", {{"duration", "300"}}});
        try {
            kind.fork(*run, 2, {"elasticbatch", {{"slo_scale", "8"}}});
            QFAIL("an SLO scale of 8 was accepted");
        } catch (const UsageError& e) {
            QVERIFY2(std::string(e.what()).find("SLO scale must be between 0.25 and 4") != std::string::npos, e.what());
        }
        QVERIFY_THROWS_EXCEPTION(UsageError, kind.simulate(kind.conformanceSample(), {"elasticbatch", {{"slo_scale", "0"}}}));
    }

    void sloForkOnTheConformanceSample()
    {
        // Without the shared data: the kind's own sample, forked with a looser and a tighter SLO.
        const RunKind& kind = inferenceKind();
        const auto run = kind.simulate(kind.conformanceSample(), {"elasticbatch", {{"step", "30"}}});
        const size_t position = run->steps() / 2;
        for (const char* scale : {"0.5", "2"}) {
            const auto fork = kind.fork(*run, position, {"elasticbatch", {{"slo_scale", scale}}});
            compareRows(*run, *fork, 0, position + 1, scale);
        }
    }
};

QTEST_GUILESS_MAIN(TestInferenceSloFork)
#include "tst_inferenceslofork.moc"
