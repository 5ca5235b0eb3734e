#pragma once

#include "store/SqliteDatabase.h"
#include "store/StudySchema.h"

#include <set>
#include <string>

namespace tessera::test {

// Makes `db` (a study of the latest format) look like one written by a Tessera that knew only
// formats up to `version`: every table and column a later migration added is dropped, and the
// version set back. Derived from StudySchema's own migrations, so a new format needs no test
// edits to keep the older-study tests honest.
inline void downgradeStudy(sqlite::Database& db, int version)
{
    sqlite::Database older(":memory:", sqlite::Database::OpenMode::CreateIfMissing);
    for (const auto& migration : StudySchema::migrations())
        if (migration.version <= version)
            older.exec(migration.sql);
    const auto names = [](sqlite::Database& d, const std::string& sql) {
        std::set<std::string> out;
        sqlite::Statement stmt(d, sql);
        while (stmt.step())
            out.insert(stmt.text(0));
        return out;
    };
    const std::string tablesSql = "SELECT name FROM sqlite_master WHERE type = 'table'";
    const std::set<std::string> keep = names(older, tablesSql);
    for (const std::string& table : names(db, tablesSql)) {
        if (!keep.count(table)) {
            db.exec("DROP TABLE " + table);
            continue;
        }
        const std::string columnsSql = "SELECT name FROM pragma_table_info('" + table + "')";
        const std::set<std::string> columns = names(older, columnsSql);
        for (const std::string& column : names(db, columnsSql))
            if (!columns.count(column))
                db.exec("ALTER TABLE " + table + " DROP COLUMN " + column);
    }
    db.exec("PRAGMA user_version = " + std::to_string(version));
}

}  // namespace tessera::test
