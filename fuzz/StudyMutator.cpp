// A libFuzzer custom mutator for fuzz_study (linked only with libFuzzer). Byte mutations of an
// SQLite file mostly break its schema text or page structure, which SQLite refuses early; the
// values a study stores (a node's gpu_count, a step's pod index, a pod's GPU share) are what
// Tessera itself must validate. So half of the mutations load the file into an in-memory
// database (sqlite3_deserialize) and change stored values the way an edited or damaged study
// would: one cell set to an edge value, a copy of another cell, NULL or a stray text, or one
// row deleted. The other half are libFuzzer's own byte mutations.
#include <sqlite3.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t maxSize);

namespace {

struct Column {
    std::string name;
    bool key = false;
};

struct Table {
    std::string name;
    std::vector<Column> columns;
};

std::string quoted(const std::string& name)
{
    std::string out = "\"";
    for (char c : name)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::vector<Table> tablesOf(sqlite3* db)
{
    std::vector<Table> tables;
    sqlite3_stmt* list = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'", -1,
                           &list, nullptr) != SQLITE_OK)
        return tables;
    while (sqlite3_step(list) == SQLITE_ROW)
        tables.push_back({reinterpret_cast<const char*>(sqlite3_column_text(list, 0)), {}});
    sqlite3_finalize(list);
    for (Table& table : tables) {
        sqlite3_stmt* info = nullptr;
        if (sqlite3_prepare_v2(db, ("PRAGMA table_info(" + quoted(table.name) + ")").c_str(), -1, &info, nullptr)
            != SQLITE_OK)
            continue;
        while (sqlite3_step(info) == SQLITE_ROW)
            table.columns.push_back({reinterpret_cast<const char*>(sqlite3_column_text(info, 1)),
                                     sqlite3_column_int(info, 5) > 0});
        sqlite3_finalize(info);
    }
    return tables;
}

// The row `offset` of `table`, by its key columns (every table of a study has a primary key),
// else by rowid.
std::string whereRow(const Table& table, int64_t offset)
{
    std::string keys;
    for (const Column& c : table.columns)
        if (c.key)
            keys += (keys.empty() ? "" : ", ") + quoted(c.name);
    if (keys.empty())
        keys = "rowid";
    return " WHERE (" + keys + ") = (SELECT " + keys + " FROM " + quoted(table.name) + " LIMIT 1 OFFSET " +
           std::to_string(offset) + ")";
}

void bindValue(sqlite3* db, sqlite3_stmt* update, const Table& table, std::mt19937_64& rng)
{
    static constexpr std::array<int64_t, 22> kEdges{0,  1,  -1, 2,   7,   8,    9,   63,  64,   100,  -5,
                                                    999, 1000, 1001, 4096, 65535, 1LL << 31, -(1LL << 31),
                                                    1LL << 32, INT64_MAX, INT64_MIN, 4'500'000'000'000'000'000};
    static constexpr std::array<const char*, 10> kTexts{"", "arrival", "departure", "retry", "replay", "experiment",
                                                        "pod-scheduling", "T4", "\x1b[31mred", "A10|"};
    switch (rng() % 6) {
    case 0:
    case 1:
        sqlite3_bind_int64(update, 1, kEdges[rng() % kEdges.size()]);
        break;
    case 2:
        sqlite3_bind_int64(update, 1, int64_t(rng() % 64) - 16);
        break;
    case 3:
        sqlite3_bind_null(update, 1);
        break;
    case 4:
        sqlite3_bind_text(update, 1, kTexts[rng() % kTexts.size()], -1, SQLITE_STATIC);
        break;
    default: {
        // A value from another cell of the same table: plausible, but in the wrong place.
        const Column& source = table.columns[rng() % table.columns.size()];
        sqlite3_stmt* pick = nullptr;
        const std::string sql = "SELECT " + quoted(source.name) + " FROM " + quoted(table.name) +
                                " ORDER BY random() LIMIT 1";
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &pick, nullptr) == SQLITE_OK && sqlite3_step(pick) == SQLITE_ROW)
            sqlite3_bind_value(update, 1, sqlite3_column_value(pick, 0));
        else
            sqlite3_bind_null(update, 1);
        sqlite3_finalize(pick);
    }
    }
}

// Changes one stored value or deletes one row; false when nothing changed.
bool mutateValues(sqlite3* db, std::mt19937_64& rng)
{
    const std::vector<Table> tables = tablesOf(db);
    if (tables.empty())
        return false;
    const Table& table = tables[rng() % tables.size()];
    if (table.columns.empty())
        return false;
    sqlite3_stmt* count = nullptr;
    int64_t rows = 0;
    if (sqlite3_prepare_v2(db, ("SELECT count(*) FROM " + quoted(table.name)).c_str(), -1, &count, nullptr) == SQLITE_OK
        && sqlite3_step(count) == SQLITE_ROW)
        rows = sqlite3_column_int64(count, 0);
    sqlite3_finalize(count);
    if (rows <= 0)
        return false;
    const std::string where = whereRow(table, int64_t(rng() % uint64_t(rows)));
    std::string sql;
    const bool remove = rng() % 8 == 0;
    if (remove)
        sql = "DELETE FROM " + quoted(table.name) + where;
    else
        sql = "UPDATE OR IGNORE " + quoted(table.name) + " SET " +
              quoted(table.columns[rng() % table.columns.size()].name) + " = ?1" + where;
    sqlite3_stmt* change = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &change, nullptr) != SQLITE_OK)
        return false;
    if (!remove)
        bindValue(db, change, table, rng);
    const bool changed = sqlite3_step(change) == SQLITE_DONE && sqlite3_changes(db) > 0;
    sqlite3_finalize(change);
    return changed;
}

// `data` with its stored values mutated, or 0 when the bytes are no database SQLite can change
// or the result does not fit in `maxSize`.
size_t mutateDatabase(uint8_t* data, size_t size, size_t maxSize, std::mt19937_64& rng)
{
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return 0;
    }
    // SQLite owns and may grow this copy.
    auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(size));
    size_t result = 0;
    if (copy) {
        std::memcpy(copy, data, size);
        // Constraints off: a damaged study need not keep them (CHECK, NOT NULL stay).
        if (sqlite3_deserialize(db, "main", copy, sqlite3_int64(size), sqlite3_int64(size),
                                SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
                == SQLITE_OK
            && sqlite3_exec(db, "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON", nullptr, nullptr,
                            nullptr)
                   == SQLITE_OK) {
            bool changed = false;
            for (uint64_t n = 1 + rng() % 3; n > 0; --n)
                changed = mutateValues(db, rng) || changed;
            sqlite3_int64 length = 0;
            unsigned char* bytes = changed ? sqlite3_serialize(db, "main", &length, 0) : nullptr;
            if (bytes && size_t(length) <= maxSize) {
                std::memcpy(data, bytes, size_t(length));
                result = size_t(length);
            }
            sqlite3_free(bytes);
        }
    }
    sqlite3_close(db);
    return result;
}

}  // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t maxSize, unsigned int seed)
{
    std::mt19937_64 rng(seed);
    if (rng() % 2 == 0)
        if (size_t mutated = mutateDatabase(data, size, maxSize, rng))
            return mutated;
    return LLVMFuzzerMutate(data, size, maxSize);
}
