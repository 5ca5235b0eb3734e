// Issue 12 polish, items 3 and 5: the shared UI speaks each kind's words. A MIG inference run
// has a short name (the full policy name is a parameter: the run library, the report and the
// tooltips show it); the toolbar's Open says what the chosen kind opens; the jump box's examples
// are times inside the run, not a pod replay's "130d".
#include "inference/InferenceRun.h"
#include "run/PodSchedulingRun.h"
#include "run/RunKindRegistry.h"
#include "runs/RunKindModel.h"
#include "timeline/JumpParser.h"

#include <QRegularExpression>
#include <QTest>

#include <algorithm>

using namespace tessera;
using namespace tessera::views;

class TestKindWords : public QObject {
    Q_OBJECT

private slots:
    void inferenceRunsHaveShortNamesAndTheFullPolicyNameAsAParameter()
    {
        const RunKind& kind = RunKindRegistry::kind(InferenceRun::kKind);
        const auto policies = kind.policies();
        const auto elastic = std::find_if(policies.begin(), policies.end(),
                                          [](const RunKindPolicy& p) { return p.spec == "elasticbatch"; });
        QVERIFY(elastic != policies.end());
        QCOMPARE(elastic->label, std::string("ElasticBatch-like"));
        QVERIFY(elastic->description.find("reconstructed from the published abstract") != std::string::npos);
        for (const RunKindPolicy& p : policies)
            QVERIFY2(p.label.size() <= 40, p.label.c_str());  // menus, legends and run keys: a name, not a sentence

        const auto run = kind.simulate(kind.conformanceSample(), RunRequest{"elasticbatch", {}});
        QVERIFY2(run->info().name.find("reconstructed") == std::string::npos, run->info().name.c_str());
        QVERIFY2(run->info().name.rfind("ElasticBatch-like", 0) == 0, run->info().name.c_str());
        const auto& parameters = run->info().parameters;
        const auto policy = std::find_if(parameters.begin(), parameters.end(), [](const auto& p) { return p.first == "policy"; });
        QVERIFY(policy != parameters.end());
        QCOMPARE(policy->second, elastic->description);
    }

    void openSaysWhatTheKindOpens()
    {
        RunKindModel model;
        model.setKindId(QString::fromStdString(PodSchedulingRun::kKind));
        QCOMPARE(model.inputsName(), QStringLiteral("a trace"));
        model.setKindId(QString::fromStdString(InferenceRun::kKind));
        QCOMPARE(model.inputsName(), QStringLiteral("the profile folder, SLO folder or scenario file"));
    }

    void jumpExamplesLieInsideTheRun_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("expected");
        QTest::newRow("5-minute inference run") << 300.0 << "3min, 90s, 95%";
        QTest::newRow("an hour") << 3600.0 << "39min, 90s, 95%";
        QTest::newRow("a day") << 86400.0 << "16h, 30min, 95%";
        QTest::newRow("200-day replay") << 200 * 86400.0 << "130d, 4h, 95%";
        QTest::newRow("40 s") << 40.0 << "26s, 95%";
    }

    void jumpExamplesLieInsideTheRun()
    {
        QFETCH(double, seconds);
        QFETCH(QString, expected);
        const JumpParser::Axis axis{QStringLiteral("s"), 0, seconds};
        QCOMPARE(JumpParser::examples(axis), expected);
        QVERIFY(JumpParser::hint(axis).endsWith(expected));
        // Every example jumps: none is past the run's end.
        for (const QString& example : expected.split(QStringLiteral(", "))) {
            const JumpParser::Result r = JumpParser::parse(example, axis);
            QVERIFY2(r.x.has_value(), qPrintable(example + ": " + r.error));
        }
        QVERIFY(JumpParser::parse(QStringLiteral("nonsense"), axis).error.contains(expected));
    }
};

QTEST_MAIN(TestKindWords)
#include "tst_kindwords.moc"
