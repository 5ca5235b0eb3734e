#include "study/StudyLibrary.h"

#include "store/RunRecipeArchive.h"
#include "store/StudyStore.h"
#include "store/SweepShardArchive.h"
#include "trace/TraceSession.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>

namespace tessera::views {

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }
}  // namespace

StudyLibrary::StudyLibrary(QObject* parent) : QAbstractListModel(parent) {}

StudyLibrary::~StudyLibrary() = default;

int StudyLibrary::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : count(); }

QVariant StudyLibrary::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunRecord& r = records_[size_t(index.row())];
    const RunRecord::TraceFile* trace = r.trace();
    switch (role) {
    case IdRole:
        return qint64(r.id);
    case Qt::DisplayRole:
    case NameRole:
        return qs(r.name);
    case KindRole:
        return qs(r.kind);
    case TraceRole:
        return trace ? QFileInfo(qs(trace->path)).fileName() : QString();
    case TracePathRole:
        return trace ? qs(trace->path) : QString();
    case PolicyRole:
        return qs(r.policy);
    case SeedRole:
        return qulonglong(r.seed);
    case ModeRole:
        return qs(r.mode);
    case CreatedAtRole:
        return qs(r.createdAt);
    default:
        return {};
    }
}

std::optional<RunRecipe> StudyLibrary::recipeOf(qint64 id) const
{
    if (!store_)
        return std::nullopt;
    try {
        return RunRecipeArchive::load(*store_, id);
    } catch (const std::exception&) {
        return std::nullopt;  // a recipe this build cannot read makes no run it could repeat
    }
}

QHash<int, QByteArray> StudyLibrary::roleNames() const
{
    return {{IdRole, "id"},         {NameRole, "name"}, {KindRole, "kind"}, {TraceRole, "trace"},
            {TracePathRole, "tracePath"}, {PolicyRole, "policy"}, {SeedRole, "seed"}, {ModeRole, "mode"},
            {CreatedAtRole, "createdAt"}};
}

QString StudyLibrary::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath("study.sqlite");
}

bool StudyLibrary::open(const QString& path) { return openStore(TraceSession::localPath(path), false); }

bool StudyLibrary::create(const QString& path) { return openStore(TraceSession::localPath(path), true); }

bool StudyLibrary::openDefault()
{
    const QString path = defaultPath();
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        setError(QStringLiteral("%1: cannot create the folder").arg(QFileInfo(path).absolutePath()));
        return false;
    }
    return create(path);
}

bool StudyLibrary::openStore(const QString& path, bool createIfMissing)
{
    std::unique_ptr<StudyStore> store;
    std::vector<RunRecord> records;
    bool readOnly = false;
    try {
        // Read-only first: a sweep is never written (so it opens on a read-only share, and a
        // study of an older format is not brought forward by merely opening it). Only a working
        // study is opened for writing. A file the read-only open refuses (an empty one to
        // initialise, a killed writer's journal to roll back) is left to the writable open.
        if (QFileInfo::exists(path)) {
            try {
                auto probe = std::make_unique<StudyStore>(path.toStdString(), StudyStore::OpenMode::ReadOnly);
                if (SweepShardArchive::read(*probe)) {
                    store = std::move(probe);
                    readOnly = true;
                }
            } catch (const std::exception&) {
            }
        }
        if (!store)
            store = std::make_unique<StudyStore>(path.toStdString(), createIfMissing ? StudyStore::OpenMode::CreateIfMissing
                                                                                     : StudyStore::OpenMode::ExistingOnly);
        records = store->listRuns();
    } catch (const std::exception& e) {
        setError(qs(e.what()));
        return false;
    }
    beginResetModel();
    store_ = std::move(store);
    records_ = std::move(records);
    readOnly_ = readOnly;
    endResetModel();
    path_ = QFileInfo(path).absoluteFilePath();
    setError({});
    emit pathChanged();
    emit countChanged();
    return true;
}

template <class Work>
bool StudyLibrary::guarded(Work&& work)
{
    if (!store_) {
        setError(QStringLiteral("no study is open"));
        return false;
    }
    try {
        work();
    } catch (const std::exception& e) {
        setError(qs(e.what()));
        return false;
    }
    setError({});
    return true;
}

bool StudyLibrary::rename(int row, const QString& name)
{
    if (row < 0 || row >= count())
        return false;
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty()) {
        setError(QStringLiteral("a run needs a name"));
        return false;
    }
    if (!writable())
        return false;
    RunRecord& record = records_[size_t(row)];
    return guarded([&] {
        store_->renameRun(record.id, trimmed.toStdString());
        record.name = trimmed.toStdString();
        emit dataChanged(index(row), index(row), {NameRole, Qt::DisplayRole});
        emit runRenamed(record.id, trimmed);
    });
}

bool StudyLibrary::remove(int row)
{
    if (row < 0 || row >= count() || !writable())
        return false;
    return guarded([&] {
        store_->deleteRun(records_[size_t(row)].id);
        beginRemoveRows({}, row, row);
        records_.erase(records_.begin() + row);
        endRemoveRows();
        emit countChanged();
    });
}

void StudyLibrary::refresh()
{
    guarded([&] {
        std::vector<RunRecord> fresh = store_->listRuns();
        const bool appended = fresh.size() >= records_.size() &&
            std::equal(records_.begin(), records_.end(), fresh.begin(), [](const RunRecord& a, const RunRecord& b) {
                                  return a.id == b.id && a.name == b.name;
                              });
        if (appended) {
            // Only new runs at the end (the usual case after a save): keep the view's state.
            if (fresh.size() > records_.size()) {
                beginInsertRows({}, count(), int(fresh.size()) - 1);
                records_ = std::move(fresh);
                endInsertRows();
            }
        } else {
            beginResetModel();
            records_ = std::move(fresh);
            endResetModel();
        }
        emit countChanged();
    });
}

int StudyLibrary::rowOf(qint64 id) const
{
    for (size_t i = 0; i < records_.size(); ++i)
        if (records_[i].id == id)
            return int(i);
    return -1;
}

void StudyLibrary::setError(const QString& error)
{
    if (error == error_)
        return;
    error_ = error;
    emit errorChanged();
}

QString StudyLibrary::note() const
{
    if (!readOnly_)
        return {};
    return QStringLiteral("This study holds a sweep made by tessera-cli; the app does not change it, so that it "
                          "still merges and matches its grid CSV. Runs you make here are saved in your working "
                          "study, %1.")
        .arg(QDir::toNativeSeparators(savePath()));
}

bool StudyLibrary::writable()
{
    if (!readOnly_)
        return true;
    setError(QStringLiteral("%1 holds a sweep: the app does not change its runs")
                 .arg(QFileInfo(path_).fileName()));
    return false;
}

qint64 StudyLibrary::idAt(int row) const { return row >= 0 && row < count() ? records_[size_t(row)].id : -1; }

}  // namespace tessera::views
