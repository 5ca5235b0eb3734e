#include "store/SqliteDatabase.h"

#include <sqlite3.h>

#include <fmt/format.h>

#include <utility>

namespace tessera::sqlite {

namespace {

// How long a connection waits for another writer. The app, the CLI and the tasks of a sweep
// may share a study, and one writer's batch can take minutes to save: waiting that long is
// better than losing a finished batch to an impatient timeout.
constexpr int kBusyTimeoutMs = 30 * 60'000;

// A path as an SQLite URI ("file:" + the path with the characters URIs reserve escaped), so
// that read-only mode can be asked for in the URI.
std::string fileUri(const std::string& path, std::string_view query)
{
    std::string uri = "file:";
    for (const char c : path) {
        if (c == '?' || c == '#' || c == '%')
            uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
        else
            uri += c;
    }
    return uri + "?" + std::string(query);
}

}  // namespace

bool Error::isDamagedFile() const
{
    const int primary = code_ & 0xff;
    if (primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT || primary == SQLITE_FORMAT)
        return true;
    // A damaged header (schema format number, text encoding) is reported as a plain error.
    const std::string_view text = what();
    return primary == SQLITE_ERROR
        && (text.find("unsupported file format") != std::string_view::npos
            || text.find("malformed database schema") != std::string_view::npos);
}

bool Error::isBusy() const
{
    const int primary = code_ & 0xff;
    return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

std::string Error::codeText() const
{
    return sqlite3_errstr(code_);
}

Database::Database(const std::string& path, OpenMode mode) : path_(path)
{
    // Every connection takes URIs, so that attachReadOnly can ask for read-only mode; every path
    // is given as one, escaped, so that no file name is read as a URI by accident.
    int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;
    std::string_view access = "mode=ro";
    if (mode == OpenMode::ReadOnly) {
        flags |= SQLITE_OPEN_READONLY;
    } else {
        flags |= SQLITE_OPEN_READWRITE;
        access = "mode=rw";
        if (mode == OpenMode::CreateIfMissing) {
            flags |= SQLITE_OPEN_CREATE;
            access = "mode=rwc";
        }
    }
    const std::string name = path == ":memory:" ? path : fileUri(path, access);
    const int code = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
    if (code != SQLITE_OK) {
        const std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
        sqlite3_close(db_);
        db_ = nullptr;
        throw Error(code, fmt::format("cannot open {}: {}", path, message));
    }
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_))
{
}

Database& Database::operator=(Database&& other) noexcept
{
    if (this != &other) {
        sqlite3_close(db_);
        db_ = std::exchange(other.db_, nullptr);
        path_ = std::move(other.path_);
    }
    return *this;
}

Database::~Database()
{
    // sqlite3_close (not _v2) fails on unfinalized statements; every Statement is RAII and
    // outlived by its Database, so none is left here.
    sqlite3_close(db_);
}

void Database::check(int code, std::string_view what) const
{
    if (code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE)
        return;
    throw Error(code, fmt::format("{}: {} ({})", path_, sqlite3_errmsg(db_), what));
}

void Database::exec(std::string_view sql)
{
    char* message = nullptr;
    const int code = sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &message);
    if (code != SQLITE_OK) {
        const std::string text = message ? message : sqlite3_errstr(code);
        sqlite3_free(message);
        throw Error(code, fmt::format("{}: {}", path_, text));
    }
}

int64_t Database::queryInteger(std::string_view sql)
{
    Statement s(*this, sql);
    return s.step() ? s.integer(0) : 0;
}

std::string Database::queryText(std::string_view sql)
{
    Statement s(*this, sql);
    return s.step() ? s.text(0) : std::string();
}

void Database::attachReadOnly(const std::string& path, const std::string& alias)
{
    Statement attach(*this, "ATTACH ? AS " + alias);
    attach.bindAll(fileUri(path, "mode=ro"));
    attach.run();
}

void Database::detach(const std::string& alias)
{
    exec("DETACH " + alias);
}

int Database::attachLimit() const
{
    return sqlite3_limit(db_, SQLITE_LIMIT_ATTACHED, -1);
}

int64_t Database::lastInsertRowId() const
{
    return sqlite3_last_insert_rowid(db_);
}

int Database::changes() const
{
    return sqlite3_changes(db_);
}

bool Database::inTransaction() const
{
    return sqlite3_get_autocommit(db_) == 0;
}

bool Database::isReadOnly() const
{
    return sqlite3_db_readonly(db_, "main") == 1;
}

Statement::Statement(Database& db, std::string_view sql) : db_(&db)
{
    db.check(sqlite3_prepare_v3(db.handle(), sql.data(), int(sql.size()), 0, &stmt_,
                                nullptr),
             sql);
}

Statement::Statement(Statement&& other) noexcept : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement::~Statement()
{
    sqlite3_finalize(stmt_);
}

Statement& Statement::bindInteger(int index, int64_t value)
{
    db_->check(sqlite3_bind_int64(stmt_, index, value), sqlite3_sql(stmt_));
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    db_->check(sqlite3_bind_double(stmt_, index, value), sqlite3_sql(stmt_));
    return *this;
}

Statement& Statement::bind(int index, std::string_view value)
{
    db_->check(sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8),
               sqlite3_sql(stmt_));
    return *this;
}

Statement& Statement::bind(int index, std::nullopt_t)
{
    db_->check(sqlite3_bind_null(stmt_, index), sqlite3_sql(stmt_));
    return *this;
}

bool Statement::step()
{
    const int code = sqlite3_step(stmt_);
    db_->check(code, sqlite3_sql(stmt_));
    return code == SQLITE_ROW;
}

void Statement::run()
{
    while (step()) {
    }
    reset();
}

void Statement::reset()
{
    // The error of a failed step is reported by step(); reset only clears it.
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

Statement::Type Statement::type(int column) const
{
    switch (sqlite3_column_type(stmt_, column)) {
    case SQLITE_INTEGER:
        return Type::Integer;
    case SQLITE_FLOAT:
        return Type::Real;
    case SQLITE_TEXT:
        return Type::Text;
    case SQLITE_BLOB:
        return Type::Blob;
    default:
        return Type::Null;
    }
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

int64_t Statement::integer(int column) const
{
    return sqlite3_column_int64(stmt_, column);
}

double Statement::real(int column) const
{
    return sqlite3_column_double(stmt_, column);
}

std::string Statement::text(int column) const
{
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    return data ? std::string(data, size_t(sqlite3_column_bytes(stmt_, column))) : std::string();
}

std::optional<int64_t> Statement::optionalInteger(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return integer(column);
}

Transaction::Transaction(Database& db, Kind kind) : db_(db)
{
    db_.exec(kind == Kind::Write ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
}

Transaction::~Transaction()
{
    if (done_)
        return;
    try {
        db_.exec("ROLLBACK");
    } catch (const Error&) {
        // SQLite already rolled back on its own (e.g. after SQLITE_FULL); nothing is left to undo.
    }
}

void Transaction::commit()
{
    db_.exec("COMMIT");
    done_ = true;
}

}  // namespace tessera::sqlite
