#pragma once

#include "io/InputError.h"
#include "store/SqliteDatabase.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace tessera {

// Checked reads of one row of a study table. A study is untrusted input (contracts.md 3.3):
// every value is checked for its type and range as it is read, and a bad one is an
// InputError naming the study, the table, the row and the column, like a bad CSV field.
class StoredRow {
public:
    StoredRow(const std::string& study, std::string_view table, std::string row, const sqlite::Statement& statement)
        : study_(study), table_(table), row_(std::move(row)), statement_(statement)
    {
    }

    int64_t integer(int column, std::string_view name, int64_t min = std::numeric_limits<int64_t>::min(),
                    int64_t max = std::numeric_limits<int64_t>::max()) const;
    // NULL -> nothing; otherwise as integer().
    std::optional<int64_t> optionalInteger(int column, std::string_view name, int64_t min, int64_t max) const;
    double real(int column, std::string_view name, double min, double max) const;
    std::string text(int column, std::string_view name) const;
    bool isNull(int column) const { return statement_.isNull(column); }

    [[noreturn]] void fail(std::string_view name, const std::string& problem) const;
    [[noreturn]] void fail(std::string_view name, const std::string& problem, const std::string& value) const;

private:
    std::string valueText(int column) const;

    const std::string& study_;
    std::string_view table_;
    std::string row_;
    const sqlite::Statement& statement_;
};

}  // namespace tessera
