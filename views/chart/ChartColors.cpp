#include "chart/ChartColors.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

namespace tessera::chart {

namespace {

// Okabe & Ito (2008), ordered so that the first colours stay apart on white and on dark grey
// (blue and vermillion, the app's first two runs); the yellow, weakest on white, comes last.
constexpr std::array<QRgb, 7> kOkabeIto = {0xff0072b2, 0xffd55e00, 0xff009e73, 0xffcc79a7,
                                           0xffe69f00, 0xff56b4e9, 0xfff0e442};

// Paul Tol's "muted" palette less cyan, teal, green and rose (within ΔE 23 of sky blue, bluish
// green and reddish purple), with a dark slate and a brown; then six muted tones (chroma ≤ 55,
// lightness 35-70, picked greedily for distance) so that 13 categories (ParvaGPU's 11 models,
// MIG profiles) never share a colour; the neutral grey last, as it sits near the grey of "no
// category". Every colour lies at least ΔE 25 (CIELAB) from every Okabe–Ito one, and ΔE 20 from
// each other. Ordered so that the first eight, as drawn (legibleOn: Tol's sand darkens towards
// olive on white), lie ΔE 35 apart on light and dark backgrounds, with eight hues (indigo, red,
// green, slate, sand, purple, brown, lilac): a kind's job types (Pollux's six) never share a
// near colour, as sand and olive, slate and brown did when they came first.
constexpr std::array<QRgb, 14> kSeries = {0xff332288, 0xffbb4444, 0xff336611, 0xff225555, 0xffddcc77,
                                          0xffaa4499, 0xff664411, 0xffaa99ee, 0xff999933, 0xff882255,
                                          0xffcc8866, 0xff778855, 0xff664488, 0xff777777};

// viridis (van der Walt & Smith, matplotlib) at 11 evenly spaced points.
constexpr std::array<QRgb, 11> kViridis = {0xff440154, 0xff482576, 0xff414487, 0xff355f8d,
                                           0xff2a788e, 0xff21918c, 0xff22a884, 0xff42be71,
                                           0xff7ad151, 0xffbbdf27, 0xfffde725};

int mix(int a, int b, double t) { return int(std::lround(a + (b - a) * t)); }

}  // namespace

QColor ChartColors::categorical(int index)
{
    const int n = int(kOkabeIto.size());
    return QColor::fromRgb(kOkabeIto[size_t(((index % n) + n) % n)]);
}

int ChartColors::categoricalCount() { return int(kOkabeIto.size()); }

QColor ChartColors::groupColor(int index)
{
    const int n = groupColorCount();
    const int i = ((index % n) + n) % n;
    return i < categoricalCount() ? categorical(i) : seriesColor(i - categoricalCount());
}

int ChartColors::groupColorCount() { return categoricalCount() + seriesColorCount(); }

QColor ChartColors::seriesColor(int index)
{
    const int n = int(kSeries.size());
    return QColor::fromRgb(kSeries[size_t(((index % n) + n) % n)]);
}

int ChartColors::seriesColorCount() { return int(kSeries.size()); }

QColor ChartColors::referenceLine() { return QColor(0x8a, 0x8f, 0x96); }

QColor ChartColors::runShade(const QColor& color, int rank)
{
    // Half-way to white per rank: the first shade stays saturated enough to name its run.
    const double white = 1.0 - std::pow(0.5, std::max(0, rank));
    const QColor c = color.toRgb();
    const auto mix = [white](int v) { return int(std::lround(v + (255 - v) * white)); };
    return QColor(mix(c.red()), mix(c.green()), mix(c.blue()), c.alpha());
}

QColor ChartColors::runShades(const QColor& color, int index)
{
    switch (((index % 4) + 4) % 4) {
    case 0:
        return color.toRgb().darker(160);
    case 1:
        return color.toRgb();
    case 2:
        return runShade(color, 1);
    default:
        return color.toRgb().darker(260);
    }
}

QColor ChartColors::areaFill(const QColor& color)
{
    QColor fill = color;
    fill.setAlphaF(float(kAreaFillOpacity));
    return fill;
}

namespace {

// The point of the sequential scale where the occupancy scale starts (the least share): the
// scale's end nearest the background (viridis' bright yellow on white paper, its near-black
// purple on a dark one) is pulled in until it stands kFaintContrast from the background, so that
// the least used GPU or a heatmap's lowest cell still reads as something, not as paper.
double faintEnd(bool darkBackground)
{
    const QColor background =
        darkBackground ? ChartColors::darkTheme().background : ChartColors::lightTheme().background;
    // The scale's lightness rises monotonically: bisect from the background's end inwards.
    double inner = darkBackground ? 1.0 : 0.0, outer = darkBackground ? 0.0 : 1.0;
    for (int i = 0; i < 40; ++i) {
        const double mid = (inner + outer) / 2;
        (ChartColors::contrast(ChartColors::sequential(mid), background) >= ChartColors::kFaintContrast ? inner : outer) =
            mid;
    }
    return inner;
}

}  // namespace

QColor ChartColors::occupancy(double share, bool darkBackground)
{
    static const double faintLight = faintEnd(false), faintDark = faintEnd(true);
    if (!std::isfinite(share))
        share = 0;
    share = std::clamp(share, 0.0, 1.0);
    // Full is the far end of the scale from the background (dark on paper, bright on dark).
    return darkBackground ? sequential(faintDark + (1.0 - faintDark) * share) : sequential(faintLight * (1.0 - share));
}

QColor ChartColors::emptyCell(bool darkBackground)
{
    return darkBackground ? QColor(0xff, 0xff, 0xff, 41) : QColor(0, 0, 0, 33);
}

QColor ChartColors::heatCell(double share, bool darkBackground)
{
    if (share > 0)
        return occupancy(share, darkBackground);
    // The empty cell over the theme's background, opaque: an image with alpha is smoothed into
    // light seams at the cells' edges by some PDF viewers.
    const QColor over = emptyCell(darkBackground);
    const QColor under = darkBackground ? darkTheme().background : lightTheme().background;
    const double a = over.alphaF();
    const auto mix = [a](int top, int bottom) { return int(std::lround(top * a + bottom * (1 - a))); };
    return QColor(mix(over.red(), under.red()), mix(over.green(), under.green()), mix(over.blue(), under.blue()));
}

QList<QColor> ChartColors::occupancyStops(bool darkBackground, int count)
{
    count = std::max(2, count);
    QList<QColor> stops;
    for (int i = 0; i < count; ++i)
        stops.append(occupancy(double(i) / double(count - 1), darkBackground));
    return stops;
}

QColor ChartColors::sequential(double t)
{
    const std::span<const QRgb> stops(kViridis);
    if (!std::isfinite(t))
        t = 0;
    t = std::clamp(t, 0.0, 1.0) * double(stops.size() - 1);
    const size_t i = std::min(size_t(t), stops.size() - 2);
    const double f = t - double(i);
    const QRgb a = stops[i], b = stops[i + 1];
    return QColor(mix(qRed(a), qRed(b), f), mix(qGreen(a), qGreen(b), f), mix(qBlue(a), qBlue(b), f));
}

QList<QColor> ChartColors::sequentialStops(int count)
{
    count = std::max(2, count);
    QList<QColor> stops;
    for (int i = 0; i < count; ++i)
        stops.append(sequential(double(i) / double(count - 1)));
    return stops;
}

namespace {

double relativeLuminance(const QColor& c)
{
    const QColor rgb = c.toRgb();
    const auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(rgb.redF()) + 0.7152 * channel(rgb.greenF()) + 0.0722 * channel(rgb.blueF());
}

}  // namespace

double ChartColors::contrast(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor ChartColors::legibleOn(const QColor& color, const QColor& background)
{
    if (!color.isValid() || color.alpha() == 0 || contrast(color, background) >= kMinContrast)
        return color;
    // Lightness towards black on a light background, towards white on a dark one, by bisection
    // to the least change that reaches the contrast (black and white always do: ≥ 4.5 against
    // any background on their far side of mid grey).
    const bool darken = relativeLuminance(background) > 0.18;
    const QColor hsl = color.toHsl();
    const double from = hsl.lightnessF(), to = darken ? 0.0 : 1.0;
    const auto at = [&](double t) {
        // In 8 bits a channel, as files write it: the contrast is the written colour's.
        return QColor::fromRgba(
            QColor::fromHslF(hsl.hslHueF(), hsl.hslSaturationF(), float(from + (to - from) * t), hsl.alphaF()).rgba());
    };
    double lo = 0, hi = 1;
    for (int i = 0; i < 30; ++i) {
        const double mid = (lo + hi) / 2;
        (contrast(at(mid), background) >= kMinContrast ? hi : lo) = mid;
    }
    return at(hi);
}

ChartTheme ChartColors::lightTheme()
{
    return {QColor(0xff, 0xff, 0xff), QColor(0x1f, 0x23, 0x28), QColor(0x57, 0x60, 0x6a), QColor(0xe3, 0xe6, 0xea),
            QColor(0x6e, 0x77, 0x81), QColor(0x30, 0x36, 0x3d), QColor(0x00, 0x72, 0xb2, 0x24), false};
}

ChartTheme ChartColors::darkTheme()
{
    return {QColor(0x1e, 0x20, 0x24), QColor(0xe6, 0xe8, 0xeb), QColor(0xa4, 0xab, 0xb3), QColor(0x35, 0x39, 0x3f),
            QColor(0x8b, 0x94, 0x9e), QColor(0xd0, 0xd4, 0xd9), QColor(0x56, 0xb4, 0xe9, 0x30), true};
}

}  // namespace tessera::chart
