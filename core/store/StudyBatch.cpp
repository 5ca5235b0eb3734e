#include "store/StudyBatch.h"

#include "store/StudyFiles.h"
#include "store/StudySchema.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include <unistd.h>

namespace tessera {

namespace {

// A new empty file beside the study (same file system, so as much room as the study has).
std::string makeStagingFile(const std::string& studyPath)
{
    std::string name = StudyFiles::stagingPrefix(studyPath) + "XXXXXX";
    const int fd = ::mkstemp(name.data());
    if (fd < 0)
        throw std::runtime_error(fmt::format("cannot create a staging file beside {}: {}", studyPath, std::strerror(errno)));
    ::close(fd);
    return name;
}

// Every table of the staging study copied into the study, in creation order (so that a row's
// references exist before it), run ids shifted past the study's own.
void copyRuns(sqlite::Database& db, int64_t offset)
{
    sqlite::Statement tables(db, "SELECT name FROM batch.sqlite_master WHERE type = 'table' ORDER BY rowid");
    while (tables.step()) {
        const std::string table = tables.text(0);
        sqlite::Statement columns(db, fmt::format("SELECT name FROM pragma_table_info('{}', 'batch') ORDER BY cid", table));
        std::string names, values;
        bool keyedByRun = false;
        while (columns.step()) {
            const std::string column = columns.text(0);
            const bool runId = column == "run_id" || (table == "runs" && column == "id");
            keyedByRun = keyedByRun || runId;
            names += (names.empty() ? "" : ", ") + column;
            values += (values.empty() ? "" : ", ") + (runId ? column + " + ?1" : column);
        }
        // Shared rows (node lists, keyed by content) may be in the study already.
        sqlite::Statement copy(db, fmt::format("INSERT {} INTO main.{} ({}) SELECT {} FROM batch.{}",
                                               keyedByRun ? "" : "OR IGNORE", table, names, values, table));
        if (keyedByRun)
            copy.bind(1, offset);
        copy.run();
    }
}

}  // namespace

StudyBatch::StudyBatch(StudyStore& study, const Cluster& cluster, std::vector<RunRecord::TraceFile> inputs,
                       size_t runs)
    : StudyBatch(study, {Source{&cluster, std::move(inputs)}}, runs)
{
}

StudyBatch::StudyBatch(StudyStore& study, const std::vector<Source>& sources, size_t runs)
    : study_(study)
    , runs_(runs)
    , stagingPath_(makeStagingFile(study.path()))
    , createdAt_(StudyStore::utcNow())
    , added_(runs, false)
{
    try {
        staging_ = std::make_unique<sqlite::Database>(stagingPath_, sqlite::Database::OpenMode::ExistingOnly);
        StudySchema::attach(*staging_);
        // Scratch: a crash loses it anyway, so no journal and no syncing.
        staging_->exec("PRAGMA journal_mode = OFF");
        staging_->exec("PRAGMA synchronous = OFF");
        sqlite::Transaction transaction(*staging_);
        for (const Source& source : sources) {
            nodeLists_.push_back(StudyStore::insertNodeList(*staging_, *source.cluster));
            inputs_.push_back(source.inputs);
        }
        transaction.commit();
    } catch (...) {
        staging_.reset();
        ::unlink(stagingPath_.c_str());
        throw;
    }
}

StudyBatch::~StudyBatch()
{
    staging_.reset();
    ::unlink(stagingPath_.c_str());
}

void StudyBatch::add(size_t slot, const SimulationResult& result, const std::string& name, size_t source)
{
    std::lock_guard lock(mutex_);
    if (slot >= runs_ || added_[slot] || source >= nodeLists_.size())
        throw std::logic_error("StudyBatch::add: a slot or source out of range, or a slot added twice");
    sqlite::Transaction transaction(*staging_);
    StudyStore::insertPodRun(*staging_, nodeLists_[source], inputs_[source], {&result, name}, createdAt_, int64_t(slot) + 1);
    transaction.commit();
    added_[slot] = true;
}

std::vector<int64_t> StudyBatch::commit()
{
    std::lock_guard lock(mutex_);
    for (bool added : added_)
        if (!added)
            throw std::logic_error("StudyBatch::commit before every run was added");
    sqlite::Database& db = study_.database();
    sqlite::Statement(db, "ATTACH DATABASE ? AS batch").bindAll(stagingPath_).run();
    std::vector<int64_t> ids;
    try {
        sqlite::Transaction transaction(db);
        const int64_t offset = db.queryInteger("SELECT COALESCE(MAX(id), 0) FROM main.runs");
        copyRuns(db, offset);
        transaction.commit();
        for (size_t slot = 0; slot < runs_; ++slot)
            ids.push_back(offset + int64_t(slot) + 1);
    } catch (...) {
        db.exec("DETACH DATABASE batch");
        throw;
    }
    db.exec("DETACH DATABASE batch");
    return ids;
}

}  // namespace tessera
