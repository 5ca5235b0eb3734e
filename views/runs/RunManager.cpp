#include "runs/RunManager.h"

#include "run/PodSchedulingRun.h"
#include "runs/RunPalette.h"
#include "runs/RunStorage.h"
#include "runs/SavedRunIndex.h"
#include "sched/PluginRegistry.h"

#include <QFileInfo>
#include <QQmlEngine>

#include <algorithm>

namespace tessera::views {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

RunManager::RunManager(QObject* parent) : QAbstractListModel(parent)
{
    savePool_.setMaxThreadCount(1);
    connect(&task_, &BackgroundTask::busyChanged, this, &RunManager::busyChanged);
    connect(&task_, &BackgroundTask::progressChanged, this, &RunManager::progressChanged);
    connect(&task_, &BackgroundTask::failed, this, &RunManager::setError);
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
    traceSession_ = session;
    emit traceSessionChanged();
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

QStringList RunManager::plugins() const
{
    QStringList names;
    for (const auto& name : PluginRegistry::instance().names())
        names.append(qs(name));
    return names;
}

QString RunManager::validate(const QString& policySpec) const
{
    try {
        PolicySpec::parse(policySpec.trimmed().toStdString());
        return {};
    } catch (const std::exception& e) {
        return qs(e.what());
    }
}

bool RunManager::fail(const QString& error)
{
    setError(error);
    return false;
}

bool RunManager::start(const QString& policySpec, const QString& mode, qint64 seed, double tune,
                       const QString& tieOrder)
{
    if (const QString bad = validate(policySpec); !bad.isEmpty())
        return fail(bad);
    if (!traceSession_ || !traceSession_->loaded())
        return fail(QStringLiteral("no trace is open: open a node list and a pod list first"));
    if (mode != QLatin1String("experiment") && mode != QLatin1String("replay"))
        return fail(QStringLiteral("mode must be experiment or replay (got \"%1\")").arg(mode));
    if (tieOrder != QLatin1String("seeded") && tieOrder != QLatin1String("name"))
        return fail(QStringLiteral("tie order must be seeded or name (got \"%1\")").arg(tieOrder));
    if (seed < 0)
        return fail(QStringLiteral("the seed must be 0 or more (got %1)").arg(seed));
    if (!(tune >= 0.01 && tune <= 10.0))
        return fail(QStringLiteral("tune must be between 0.01 and 10 (got %1)").arg(tune));
    auto trace = traceSession_->trace();
    if (mode == QLatin1String("replay") && !trace->pods.hasTimes)
        return fail(QStringLiteral("%1: no creation_time and deletion_time columns: this pod list cannot be "
                                   "replayed (use the experiment mode)")
                        .arg(qs(trace->podsPath)));

    RunParameters parameters;
    parameters.policy = PolicySpec::parse(policySpec.trimmed().toStdString());
    parameters.seed = uint64_t(seed);
    parameters.mode = mode == QLatin1String("replay") ? SimulationMode::Replay : SimulationMode::Experiment;
    parameters.tune = tune;
    parameters.tieOrder = tieOrder == QLatin1String("name") ? TieOrderKind::Name : TieOrderKind::Seeded;
    const QString reuseKey = SavedRunIndex::keyOf(trace->files, parameters);
    if (study_)
        if (const qint64 saved = SavedRunIndex::find(*study_, reuseKey); saved >= 0)
            return openSaved(saved);
    launch(QStringLiteral("Simulating %1, seed %2").arg(qs(parameters.policy.canonical())).arg(seed),
           [trace, parameters](const ProgressCallback& progress) -> std::shared_ptr<const Run> {
               return PodSchedulingRun::simulate(trace, parameters, progress);
           },
           [this, reuseKey](std::shared_ptr<const Run> run) {
               emit runFinished(add(std::move(run), nullptr, -1, -1, reuseKey));
           });
    return true;
}

bool RunManager::fork(RunHandle* run, int position, const QString& policySpec)
{
    if (!run)
        return fail(QStringLiteral("no run to fork"));
    if (const QString bad = validate(policySpec); !bad.isEmpty())
        return fail(bad);
    if (position < 0 || position > run->steps())
        return fail(QStringLiteral("fork position %1 is outside 0-%2").arg(position).arg(run->steps()));
    const std::shared_ptr<const Run> base = run->shared();
    const std::string spec = policySpec.trimmed().toStdString();
    QPointer<RunHandle> parent(run);
    launch(QStringLiteral("Forking %1 at step %2 with %3").arg(run->name()).arg(position).arg(policySpec),
           [base, position, spec](const ProgressCallback& progress) -> std::shared_ptr<const Run> {
               return base->fork(size_t(position), spec, progress);
           },
           [this, parent, position](std::shared_ptr<const Run> forked) {
               emit forkFinished(add(std::move(forked), parent.data(), position, -1));
           });
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
    launch(QStringLiteral("Opening run %1").arg(id),
           [path, id](const ProgressCallback& progress) -> std::shared_ptr<const Run> {
               return RunStorage::load(path, id, progress);
           },
           [this, id, path](std::shared_ptr<const Run> run) {
               RunHandle* handle = add(std::move(run), nullptr, -1, id);
               setSavedIn(handle, path, id);  // the study it came from, should another be open by now
               emit savedRunOpened(handle);
           });
    return true;
}

void RunManager::launch(const QString& status, RunWork work, Adopt adopt)
{
    setError({});
    status_ = status;
    task_.start([work = std::move(work), adopt = std::move(adopt)](const ProgressCallback& progress) {
        std::shared_ptr<const Run> run = work(progress);
        return BackgroundTask::Delivery([adopt, run] { adopt(run); });
    });
    emit busyChanged();  // the status text changed even when busy already was true
}

void RunManager::cancel() { task_.cancel(); }

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
                           const QString& reuseKey)
{
    auto* handle = new RunHandle(std::move(run), this, parentRun, forkPosition);
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
    connect(handle, &RunHandle::colorChanged, this, [this, handle] { rowChanged(handle, ColorRole); });
    connect(handle, &RunHandle::storedIdChanged, this, [this, handle] { rowChanged(handle, StoredIdRole); });

    beginInsertRows({}, count(), count());
    runs_.push_back(handle);
    endInsertRows();
    emit countChanged();
    if (storedId < 0)
        save(handle, reuseKey);
    return handle;
}

void RunManager::save(RunHandle* handle, const QString& reuseKey)
{
    if (!study_ || study_->path().isEmpty())
        return;
    const QString path = study_->path();
    const std::shared_ptr<const Run> run = handle->shared();
    const QString name = handle->name();
    QPointer<RunHandle> target(handle);
    ++pendingSaves_;
    emit pendingSavesChanged();
    savePool_.start([this, path, run, name, target, reuseKey] {
        qint64 id = -1;
        QString error;
        try {
            id = RunStorage::save(path, *run, name);
        } catch (const std::exception& e) {
            error = QStringLiteral("the run was not saved: %1").arg(qs(e.what()));
        }
        QMetaObject::invokeMethod(
            this, [this, path, target, id, error, reuseKey] {
                --pendingSaves_;
                if (!error.isEmpty())
                    setError(error);
                if (target && id >= 0) {
                    setSavedIn(target, path, id);
                    emit runSaved(target);
                }
                if (study_ && study_->path() == path) {
                    study_->refresh();
                    if (id >= 0)
                        SavedRunIndex::remember(*study_, reuseKey, id);
                }
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
