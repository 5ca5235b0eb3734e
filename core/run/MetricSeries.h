#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

struct MetricInfo {
    std::string key;    // stable id, e.g. "alloc_pct"
    std::string label;  // for axes and legends, e.g. "GPU allocation"
    std::string unit;   // e.g. "%", "kW", "pods", "s"
    bool count = false; // a whole number of things (pods, nodes, GPUs): written without decimals
};

// A run's metrics per timeline position (0 = before the first step), one column per metric.
// Every run kind exposes its results this way, so charts, CSV export and comparisons need no
// knowledge of the kind.
class MetricSeries {
public:
    void add(MetricInfo info, std::vector<double> values);

    size_t columns() const { return infos_.size(); }
    size_t rows() const { return values_.empty() ? 0 : values_.front().size(); }
    const MetricInfo& info(size_t column) const { return infos_[column]; }
    std::span<const double> column(size_t column) const { return values_[column]; }
    std::optional<size_t> find(std::string_view key) const;
    double value(std::string_view key, size_t row) const;
    // The row a reader means by "at x" on the series' axis (column 0, non-decreasing): the
    // first row whose x reaches `x`, or the last row when none does. The app's cursor, the
    // compare view and the report all use it, so that they show one number for one x.
    size_t rowAtX(double x) const;

private:
    std::vector<MetricInfo> infos_;
    std::vector<std::vector<double>> values_;
};

}  // namespace tessera
