#pragma once

#include "store/SqliteDatabase.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace tessera {

// One step of the study format: the SQL that takes a study from version - 1 to version.
struct StudyMigration {
    int version = 0;
    std::string_view sql;
};

// The study file format. PRAGMA application_id marks a file as Tessera's; PRAGMA
// user_version is the number of migrations applied. A later version appends a migration
// (new tables for a new run kind, say) and older studies are brought forward on open.
class StudySchema {
public:
    // "TESS" in ASCII, so `file` and hex dumps show whose database this is.
    static constexpr int32_t kApplicationId = 0x54455353;

    static std::span<const StudyMigration> migrations();
    static int latestVersion() { return latestVersion(migrations()); }
    static int latestVersion(std::span<const StudyMigration> migrations);

    // Recognises the file, sets its journal mode and applies the missing migrations in one
    // transaction. An empty or new file becomes a study; a database of another application
    // or of a newer Tessera, or one whose tables differ from the format's, is refused with an
    // InputError naming the file (and the table), untouched. On a read-only connection it
    // only checks: an empty file is then an error too.
    static void attach(sqlite::Database& db, std::span<const StudyMigration> migrations = StudySchema::migrations());

private:
    static void checkOwnership(sqlite::Database& db, int latest, bool mayInitialise);
    static void setJournalMode(sqlite::Database& db);
    static void verifyTables(sqlite::Database& db, std::span<const StudyMigration> migrations);
};

}  // namespace tessera
