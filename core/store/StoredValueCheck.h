#pragma once

#include "store/SqliteDatabase.h"

#include <string>

namespace tessera {

// No column of a study holds a blob (StudySchema): a blob is a damaged or hostile file. Merge
// copies a shard's rows as they are into a study that readers then trust as this build wrote
// it: its copy calls this on meeting a blob, to name the row (a copy in SQL, INSERT ... SELECT,
// would call it on each table first). One pass over `table`; throws an InputError naming
// `study`, the table, the first row with a blob (by its key columns, as the readers name rows:
// "run_id 3, position 0") and the column.
void requireNoBlobs(sqlite::Database& db, const std::string& study, const std::string& table);

}  // namespace tessera
