// Run names say what sets a run apart from its kind's defaults, for the pod and MIG inference
// kinds as for training runs (runNameDetails): runs that differ only in tune, tie order, load
// scale or step read apart in `runs`, legends and titles; the defaults add nothing.
#include "inference/InferenceRun.h"
#include "run/PodSchedulingRun.h"
#include "run/RunKindRegistry.h"

#include <QTest>

using namespace tessera;

namespace {

std::string nameOf(const char* kindId, RunRequest request)
{
    const RunKind& kind = RunKindRegistry::kind(kindId);
    if (request.policy.empty())
        request.policy = kind.policies().front().spec;
    return kind.simulate(kind.conformanceSample(), request)->info().name;
}

}  // namespace

class TestRunNames : public QObject {
    Q_OBJECT

private slots:
    void podNamesSayTheParametersOffTheirDefaults()
    {
        const std::string plain = nameOf(PodSchedulingRun::kKind, {});
        QCOMPARE(plain, std::string("fgd · seed 42"));
        QCOMPARE(nameOf(PodSchedulingRun::kKind, RunRequest{{}, {{"tune", "1.5"}, {"tie_order", "name"}}}),
                 plain + " · tune 1.5× · tie order name");
        // The seed is in the name already, and the tune is no parameter of a replay.
        QCOMPARE(nameOf(PodSchedulingRun::kKind, RunRequest{{}, {{"seed", "7"}}}), std::string("fgd · seed 7"));
    }

    void inferenceNamesSayTheParametersOffTheirDefaults()
    {
        const std::string plain = nameOf(InferenceRun::kKind, {});
        QVERIFY2(plain.ends_with(" · seed 42"), plain.c_str());
        QCOMPARE(nameOf(InferenceRun::kKind, RunRequest{{}, {{"load_scale", "2"}, {"step", "30"}}}),
                 plain + " · step 30 s · load scale 2×");
    }
};

QTEST_GUILESS_MAIN(TestRunNames)
#include "tst_runnames.moc"
