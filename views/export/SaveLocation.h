#pragma once

#include <QObject>
#include <QString>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace tessera::views {

// Where a save goes, for the app's one save dialog (qml/SaveDialog.qml): the folder it opens
// in (the last one used, else Documents), what a typed name means (a name in that folder, a
// path, ~/…, a file:// URL; the format's extension added when missing), and whether the file
// can be written there. Every file the app saves (charts, CSV, reports, studies) goes through it.
class SaveLocation : public QObject {
    Q_OBJECT
    QML_ELEMENT
    // The folder a save dialog opens in.
    Q_PROPERTY(QString startFolder READ startFolder NOTIFY startFolderChanged)
    Q_PROPERTY(QString homeFolder READ homeFolder CONSTANT)
    Q_PROPERTY(QString documentsFolder READ documentsFolder CONSTANT)

public:
    explicit SaveLocation(QObject* parent = nullptr);

    QString startFolder() const;
    QString homeFolder() const;
    QString documentsFolder() const;

    // The absolute path `typed` names, seen from `folder`, with ".suffix" appended unless it
    // already ends so; a folder stays as it is (the dialog then opens it). Empty for nothing typed.
    Q_INVOKABLE QString resolve(const QString& folder, const QString& typed, const QString& suffix) const;
    Q_INVOKABLE bool isFolder(const QString& path) const;
    Q_INVOKABLE bool exists(const QString& path) const;
    // Empty when a file can be written at `path`, else why not.
    Q_INVOKABLE QString problem(const QString& path) const;
    Q_INVOKABLE QString folderOf(const QString& path) const;
    Q_INVOKABLE QString fileNameOf(const QString& path) const;
    // The folder above `folder`; `folder` itself at the root.
    Q_INVOKABLE QString parentOf(const QString& folder) const;
    Q_INVOKABLE QUrl urlOf(const QString& path) const { return QUrl::fromLocalFile(path); }
    // The file an open dialog starts on: `preferred` if it is a file, else the first file of
    // `folder` (by name, as dialogs list them) whose name matches one of `patterns` ("*.csv");
    // empty if there is none.
    Q_INVOKABLE QString initialFile(const QString& preferred, const QString& folder, const QStringList& patterns) const;
    // The next dialog opens in the folder of `path`.
    Q_INVOKABLE void remember(const QString& path);
    // Shows the folder of `path` in the desktop's file manager.
    Q_INVOKABLE bool openFolder(const QString& path) const;

signals:
    void startFolderChanged();
};

}  // namespace tessera::views
