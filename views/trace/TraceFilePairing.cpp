#include "trace/TraceFilePairing.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace tessera::views {

namespace {

QStringList headerColumns(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QString header = QString::fromUtf8(file.readLine(4096)).trimmed();
    if (header.startsWith(QChar(0xFEFF)))
        header.remove(0, 1);
    QStringList columns;
    for (QString column : header.split(',')) {
        column = column.trimmed();
        if (column.size() >= 2 && column.startsWith('"') && column.endsWith('"'))
            column = column.mid(1, column.size() - 2);
        columns.append(column.toLower());
    }
    return columns;
}

// The preferred partner names, best first, for each kind wanted.
QStringList preferredNames(TraceFilePairing::Kind wanted)
{
    if (wanted == TraceFilePairing::Kind::NodeList)
        return {QStringLiteral("openb_node_list_gpu_node.csv"), QStringLiteral("nodes.csv")};
    return {QStringLiteral("openb_pod_list_default.csv"), QStringLiteral("pods.csv")};
}

QString kindName(TraceFilePairing::Kind kind)
{
    return kind == TraceFilePairing::Kind::NodeList ? QStringLiteral("node list") : QStringLiteral("pod list");
}

}  // namespace

TraceFilePairing::Kind TraceFilePairing::classify(const QString& path)
{
    const QStringList columns = headerColumns(path);
    if (columns.contains("num_gpu") || columns.contains("gpu_milli"))
        return Kind::PodList;
    if (columns.contains("sn") || (columns.contains("gpu") && columns.contains("model")))
        return Kind::NodeList;
    return Kind::Other;
}

QString TraceFilePairing::partnerIn(const QString& folder, Kind wanted)
{
    const QDir dir(folder);
    for (const QString& name : preferredNames(wanted))
        if (dir.exists(name) && classify(dir.filePath(name)) == wanted)
            return dir.filePath(name);
    const QStringList csvs = dir.entryList({QStringLiteral("*.csv")}, QDir::Files | QDir::Readable, QDir::Name);
    for (const QString& name : csvs)
        if (classify(dir.filePath(name)) == wanted)
            return dir.filePath(name);
    return {};
}

TraceFilePairing::Result TraceFilePairing::pair(const QString& fileOrFolder)
{
    const QFileInfo info(fileOrFolder);
    Result result;
    if (!info.exists()) {
        result.error = QStringLiteral("%1: no such file or folder").arg(fileOrFolder);
        return result;
    }
    if (info.isDir()) {
        result.nodesPath = partnerIn(info.absoluteFilePath(), Kind::NodeList);
        result.podsPath = partnerIn(info.absoluteFilePath(), Kind::PodList);
        if (result.nodesPath.isEmpty() || result.podsPath.isEmpty())
            result.error = QStringLiteral("%1: the folder holds no %2")
                               .arg(info.absoluteFilePath(), result.nodesPath.isEmpty() ? kindName(Kind::NodeList)
                                                                                        : kindName(Kind::PodList));
        return result;
    }
    const Kind kind = classify(info.absoluteFilePath());
    if (kind == Kind::Other) {
        result.error = QStringLiteral("%1: neither a node list (columns sn,cpu_milli,memory_mib,gpu,model) nor a "
                                      "pod list (columns name,cpu_milli,memory_mib,num_gpu,gpu_milli,...)")
                           .arg(info.absoluteFilePath());
        return result;
    }
    const Kind wanted = kind == Kind::NodeList ? Kind::PodList : Kind::NodeList;
    const QString partner = partnerIn(info.absolutePath(), wanted);
    (kind == Kind::NodeList ? result.nodesPath : result.podsPath) = info.absoluteFilePath();
    (kind == Kind::NodeList ? result.podsPath : result.nodesPath) = partner;
    if (partner.isEmpty())
        result.error = QStringLiteral("%1: no %2 beside this %3 in its folder")
                           .arg(info.absoluteFilePath(), kindName(wanted), kindName(kind));
    return result;
}

}  // namespace tessera::views
