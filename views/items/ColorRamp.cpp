#include "items/ColorRamp.h"

#include <algorithm>
#include <cmath>

namespace tessera::views {

namespace {
// Nine evenly spaced samples of matplotlib's viridis and cividis (0, 1/8, ..., 1).
constexpr std::array<QRgb, 9> kViridis{0xff440154, 0xff472d7b, 0xff3b528b, 0xff2c728e, 0xff21918c,
                                        0xff28ae80, 0xff5ec962, 0xffaddc30, 0xfffde725};
constexpr std::array<QRgb, 9> kCividis{0xff00224e, 0xff123570, 0xff3b496c, 0xff575d6d, 0xff707173,
                                        0xff8a8779, 0xffa69d75, 0xffc4b56c, 0xfffee838};

int mix(int a, int b, double f) { return int(std::lround(a + (b - a) * f)); }
}  // namespace

ColorRamp::ColorRamp(Kind kind, bool reversed)
{
    anchors_ = kind == Kind::Viridis ? kViridis : kCividis;
    if (reversed)
        std::reverse(anchors_.begin(), anchors_.end());
}

QRgb ColorRamp::rgb(double t) const
{
    if (!(t > 0.0))
        return anchors_.front();
    if (t >= 1.0)
        return anchors_.back();
    const double scaled = t * (kAnchors - 1);
    const int i = int(scaled);
    const double f = scaled - i;
    const QRgb a = anchors_[size_t(i)], b = anchors_[size_t(i) + 1];
    return qRgb(mix(qRed(a), qRed(b), f), mix(qGreen(a), qGreen(b), f), mix(qBlue(a), qBlue(b), f));
}

}  // namespace tessera::views
