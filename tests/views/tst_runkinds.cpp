// The Run panel's and Fork dialog's view of run kinds: RunKindModel lists the current kind's
// policies and parameters from the core's registry; RunManager starts a request with
// parameter values, refuses what the kind refuses (a parameter a fork cannot change), and a
// fork reopened from the study keeps its parent and fork position, so its marker.
#include "PipelineTestSupport.h"
#include "runs/RunManager.h"
#include "study/StudyLibrary.h"
#include "trace/TraceSession.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera;
using namespace tessera::views;

namespace {
constexpr int kWaitMs = 120000;

RunHandle* last(const QSignalSpy& spy) { return spy.isEmpty() ? nullptr : spy.last().at(0).value<RunHandle*>(); }

QVariantMap parameterNamed(const QVariantList& parameters, const QString& name)
{
    for (const QVariant& p : parameters)
        if (p.toMap().value("name").toString() == name)
            return p.toMap();
    return {};
}
}  // namespace

class TestRunKinds : public QObject {
    Q_OBJECT

    QTemporaryDir home_;
    TraceSession* session_ = nullptr;

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        test::isolateUserFiles(home_.path());
        session_ = new TraceSession(this);
        QSignalSpy loaded(session_, &TraceSession::traceLoaded);
        session_->loadDefault();
        QVERIFY(loaded.wait(kWaitMs));
    }

    void theModelListsTheKindsPoliciesAndParameters()
    {
        RunManager manager;
        RunKindModel* kind = manager.kind();
        QCOMPARE(kind->kindId(), QString("pod-scheduling"));
        QVERIFY(kind->kinds().contains("pod-scheduling"));
        QCOMPARE(kind->policies().value(0), QString("fgd"));  // the default first
        QCOMPARE(manager.plugins(), kind->policies());
        QVERIFY(kind->combinesPolicies());
        const QVariantMap tune = parameterNamed(kind->parameters(), "tune");
        QCOMPARE(tune.value("type").toString(), QString("real"));
        QCOMPARE(tune.value("min").toDouble(), 0.01);
        QCOMPARE(tune.value("max").toDouble(), 10.0);
        QCOMPARE(tune.value("defaultText").toString(), QString("1.3"));
        QCOMPARE(tune.value("onlyWhenParameter").toString(), QString("mode"));
        QCOMPARE(tune.value("onlyWhenValue").toString(), QString("experiment"));
        const QVariantMap mode = parameterNamed(kind->parameters(), "mode");
        QCOMPARE(mode.value("type").toString(), QString("choice"));
        QCOMPARE(mode.value("choices").toList().size(), 2);
        QVERIFY(kind->forkParameters().isEmpty());  // a pod fork changes the policy only
        QVERIFY(kind->validate("fgd", {{"tune", "0.3"}}).isEmpty());
        QVERIFY(kind->validate("fgd", {{"tune", "11"}}).contains("Tune"));
        QVERIFY(kind->validate("fgd", {{"nosuch", "1"}}).contains("nosuch"));
        QVERIFY(kind->validate("fgd", {{"seed", "3"}}, true).contains("cannot change at a fork"));
        kind->setKindId("no-such-kind");  // ignored
        QCOMPARE(kind->kindId(), QString("pod-scheduling"));
        bool listed = false;
        for (const QVariant& entry : kind->kindEntries())
            listed = listed || (entry.toMap().value("id") == "pod-scheduling"
                                && entry.toMap().value("name") == "Pod scheduling (GPU sharing)");
        QVERIFY(listed);
        // Inputs are ready once the trace session holds a trace.
        QVERIFY(!manager.inputsReady());
        QSignalSpy ready(&manager, &RunManager::inputsReadyChanged);
        manager.setTraceSession(session_);
        QVERIFY(ready.count() > 0);
        QVERIFY(manager.inputsReady());
    }

    void aReopenedForkKeepsItsParentAndPosition()
    {
        StudyLibrary study;
        RunManager manager;
        manager.setTraceSession(session_);
        manager.setStudy(&study);
        QVERIFY(study.create(home_.filePath("forks.sqlite")));
        QSignalSpy finished(&manager, &RunManager::runFinished);
        QVERIFY(manager.startRequest("fgd", {{"tune", 0.3}, {"seed", 42}}));
        QVERIFY(finished.wait(kWaitMs));
        RunHandle* parent = last(finished);
        QVERIFY(parent);
        QCOMPARE(parent->seed(), qulonglong(42));
        QVERIFY(!manager.forkRequest(parent, 10, "bestfit", {{"seed", "7"}}));
        QVERIFY2(manager.error().contains("cannot change at a fork"), qPrintable(manager.error()));
        QSignalSpy forked(&manager, &RunManager::forkFinished);
        QVERIFY(manager.forkRequest(parent, 10, "bestfit", {}));
        QVERIFY(forked.wait(kWaitMs));
        RunHandle* fork = last(forked);
        QTRY_VERIFY_WITH_TIMEOUT(fork->storedId() >= 0 && parent->storedId() >= 0, kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(manager.pendingSaves(), 0, kWaitMs);
        const qint64 parentId = parent->storedId(), forkId = fork->storedId();
        manager.remove(manager.indexOf(fork));
        manager.remove(manager.indexOf(parent));

        QSignalSpy opened(&manager, &RunManager::savedRunOpened);
        QVERIFY(manager.openSaved(parentId));
        QVERIFY(opened.wait(kWaitMs));
        RunHandle* reopenedParent = last(opened);
        QVERIFY(manager.openSaved(forkId));
        QVERIFY(opened.wait(kWaitMs));
        RunHandle* reopenedFork = last(opened);
        QCOMPARE(reopenedFork->parentRun(), reopenedParent);
        QCOMPARE(reopenedFork->forkPosition(), 10);
        QCOMPARE(reopenedParent->forkPosition(), -1);
        QVERIFY(manager.index(manager.indexOf(reopenedFork)).data(RunManager::IsForkRole).toBool());
    }
};

QTEST_MAIN(TestRunKinds)
#include "tst_runkinds.moc"
