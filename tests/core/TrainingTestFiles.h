#pragma once

// Small files for the training tests (tst_trainingjobs, tst_variability).

#include "support/TestFiles.h"

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

#include <string>

namespace tessera::test {

// Writes `bytes` to the file `name` in `dir` and returns its path.
inline std::string fileWith(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.path() + "/" + name;
    if (!writeBytes(path, bytes))
        qFatal("cannot write %s", qPrintable(path));
    return path.toStdString();
}

}  // namespace tessera::test
