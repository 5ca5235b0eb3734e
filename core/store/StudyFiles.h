#pragma once

#include <string>

namespace tessera {

// The files beside a study while it is written: SQLite's journals and StudyBatch's staging files.
// One list of them, for merge (which writes a study beside its output and renames it) and a
// shard's task (which starts its study afresh after a killed attempt).
class StudyFiles {
public:
    // The path of a staging file beside `study` up to its unique end: ".NAME.batch-".
    static std::string stagingPrefix(const std::string& study);
    // Removes the study and its journals (-journal, -wal, -shm), whichever exist.
    static void remove(const std::string& study);
    // Removes its journals only: a study about to be replaced whole must not meet the old one's.
    static void removeJournals(const std::string& study);
    // Removes what a killed writer leaves beside a study that no other process writes (a
    // shard's, its task's alone): its journals and its staging files. A journal left beside a
    // new study of the same name would be taken for its own and rolled back into it.
    static void removeLeftovers(const std::string& study);
};

}  // namespace tessera
