#include "cli/ChartPosition.h"

#include "run/LastInUse.h"
#include "util/UsageError.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

namespace tessera::cli {

namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

ChartPosition ChartPosition::parse(const std::string& text, const Run& run)
{
    const RunWords words = run.words();
    const MetricSeries& series = run.series();
    const std::string unit = series.columns() > 0 ? series.info(0).unit : std::string();
    const double example = series.rows() > 0 ? std::round(series.column(0).back() / 2) : 0.0;
    const std::string usage =
        fmt::format("--at must be a {} number from 0 to {}{} (got \"{}\")", words.step, run.steps(),
                    unit.empty() ? std::string()
                                 : fmt::format(", or a point of the x axis in {}, e.g. \"{:g}{}\"", unit, example, unit),
                    text);
    const char* first = text.data();
    const char* last = text.data() + text.size();
    double value = 0;
    const auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc() || !std::isfinite(value) || end == first)
        throw UsageError(usage);
    const std::string rest(end, last);
    if (rest.empty()) {
        // A step number: whole, within the run.
        if (value < 0 || value != std::floor(value) || value > double(run.steps()))
            throw UsageError(usage);
        return {size_t(value), {}};
    }
    if (rest != unit || series.rows() == 0)
        throw UsageError(usage);
    return {std::min(series.rowAtX(value), run.steps()), {}};
}

ChartPosition ChartPosition::lastInUse(const Run& run)
{
    const LastInUse chosen = LastInUse::of(run);
    return {chosen.position, qs(chosen.note(run))};
}

}  // namespace tessera::cli
