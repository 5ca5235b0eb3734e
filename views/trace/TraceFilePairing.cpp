#include "trace/TraceFilePairing.h"

#include "io/TraceFileRole.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace tessera::views {

namespace {

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
    // The core's rule, which the pod kind recognises its inputs by too.
    const auto role = traceFileRoleOf(QFile::encodeName(path).toStdString());
    if (!role)
        return Kind::Other;
    return *role == TraceFileRole::PodList ? Kind::PodList : Kind::NodeList;
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
