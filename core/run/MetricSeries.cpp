#include "run/MetricSeries.h"

#include <algorithm>
#include <stdexcept>

namespace tessera {

void MetricSeries::add(MetricInfo info, std::vector<double> values)
{
    if (!values_.empty() && values.size() != rows())
        throw std::invalid_argument("metric column \"" + info.key + "\" has a different length");
    infos_.push_back(std::move(info));
    values_.push_back(std::move(values));
}

std::optional<size_t> MetricSeries::find(std::string_view key) const
{
    for (size_t i = 0; i < infos_.size(); ++i)
        if (infos_[i].key == key)
            return i;
    return std::nullopt;
}

std::vector<size_t> MetricSeries::family(std::string_view family) const
{
    std::vector<size_t> columns;
    for (size_t i = 0; i < infos_.size(); ++i)
        if (!family.empty() && infos_[i].family == family)
            columns.push_back(i);
    return columns;
}

double MetricSeries::value(std::string_view key, size_t row) const
{
    const auto c = find(key);
    if (!c)
        throw std::out_of_range("no metric \"" + std::string(key) + "\"");
    return values_[*c][row];
}

size_t MetricSeries::rowAtX(double x) const
{
    if (rows() == 0)
        return 0;
    const auto& xs = values_.front();
    const auto at = std::lower_bound(xs.begin(), xs.end(), x);
    return std::min(size_t(at - xs.begin()), xs.size() - 1);
}

}  // namespace tessera
