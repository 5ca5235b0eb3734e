#include "ScriptedStart.h"

#include "chart/ChartRegistry.h"
#include "run/KindForFile.h"
#include "run/RunHandle.h"
#include "runs/RunKindModel.h"
#include "runs/RunManager.h"
#include "study/StudyLibrary.h"
#include "trace/TraceSession.h"
#include "window/ObjectNamed.h"

#include <QFile>
#include <QQuickItem>
#include <QTimer>
#include <QVariant>

#include <algorithm>

namespace tessera::gui {

using views::RunHandle;
using views::RunManager;

namespace {

// The tabs, left to right: the occupancy grid (its Gantt mode too), the kind's own views, the
// inspector and the metrics (Main.qml); compare is a mode of the window.
QStringList tabNames(const QString& kind)
{
    QStringList names{QStringLiteral("occupancy")};
    for (const chart::RegisteredView* v : chart::ChartRegistry::views(kind.toStdString()))
        if (!v->qml.isEmpty())
            names << QString::fromStdString(v->id);
    names << QStringLiteral("inspector") << QStringLiteral("metrics");
    return names;
}

// Empty if a run of `kind` can show --view `view`; else the usage error.
QString viewProblem(const QString& kind, const QString& view)
{
    const QStringList names = tabNames(kind);
    if (view.isEmpty() || names.contains(view) || view == QLatin1String("compare") || view == QLatin1String("gantt"))
        return {};
    return QStringLiteral("--view: a %1 run has no view \"%2\" (views: %3, gantt, compare)")
        .arg(kind, view, names.join(QStringLiteral(", ")));
}

}  // namespace

ScriptedStart::ScriptedStart(QQuickWindow* window, StartScript script, QObject* parent)
    : QObject(parent), window_(window), script_(std::move(script))
{
}

bool ScriptedStart::replacesUsualStart(const StartScript& script)
{
    return !script.open.isEmpty() || !script.study.isEmpty() || !script.kind.isEmpty();
}

QObject* ScriptedStart::find(const QString& name) const
{
    return views::objectNamed(window_, name);
}

void ScriptedStart::start()
{
    runs_ = window_->findChild<RunManager*>(QStringLiteral("runManager"));
    session_ = window_->findChild<views::TraceSession*>(QStringLiteral("traceSession"));
    library_ = window_->findChild<views::StudyLibrary*>(QStringLiteral("studyLibrary"));
    if (!runs_ || !session_ || !library_)
        return fail(1, QStringLiteral("the main window has no run manager, trace session or study library"));
    if (!replacesUsualStart(script_) && (!script_.view.isEmpty() || script_.at >= 0))
        return fail(2, QStringLiteral("--view and --at apply to the runs of --open or --run; neither was given"));
    if (!script_.kind.isEmpty())
        runs_->kind()->setKindId(script_.kind);
    else if (!script_.open.isEmpty() && !script_.open.first().isEmpty())
        // No --kind: the kind that reads the first file, as Open… finds it.
        if (const auto choice = KindForFile::choose(QFile::encodeName(script_.open.first()).toStdString(),
                                                    runs_->kind()->kindId().toStdString()))
            runs_->kind()->setKindId(QString::fromStdString(choice->kind->id()));
    // Every option whose validity the kind decides is checked before a run is simulated or saved;
    // a --run's kind is the saved run's, known once it is reopened (nothing is simulated then).
    if (!script_.open.isEmpty())
        if (const QString problem = viewProblem(runs_->kind()->kindId(), script_.view); !problem.isEmpty())
            return fail(2, problem);
    for (const QString& policy : script_.policies)
        if (const QString problem = runs_->kind()->validatePolicy(policy); !problem.isEmpty())
            return fail(2, QStringLiteral("--policy %1: %2").arg(policy, problem));
    // What a user sees first after such a start: the runs (the Inputs panel's fields would be
    // empty, as the script opened the inputs itself), and not the first start's hint over the
    // views (hidden for this session only; the setting that dismisses it stays as it was).
    window_->setProperty("panelIndex", script_.open.isEmpty() && script_.study.isEmpty() ? 0 : 1);
    if (QObject* hint = find(QStringLiteral("firstStartHint")))
        hint->setProperty("visible", false);
    openStudy();
}

void ScriptedStart::openStudy()
{
    if (!script_.study.isEmpty()) {
        // A study to reopen a run from must exist; one to save new runs in is made if need be.
        const bool opened = script_.run > 0 ? library_->open(script_.study) : library_->create(script_.study);
        if (!opened)
            return fail(3, QStringLiteral("--study %1: %2").arg(script_.study, library_->error()));
    }
    openInputs();
}

void ScriptedStart::openInputs()
{
    if (script_.open.isEmpty())
        return openSavedRun();
    if (script_.policies.isEmpty())
        script_.policies << runs_->kind()->policies().value(0);
    const auto loaded = [this] {
        stopWaiting();
        then(&ScriptedStart::runNextPolicy);
    };
    if (runs_->kind()->usesTraceSession()) {
        // A node list and a pod list, or one of them (or their folder) with its partner found.
        QStringList files = script_.open;
        files.removeAll(QString());
        if (files.size() > 2)
            return fail(2, QStringLiteral("--open: a %1 run takes a node list and a pod list; %2 files were named")
                               .arg(runs_->kind()->displayName())
                               .arg(files.size()));
        waiting_.push_back(connect(session_, &views::TraceSession::traceLoaded, this, loaded));
        waiting_.push_back(connect(session_, &views::TraceSession::loadFailed, this,
                                   [this](const QString& error) { fail(3, error); }));
        if (files.size() == 2)
            session_->load(files[0], files[1]);
        else
            session_->loadAny(files[0]);
        return;
    }
    // The kind's inputs as the Inputs panel lists them: {role, label, ...}.
    const QVariantList inputs = runs_->kind()->inputs();
    if (script_.open.size() > inputs.size()) {
        QStringList labels;
        for (const QVariant& input : inputs)
            labels << input.toMap().value(QStringLiteral("label")).toString().toLower();
        return fail(2, QStringLiteral("--open: a %1 run takes %2 inputs (%3); %4 were named")
                           .arg(runs_->kind()->displayName())
                           .arg(inputs.size())
                           .arg(labels.join(QStringLiteral(", ")))
                           .arg(script_.open.size()));
    }
    QVariantMap paths;
    for (qsizetype i = 0; i < script_.open.size(); ++i)
        if (!script_.open[i].isEmpty())
            paths.insert(inputs[i].toMap().value(QStringLiteral("role")).toString(), script_.open[i]);
    if (!runs_->loadInputs(paths))
        return fail(2, runs_->error());
    waiting_.push_back(connect(runs_, &RunManager::inputsLoaded, this, loaded));
    waiting_.push_back(connect(runs_, &RunManager::errorChanged, this, [this] {
        if (!runs_->error().isEmpty())
            fail(3, runs_->error());
    }));
}

void ScriptedStart::runNextPolicy()
{
    if (nextPolicy_ >= script_.policies.size())
        return openSavedRun();
    const QString policy = script_.policies[nextPolicy_++];
    if (const QString problem = runs_->kind()->validatePolicy(policy); !problem.isEmpty())
        return fail(2, QStringLiteral("--policy %1: %2").arg(policy, problem));
    const auto made = [this](RunHandle* run) {
        stopWaiting();
        shown_.emplace_back(run);
        then(&ScriptedStart::runNextPolicy);
    };
    // A run the study holds already is reopened rather than simulated (savedRunOpened).
    waiting_.push_back(connect(runs_, &RunManager::runFinished, this, made));
    waiting_.push_back(connect(runs_, &RunManager::savedRunOpened, this, made));
    if (!runs_->startRequest(policy, {}))
        return fail(2, QStringLiteral("--policy %1: %2").arg(policy, runs_->error()));
    if (over_ || waiting_.empty())
        return;  // done or failed within startRequest
    waiting_.push_back(connect(runs_, &RunManager::errorChanged, this, [this, policy] {
        if (!runs_->error().isEmpty())
            fail(3, QStringLiteral("--policy %1: %2").arg(policy, runs_->error()));
    }));
}

void ScriptedStart::openSavedRun()
{
    if (script_.run <= 0)
        return showRuns();
    waiting_.push_back(connect(runs_, &RunManager::savedRunOpened, this, [this](RunHandle* run) {
        stopWaiting();
        shown_.emplace_back(run);
        then(&ScriptedStart::showRuns);
    }));
    if (!runs_->openSaved(script_.run))
        return fail(3, QStringLiteral("--run %1: %2").arg(script_.run).arg(runs_->error()));
    if (over_ || waiting_.empty())
        return;
    waiting_.push_back(connect(runs_, &RunManager::errorChanged, this, [this] {
        if (!runs_->error().isEmpty())
            fail(3, QStringLiteral("--run %1 of %2: %3").arg(script_.run).arg(script_.study, runs_->error()));
    }));
}

void ScriptedStart::showRuns()
{
    RunHandle* first = shown_.empty() ? nullptr : shown_.front().data();
    RunHandle* second = shown_.size() > 1 ? shown_[1].data() : nullptr;
    if (first)
        QMetaObject::invokeMethod(window_, "show", Q_ARG(QVariant, QVariant::fromValue(first)),
                                  Q_ARG(QVariant, QVariant::fromValue(second)));
    const QString kind = first ? first->kind() : runs_->kind()->kindId();
    if (!script_.view.isEmpty()) {
        if (const QString problem = viewProblem(kind, script_.view); !problem.isEmpty())
            return fail(2, problem);
        const QStringList names = tabNames(kind);
        QObject* occupancy = find(QStringLiteral("occupancyView"));
        const QStringList modes = occupancy ? occupancy->property("modes").toStringList() : QStringList();
        if (script_.view == QLatin1String("compare")) {
            window_->setProperty("compareMode", true);
        } else if (script_.view == QLatin1String("gantt")) {
            if (!modes.contains(QStringLiteral("gantt")))
                return fail(2, QStringLiteral("--view gantt: the occupancy view of a %1 run has no Gantt").arg(kind));
            window_->setProperty("viewIndex", 0);
            occupancy->setProperty("modeIndex", modes.indexOf(QStringLiteral("gantt")));
        } else if (const qsizetype index = names.indexOf(script_.view); index >= 0) {
            window_->setProperty("viewIndex", int(index));
            if (index == 0 && occupancy && modes.contains(QStringLiteral("cells")))
                occupancy->setProperty("modeIndex", modes.indexOf(QStringLiteral("cells")));
        }
    }
    // A step past the run's end is the CLI's usage error (`chart --at`), with the range.
    if (script_.at >= 0 && first && script_.at > first->steps())
        return fail(2, QStringLiteral("--at must be a %1 number from 0 to %2 for the run \"%3\" (got \"%4\")")
                           .arg(QString::fromStdString(first->run().words().step))
                           .arg(first->steps())
                           .arg(first->name())
                           .arg(script_.at));
    if (script_.at >= 0 && first)
        if (QObject* timeline = find(QStringLiteral("timeline")))
            timeline->setProperty("position", script_.at);
    over_ = true;
    emit finished(0, {});
}

void ScriptedStart::then(void (ScriptedStart::*step)())
{
    QTimer::singleShot(0, this, step);
}

void ScriptedStart::stopWaiting()
{
    for (const QMetaObject::Connection& c : waiting_)
        disconnect(c);
    waiting_.clear();
}

void ScriptedStart::fail(int code, const QString& message)
{
    stopWaiting();
    if (over_)
        return;
    over_ = true;
    emit finished(code, message);
}

}  // namespace tessera::gui
