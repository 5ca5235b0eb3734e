#include "io/DecimalField.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

namespace tessera {

double decimalField(const CsvField& field, int column, double max)
{
    const std::string& s = field.text(column);
    if (s.empty())
        field.fail(column, "empty value");
    if (s.front() == '-')
        field.fail(column, "negative number");
    // from_chars also reads "inf" and "nan": only plain decimals are numbers here.
    if (s.find_first_not_of("0123456789.eE+-") != std::string::npos)
        field.fail(column, "not a number");
    double value = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ptr != s.data() + s.size() || (ec != std::errc() && ec != std::errc::result_out_of_range))
        field.fail(column, "not a number");
    if (ec == std::errc::result_out_of_range)
        field.fail(column, "number out of range");
    if (!std::isfinite(value) || value > max)
        field.fail(column, fmt::format("above the maximum of {}", max));
    return value;
}

}  // namespace tessera
