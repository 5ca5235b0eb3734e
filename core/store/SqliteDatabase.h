#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace tessera::sqlite {

// A failed SQLite call, with SQLite's primary result code so callers can tell a file that is
// not a database (SQLITE_NOTADB, SQLITE_CORRUPT) from a busy or full disk.
class Error : public std::runtime_error {
public:
    Error(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
    int code() const { return code_; }
    // The file is not an SQLite database, or its pages are damaged.
    bool isDamagedFile() const;
    // Another connection holds the lock (SQLITE_BUSY or SQLITE_LOCKED).
    bool isBusy() const;
    // SQLite's text for the code alone, e.g. "file is not a database".
    std::string codeText() const;

private:
    int code_;
};

// One connection. Move-only; closing happens in the destructor. Opened without SQLite's
// per-connection mutex: use a connection from one thread at a time (each thread its own).
class Database {
public:
    // ReadOnly opens with SQLite's read-only flag: no write, journal or lock file, ever.
    enum class OpenMode { CreateIfMissing, ExistingOnly, ReadOnly };

    Database(const std::string& path, OpenMode mode);
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    void exec(std::string_view sql);
    // The first column of the first row, for PRAGMAs and counts.
    int64_t queryInteger(std::string_view sql);
    std::string queryText(std::string_view sql);

    // Attaches the database file at `path` read-only (it is never written, nor a hot journal
    // of it rolled back) as schema `alias`. Not inside a transaction: SQLite refuses.
    void attachReadOnly(const std::string& path, const std::string& alias);
    void detach(const std::string& alias);
    // How many databases this connection may attach at once.
    int attachLimit() const;

    int64_t lastInsertRowId() const;
    int changes() const;
    // The connection cannot write: opened ReadOnly, or SQLite fell back to reading a file
    // it may not write.
    bool isReadOnly() const;
    // A transaction is open on this connection.
    bool inTransaction() const;
    const std::string& path() const { return path_; }
    sqlite3* handle() const { return db_; }

    // Throws Error when code is not SQLITE_OK/ROW/DONE, with the connection's message.
    void check(int code, std::string_view what) const;

private:
    sqlite3* db_ = nullptr;
    std::string path_;
};

// A prepared statement. Parameters are 1-based as in SQLite; columns are 0-based.
class Statement {
public:
    Statement(Database& db, std::string_view sql);
    Statement(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    Statement& operator=(Statement&&) = delete;
    ~Statement();

    // Every integer goes in as a 64-bit integer; unsigned 64-bit values wrap, as C++20
    // defines, and come back unchanged through the same cast.
    template <std::integral T>
    Statement& bind(int index, T value)
    {
        return bindInteger(index, static_cast<int64_t>(value));
    }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const std::string& value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, std::nullopt_t);
    template <class T>
    Statement& bind(int index, const std::optional<T>& value)
    {
        return value ? bind(index, *value) : bind(index, std::nullopt);
    }

    // Binds parameters 1..n in order.
    template <class... Values>
    Statement& bindAll(const Values&... values)
    {
        int index = 0;
        (bind(++index, values), ...);
        return *this;
    }

    // True while a row is available; false once the statement is done.
    bool step();
    // Runs a statement that returns no rows, then resets it for the next use.
    void run();
    void reset();

    bool isNull(int column) const;
    // The stored value's type in this row (SQLite types are per value, not per column).
    enum class Type { Integer, Real, Text, Blob, Null };
    Type type(int column) const;
    int64_t integer(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    std::optional<int64_t> optionalInteger(int column) const;

private:
    Statement& bindInteger(int index, int64_t value);

    Database* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN on construction, ROLLBACK on destruction unless commit() ran: an exception anywhere
// in a bulk write leaves the file as it was. A write transaction takes the write lock up
// front (BEGIN IMMEDIATE), so two writers queue on the busy timeout instead of failing
// mid-transaction; a read transaction only pins one snapshot for several queries.
class Transaction {
public:
    enum class Kind { Write, Read };

    explicit Transaction(Database& db, Kind kind = Kind::Write);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();

    void commit();

private:
    Database& db_;
    bool done_ = false;
};

}  // namespace tessera::sqlite
