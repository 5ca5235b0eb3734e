#include "chart/WholeFile.h"

#include "chart/ChartError.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace tessera::chart {

void writeWholeFile(const QString& path, const QByteArray& bytes)
{
    const QFileInfo info(path);
    const auto fail = [&](const QString& reason) {
        throw ChartError(QStringLiteral("cannot write %1: %2").arg(path, reason));
    };
    if (info.exists() && !info.isFile()) {
        if (info.isDir())
            fail(QStringLiteral("it is a directory"));
        QFile device(path);
        if (!device.open(QIODevice::WriteOnly) || device.write(bytes) != bytes.size() || !device.flush())
            fail(device.errorString());
        device.close();
        if (device.error() != QFileDevice::NoError)
            fail(device.errorString());
        return;
    }
    // A link is followed: the file it points to is replaced, the link stays.
    QSaveFile file(info.isSymLink() ? info.symLinkTarget() : path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        fail(file.errorString());
}

}  // namespace tessera::chart
