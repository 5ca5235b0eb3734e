#pragma once

#include "run/RunRecipe.h"
#include "store/RunRecord.h"

#include <QAbstractListModel>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>
#include <vector>

namespace tessera {
class StudyStore;
}

namespace tessera::views {

// The saved runs of the current study file, as a list model. Opening a file that is not a
// study, or a damaged one, sets `error` and keeps the previous study open.
// A sweep's study (a merged study or a shard, made by tessera-cli) is read-only here: a run
// added, renamed or removed would make it no longer merge or match its grid CSV, so new runs
// are saved in the working study (savePath) instead, and `note` says so.
class StudyLibrary : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString path READ path NOTIFY pathChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(int count READ count NOTIFY countChanged)
    Q_PROPERTY(bool readOnly READ readOnly NOTIFY pathChanged)
    // Where new runs go when not into this study, in a sentence; empty otherwise.
    Q_PROPERTY(QString note READ note NOTIFY pathChanged)

public:
    enum Role {
        IdRole = Qt::UserRole + 1,
        NameRole,
        KindRole,
        TraceRole,      // the pod list's file name
        TracePathRole,  // and its full path
        PolicyRole,
        SeedRole,
        ModeRole,
        CreatedAtRole,
    };
    Q_ENUM(Role)

    explicit StudyLibrary(QObject* parent = nullptr);
    ~StudyLibrary() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString path() const { return path_; }
    QString error() const { return error_; }
    int count() const { return int(records_.size()); }
    // The study holds a sweep (a sweep_shard record): the app does not change it.
    bool readOnly() const { return readOnly_; }
    QString note() const;
    // The study new runs are saved into: this one, or the working study when it is read-only.
    QString savePath() const { return readOnly_ ? defaultPath() : path_; }
    // The runs as listed, oldest first.
    const std::vector<RunRecord>& records() const { return records_; }
    // How run `id` was made, if the study recorded it and this build can read it.
    std::optional<RunRecipe> recipeOf(qint64 id) const;

    // AppDataLocation/study.sqlite.
    static QString defaultPath();

    // An existing study (path or file:// URL).
    Q_INVOKABLE bool open(const QString& path);
    // A new study, or the existing one at `path`.
    Q_INVOKABLE bool create(const QString& path);
    // Creates the data folder and opens or creates the default study.
    Q_INVOKABLE bool openDefault();
    Q_INVOKABLE bool rename(int row, const QString& name);
    Q_INVOKABLE bool remove(int row);
    // Re-reads the list, e.g. after a run was saved from another connection.
    Q_INVOKABLE void refresh();
    Q_INVOKABLE int rowOf(qint64 id) const;
    Q_INVOKABLE qint64 idAt(int row) const;

signals:
    void pathChanged();
    void errorChanged();
    void countChanged();
    // Run `id` was renamed: the open run saved as `id` takes the name too.
    void runRenamed(qint64 id, const QString& name);

private:
    bool openStore(const QString& path, bool createIfMissing);
    void setError(const QString& error);
    // False, with `error` naming why, when the study is read-only.
    bool writable();
    // Runs `work` on the store, turning an exception into `error`.
    template <class Work>
    bool guarded(Work&& work);

    std::unique_ptr<StudyStore> store_;
    std::vector<RunRecord> records_;
    QString path_;
    QString error_;
    bool readOnly_ = false;
};

}  // namespace tessera::views
