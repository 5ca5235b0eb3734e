#include "store/StoredValueCheck.h"

#include "io/InputError.h"

#include <vector>

#include <fmt/format.h>

namespace tessera {

void requireNoBlobs(sqlite::Database& db, const std::string& study, const std::string& table)
{
    std::vector<std::string> columns, keys;
    {
        sqlite::Statement info(db, fmt::format("SELECT name, pk FROM pragma_table_info('{}') ORDER BY pk, cid", table));
        while (info.step()) {
            columns.push_back(info.text(0));
            if (info.integer(1) > 0)
                keys.push_back(info.text(0));
        }
    }
    if (columns.empty())
        return;
    // One pass over the table: the first row with a blob anywhere, and its first blob column.
    std::vector<std::string> isBlob, whichColumn;
    for (size_t c = 0; c < columns.size(); ++c) {
        isBlob.push_back(fmt::format("typeof(\"{}\") = 'blob'", columns[c]));
        whichColumn.push_back(fmt::format("WHEN {} THEN {}", isBlob.back(), c));
    }
    std::vector<std::string> keyValues;
    for (const std::string& key : keys)
        keyValues.push_back(fmt::format("quote(\"{}\")", key));
    if (keys.empty())
        keyValues.push_back("rowid");  // a table without a declared key has a rowid
    sqlite::Statement select(db, fmt::format("SELECT CASE {} END, {} FROM \"{}\" WHERE {} LIMIT 1",
                                             fmt::join(whichColumn, " "), fmt::join(keyValues, ", "), table,
                                             fmt::join(isBlob, " OR ")));
    if (!select.step())
        return;
    std::vector<std::string> row;
    for (size_t k = 0; k < keyValues.size(); ++k)
        row.push_back(fmt::format("{} {}", keys.empty() ? "rowid" : keys[k],
                                  select.isNull(int(k) + 1) ? "NULL" : select.text(int(k) + 1)));
    throw InputError::atRow(study, table, fmt::format("{}", fmt::join(row, ", ")), columns[size_t(select.integer(0))],
                            "a blob where a study holds none");
}

}  // namespace tessera
