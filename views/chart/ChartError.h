#pragma once

#include <QString>

#include <stdexcept>

namespace tessera::chart {

// An export that could not be done: an unwritable path, an impossible size. The message names
// the file and the reason, ready for an error line or a dialog.
class ChartError : public std::runtime_error {
public:
    explicit ChartError(const QString& message) : std::runtime_error(message.toStdString()) {}
};

}  // namespace tessera::chart
