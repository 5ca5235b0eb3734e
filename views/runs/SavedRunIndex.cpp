#include "runs/SavedRunIndex.h"

#include "study/StudyLibrary.h"

#include <QCryptographicHash>
#include <QSettings>

#include <algorithm>

namespace tessera::views {

namespace {

QString sha1(const QString& text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha1).toHex());
}

QString createdAtOf(const StudyLibrary& study, qint64 id)
{
    const int row = study.rowOf(id);
    return row < 0 ? QString() : study.index(row).data(StudyLibrary::CreatedAtRole).toString();
}

}  // namespace

QString SavedRunIndex::keyOf(const std::vector<RunRecord::TraceFile>& inputs, const std::string& kind,
                             const RunRequest& request)
{
    if (inputs.empty())
        return {};
    std::vector<std::string> files;
    for (const auto& input : inputs)
        files.push_back(input.role + '=' + input.contentHash);
    std::sort(files.begin(), files.end());
    QString text;
    for (const auto& file : files)
        text += QString::fromStdString(file) + ';';
    text += QStringLiteral("kind=%1;policy=%2;").arg(QString::fromStdString(kind), QString::fromStdString(request.policy));
    for (const auto& [name, value] : request.values)  // a std::map: in name order
        text += QStringLiteral("%1=%2;").arg(QString::fromStdString(name), QString::fromStdString(value));
    text += QStringLiteral("version=%1").arg(QStringLiteral(TESSERA_VERSION));
    return sha1(text);
}

QString SavedRunIndex::settingsKey(const StudyLibrary& study, const QString& key)
{
    return QStringLiteral("savedRuns/%1/%2").arg(sha1(study.path()), key);
}

qint64 SavedRunIndex::find(const StudyLibrary& study, const QString& key)
{
    if (key.isEmpty() || study.path().isEmpty())
        return -1;
    const QStringList entry = QSettings().value(settingsKey(study, key)).toString().split(' ');
    if (entry.size() != 2)
        return -1;
    bool ok = false;
    const qint64 id = entry[0].toLongLong(&ok);
    // A deleted run's id can be given to a later run: the time it was saved tells them apart.
    return ok && !entry[1].isEmpty() && createdAtOf(study, id) == entry[1] ? id : -1;
}

void SavedRunIndex::remember(const StudyLibrary& study, const QString& key, qint64 id)
{
    const QString createdAt = createdAtOf(study, id);
    if (key.isEmpty() || createdAt.isEmpty())
        return;
    QSettings().setValue(settingsKey(study, key), QStringLiteral("%1 %2").arg(id).arg(createdAt));
}

}  // namespace tessera::views
