#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// How a metric reads between two rows, for charts (steps or lines) and for comparisons of runs
// whose rows fall at different x: a state that holds until the next step (a count, anything on
// a time axis of events) is Step; a quantity that changes gradually along x is Linear. A running
// time average since the first row's x (GPUs rented so far: GPU-hours(x) / (x − x0)) is
// TimeAverage: its integral v·(x − x0) is linear between rows (the quantity averaged is held
// there), so between rows i and j it reads (H_i + (H_j − H_i)·(x − x_i)/(x_j − x_i)) / (x − x0),
// a curve that neither a line nor steps through the rows draws (chart::MetricLookup reads it,
// chart::curveSamples draws it).
enum class Interpolation { Linear, Step, TimeAverage };

// What a metric is, said by the kind that makes it, so that charts, compare, the report and
// export never recognise a metric by its key, unit or a prefix.
struct MetricInfo {
    std::string key;    // stable id, e.g. "alloc_pct"
    std::string label;  // for axes and legends, e.g. "GPU allocation"
    std::string unit;   // e.g. "%", "kW", "pods", "s"
    bool count = false; // a whole number of things (pods, nodes, GPUs): written without decimals
    Interpolation interpolation = Interpolation::Linear;
    // One of the run's headline figures: the rows of the report's summary, the first rows of a
    // comparison, the differences B − A of kinds that draw no differences of their own.
    bool headline = false;
    bool higherIsBetter = true;  // for marking a difference as better or worse
    // A group of metrics drawn together (stacked or side by side), e.g. "gpu_power_by_model"
    // for the power of each GPU model; `member` names this one within it ("A100"). Empty: none.
    std::string family{};
    std::string member{};
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
    // The columns of family `family`, in series order.
    std::vector<size_t> family(std::string_view family) const;
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
