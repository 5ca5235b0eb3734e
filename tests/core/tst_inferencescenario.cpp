// Inference scenarios (core/inference/InferenceScenario.h): the CSV format round-trips, every
// class of malformed file is an input error naming file, line and column, the generator is
// deterministic and day-shaped, and the bundled traces/inference/default.csv is exactly what
// the generator (and `tessera-cli generate-scenario`) makes.
#include "support/CliRunner.h"
#include "support/TestFiles.h"
#include "inference/InferenceScenario.h"
#include "io/InputError.h"

#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace tessera;

namespace {

const QString kDefaultScenario = QStringLiteral(TESSERA_SOURCE_DIR "/traces/inference/default.csv");

std::string scenarioText(const InferenceScenario& scenario)
{
    std::ostringstream out;
    writeScenario(out, scenario);
    return out.str();
}

ScenarioGeneratorParams smallParams()
{
    ScenarioGeneratorParams p;
    p.models = {"resnet50", "bert", "vgg16"};
    p.durationS = 3600;
    p.stepS = 300;
    p.dayS = 3600;
    return p;
}

}  // namespace

class TestInferenceScenario : public QObject {
    Q_OBJECT

private slots:
    void writtenScenarioLoadsBackEqual()
    {
        InferenceScenario s = generateScenario(smallParams(), 7);
        // Values that need every digit, and a service with one row.
        s.services[0].rates[1].rateRps = 0.1 + 0.2;
        s.services[1].sloMs = 1234.5678;
        s.services.push_back({"mobilenetv2", 99.5, 0, {{0, 12.25}}});
        QTemporaryDir tmp;
        const std::string path = (tmp.path() + "/round.csv").toStdString();
        writeScenario(path, s);
        const InferenceScenario back = loadScenario(path);
        QCOMPARE(QString::fromStdString(back.name), QStringLiteral("round"));
        QCOMPARE(back.durationS, s.durationS);
        QCOMPARE(back.services.size(), s.services.size());
        for (size_t i = 0; i < s.services.size(); ++i) {
            const auto& a = s.services[i];
            const auto& b = back.services[i];
            QCOMPARE(b.model, a.model);
            QCOMPARE(b.sloMs, a.sloMs);
            QCOMPARE(b.sizeSigma, a.sizeSigma);
            QCOMPARE(b.rates.size(), a.rates.size());
            for (size_t j = 0; j < a.rates.size(); ++j) {
                QCOMPARE(b.rates[j].fromS, a.rates[j].fromS);
                QCOMPARE(b.rates[j].rateRps, a.rates[j].rateRps);
            }
        }
        QCOMPARE(scenarioText(back), scenarioText(s));
    }

    void handWrittenFileLoads()
    {
        // Later rows may leave slo_ms and size_sigma empty; columns in any order; no size_sigma
        // column means size factor 1.
        QTemporaryDir tmp;
        const QString path = tmp.path() + "/hand.csv";
        QVERIFY(test::writeBytes(path, "rate_rps,model,from_s,to_s,slo_ms\n"
                                       "100,resnet50,0,60,200\n"
                                       "250.5,resnet50,60,120,\n"
                                       "7,bert,0,120,1000\n"));
        const InferenceScenario s = loadScenario(path.toStdString());
        QCOMPARE(s.durationS, 120.0);
        QCOMPARE(s.services.size(), size_t(2));
        QCOMPARE(s.services[0].model, std::string("resnet50"));
        QCOMPARE(s.services[0].sloMs, 200.0);
        QCOMPARE(s.services[0].sizeSigma, 0.0);
        QCOMPARE(s.services[0].rates.size(), size_t(2));
        QCOMPARE(s.services[0].rates[1].fromS, 60.0);
        QCOMPARE(s.services[0].rates[1].rateRps, 250.5);
        QCOMPARE(s.services[1].rates[0].rateRps, 7.0);
    }

    void badFileIsAnInputErrorNamingLineAndColumn_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");  // the message after "FILE:"
        const QByteArray header = "model,from_s,to_s,rate_rps,slo_ms,size_sigma\n";
        QTest::newRow("empty file") << QByteArray() << "1: file is empty";
        QTest::newRow("header only") << header << "1: no rows: a scenario needs at least one model";
        QTest::newRow("unknown column") << QByteArray("model,from_s,to_s,rate_rps,slo_ms,colour\nresnet50,0,60,1,200,red\n")
                                        << "1: column colour: unknown column";
        QTest::newRow("missing column") << QByteArray("model,from_s,to_s,slo_ms\nresnet50,0,60,200\n")
                                        << "1: column rate_rps: missing column";
        QTest::newRow("too few fields") << header + "resnet50,0,60,1\n" << "2: column slo_ms:";
        QTest::newRow("negative rate") << header + "resnet50,0,60,-5,200,0.3\n"
                                       << "2: column rate_rps: negative number (value \"-5\")";
        QTest::newRow("rate not a number") << header + "resnet50,0,60,fast,200,0.3\n"
                                           << "2: column rate_rps: not a number (value \"fast\")";
        QTest::newRow("rate nan") << header + "resnet50,0,60,nan,200,0.3\n" << "2: column rate_rps: not a number";
        QTest::newRow("rate inf") << header + "resnet50,0,60,inf,200,0.3\n" << "2: column rate_rps: not a number";
        QTest::newRow("absurd rate") << header + "resnet50,0,60,1e9,200,0.3\n"
                                     << "2: column rate_rps: above the maximum of 10000000";
        QTest::newRow("absurd time") << header + "resnet50,0,1e12,1,200,0.3\n"
                                     << "2: column to_s: above the maximum of 10000000";
        QTest::newRow("slo zero") << header + "resnet50,0,60,1,0,0.3\n"
                                  << "2: column slo_ms: an SLO must be above 0 ms (value \"0\")";
        QTest::newRow("slo negative") << header + "resnet50,0,60,1,-1,0.3\n" << "2: column slo_ms: negative number";
        QTest::newRow("slo empty on first row") << header + "resnet50,0,60,1,,0.3\n"
                                                << "2: column slo_ms: empty value: a model's first row gives its SLO";
        QTest::newRow("absurd slo") << header + "resnet50,0,60,1,1e7,0.3\n"
                                    << "2: column slo_ms: above the maximum of 1000000";
        QTest::newRow("absurd sigma") << header + "resnet50,0,60,1,200,5\n"
                                      << "2: column size_sigma: above the maximum of 2";
        QTest::newRow("first row after 0") << header + "resnet50,10,60,1,200,0.3\n"
                                           << "2: column from_s: a model's first row must start at 0";
        QTest::newRow("ends before start") << header + "resnet50,0,0,1,200,0.3\n"
                                           << "2: column to_s: ends at or before its start (from_s 0)";
        QTest::newRow("times go backwards")
            << header + "resnet50,0,60,1,200,0.3\nresnet50,60,120,2,200,0.3\nresnet50,30,60,3,200,0.3\n"
            << "4: column from_s: times go backwards: line 3 of model resnet50 already runs to 120 s";
        QTest::newRow("gap") << header + "resnet50,0,60,1,200,0.3\nresnet50,90,120,2,200,0.3\n"
                             << "3: column from_s: a gap: line 2 of model resnet50 ends at 60 s";
        QTest::newRow("duplicate row") << header + "resnet50,0,60,1,200,0.3\nresnet50,0,60,1,200,0.3\n"
                                       << "3: column from_s: duplicate row: model resnet50 from 0 s is already at line 2";
        QTest::newRow("slo changes") << header + "resnet50,0,60,1,200,0.3\nresnet50,60,120,2,300,0.3\n"
                                     << "3: column slo_ms: differs from line 2 (200)";
        QTest::newRow("sigma changes") << header + "resnet50,0,60,1,200,0.3\nresnet50,60,120,2,,0.5\n"
                                       << "3: column size_sigma: differs from line 2 (0.3)";
        QTest::newRow("models end apart") << header + "resnet50,0,60,1,200,0.3\nbert,0,50,1,200,0.3\n"
                                          << "3: column to_s: model bert ends at 50 s but model resnet50 ends at 60 s "
                                             "(line 2)";
        QTest::newRow("bad model name") << header + "res net,0,60,1,200,0.3\n"
                                        << "2: column model: a model name has only letters";
        QTest::newRow("empty model") << header + ",0,60,1,200,0.3\n" << "2: column model: empty value";
    }

    void badFileIsAnInputErrorNamingLineAndColumn()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        QTemporaryDir tmp;
        const QString path = tmp.path() + "/bad.csv";
        QVERIFY(test::writeBytes(path, content));
        try {
            loadScenario(path.toStdString());
            QFAIL("no error");
        } catch (const InputError& e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.startsWith(path + ":" + expected), qPrintable(message));
        }
    }

    void generatorIsDeterministicAndDayShaped()
    {
        const ScenarioGeneratorParams p = defaultScenarioParams();
        const InferenceScenario a = generateScenario(p, 11);
        QCOMPARE(scenarioText(generateScenario(p, 11)), scenarioText(a));
        QVERIFY(scenarioText(generateScenario(p, 12)) != scenarioText(a));
        QCOMPARE(a.durationS, 86400.0);
        QCOMPARE(a.services.size(), parvaGpuModelNames().size());
        for (const auto& s : a.services) {
            QCOMPARE(s.rates.size(), size_t(144));
            QVERIFY(s.sloMs >= p.sloMinMs && s.sloMs <= p.sloMaxMs);
            QCOMPARE(s.sizeSigma, p.sizeSigma);
            double sum = 0, night = 0, evening = 0;
            for (const auto& r : s.rates) {
                QVERIFY(r.rateRps >= 0);
                sum += r.rateRps;
                const double hour = r.fromS / 3600;
                if (hour >= 3 && hour < 5)
                    night += r.rateRps;
                if (hour >= 19 && hour < 21)
                    evening += r.rateRps;
            }
            const double mean = sum / 144;
            // The mean rate lies in the drawn range (within the noise); the night is well below
            // the evening peak (about 0.34 against 1.45 of the mean, an hour of phase either way).
            QVERIFY2(mean >= p.meanRateMinRps * 0.9 && mean <= p.meanRateMaxRps * 1.1, qPrintable(QString::number(mean)));
            QVERIFY2(night < 0.5 * evening, qPrintable(QString::fromStdString(s.model)));
        }
    }

    void generatorRejectsBadParameters()
    {
        ScenarioGeneratorParams p = smallParams();
        p.models = {"a", "a"};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateScenario(p, 1));
        p = smallParams();
        p.stepS = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateScenario(p, 1));
        p = smallParams();
        p.sloMinMs = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateScenario(p, 1));
    }

    void partialLastStepEndsAtTheDuration()
    {
        ScenarioGeneratorParams p = smallParams();
        p.durationS = 1000;
        const InferenceScenario s = generateScenario(p, 3);
        QCOMPARE(s.services[0].rates.size(), size_t(4));  // 0, 300, 600, 900
        QCOMPARE(s.services[0].rates.back().fromS, 900.0);
    }

    void bundledDefaultIsTheGeneratorsOutput()
    {
        // Proves that traces/inference/default.csv comes from the project's own generator.
        const QByteArray committed = test::readBytes(kDefaultScenario);
        QVERIFY2(!committed.isEmpty(), "missing traces/inference/default.csv");
        const std::string regenerated = scenarioText(generateScenario(defaultScenarioParams(), kDefaultScenarioSeed));
        QVERIFY2(QByteArray::fromStdString(regenerated) == committed,
                 "traces/inference/default.csv differs from generateScenario(defaultScenarioParams(), 2026)");
        const InferenceScenario loaded = loadScenario(kDefaultScenario.toStdString());
        QCOMPARE(QString::fromStdString(loaded.name), QStringLiteral("default"));
        QCOMPARE(scenarioText(loaded), regenerated);
    }

    void cliRegeneratesTheBundledDefault()
    {
        QTemporaryDir tmp;
        const QString out = tmp.path() + "/default.csv";
        const auto r = test::runCli({"generate-scenario", "--out", out, "--seed", "2026"});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QCOMPARE(test::readBytes(out), test::readBytes(kDefaultScenario));
        QVERIFY(r.out.contains("11 models, 1584 rows"));
        const auto bad = test::runCli({"generate-scenario", "--out", out, "--seed", "1", "--models", "a,,b"});
        QCOMPARE(bad.exitCode, 2);
    }
};

QTEST_APPLESS_MAIN(TestInferenceScenario)
#include "tst_inferencescenario.moc"
