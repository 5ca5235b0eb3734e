#pragma once

#include <QColor>
#include <QRgb>

#include <array>

namespace tessera::views {

// A perceptually uniform, colour-blind-safe sequential scale (viridis or cividis) as a lookup
// of a few anchors with linear interpolation between them; cheap enough per texel.
class ColorRamp {
public:
    enum class Kind { Viridis, Cividis };

    explicit ColorRamp(Kind kind = Kind::Viridis, bool reversed = false);

    // t in [0, 1], clamped; NaN maps to 0.
    QRgb rgb(double t) const;
    QColor color(double t) const { return QColor::fromRgb(rgb(t)); }

private:
    static constexpr int kAnchors = 9;
    std::array<QRgb, kAnchors> anchors_{};
};

}  // namespace tessera::views
