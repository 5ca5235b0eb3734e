#pragma once

#include "store/StoredRow.h"
#include "store/StudyStore.h"

#include <cstdint>
#include <functional>
#include <string_view>

namespace tessera {

// Which rows of a run's table to read: SELECT <columns> FROM <table> WHERE run_id = ?
// [ORDER BY <order>]. The first `keys` columns say which row it is, in errors.
struct RunTableQuery {
    std::string_view table;
    std::string_view columns;  // comma-separated, key columns first
    int keys = 1;
    std::string_view order = {};  // empty: no ORDER BY
};

// Reads every row `query` selects for run `id` and hands each to `read` as a StoredRow, so that
// each value is checked as it is read and a bad one names the study, the table and the row
// ("run_id 3, position 7"). How the generic, detail and recipe archives read a run's rows
// (StudyStore's pod_run_ readers still loop themselves).
void forEachRunRow(StudyStore& store, int64_t id, const RunTableQuery& query,
                   const std::function<void(const StoredRow&)>& read);

}  // namespace tessera
