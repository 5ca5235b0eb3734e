#include "store/RunTableRows.h"

#include <fmt/format.h>

#include <string>
#include <vector>

namespace tessera {

namespace {

std::vector<std::string_view> keyNames(std::string_view columns, int keys)
{
    std::vector<std::string_view> names;
    while (int(names.size()) < keys) {
        const size_t comma = columns.find(',');
        std::string_view name = columns.substr(0, comma);
        while (!name.empty() && name.front() == ' ')
            name.remove_prefix(1);
        names.push_back(name);
        if (comma == std::string_view::npos)
            break;
        columns.remove_prefix(comma + 1);
    }
    return names;
}

// The row's name in an error: the run and each key column's value as it is stored (a text key
// as text, any other as an integer).
std::string place(int64_t id, const std::vector<std::string_view>& keys, const sqlite::Statement& stmt)
{
    std::string out = fmt::format("run_id {}", id);
    for (size_t k = 0; k < keys.size(); ++k) {
        const int column = int(k);
        if (stmt.type(column) == sqlite::Statement::Type::Text)
            out += fmt::format(", {} {}", keys[k], stmt.text(column));
        else
            out += fmt::format(", {} {}", keys[k], stmt.integer(column));
    }
    return out;
}

}  // namespace

void forEachRunRow(StudyStore& store, int64_t id, const RunTableQuery& query,
                   const std::function<void(const StoredRow&)>& read)
{
    std::string sql = fmt::format("SELECT {} FROM {} WHERE run_id = ?", query.columns, query.table);
    if (!query.order.empty())
        sql += fmt::format(" ORDER BY {}", query.order);
    sqlite::Statement stmt(store.database(), sql);
    stmt.bindAll(id);
    const std::vector<std::string_view> keys = keyNames(query.columns, query.keys);
    while (stmt.step())
        read(StoredRow(store.path(), query.table, place(id, keys, stmt), stmt));
}

}  // namespace tessera
