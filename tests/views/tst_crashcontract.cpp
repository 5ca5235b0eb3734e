// The crash contract: whatever a run kind's code throws, on a worker (simulate, fork, explain,
// the heatmap's group values) or while its result is adopted, reaches the app as an error
// message, never as an abort. Checked with a kind registered here whose code throws.
#include "inspector/DecisionModel.h"
#include "items/HeatmapItem.h"
#include "run/RunHandle.h"
#include "run/RunKindRegistry.h"
#include "runs/RunManager.h"
#include "util/UsageError.h"

#include <QSignalSpy>
#include <QTest>

#include <stdexcept>

using namespace tessera;
using namespace tessera::views;

namespace {

constexpr int kWaitMs = 20000;

class NoInputs final : public RunInputs {
public:
    const std::vector<RunRecord::TraceFile>& inputFiles() const override { return files_; }

private:
    std::vector<RunRecord::TraceFile> files_;
};

class ThrowingCursor final : public RunCursor {
public:
    size_t position() const override { return position_; }
    void seek(size_t position) override { position_ = position; }
    void cellUse(std::vector<float>& use) const override { use.assign(2, 0.5f); }
    std::string describeCell(uint32_t) const override { return "cell"; }
    std::string describeGroup(uint32_t) const override { return "group"; }
    void groupValues(std::vector<float>&) const override { throw std::runtime_error("group values exploded"); }

private:
    size_t position_ = 0;
};

// A run whose explain() and group values throw; the rest works.
class ThrowingRun final : public Run {
public:
    ThrowingRun()
    {
        info_ = {"throwing-kind", "throwing run", "calm", 1, "m", {}};
        series_.add({"x", "X", "s"}, {0, 1, 2, 3});
        series_.add({"y", "Y", "%"}, {0, 10, 20, 30});
        layout_.categories = {"c"};
        layout_.groups = {{"g", 0, 0, 2}};
        layout_.cellCount = 2;
    }
    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return 3; }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::unique_ptr<RunCursor> cursor() const override { return std::make_unique<ThrowingCursor>(); }
    std::string describeStep(size_t) const override { return "a step"; }
    ExplanationTable explain(size_t) const override { throw std::runtime_error("explain exploded"); }
    MetricInfo groupValueInfo() const override { return {"v", "Value", "u"}; }
    std::unique_ptr<Run> fork(size_t, const std::string&, const ProgressCallback&) const override
    {
        throw std::logic_error("fork exploded");
    }

private:
    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
};

// Policy "boom" makes simulate() throw; "calm" gives a ThrowingRun, whose fork throws. An
// angry one throws from what it says of itself too (policies, parameters, checks, inputs).
class ThrowingKind final : public RunKind {
public:
    explicit ThrowingKind(bool angry = false) : angry_(angry) {}
    std::string id() const override { return "throwing-kind"; }
    std::string displayName() const override { return "Throwing kind"; }
    std::vector<RunKindInput> inputs() const override
    {
        rage();
        return {{"scenario", "Scenario", "*.csv", false, false}};
    }
    std::shared_ptr<const RunInputs> loadInputs(const std::map<std::string, std::string>&, LoadWarnings&,
                                                const ProgressCallback&) const override
    {
        return std::make_shared<NoInputs>();
    }
    std::vector<RunKindPolicy> policies() const override
    {
        rage();
        return {{"calm", "Calm", {}}, {"boom", "Boom", {}}};
    }
    std::string canonicalPolicy(const std::string& spec) const override
    {
        rage();
        if (spec != "calm" && spec != "boom")
            throw UsageError("not calm or boom");
        return spec;
    }
    std::vector<RunKindParameter> parameters() const override
    {
        rage();
        return {};
    }
    std::unique_ptr<Run> simulate(std::shared_ptr<const RunInputs>, const RunRequest& request,
                                  const ProgressCallback&) const override
    {
        if (request.policy == "boom")
            throw std::runtime_error("simulate exploded");
        return std::make_unique<ThrowingRun>();
    }
    std::optional<std::string> forkProblem(const Run&, size_t) const override { return std::nullopt; }
    std::unique_ptr<Run> fork(const Run& run, size_t position, const RunRequest& request,
                              const ProgressCallback& progress) const override
    {
        return run.fork(position, request.policy, progress);
    }
    std::shared_ptr<const RunInputs> conformanceSample() const override { return std::make_shared<NoInputs>(); }
    std::map<std::string, std::string> writeConformanceFiles(const std::string&) const override { return {}; }

private:
    void rage() const
    {
        if (angry_)
            throw std::runtime_error("the kind exploded");
    }
    bool angry_;
};

}  // namespace

class TestCrashContract : public QObject {
    Q_OBJECT

private slots:
    void explainThatThrowsIsAnErrorMessage()
    {
        RunHandle handle(std::make_shared<ThrowingRun>());
        DecisionModel model;
        QSignalSpy error(&model, &DecisionModel::errorChanged);
        model.setRun(&handle);
        model.setStep(1);
        QVERIFY(error.wait(kWaitMs));
        QVERIFY2(model.error().contains("explain exploded"), qPrintable(model.error()));
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.busy());
        // Leaving the step clears the message.
        model.setStep(-1);
        QVERIFY(model.error().isEmpty());
    }

    void heatmapValuesThatThrowAreAnErrorMessage()
    {
        RunHandle handle(std::make_shared<ThrowingRun>());
        HeatmapItem item;
        QSignalSpy error(&item, &HeatmapItem::errorChanged);
        item.setColumns(60);
        item.setRun(&handle);
        QVERIFY(error.wait(kWaitMs));
        QVERIFY2(item.error().contains("group values exploded"), qPrintable(item.error()));
    }

    // What the Run panel and the Fork dialog read of a kind never throws into QML.
    void aKindThatThrowsDescribingItselfShowsNothingAndSaysWhy()
    {
        const RunKindRegistration registration("angry-kind", std::make_shared<ThrowingKind>(true));
        RunManager manager;
        manager.kind()->setKindId("angry-kind");
        QCOMPARE(manager.kind()->kindId(), QString("angry-kind"));
        QVERIFY(manager.kind()->policies().isEmpty());
        QVERIFY(manager.kind()->parameters().isEmpty());
        QVERIFY(manager.kind()->validatePolicy("calm").contains("the kind exploded"));
        QVERIFY(manager.kind()->validate("calm", {}).contains("the kind exploded"));
        QVERIFY(!manager.startRequest("calm", {}));
        QVERIFY2(manager.error().contains("the kind exploded"), qPrintable(manager.error()));
    }

    void simulateAndForkThatThrowAreErrorMessages()
    {
        const RunKindRegistration registration("throwing-kind", std::make_shared<ThrowingKind>());
        RunManager manager;
        manager.kind()->setKindId("throwing-kind");
        QCOMPARE(manager.kind()->kindId(), QString("throwing-kind"));
        QCOMPARE(manager.plugins(), QStringList({"calm", "boom"}));
        QVERIFY(!manager.startRequest("calm", {}));  // no inputs yet
        QVERIFY2(manager.error().contains("scenario"), qPrintable(manager.error()));
        QSignalSpy loaded(&manager, &RunManager::inputsLoaded);
        QVERIFY(manager.loadInputs({{"scenario", "any.csv"}}));
        QVERIFY(loaded.wait(kWaitMs));

        QSignalSpy error(&manager, &RunManager::errorChanged);
        QVERIFY(manager.startRequest("boom", {}));
        QVERIFY(error.wait(kWaitMs));
        QVERIFY2(manager.error().contains("simulate exploded"), qPrintable(manager.error()));
        QVERIFY(!manager.busy());

        QSignalSpy finished(&manager, &RunManager::runFinished);
        QVERIFY(manager.startRequest("calm", {}));
        QVERIFY(finished.wait(kWaitMs));
        RunHandle* run = manager.runAt(0);
        QVERIFY(run);
        QVERIFY(manager.fork(run, 1, "calm"));
        QVERIFY(error.wait(kWaitMs));
        QVERIFY2(manager.error().contains("fork exploded"), qPrintable(manager.error()));
        QCOMPARE(manager.count(), 1);
        QVERIFY(!manager.fork(run, 1, "stormy"));
        QVERIFY2(manager.error().contains("not calm or boom"), qPrintable(manager.error()));
    }
};

QTEST_MAIN(TestCrashContract)
#include "tst_crashcontract.moc"
