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
class StudyLibrary : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString path READ path NOTIFY pathChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(int count READ count NOTIFY countChanged)

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
    // Runs `work` on the store, turning an exception into `error`.
    template <class Work>
    bool guarded(Work&& work);

    std::unique_ptr<StudyStore> store_;
    std::vector<RunRecord> records_;
    QString path_;
    QString error_;
};

}  // namespace tessera::views
