#include "store/RunDetailArchive.h"

#include "io/InputError.h"
#include "store/RunTableRows.h"
#include "store/StoredRow.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace tessera {

namespace {

using sqlite::Statement;

constexpr int64_t kMaxRows = int64_t(1) << 31;
constexpr double kMaxValue = std::numeric_limits<double>::max();

double finite(double value, const char* what, const std::string& key, size_t index)
{
    if (!std::isfinite(value))
        throw std::invalid_argument(fmt::format("cannot save the run: {} {} holds {} at {}, not a finite number", what,
                                                key, value, index));
    return value;
}

void saveDistributions(sqlite::Database& db, int64_t id, const std::vector<Distribution>& distributions)
{
    Statement head(db, "INSERT INTO run_distributions (run_id, position, key, label, unit, higher_is_better) "
                       "VALUES (?, ?, ?, ?, ?, ?)");
    Statement sample(db, "INSERT INTO run_distribution_values (run_id, distribution, position, quantile, value) "
                         "VALUES (?, ?, ?, NULL, ?)");
    Statement quantile(db, "INSERT INTO run_distribution_values (run_id, distribution, position, quantile, value) "
                           "VALUES (?, ?, ?, ?, ?)");
    for (size_t d = 0; d < distributions.size(); ++d) {
        const Distribution& dist = distributions[d];
        head.bindAll(id, d, dist.key, dist.label, dist.unit, dist.higherIsBetter ? 1 : 0).run();
        size_t position = 0;
        for (const double v : dist.values) {
            sample.bindAll(id, d, position, finite(v, "distribution", dist.key, position)).run();
            ++position;
        }
        for (const auto& [q, v] : dist.quantiles) {
            quantile.bindAll(id, d, position, finite(q, "distribution", dist.key, position),
                             finite(v, "distribution", dist.key, position)).run();
            ++position;
        }
    }
}

void saveCellValues(sqlite::Database& db, int64_t id, const std::vector<CellValues>& tables)
{
    Statement head(db, "INSERT INTO run_cell_values (run_id, position, key, label, unit) VALUES (?, ?, ?, ?, ?)");
    Statement cell(db, "INSERT INTO run_cell_value_cells (run_id, cell_values, cell, value) VALUES (?, ?, ?, ?)");
    for (size_t t = 0; t < tables.size(); ++t) {
        head.bindAll(id, t, tables[t].key, tables[t].label, tables[t].unit).run();
        for (size_t c = 0; c < tables[t].values.size(); ++c)
            cell.bindAll(id, t, c, finite(tables[t].values[c], "cell values", tables[t].key, c)).run();
    }
}

void saveIntervals(sqlite::Database& db, int64_t id, const RunIntervals& intervals)
{
    Statement name(db, "INSERT INTO run_interval_names (run_id, list, position, name) VALUES (?, ?, ?, ?)");
    for (size_t i = 0; i < intervals.lanes.size(); ++i)
        name.bindAll(id, "lane", i, intervals.lanes[i]).run();
    for (size_t i = 0; i < intervals.categories.size(); ++i)
        name.bindAll(id, "category", i, intervals.categories[i]).run();
    Statement bar(db, "INSERT INTO run_intervals (run_id, position, lane, from_x, to_x, label, category, subject) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; i < intervals.intervals.size(); ++i) {
        const RunInterval& r = intervals.intervals[i];
        bar.bindAll(id, i, r.lane, finite(r.fromX, "interval", "from_x", i), finite(r.toX, "interval", "to_x", i),
                    r.label, r.category, r.subject).run();
    }
    Statement subject(db, "INSERT INTO run_interval_subjects (run_id, position, name, details) VALUES (?, ?, ?, ?)");
    Statement span(db, "INSERT INTO run_interval_subject_spans (run_id, subject, position, from_x, to_x, text) "
                       "VALUES (?, ?, ?, ?, ?, ?)");
    for (size_t s = 0; s < intervals.subjects.size(); ++s) {
        const RunSubject& subj = intervals.subjects[s];
        subject.bindAll(id, s, subj.name, subj.details).run();
        for (size_t p = 0; p < subj.spans.size(); ++p)
            span.bindAll(id, s, p, finite(subj.spans[p].fromX, "subject span", subj.name, p),
                         finite(subj.spans[p].toX, "subject span", subj.name, p), subj.spans[p].text).run();
    }
}

void saveWords(sqlite::Database& db, int64_t id, const RunWords& words)
{
    Statement word(db, "INSERT INTO run_words (run_id, name, value) VALUES (?, ?, ?)");
    for (const auto& [name, member] : RunWords::fields())
        word.bindAll(id, name, words.*member).run();
}

void saveLayers(sqlite::Database& db, int64_t id, const OccupancyLayout& layout, const CellJournal& journal)
{
    Statement(db, "INSERT INTO run_layout_units (run_id, unit_name) VALUES (?, ?)").bindAll(id, layout.unitName).run();
    Statement layer(db, "INSERT INTO run_layout_layers (run_id, position, name, kind, is_binary, low_text, high_text) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)");
    Statement category(db, "INSERT INTO run_layout_layer_categories (run_id, layer, position, name) VALUES (?, ?, ?, ?)");
    Statement change(db, "INSERT INTO run_cell_changes (run_id, layer, position, cell, value) VALUES (?, ?, ?, ?, ?)");
    for (size_t l = 0; l < layout.layers.size(); ++l) {
        const OccupancyLayer& L = layout.layers[l];
        layer.bindAll(id, l, L.name, L.kind == OccupancyLayer::Kind::Category ? "category" : "share", L.binary ? 1 : 0,
                      L.lowText, L.highText).run();
        for (size_t c = 0; c < L.categories.size(); ++c)
            category.bindAll(id, l, c, L.categories[c]).run();
        for (const CellJournal::Change& ch : journal.layers[l])
            change.bindAll(id, l, ch.position, ch.cell, double(finite(ch.value, "layer", L.name, ch.cell))).run();
    }
}

void saveAfterEnd(sqlite::Database& db, int64_t id, const std::vector<double>& afterEnd)
{
    Statement value(db, "INSERT INTO run_after_end (run_id, column_index, value) VALUES (?, ?, ?)");
    for (size_t c = 0; c < afterEnd.size(); ++c)
        value.bindAll(id, c, finite(afterEnd[c], "state after the end", "column", c)).run();
}

void saveSummary(sqlite::Database& db, int64_t id, const std::vector<RunSummaryValue>& summary)
{
    Statement value(db, "INSERT INTO run_summary (run_id, position, key, label, unit, higher_is_better, is_count, "
                        "value) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; i < summary.size(); ++i) {
        const RunSummaryValue& v = summary[i];
        value.bindAll(id, i, v.key, v.label, v.unit, v.higherIsBetter ? 1 : 0, v.count ? 1 : 0,
                      finite(v.value, "summary figure", v.key, i)).run();
    }
}

// Rows numbered 0, 1, 2, ... in `column`: a gap is a missing row.
void expectPosition(const StoredRow& row, int column, const char* name, size_t expected)
{
    if (row.integer(column, name, 0, kMaxRows) != int64_t(expected))
        row.fail(name, fmt::format("row {} is missing", expected));
}

std::vector<Distribution> loadDistributions(StudyStore& store, int64_t id)
{
    std::vector<Distribution> out;
    forEachRunRow(store, id, {"run_distributions", "position, key, label, unit, higher_is_better", 1, "position"},
                  [&](const StoredRow& row) {
                      expectPosition(row, 0, "position", out.size());
                      out.push_back({row.text(1, "key"), row.text(2, "label"), row.text(3, "unit"),
                                     row.integer(4, "higher_is_better", 0, 1) == 1, {}, {}});
                  });
    int64_t lastDistribution = -1;
    size_t next = 0;
    forEachRunRow(store, id,
                  {"run_distribution_values", "distribution, position, quantile, value", 2, "distribution, position"},
                  [&](const StoredRow& row) {
                      const int64_t d = row.integer(0, "distribution", 0, int64_t(out.size()) - 1);
                      if (d != lastDistribution)
                          next = 0;
                      lastDistribution = d;
                      expectPosition(row, 1, "position", next++);
                      Distribution& dist = out[size_t(d)];
                      const double value = row.real(3, "value", -kMaxValue, kMaxValue);
                      if (row.isNull(2)) {
                          if (!dist.quantiles.empty())
                              row.fail("quantile", "a sample after a listed quantile");
                          dist.values.push_back(value);
                      } else {
                          const double q = row.real(2, "quantile", 0, 1);
                          if (!dist.quantiles.empty() && q < dist.quantiles.back().first)
                              row.fail("quantile", "quantiles must ascend", fmt::format("{}", q));
                          dist.quantiles.emplace_back(q, value);
                      }
                  });
    return out;
}

std::vector<CellValues> loadCellValues(StudyStore& store, int64_t id, const OccupancyLayout& layout)
{
    std::vector<CellValues> out;
    forEachRunRow(store, id, {"run_cell_values", "position, key, label, unit", 1, "position"},
                  [&](const StoredRow& row) {
                      expectPosition(row, 0, "position", out.size());
                      out.push_back({row.text(1, "key"), row.text(2, "label"), row.text(3, "unit"), {}});
                  });
    forEachRunRow(store, id, {"run_cell_value_cells", "cell_values, cell, value", 2, "cell_values, cell"},
                  [&](const StoredRow& row) {
                      CellValues& table = out[size_t(row.integer(0, "cell_values", 0, int64_t(out.size()) - 1))];
                      if (row.integer(1, "cell", 0, int64_t(layout.cellCount) - 1) != int64_t(table.values.size()))
                          row.fail("cell", fmt::format("cell {} is missing", table.values.size()));
                      table.values.push_back(row.real(2, "value", -kMaxValue, kMaxValue));
                  });
    // Every table covers every cell of the layout: a short one is a damaged study, not a chart
    // with holes.
    for (size_t t = 0; t < out.size(); ++t)
        if (out[t].values.size() != layout.cellCount)
            throw InputError::atRow(store.path(), "run_cell_value_cells", fmt::format("run_id {}, cell_values {}", id, t),
                                    "cell", fmt::format("missing: {} of the layout's {} cells", out[t].values.size(),
                                                        layout.cellCount));
    return out;
}

RunIntervals loadIntervals(StudyStore& store, int64_t id)
{
    RunIntervals out;
    // 'lane' before 'category'
    forEachRunRow(store, id, {"run_interval_names", "list, position, name", 2, "list DESC, position"},
                  [&](const StoredRow& row) {
                      const std::string list = row.text(0, "list");
                      std::vector<std::string>& into = list == "lane" ? out.lanes : out.categories;
                      if (list != "lane" && list != "category")
                          row.fail("list", "must be lane or category", list);
                      expectPosition(row, 1, "position", into.size());
                      into.push_back(row.text(2, "name"));
                  });
    forEachRunRow(store, id, {"run_interval_subjects", "position, name, details", 1, "position"},
                  [&](const StoredRow& row) {
                      expectPosition(row, 0, "position", out.subjects.size());
                      out.subjects.push_back({row.text(1, "name"), row.text(2, "details"), {}});
                  });
    forEachRunRow(store, id,
                  {"run_interval_subject_spans", "subject, position, from_x, to_x, text", 2, "subject, position"},
                  [&](const StoredRow& row) {
                      RunSubject& subject =
                          out.subjects[size_t(row.integer(0, "subject", 0, int64_t(out.subjects.size()) - 1))];
                      expectPosition(row, 1, "position", subject.spans.size());
                      const double from = row.real(2, "from_x", -kMaxValue, kMaxValue);
                      subject.spans.push_back({from, row.real(3, "to_x", from, kMaxValue), row.text(4, "text")});
                  });
    forEachRunRow(store, id,
                  {"run_intervals", "position, lane, from_x, to_x, label, category, subject", 1, "position"},
                  [&](const StoredRow& row) {
                      expectPosition(row, 0, "position", out.intervals.size());
                      RunInterval bar;
                      bar.lane = uint32_t(row.integer(1, "lane", 0, int64_t(out.lanes.size()) - 1));
                      bar.fromX = row.real(2, "from_x", -kMaxValue, kMaxValue);
                      bar.toX = row.real(3, "to_x", bar.fromX, kMaxValue);
                      bar.label = row.text(4, "label");
                      bar.category = int32_t(row.integer(5, "category", -1, int64_t(out.categories.size()) - 1));
                      bar.subject = int32_t(row.integer(6, "subject", -1, int64_t(out.subjects.size()) - 1));
                      out.intervals.push_back(std::move(bar));
                  });
    return out;
}

std::optional<RunWords> loadWords(StudyStore& store, int64_t id)
{
    std::optional<RunWords> words;
    forEachRunRow(store, id, {"run_words", "name, value", 1, "name"}, [&](const StoredRow& row) {
        const std::string name = row.text(0, "name");
        const auto& fields = RunWords::fields();
        const auto field = std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return name == f.first; });
        if (field == fields.end())
            row.fail("name", "not a word of a run", name);
        if (!words)
            words.emplace();
        (*words).*(field->second) = row.text(1, "value");
    });
    return words;
}

std::optional<std::string> loadUnitName(StudyStore& store, int64_t id)
{
    std::optional<std::string> name;  // run_id is the table's key: one row at most
    forEachRunRow(store, id, {"run_layout_units", "unit_name", 0}, [&](const StoredRow& row) {
        name = row.text(0, "unit_name");
    });
    return name;
}

std::vector<OccupancyLayer> loadLayers(StudyStore& store, int64_t id)
{
    std::vector<OccupancyLayer> layers;
    // Format 4 kept no ramp texts: its layers read with OccupancyLayer's defaults.
    const bool rampTexts = store.version() >= 5;
    const std::string_view columns = rampTexts ? "position, name, kind, is_binary, low_text, high_text"
                                               : "position, name, kind, is_binary";
    forEachRunRow(store, id, {"run_layout_layers", columns, 1, "position"},
                  [&](const StoredRow& row) {
                      expectPosition(row, 0, "position", layers.size());
                      OccupancyLayer layer;
                      layer.name = row.text(1, "name");
                      const std::string kind = row.text(2, "kind");
                      if (kind != "share" && kind != "category")
                          row.fail("kind", "must be share or category", kind);
                      layer.kind = kind == "category" ? OccupancyLayer::Kind::Category : OccupancyLayer::Kind::Share;
                      layer.binary = row.integer(3, "is_binary", 0, 1) == 1;
                      if (rampTexts) {
                          layer.lowText = row.text(4, "low_text");
                          layer.highText = row.text(5, "high_text");
                      }
                      layers.push_back(std::move(layer));
                  });
    forEachRunRow(store, id, {"run_layout_layer_categories", "layer, position, name", 2, "layer, position"},
                  [&](const StoredRow& row) {
                      OccupancyLayer& layer = layers[size_t(row.integer(0, "layer", 0, int64_t(layers.size()) - 1))];
                      expectPosition(row, 1, "position", layer.categories.size());
                      layer.categories.push_back(row.text(2, "name"));
                  });
    return layers;
}

// One value per metric column, numbered from 0, or none.
std::vector<double> loadAfterEnd(StudyStore& store, int64_t id, size_t columns)
{
    std::vector<double> out;
    if (store.version() < 5)
        return out;
    forEachRunRow(store, id, {"run_after_end", "column_index, value", 1, "column_index"}, [&](const StoredRow& row) {
        expectPosition(row, 0, "column_index", out.size());
        out.push_back(row.real(1, "value", -kMaxValue, kMaxValue));
    });
    // A state for some columns only is a damaged study, not a comparison with holes.
    if (!out.empty() && out.size() != columns)
        throw InputError::atRow(store.path(), "run_after_end", fmt::format("run_id {}", id), "column_index",
                                fmt::format("{} values for the run's {} series columns", out.size(), columns));
    return out;
}

// The figures in Run::summary()'s order; none for a study written before format 6.
std::vector<RunSummaryValue> loadSummary(StudyStore& store, int64_t id)
{
    std::vector<RunSummaryValue> out;
    if (store.version() < 6)
        return out;
    forEachRunRow(store, id,
                  {"run_summary", "position, key, label, unit, higher_is_better, is_count, value", 1, "position"},
                  [&](const StoredRow& row) {
                      expectPosition(row, 0, "position", out.size());
                      out.push_back({row.text(1, "key"), row.text(2, "label"), row.text(3, "unit"),
                                     row.integer(4, "higher_is_better", 0, 1) == 1,
                                     row.integer(5, "is_count", 0, 1) == 1, row.real(6, "value", -kMaxValue, kMaxValue)});
                  });
    return out;
}

// A category layer's value: a whole index into the layer's names, or -1 for none.
double categoryIndex(const StoredRow& row, double categories)
{
    const double value = row.real(3, "value", -1, categories - 1);
    if (value != std::floor(value))
        row.fail("value", "a category must be a whole index", fmt::format("{}", value));
    return value;
}

CellJournal loadJournal(StudyStore& store, int64_t id, const std::vector<OccupancyLayer>& layers,
                        const OccupancyLayout& layout, size_t runSteps)
{
    CellJournal journal;
    journal.layers.resize(layers.size());
    forEachRunRow(store, id, {"run_cell_changes", "layer, position, cell, value", 3, "layer, position, cell"},
                  [&](const StoredRow& row) {
                      const size_t l = size_t(row.integer(0, "layer", 0, int64_t(layers.size()) - 1));
                      CellJournal::Change change;
                      change.position = uint32_t(row.integer(1, "position", 0, int64_t(runSteps)));
                      change.cell = uint32_t(row.integer(2, "cell", 0, int64_t(layout.cellCount) - 1));
                      const OccupancyLayer& layer = layers[l];
                      // A share is a fraction of a cell; a category an index into the layer's names, or -1.
                      change.value = layer.kind == OccupancyLayer::Kind::Share
                                         ? float(row.real(3, "value", 0, 1))
                                         : float(categoryIndex(row, double(layer.categories.size())));
                      journal.layers[l].push_back(change);
                  });
    return journal;
}

}  // namespace

void RunDetailArchive::save(sqlite::Database& db, int64_t id, const Run& run)
{
    saveDistributions(db, id, run.distributions());
    saveCellValues(db, id, run.cellValues());
    saveIntervals(db, id, run.intervals());
    saveWords(db, id, run.words());
    saveLayers(db, id, run.layout(), CellJournal::record(run));
    saveAfterEnd(db, id, run.afterEnd());
    saveSummary(db, id, run.summary());
}

RunDetail RunDetailArchive::load(StudyStore& store, int64_t id, const OccupancyLayout& layout, size_t runSteps,
                                 size_t seriesColumns)
{
    RunDetail detail;
    if (store.version() < 4)  // an older study, read as it is, has no detail tables
        return detail;
    detail.distributions = loadDistributions(store, id);
    detail.cellValues = loadCellValues(store, id, layout);
    detail.intervals = loadIntervals(store, id);
    detail.words = loadWords(store, id);
    detail.unitName = loadUnitName(store, id);
    detail.layers = loadLayers(store, id);
    detail.journal = loadJournal(store, id, detail.layers, layout, runSteps);
    detail.afterEnd = loadAfterEnd(store, id, seriesColumns);
    detail.summary = loadSummary(store, id);
    return detail;
}

}  // namespace tessera
