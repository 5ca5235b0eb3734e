#pragma once

// Whole-file reads and writes for tests; a file that cannot be read reads as empty.

#include <QByteArray>
#include <QFile>
#include <QString>

namespace tessera::test {

inline QByteArray readBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

}  // namespace tessera::test
