#pragma once

#include <QByteArray>
#include <QString>

namespace tessera::chart {

// Writes `bytes` to `path` whole or not at all: a regular file (or a new one) through a
// temporary file renamed over it, so a failed export never leaves a truncated file; anything
// else (/dev/stdout, a FIFO, /dev/full) is written in place, never replaced by a file. Every
// write and the close are checked; throws ChartError naming the file and the reason.
void writeWholeFile(const QString& path, const QByteArray& bytes);

}  // namespace tessera::chart
