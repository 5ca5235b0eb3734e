#pragma once

#include <QVariant>

#include <optional>

namespace tessera::views {

// A QML choice of yes, no or "let the chart choose" (undefined or null) as C++ sees it, and back.
inline std::optional<bool> optionalBool(const QVariant& value)
{
    return value.isValid() && !value.isNull() ? std::optional(value.toBool()) : std::nullopt;
}
inline QVariant variantOf(std::optional<bool> value) { return value ? QVariant(*value) : QVariant(); }

}  // namespace tessera::views
