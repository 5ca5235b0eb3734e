#pragma once

// Checking an InputError against contracts.md 4: `FILE:LINE: column NAME: problem (value "...")`
// with the right file, line, column, a problem that mentions a hint, and the value.

#include "io/InputError.h"

#include <QString>
#include <QTest>

#include <optional>
#include <string>

#include <fmt/format.h>

namespace tessera::test {

template <typename Load>
std::optional<InputError> errorOf(Load load)
{
    try {
        load();
    } catch (const InputError& e) {
        return e;
    }
    return std::nullopt;
}

// "" when `e` reads `file:line: column COLUMN: <problem naming hint> (value "VALUE")` (no column
// part for file-level errors, no value part when `value` is absent); else what differs.
inline QString mismatch(const std::optional<InputError>& e, const std::string& file, long line, const std::string& column,
                 const std::string& hint, const std::optional<std::string>& value)
{
    if (!e)
        return "no InputError was thrown";
    const std::string text = e->what();
    std::string prefix = fmt::format("{}:{}: ", file, line);
    if (!column.empty())
        prefix += "column " + column + ": ";
    const std::string suffix = value ? " (value \"" + *value + "\")" : std::string();
    const bool shape = text.size() >= prefix.size() + suffix.size() && text.compare(0, prefix.size(), prefix) == 0
        && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
    if (!shape || (!value && text.find(" (value \"") != std::string::npos))
        return QString::fromStdString("\"" + text + "\" is not \"" + prefix + "...problem..." + suffix + "\"");
    const std::string problem = text.substr(prefix.size(), text.size() - prefix.size() - suffix.size());
    if (problem.find(hint) == std::string::npos)
        return QString::fromStdString("problem \"" + problem + "\" does not mention \"" + hint + "\"");
    if (e->file() != file || e->line() != line || e->column() != column)
        return "the InputError fields disagree with its text";
    return {};
}

}  // namespace tessera::test


#define EXPECT_INPUT_ERROR(load, file, line, column, hint, value)                                             \
    do {                                                                                                      \
        const QString why_ =                                                                                  \
            tessera::test::mismatch(tessera::test::errorOf([&] { load; }), file, line, column, hint, value);  \
        QVERIFY2(why_.isEmpty(), qPrintable(why_));                                                           \
    } while (false)
