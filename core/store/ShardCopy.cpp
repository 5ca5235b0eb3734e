#include "store/ShardCopy.h"

#include "io/InputError.h"
#include "util/PrintableText.h"

#include <sqlite3.h>

#include <fmt/format.h>

#include <algorithm>

namespace tessera {

namespace {

constexpr const char* kBlob = "a blob where a study holds none";

// storable(v, ...): 1, or the statement fails when a value is a blob. In the WHERE clause of a
// copy, it checks every value of every row in the pass that copies it.
void storable(sqlite3_context* context, int count, sqlite3_value** values)
{
    for (int i = 0; i < count; ++i)
        if (sqlite3_value_type(values[i]) == SQLITE_BLOB) {
            sqlite3_result_error(context, kBlob, -1);
            return;
        }
    sqlite3_result_int(context, 1);
}

std::string prefixed(const std::string& prefix, const std::vector<std::string>& columns)
{
    std::vector<std::string> out;
    for (const std::string& column : columns)
        out.push_back(prefix + column);
    return fmt::format("{}", fmt::join(out, ", "));
}

// The shards of a group attached for as long as it lives, detached after its transaction.
class Attachments {
public:
    explicit Attachments(sqlite::Database& db) : db_(db) {}
    Attachments(const Attachments&) = delete;
    Attachments& operator=(const Attachments&) = delete;
    ~Attachments()
    {
        for (const std::string& schema : schemas_) {
            try {
                db_.detach(schema);
            } catch (const sqlite::Error&) {
                // The connection is closed next, which detaches it anyway.
            }
        }
    }
    const std::string& attach(const std::string& path)
    {
        schemas_.push_back(fmt::format("shard{}", schemas_.size()));
        try {
            db_.attachReadOnly(path, schemas_.back());
        } catch (const sqlite::Error& e) {
            schemas_.pop_back();
            throw InputError::fileLevel(path, "cannot open the shard: " + e.codeText());
        }
        return schemas_.back();
    }

private:
    sqlite::Database& db_;
    std::vector<std::string> schemas_;
};

}  // namespace

ShardCopy::ShardCopy(sqlite::Database& out) : out_(out)
{
    out_.check(sqlite3_create_function_v2(out_.handle(), "storable", -1,
                                          SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, nullptr, storable,
                                          nullptr, nullptr, nullptr),
               "storable()");
    sqlite::Statement names(out_, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                                  "AND name != 'sweep_shard' ORDER BY name");
    while (names.step()) {
        Table table{names.text(0), {}, {}, Kind::Shared};
        sqlite::Statement columns(out_, "SELECT name, pk FROM pragma_table_info(?) ORDER BY cid");
        columns.bindAll(table.name);
        std::vector<std::pair<int64_t, std::string>> key;
        while (columns.step()) {
            table.columns.push_back(columns.text(0));
            if (columns.integer(1) > 0)
                key.emplace_back(columns.integer(1), columns.text(0));
        }
        std::sort(key.begin(), key.end());
        for (const auto& [position, column] : key)
            table.key.push_back(column);
        if (table.key.empty())  // a table with rowids and no key of its own
            table.key.push_back("rowid");
        if (table.name == "runs")
            table.kind = Kind::Runs;
        else if (std::count(table.columns.begin(), table.columns.end(), "run_id") > 0)
            table.kind = Kind::RunRows;
        tables_.push_back(std::move(table));
    }
    // Runs first (everything refers to them), then the node lists and their nodes, then the rest.
    const auto rank = [](const Table& table) {
        return table.name == "runs" ? 0 : table.name == "node_lists" ? 1 : table.name == "node_list_nodes" ? 2 : 3;
    };
    std::stable_sort(tables_.begin(), tables_.end(),
                     [&](const Table& a, const Table& b) { return rank(a) < rank(b); });
}

size_t ShardCopy::maxGroup() const
{
    return size_t(std::max(1, out_.attachLimit()));
}

std::string ShardCopy::copySql(const std::string& schema, const Table& table) const
{
    // ?1: the run's id in the merged study; ?2: its id in the shard.
    std::vector<std::string> values;
    for (const std::string& column : table.columns) {
        if (table.kind == Kind::Runs && column == "id")
            values.push_back("?1");
        else if (table.kind == Kind::RunRows && column == "run_id")
            values.push_back("?1");
        else if (column == "parent_run_id")  // a fork's parent outside the shard: as if deleted
            values.push_back(fmt::format("(SELECT r.run_number + 1 FROM {}.sweep_runs r WHERE r.run_id = t.{})",
                                         schema, column));
        else
            values.push_back("t." + column);
    }
    const std::string where = table.kind == Kind::Runs      ? "t.id = ?2 AND "
                              : table.kind == Kind::RunRows ? "t.run_id = ?2 AND "
                                                            : "";
    return fmt::format("INSERT {}INTO main.{} ({}) SELECT {} FROM {}.{} t WHERE {}storable({})",
                       table.kind == Kind::Shared ? "OR IGNORE " : "", table.name, fmt::join(table.columns, ", "),
                       fmt::join(values, ", "), schema, table.name, where, prefixed("t.", table.columns));
}

void ShardCopy::requireNumbered(const Source& source, const std::string& schema, const Table& table)
{
    if (table.kind == Kind::Shared)
        return;
    const std::string column = table.kind == Kind::Runs ? "id" : "run_id";
    sqlite::Statement stray(out_, fmt::format("SELECT t.{0} FROM {1}.{2} t WHERE t.{0} NOT IN (SELECT run_id FROM "
                                              "{1}.sweep_runs) LIMIT 1",
                                              column, schema, table.name));
    if (stray.step())
        throw InputError::atRow(source.path, table.name, fmt::format("{} {}", column, stray.text(0)), column,
                                "a run that sweep_runs does not number", printableExcerpt(stray.text(0)));
}

void ShardCopy::throwCopyError(const Source& source, const std::string& schema, const Table& table,
                               const sqlite::Error& error, int64_t runId)
{
    const std::string message = sqlite3_errmsg(out_.handle());
    if (error.isDamagedFile())
        throw damaged(source, error);
    guarded(source, [&] {
        for (const std::string& column : table.columns) {
            sqlite::Statement blob(out_, fmt::format("SELECT {} FROM {}.{} t WHERE typeof(t.{}) = 'blob' LIMIT 1",
                                                     prefixed("t.", table.key), schema, table.name, column));
            if (!blob.step())
                continue;
            std::vector<std::string> row;
            for (size_t i = 0; i < table.key.size(); ++i)
                row.push_back(table.key[i] + " " + printableExcerpt(blob.text(int(i)), 40));
            throw InputError::atRow(source.path, table.name, fmt::format("{}", fmt::join(row, ", ")), column, kBlob);
        }
    });
    if ((error.code() & 0xff) == SQLITE_CONSTRAINT)
        throw InputError::atRow(source.path, table.name, runId > 0 ? fmt::format("run_id {}", runId) : "?", {},
                                fmt::format("a row a study cannot hold ({})", printableExcerpt(message, 200)));
    throw error;
}

InputError ShardCopy::damaged(const Source& source, const sqlite::Error& error)
{
    return InputError::fileLevel(source.path, "not a Tessera study, or a damaged one: " + error.codeText());
}

void ShardCopy::copy(const std::vector<Source>& group)
{
    Attachments attachments(out_);
    std::vector<std::string> schemas;
    for (const Source& source : group)
        schemas.push_back(attachments.attach(source.path));
    sqlite::Transaction transaction(out_);
    for (size_t s = 0; s < group.size(); ++s)
        for (const Table& table : tables_)
            guarded(group[s], [&] { requireNumbered(group[s], schemas[s], table); });

    struct Run {
        int64_t number;
        int64_t id;
        size_t source;
    };
    std::vector<Run> runs;
    for (size_t s = 0; s < group.size(); ++s)
        for (const SweepRunRows& run : *group[s].runs)
            runs.push_back({run.runNumber, run.runId, s});
    std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.number < b.number; });

    for (const Table& table : tables_) {
        std::vector<sqlite::Statement> copies;
        for (const std::string& schema : schemas)
            copies.emplace_back(out_, copySql(schema, table));
        const auto run = [&](size_t s, int64_t runId) {
            try {
                copies[s].run();
            } catch (const sqlite::Error& e) {
                throwCopyError(group[s], schemas[s], table, e, runId);
            }
        };
        if (table.kind == Kind::Shared) {
            for (size_t s = 0; s < group.size(); ++s)
                run(s, 0);
            continue;
        }
        // In the order of the runs' numbers: each table is appended to in key order.
        for (const Run& r : runs) {
            copies[r.source].bindAll(r.number + 1, r.id);
            run(r.source, r.id);
        }
    }
    transaction.commit();
}

}  // namespace tessera
