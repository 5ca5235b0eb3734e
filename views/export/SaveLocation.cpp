#include "export/SaveLocation.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace tessera::views {

namespace {
const QString kLastFolderKey = QStringLiteral("save/lastFolder");
}  // namespace

SaveLocation::SaveLocation(QObject* parent) : QObject(parent) {}

QString SaveLocation::homeFolder() const { return QDir::homePath(); }

QString SaveLocation::documentsFolder() const
{
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : homeFolder();
}

QString SaveLocation::startFolder() const
{
    const QString last = QSettings().value(kLastFolderKey).toString();
    return !last.isEmpty() && QFileInfo(last).isDir() ? last : documentsFolder();
}

QString SaveLocation::resolve(const QString& folder, const QString& typed, const QString& suffix) const
{
    QString text = typed.trimmed();
    if (text.isEmpty())
        return {};
    if (text.startsWith(QLatin1String("file:")))
        text = QUrl(text).toLocalFile();
    else if (text == QLatin1String("~"))
        text = homeFolder();
    else if (text.startsWith(QLatin1String("~/")))
        text = homeFolder() + text.mid(1);
    QString path = QDir::cleanPath(QDir(folder.isEmpty() ? startFolder() : folder).absoluteFilePath(text));
    if (isFolder(path))
        return path;
    if (!suffix.isEmpty() && !path.endsWith(QLatin1Char('.') + suffix, Qt::CaseInsensitive))
        path += QLatin1Char('.') + suffix;
    return path;
}

bool SaveLocation::isFolder(const QString& path) const { return !path.isEmpty() && QFileInfo(path).isDir(); }

bool SaveLocation::exists(const QString& path) const { return !path.isEmpty() && QFileInfo::exists(path); }

QString SaveLocation::problem(const QString& path) const
{
    if (path.isEmpty())
        return tr("Type a file name");
    const QFileInfo file(path);
    if (file.isDir())
        return tr("%1 is a folder").arg(path);
    const QFileInfo folder(file.absolutePath());
    if (!folder.exists())
        return tr("The folder %1 does not exist").arg(folder.filePath());
    if (!folder.isDir())
        return tr("%1 is not a folder").arg(folder.filePath());
    if (file.exists() ? !file.isWritable() : !folder.isWritable())
        return tr("No permission to write %1").arg(file.exists() ? path : folder.filePath());
    return {};
}

QString SaveLocation::initialFile(const QString& preferred, const QString& folder, const QStringList& patterns) const
{
    if (!preferred.isEmpty() && QFileInfo(preferred).isFile())
        return QFileInfo(preferred).absoluteFilePath();
    const QFileInfoList files = QDir(folder).entryInfoList(patterns, QDir::Files, QDir::Name | QDir::IgnoreCase);
    return files.isEmpty() ? QString() : files.first().absoluteFilePath();
}

QString SaveLocation::folderOf(const QString& path) const { return QFileInfo(path).absolutePath(); }

QString SaveLocation::fileNameOf(const QString& path) const { return QFileInfo(path).fileName(); }

QString SaveLocation::parentOf(const QString& folder) const
{
    QDir dir(folder);
    return dir.cdUp() ? dir.absolutePath() : folder;
}

void SaveLocation::remember(const QString& path)
{
    const QString folder = folderOf(path);
    if (folder == QSettings().value(kLastFolderKey).toString())
        return;
    QSettings().setValue(kLastFolderKey, folder);
    emit startFolderChanged();
}

bool SaveLocation::openFolder(const QString& path) const
{
    return QDesktopServices::openUrl(QUrl::fromLocalFile(isFolder(path) ? path : folderOf(path)));
}

}  // namespace tessera::views
