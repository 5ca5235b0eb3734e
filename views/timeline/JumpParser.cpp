#include "timeline/JumpParser.h"

#include "chart/XAxisUnit.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace tessera::views {

namespace {

constexpr double kMinute = 60, kHour = 3600, kDay = 86400;

bool isTime(const JumpParser::Axis& axis) { return axis.unit == QLatin1String("s"); }

// Seconds in one `unit`, or nothing when it is not a time unit.
std::optional<double> secondsPer(const QString& unit)
{
    if (unit == "d" || unit == "day" || unit == "days")
        return kDay;
    if (unit == "h" || unit == "hr" || unit == "hour" || unit == "hours")
        return kHour;
    if (unit == "m" || unit == "min" || unit == "mins" || unit == "minute" || unit == "minutes")
        return kMinute;
    if (unit == "s" || unit == "sec" || unit == "secs" || unit == "second" || unit == "seconds")
        return 1.0;
    return std::nullopt;
}

QString number(double v) { return QString::number(v, 'f', std::abs(v) < 10 ? 2 : std::abs(v) < 100 ? 1 : 0); }

}  // namespace

QString JumpParser::shown(const Axis& axis, double x)
{
    const chart::XAxisUnit u = chart::XAxisUnit::forSpan(axis.unit, axis.max - axis.min);
    return QStringLiteral("%1 %2").arg(number(x / u.perUnit), u.unit);
}

QString JumpParser::examples(const Axis& axis)
{
    if (!isTime(axis))
        return QStringLiteral("%1%2").arg(number(axis.min + 0.65 * (axis.max - axis.min)), axis.unit);
    // Times inside this run, in the largest unit it spans: a 200-day replay reads "130d, 4h",
    // a 5-minute inference run "3min, 90s"; never a time past the run's end.
    const double span = axis.max - axis.min;
    const auto at = [&](double per, const char* unit) {
        return QStringLiteral("%1%2").arg(std::max(1.0, std::round(0.65 * span / per))).arg(QLatin1String(unit));
    };
    QString times;
    if (span >= 2 * kDay)
        times = at(kDay, "d") + QStringLiteral(", 4h");
    else if (span >= 2 * kHour)
        times = at(kHour, "h") + QStringLiteral(", 30min");
    else if (span >= 2 * kMinute)
        times = at(kMinute, "min") + QStringLiteral(", 90s");
    else
        times = at(1, "s");
    return times + QStringLiteral(", 95%");
}

QString JumpParser::hint(const Axis& axis)
{
    if (isTime(axis))
        return QStringLiteral("jump to: %1").arg(examples(axis));
    return axis.unit.isEmpty() ? QStringLiteral("jump to") : QStringLiteral("jump to (%1)").arg(axis.unit);
}

JumpParser::Result JumpParser::parse(const QString& text, const Axis& axis)
{
    const QString input = text.trimmed().toLower();
    const QString accepted = isTime(axis) ? QStringLiteral("a time or a share of the run's time, such as %1").arg(examples(axis))
                                          : QStringLiteral("a number in %1, such as 95").arg(axis.unit);
    if (input.isEmpty())
        return {std::nullopt, QStringLiteral("Type %1.").arg(accepted)};
    // Numbers with a decimal point or comma, each with an optional unit.
    static const QRegularExpression term(QStringLiteral("\\s*(\\d+(?:[.,]\\d*)?|[.,]\\d+)\\s*([a-z%]*)"));
    double x = 0;
    int terms = 0;
    bool share = false, plain = false;
    for (qsizetype at = 0; at < input.size();) {
        const auto m = term.match(input, at, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption);
        if (!m.hasMatch() || m.capturedLength() == 0)
            return {std::nullopt, QStringLiteral("Cannot read “%1”: type %2.").arg(text.trimmed(), accepted)};
        at = m.capturedEnd();
        ++terms;
        const double value = m.captured(1).replace(',', '.').toDouble();
        const QString unit = m.captured(2);
        if (unit == "%" && isTime(axis)) {
            share = true;
            x += axis.min + (axis.max - axis.min) * value / 100.0;
        } else if (unit.isEmpty() || unit == axis.unit) {
            plain = unit.isEmpty();
            // A plain number is in the unit the axes show (days on a long replay).
            x += value * (plain ? chart::XAxisUnit::forSpan(axis.unit, axis.max - axis.min).perUnit : 1.0);
        } else if (const auto seconds = isTime(axis) ? secondsPer(unit) : std::nullopt) {
            x += value * *seconds;
        } else {
            return {std::nullopt, QStringLiteral("Cannot read “%1”: type %2.").arg(text.trimmed(), accepted)};
        }
    }
    if (terms > 1 && (share || plain || !isTime(axis)))
        return {std::nullopt, QStringLiteral("Cannot read “%1”: type %2.").arg(text.trimmed(), accepted)};
    if (!std::isfinite(x))
        return {std::nullopt, QStringLiteral("Cannot read “%1”: type %2.").arg(text.trimmed(), accepted)};
    const double tolerance = 1e-9 * std::max(1.0, std::abs(axis.max));
    if (x > axis.max + tolerance)
        return {std::nullopt, QStringLiteral("%1 is past the run's end (%2).").arg(text.trimmed(), shown(axis, axis.max))};
    if (x < axis.min - tolerance)
        return {std::nullopt, QStringLiteral("%1 is before the run's start (%2).").arg(text.trimmed(), shown(axis, axis.min))};
    return {x, {}};
}

}  // namespace tessera::views
