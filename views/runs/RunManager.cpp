#include "runs/RunManager.h"

#include "run/KindForFile.h"
#include "run/RunKindRegistry.h"
#include "runs/LastKindInputs.h"
#include "runs/RunPalette.h"
#include "runs/RunStorage.h"
#include "runs/SavedRunIndex.h"
#include "util/ProgressSlice.h"

#include <QFile>
#include <QFileInfo>
#include <QQmlEngine>

#include <algorithm>
#include <cmath>

namespace tessera::views {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

RunManager::RunManager(QObject* parent)
    : QAbstractListModel(parent), kind_(new RunKindModel(this)),
      savedIds_(std::make_shared<QHash<QPair<QString, const Run*>, SavedId>>())
{
    // The kind chosen last is the one a restart comes back to (reopenLastKind). openFile()'s
    // note is about the kind it chose, and set after switching. First, so that
    // inputsReadyChanged, emitted on a kind change below, finds the note cleared.
    connect(kind_, &RunKindModel::kindChanged, this, [this] {
        LastKindInputs::setKind(kind_->kindId());
        openNote_.clear();
    });
    connect(kind_, &RunKindModel::kindChanged, this, &RunManager::kindPoliciesChanged);
    connect(kind_, &RunKindModel::kindChanged, this, &RunManager::inputsReadyChanged);
    connect(this, &RunManager::inputsLoaded, this, &RunManager::inputsReadyChanged);
    savePool_.setMaxThreadCount(1);
    connect(&task_, &BackgroundTask::busyChanged, this, &RunManager::busyChanged);
    connect(&task_, &BackgroundTask::progressChanged, this, &RunManager::progressChanged);
    connect(&task_, &BackgroundTask::failed, this, &RunManager::setError);
    // A new job makes the last one's notice stale.
    connect(&task_, &BackgroundTask::busyChanged, this, [this] {
        if (task_.busy())
            setNotice({});
    });
    connect(&decisionsTask_, &BackgroundTask::progressChanged, this, [this] {
        if (decisionsFor_ && decisionsTask_.busy())
            decisionsFor_->setDecisionsProgress(decisionsTask_.progress());
    });
    connect(&decisionsTask_, &BackgroundTask::failed, this, [this](const QString& message) {
        if (decisionsFor_)
            decisionsFor_->setDecisionsProblem(message);
    });
}

RunManager::~RunManager()
{
    // Saves post their ids back to this object: let them finish while it still exists.
    savePool_.waitForDone();
}

int RunManager::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : count(); }

QVariant RunManager::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunHandle* run = runs_[size_t(index.row())];
    switch (role) {
    case RunRole:
        return QVariant::fromValue(const_cast<RunHandle*>(run));
    case Qt::DisplayRole:
    case NameRole:
        return run->name();
    case PolicyRole:
        return run->policy();
    case SeedRole:
        return run->seed();
    case ModeRole:
        return run->mode();
    case StepsRole:
        return run->steps();
    case Qt::DecorationRole:
    case ColorRole:
        return run->color();
    case StoredIdRole:
        return run->storedId();
    case IsForkRole:
        return run->forkPosition() >= 0;
    default:
        return {};
    }
}

QHash<int, QByteArray> RunManager::roleNames() const
{
    return {{RunRole, "run"},     {NameRole, "name"},   {PolicyRole, "policy"},     {SeedRole, "seed"},
            {ModeRole, "mode"},   {StepsRole, "steps"}, {ColorRole, "color"},       {StoredIdRole, "storedId"},
            {IsForkRole, "isFork"}};
}

void RunManager::setTraceSession(TraceSession* session)
{
    if (session == traceSession_)
        return;
    if (traceSession_)
        disconnect(traceSession_, &TraceSession::traceChanged, this, &RunManager::inputsReadyChanged);
    traceSession_ = session;
    if (traceSession_)
        connect(traceSession_, &TraceSession::traceChanged, this, &RunManager::inputsReadyChanged);
    emit traceSessionChanged();
    emit inputsReadyChanged();
}

bool RunManager::inputsReady() const
{
    try {
        return inputsFor(kind_->kind()) != nullptr;
    } catch (const std::exception&) {
        return false;  // the kind is gone, or its code threw: no run can start
    }
}

void RunManager::setStudy(StudyLibrary* study)
{
    if (study == study_)
        return;
    if (study_)
        disconnect(study_, &StudyLibrary::runRenamed, this, &RunManager::takeRename);
    study_ = study;
    if (study_)
        connect(study_, &StudyLibrary::runRenamed, this, &RunManager::takeRename);
    emit studyChanged();
}

QStringList RunManager::plugins() const { return kind_->policies(); }

QString RunManager::validate(const QString& policySpec) const { return kind_->validatePolicy(policySpec); }

QString RunManager::requestProblem(const QString& policy, const QVariantMap& values) const
{
    if (const QString bad = kind_->validate(policy, values); !bad.isEmpty())
        return bad;
    try {
        const RunKind& kind = kind_->kind();
        const auto inputs = inputsFor(kind);
        if (!inputs)
            return {};  // Run says what to open
        const auto problem = kind.inputsProblem(inputs, kind.resolved(RunKindModel::request(policy, values)), false);
        return problem ? qs(*problem) : QString();
    } catch (const std::exception& e) {
        return qs(e.what());
    }
}

QVariantMap RunManager::lastValues() const { return LastKindInputs::values(kind_->kindId()); }

QVariantMap RunManager::parameterAdvice(const QString& name) const
{
    try {
        const RunKind& kind = kind_->kind();
        const auto inputs = inputsFor(kind);
        if (!inputs)
            return {};
        const RunKind::ParameterAdvice advice = kind.parameterAdvice(inputs, name.toStdString());
        QVariantMap map{{"note", qs(advice.note)}};
        if (advice.value)
            map.insert("value", QString::number(*advice.value, 'g', 12));
        return map;
    } catch (const std::exception&) {
        return {};
    }
}

bool RunManager::fail(const QString& error)
{
    setError(error);
    return false;
}

std::shared_ptr<const RunInputs> RunManager::inputsFor(const RunKind& kind) const
{
    if (auto loaded = kindInputs_.value(qs(kind.id())))
        return loaded;
    // The trace session loads node lists and pod lists: the inputs of a kind that asks for them.
    if (RunKindModel::loadsNodeAndPodLists(kind) && traceSession_ && traceSession_->loaded())
        return traceSession_->trace();
    return nullptr;
}

bool RunManager::start(const QString& policySpec, const QString& mode, qint64 seed, double tune,
                       const QString& tieOrder)
{
    return startRequest(policySpec, {{QStringLiteral("mode"), mode},
                                     {QStringLiteral("seed"), seed},
                                     {QStringLiteral("tune"), tune},
                                     {QStringLiteral("tie_order"), tieOrder}});
}

bool RunManager::startRequest(const QString& policy, const QVariantMap& values)
{
    const RunKind* kind = nullptr;
    RunRequest request;
    std::shared_ptr<const RunInputs> inputs;
    try {  // the kind's code: what it throws is an error message
        kind = &kind_->kind();
        if (const QString bad = validate(policy); !bad.isEmpty())
            return fail(bad);
        request = kind->resolved(RunKindModel::request(policy, values));
        inputs = inputsFor(*kind);
        if (!inputs) {
            QStringList needed;
            for (const auto& input : kind->inputs())
                if (!input.optional)
                    needed.append(qs(input.label).toLower());
            return fail(
                QStringLiteral("no trace is open: open a %1 first").arg(needed.join(QStringLiteral(" and a "))));
        }
        // On this thread only what the kind knows at once; simulate() checks the rest.
        if (const auto problem = kind->inputsProblem(inputs, request, false))
            return fail(qs(*problem));
    } catch (const std::exception& e) {
        return fail(qs(e.what()));
    }
    std::shared_ptr<const RunRecipe> recipe;
    try {
        recipe = std::make_shared<const RunRecipe>(RunRecipe::of(*kind, *inputs, request));
    } catch (const std::exception& e) {
        return fail(qs(e.what()));
    }
    QVariantMap used;  // what the Run panel starts from next time, after a restart too
    for (const auto& [name, value] : request.values)
        used.insert(qs(name), qs(value));
    LastKindInputs::setValues(qs(kind->id()), used);
    if (study_)
        if (const qint64 saved = SavedRunIndex::find(*study_, *recipe); saved >= 0)
            return openSaved(saved);
    const std::string* seed = request.find("seed");
    const QString what = qs(request.policy) + (seed ? QStringLiteral(", seed %1").arg(qs(*seed)) : QString());
    const std::shared_ptr<const RunKind> owner = *RunKindRegistry::instance().find(kind->id());
    launch(QStringLiteral("Simulating %1").arg(what),
           [owner, inputs, request](const ProgressCallback& progress) -> std::shared_ptr<const Run> {
               return owner->simulate(inputs, request, progress);
           },
           [this, recipe](std::shared_ptr<const Run> run) {
               emit runFinished(add(std::move(run), nullptr, -1, -1, {recipe, {}, {}}));
           });
    return true;
}

bool RunManager::fork(RunHandle* run, int position, const QString& policySpec)
{
    return forkRequest(run, position, policySpec, {});
}

bool RunManager::forkRequest(RunHandle* run, int position, const QString& policy, const QVariantMap& values)
{
    if (!run)
        return fail(QStringLiteral("no run to fork"));
    std::shared_ptr<const RunKind> kind;
    RunRequest request = RunKindModel::request(policy, values);
    const Lineage parentLineage = lineage_.value(run);
    bool rebuild = false;
    try {
        const auto* found = RunKindRegistry::instance().find(run->run().info().kind);
        if (!found || !*found)
            return fail(QStringLiteral("runs of kind \"%1\" cannot be forked by this version").arg(run->kind()));
        kind = *found;
        if (const auto bad = kind->requestProblem(request, true))
            return fail(qs(*bad));
        if (position < 0 || position > run->steps())
            return fail(QStringLiteral("fork position %1 is outside 0-%2").arg(position).arg(run->steps()));
        if (const auto refused = kind->forkProblem(run->run(), size_t(position))) {
            // The run as reopened cannot be forked; the one its recipe makes can.
            if (!parentLineage.recipe)
                return fail(parentLineage.missing.isEmpty() ? qs(*refused) : parentLineage.missing);
            rebuild = true;
        }
    } catch (const std::exception& e) {
        return fail(qs(e.what()));
    }
    const std::shared_ptr<const Run> base = run->shared();
    const std::shared_ptr<const RunRecipe> parentRecipe = parentLineage.recipe;
    const std::string parentName = run->name().toStdString();
    // The fork's recipe: its parent's and this fork.
    Lineage lineage{nullptr, parentLineage.missing, {}};
    if (parentRecipe)
        lineage = {std::make_shared<const RunRecipe>(parentRecipe->forked(size_t(position), request)), {}, {}};
    QPointer<RunHandle> parent(run);
    const std::shared_ptr<Rebuilt> rebuilt =
        parentLineage.rebuilt ? parentLineage.rebuilt : std::make_shared<Rebuilt>();
    launch(QStringLiteral("Forking %1 at step %2 with %3").arg(run->name()).arg(position).arg(policy),
           [kind, base, position, request, rebuild, parentRecipe, parentName,
            rebuilt](const ProgressCallback& progress) -> std::shared_ptr<const Run> {
               if (!rebuild)
                   return kind->fork(*base, size_t(position), request, progress);
               // Half the work makes the parent again (once per open run), half forks it.
               std::shared_ptr<const Run> made;
               {
                   const std::lock_guard lock(rebuilt->mutex);
                   if (!rebuilt->run)
                       rebuilt->run = parentRecipe->rebuild(parentName, progressSlice(progress, 0, 0.5));
                   made = rebuilt->run;
               }
               return kind->fork(*made, size_t(position), request, progressSlice(progress, 0.5, 1));
           },
           [this, parent, position, lineage](std::shared_ptr<const Run> forked) {
               emit forkFinished(add(std::move(forked), parent.data(), position, -1, lineage));
           });
    return true;
}

bool RunManager::loadInputs(const QVariantMap& paths) { return loadKindInputs(paths, {}); }

void RunManager::openFile(const QString& urlOrPath)
{
    const QString path = QFileInfo(TraceSession::localPath(urlOrPath)).absoluteFilePath();
    const auto choice = KindForFile::choose(QFile::encodeName(path).toStdString(), kind_->kindId().toStdString());
    if (choice)
        kind_->setKindId(qs(choice->kind->id()));
    const RunKind* kind = choice ? choice->kind.get() : nullptr;
    if (!kind) {
        try {
            kind = &kind_->kind();
        } catch (const std::exception& e) {
            fail(QString::fromUtf8(e.what()));
            return;
        }
    }
    QString note;
    if (choice) {
        QStringList others;
        for (const auto& other : choice->others)
            others.append(qs(other->displayName()));
        note = others.isEmpty() ? QStringLiteral("Opened as %1.").arg(qs(kind->displayName()))
                                : QStringLiteral("Opened as %1; %2 reads it too: choose it as the Kind in the Run "
                                                 "panel, then open the file there.")
                                      .arg(qs(kind->displayName()), others.join(QStringLiteral(", ")));
    }
    if (RunKindModel::loadsNodeAndPodLists(*kind) || QFileInfo(path).isDir()) {
        openNote_ = note;
        if (traceSession_)
            traceSession_->loadAny(path);
        emit inputsReadyChanged();
        return;
    }
    // The file's role: the one the kind recognised it as, else its first file input (whose
    // loader then says what it expected).
    QString role = choice ? qs(choice->role) : QString();
    for (const RunKindInput& input : kind->inputs())
        if (role.isEmpty() && !input.folder)
            role = qs(input.role);
    loadKindInputs({{role, path}}, note);
}

bool RunManager::reopenLastKind()
{
    const QString last = LastKindInputs::kind();
    if (last.isEmpty() || !RunKindRegistry::instance().contains(last.toStdString()))
        return false;
    kind_->setKindId(last);
    if (kind_->usesTraceSession())
        return false;
    const QVariantMap paths = LastKindInputs::paths(last);
    if (!paths.isEmpty())
        loadInputs(paths);
    return true;
}

bool RunManager::loadKindInputs(const QVariantMap& paths, const QString& note)
{
    std::shared_ptr<const RunKind> kind;
    if (const auto* found = RunKindRegistry::instance().find(kind_->kindId().toStdString()))
        kind = *found;
    if (!kind)
        return fail(QStringLiteral("no run kind \"%1\"").arg(kind_->kindId()));
    std::map<std::string, std::string> files;
    for (auto it = paths.begin(); it != paths.end(); ++it)
        files.emplace(it.key().toStdString(), it.value().toString().toStdString());
    const QString id = kind_->kindId();
    setError({});
    status_ = QStringLiteral("Opening the inputs of a %1 run").arg(qs(kind->displayName()));
    jobMakesRun_ = false;
    openNote_.clear();
    task_.start([this, kind, files, id, paths, note](const ProgressCallback& progress) {
        LoadWarnings warnings;
        std::shared_ptr<const RunInputs> inputs = kind->loadInputs(files, warnings, progress);
        QStringList lines;
        for (const auto& line : warnings.lines)
            lines.append(QString::fromStdString(line));
        const QString summary = qs(kind->inputsSummary(*inputs, files));
        QVariantMap used;
        for (const auto& [role, path] : RunRecipe::sourcesOf(*kind, *inputs))
            used.insert(qs(role), qs(path));
        return BackgroundTask::Delivery([this, inputs, id, lines, summary, used, paths, note] {
            kindInputs_.insert(id, inputs);
            kindWarnings_.insert(id, lines.join('\n'));
            kindSummaries_.insert(id, summary);
            kindPaths_.insert(id, used);
            openNote_ = note;
            LastKindInputs::setPaths(id, paths);
            emit inputsLoaded();
        });
    });
    emit busyChanged();
    return true;
}

bool RunManager::openSaved(qint64 id)
{
    if (!study_ || study_->path().isEmpty())
        return fail(QStringLiteral("no study is open"));
    if (RunHandle* open = openRunStoredAs(id)) {
        setError({});
        emit savedRunOpened(open);
        return true;
    }
    const QString path = study_->path();
    auto extras = std::make_shared<RunStorage::Extras>();
    launch(QStringLiteral("Opening run %1").arg(id),
           [path, id, extras](const ProgressCallback& progress) -> std::shared_ptr<const Run> {
               return RunStorage::load(path, id, progress, extras.get());
           },
           [this, id, path, extras](std::shared_ptr<const Run> run) {
               const RunRecord* record = &extras->record;
               // A fork keeps its parent, and so its marker, when the parent is open too.
               RunHandle* parent = record->parentId && study_ && study_->path() == path
                                       ? openRunStoredAs(*record->parentId)
                                       : nullptr;
               const Lineage lineage{extras->recipe ? std::make_shared<const RunRecipe>(std::move(*extras->recipe))
                                                    : nullptr,
                                     extras->noRecipe, {}};
               RunHandle* handle = add(std::move(run), parent, int(record->forkPosition), id, lineage);
               if (!lineage.recipe)
                   savedRows_.insert(handle, *record);
               setSavedIn(handle, path, id);  // the study it came from, should another be open by now
               emit savedRunOpened(handle);
           });
    return true;
}

QVariantMap RunManager::recallRequest(RunHandle* run)
{
    if (!run)
        return {};
    kind_->setKindId(run->kind());
    if (kind_->kindId() != run->kind())
        return {};
    QString policy;
    QVariantMap values;
    QVariantMap paths;  // role -> file, when every file is still as the run read it
    if (const std::shared_ptr<const RunRecipe> recipe = lineage_.value(run).recipe) {
        policy = qs(recipe->request.policy);
        for (const auto& [name, value] : recipe->request.values)
            values.insert(qs(name), qs(value));
        if (!recipe->fileProblem(run->name().toStdString()))
            for (const auto& [role, path] : recipe->sources)
                paths.insert(qs(role), qs(path));
    } else if (const auto row = savedRows_.constFind(run); row != savedRows_.constEnd()) {
        // No recipe: what the study's row records, the parameters every run has.
        policy = run->policy();
        for (const RunKindParameter& p : kind_->kind().parameters()) {
            if (p.name == "seed")
                values.insert(qs(p.name), QString::number(run->seed()));
            else if (p.name == "mode" && !run->mode().isEmpty())
                values.insert(qs(p.name), run->mode());
        }
        bool unchanged = !row->inputs.empty();
        for (const RunRecord::TraceFile& file : row->inputs) {
            unchanged = unchanged && !file.change();
            paths.insert(qs(file.role), qs(file.path));
        }
        if (!unchanged)
            paths.clear();
    } else {
        return {};
    }
    openInputsOf(run->kind(), paths);
    return {{QStringLiteral("policy"), policy}, {QStringLiteral("values"), values}};
}

// A reopened run's input files, opened when its kind has none open yet, so that the panels
// show what the run was made from and Run makes it again: the trace session's node and pod
// lists, or the kind's own inputs. After the reopening's own delivery (the worker is still busy
// with it now), unless something else was started or opened meanwhile.
void RunManager::openInputsOf(const QString& kindId, const QVariantMap& paths)
{
    if (paths.isEmpty())
        return;
    if (kind_->usesTraceSession()) {
        const QString nodes = paths.value(qs(std::string(RunRecord::kNodesRole))).toString();
        const QString pods = paths.value(qs(std::string(RunRecord::kPodsRole))).toString();
        if (!traceSession_ || traceSession_->loaded() || nodes.isEmpty() || pods.isEmpty())
            return;
        QMetaObject::invokeMethod(
            this,
            [this, nodes, pods] {
                if (!busy() && traceSession_ && !traceSession_->loaded())
                    traceSession_->load(nodes, pods);
            },
            Qt::QueuedConnection);
        return;
    }
    if (kindInputs_.value(kindId) != nullptr)
        return;
    QMetaObject::invokeMethod(
        this,
        [this, paths, kindId] {
            if (!busy() && kind_->kindId() == kindId && !kindInputs_.value(kindId))
                loadInputs(paths);
        },
        Qt::QueuedConnection);
}

QVariantMap RunManager::valuesAt(RunHandle* run, int position) const
{
    const std::shared_ptr<const RunRecipe> recipe = run ? lineage_.value(run).recipe : nullptr;
    if (!recipe)
        return {};
    std::map<std::string, std::string> values = recipe->request.values;
    for (const RunRecipe::Fork& fork : recipe->forks)
        if (position >= 0 && fork.position <= size_t(position))
            for (const auto& [name, value] : fork.request.values)
                values[name] = value;
    QVariantMap out;
    for (const auto& [name, value] : values)
        out.insert(qs(name), qs(value));
    return out;
}

void RunManager::launch(const QString& status, RunWork work, Adopt adopt)
{
    setError({});
    status_ = status;
    jobMakesRun_ = true;
    task_.start([work = std::move(work), adopt = std::move(adopt)](const ProgressCallback& progress) {
        std::shared_ptr<const Run> run = work(progress);
        return BackgroundTask::Delivery([adopt, run] { adopt(run); });
    });
    emit busyChanged();  // the status text changed even when busy already was true
}

void RunManager::cancel()
{
    if (!task_.busy())
        return;
    // Read before cancelling: cancel() resets the progress and the status.
    const QString what = status_;
    const int percent = int(std::floor(task_.progress() * 100.0));
    task_.cancel();
    const QString notice = QStringLiteral("%1: cancelled at %2\u00a0%").arg(what).arg(percent);
    setNotice(jobMakesRun_ ? notice + QStringLiteral(", no run kept") : notice);
}

void RunManager::dismissNotice() { setNotice({}); }

void RunManager::setNotice(const QString& notice)
{
    if (notice == notice_)
        return;
    notice_ = notice;
    emit noticeChanged();
}

// Two runs of one policy and seed (on two traces, or with other parameters) would read the
// same in every list and legend. A name in use, by an open run or one saved in the study, gets
// the pod list's name when that run is on another pod list, then a number.
QString RunManager::distinctName(const RunHandle& handle) const
{
    struct Use {
        QString name;
        QString pods;
    };
    const auto podsOf = [](const Run& run) {
        for (const auto& [key, value] : run.info().parameters)
            if (key == "pods")
                return qs(value);
        return QString();
    };
    std::vector<Use> uses;
    for (const RunHandle* open : runs_)
        uses.push_back({open->name(), podsOf(open->run())});
    if (study_)
        for (int row = 0; row < study_->count(); ++row) {
            const QModelIndex at = study_->index(row);
            uses.push_back({at.data(StudyLibrary::NameRole).toString(), at.data(StudyLibrary::TracePathRole).toString()});
        }
    const auto taken = [&uses](const QString& name) {
        return std::any_of(uses.begin(), uses.end(), [&](const Use& use) { return use.name == name; });
    };
    const QString pods = podsOf(handle.run());
    QString name = handle.name();
    if (!taken(name))
        return name;
    const bool otherTrace =
        std::any_of(uses.begin(), uses.end(), [&](const Use& use) { return use.name == name && use.pods != pods; });
    if (otherTrace && !pods.isEmpty())
        name += QStringLiteral(" · ") + QFileInfo(pods).completeBaseName();
    const QString base = name;
    for (int n = 2; taken(name); ++n)
        name = QStringLiteral("%1 (%2)").arg(base).arg(n);
    return name;
}

RunHandle* RunManager::add(std::shared_ptr<const Run> run, RunHandle* parentRun, int forkPosition, qint64 storedId,
                           Lineage lineage)
{
    auto* handle = new RunHandle(std::move(run), this, parentRun, forkPosition);
    if (!lineage.rebuilt)
        lineage.rebuilt = std::make_shared<Rebuilt>();
    lineage_.insert(handle, std::move(lineage));
    QQmlEngine::setObjectOwnership(handle, QQmlEngine::CppOwnership);
    QList<QColor> inUse;
    for (const RunHandle* open : runs_)
        inUse.append(open->color());
    handle->setColor(RunPalette::next(inUse));
    if (storedId >= 0)
        setSavedIn(handle, study_ ? study_->path() : QString(), storedId);
    if (storedId < 0)
        handle->setName(distinctName(*handle));
    connect(handle, &RunHandle::nameChanged, this, [this, handle] { rowChanged(handle, NameRole); });
    connect(handle, &RunHandle::decisionsRequested, this, [this, handle] { makeDecisions(handle); });
    connect(handle, &RunHandle::colorChanged, this, [this, handle] { rowChanged(handle, ColorRole); });
    connect(handle, &RunHandle::storedIdChanged, this, [this, handle] { rowChanged(handle, StoredIdRole); });

    beginInsertRows({}, count(), count());
    runs_.push_back(handle);
    endInsertRows();
    emit countChanged();
    if (storedId < 0)
        save(handle);
    return handle;
}

void RunManager::makeDecisions(RunHandle* handle)
{
    const Lineage lineage = lineage_.value(handle);
    if (!lineage.recipe)
        return handle->setDecisionsProblem(
            lineage.missing.isEmpty() ? QStringLiteral("the study holds no recipe to make it again") : lineage.missing);
    if (const auto problem = lineage.recipe->fileProblem(handle->name().toStdString()))
        return handle->setDecisionsProblem(qs(*problem));
    if (decisionsFor_ && decisionsFor_ != handle)
        decisionsFor_->setDecisionsProgress(-1);  // dropped for this one: it may ask again
    decisionsFor_ = handle;
    handle->setDecisionsProgress(0);
    const std::shared_ptr<const RunRecipe> recipe = lineage.recipe;
    const std::shared_ptr<Rebuilt> rebuilt = lineage.rebuilt;
    const std::string name = handle->name().toStdString();
    QPointer<RunHandle> target(handle);
    decisionsTask_.start([recipe, rebuilt, name, target](const ProgressCallback& progress) {
        std::shared_ptr<const Run> made;
        {
            const std::lock_guard lock(rebuilt->mutex);
            if (!rebuilt->run)
                rebuilt->run = recipe->rebuild(name, progress);
            made = rebuilt->run;
        }
        return BackgroundTask::Delivery([target, made] {
            if (target)
                target->setDecisions(made);
        });
    });
}

void RunManager::save(RunHandle* handle)
{
    if (!study_ || study_->path().isEmpty())
        return;
    const QString path = study_->savePath();  // never a sweep's study (StudyLibrary::readOnly)
    const std::shared_ptr<const Run> run = handle->shared();
    const QString name = handle->name();
    QPointer<RunHandle> target(handle);
    // A fork's parent: its study id when known here, else the run, whose id the save thread
    // learnt when it saved it (saves run in order, so the parent's came first).
    RunHandle* parentRun = handle->parentRun();
    const qint64 parentId = parentRun && studyOf_.value(parentRun) == path ? parentRun->storedId() : -1;
    const std::shared_ptr<const Run> parent = parentRun ? parentRun->shared() : nullptr;
    const int forkPosition = handle->forkPosition();
    const std::shared_ptr<const RunRecipe> recipe = lineage_.value(handle).recipe;
    ++pendingSaves_;
    emit pendingSavesChanged();
    savePool_.start([this, path, run, name, target, parentId, parent, forkPosition, recipe,
                     ids = savedIds_] {
        qint64 id = -1;
        QString error;
        try {
            std::optional<RunArchive::ForkOrigin> origin;
            qint64 parentAt = parentId;
            if (parentAt < 0 && parent)
                if (const SavedId saved = ids->value({path, parent.get()}); saved.run.lock() == parent)
                    parentAt = saved.id;
            if (parentAt >= 0 && forkPosition >= 0)
                origin = RunArchive::ForkOrigin{parentAt, size_t(forkPosition)};
            id = RunStorage::save(path, *run, name, origin,
                                  recipe ? std::optional<RunRecipe>(*recipe) : std::nullopt);
            ids->insert({path, run.get()}, SavedId{run, id});
        } catch (const std::exception& e) {
            error = QStringLiteral("the run was not saved: %1").arg(qs(e.what()));
        }
        QMetaObject::invokeMethod(
            this, [this, path, target, id, error] {
                --pendingSaves_;
                if (!error.isEmpty())
                    setError(error);
                if (target && id >= 0) {
                    setSavedIn(target, path, id);
                    emit runSaved(target);
                }
                if (study_ && study_->path() == path)
                    study_->refresh();
                emit pendingSavesChanged();
            },
            Qt::QueuedConnection);
    });
}

void RunManager::remove(int index)
{
    if (index < 0 || index >= count())
        return;
    beginRemoveRows({}, index, index);
    RunHandle* handle = runs_[size_t(index)];
    runs_.erase(runs_.begin() + index);
    studyOf_.remove(handle);
    lineage_.remove(handle);
    savedRows_.remove(handle);
    endRemoveRows();
    emit countChanged();
    handle->deleteLater();
}

RunHandle* RunManager::openRunStoredAs(qint64 id) const
{
    if (!study_)
        return nullptr;
    const QString study = study_->path();
    const auto at = std::find_if(runs_.begin(), runs_.end(), [&](const RunHandle* r) {
        return r->storedId() == id && studyOf_.value(r) == study;
    });
    return at == runs_.end() ? nullptr : *at;
}

void RunManager::setSavedIn(RunHandle* handle, const QString& studyPath, qint64 id)
{
    studyOf_.insert(handle, studyPath);
    handle->setStoredId(id);
}

// One name for a run: a rename in the study reaches the open run, and through its name
// property every list, title and legend that shows it.
void RunManager::takeRename(qint64 id, const QString& name)
{
    if (RunHandle* open = openRunStoredAs(id))
        open->setName(name);
}

RunHandle* RunManager::runAt(int index) const
{
    return index >= 0 && index < count() ? runs_[size_t(index)] : nullptr;
}

int RunManager::indexOf(RunHandle* run) const
{
    const auto at = std::find(runs_.begin(), runs_.end(), run);
    return at == runs_.end() ? -1 : int(at - runs_.begin());
}

void RunManager::rowChanged(RunHandle* handle, int role)
{
    const int row = indexOf(handle);
    if (row < 0)
        return;
    QList<int> roles{role};
    if (role == NameRole)
        roles.append(Qt::DisplayRole);
    if (role == ColorRole)
        roles.append(Qt::DecorationRole);
    emit dataChanged(index(row), index(row), roles);
}

void RunManager::setError(const QString& error)
{
    if (error == error_)
        return;
    error_ = error;
    emit errorChanged();
}

}  // namespace tessera::views
