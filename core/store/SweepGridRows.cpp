#include "store/SweepGridRows.h"

#include "io/CsvRecord.h"
#include "io/InputError.h"

#include <string_view>

#include <fmt/format.h>

namespace tessera {

namespace {

// `text`'s lines without their newlines; a fault (a last line without one, a blank line, bad
// quoting) goes to `fault` with the line it is in.
struct Lines {
    std::vector<std::vector<std::string>> fields;
    std::vector<std::string_view> text;  // each line as stored
    std::string fault;
    std::string faultyLine;
};

Lines splitLines(std::string_view text)
{
    Lines lines;
    while (!text.empty()) {
        const size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        const auto fail = [&](std::string fault) {
            lines.fault = std::move(fault);
            lines.faultyLine = line;
            return lines;
        };
        if (end == std::string_view::npos)
            return fail("a line without its newline (cut short?)");
        if (line.empty())
            return fail("a blank line");
        CsvRecord record = CsvRecord::split(line);
        if (!record.fault.empty())
            return fail(std::move(record.fault));
        lines.fields.push_back(std::move(record.fields));
        lines.text.push_back(line);
        text.remove_prefix(end + 1);
    }
    return lines;
}

}  // namespace

std::vector<std::string> SweepGridRows::header(const std::string& study, const std::string& csvHeader)
{
    Lines lines = splitLines(csvHeader);
    if (lines.fault.empty() && lines.fields.size() != 1)
        lines.fault = fmt::format("{} lines where the header is one", lines.fields.size());
    if (!lines.fault.empty())
        throw InputError::atRow(study, "sweep_shard", SweepShardArchive::kRecordRow, "csv_header", lines.fault,
                                csvHeader);
    return std::move(lines.fields.front());
}

std::vector<std::vector<std::string>> SweepGridRows::rows(const std::string& study, const SweepRunRows& run,
                                                          size_t fieldCount)
{
    Lines lines = splitLines(run.csvRows);
    for (size_t i = 0; i < lines.fields.size() && lines.fault.empty(); ++i)
        if (lines.fields[i].size() != fieldCount) {
            lines.fault = fmt::format("a row of {} fields under a header of {}", lines.fields[i].size(), fieldCount);
            lines.faultyLine = lines.text[i];
        }
    if (!lines.fault.empty())
        throw InputError::atRow(study, "sweep_runs", std::to_string(run.runId), "csv_rows", lines.fault,
                                lines.faultyLine.empty() ? std::nullopt
                                                         : std::optional<std::string>(lines.faultyLine));
    return std::move(lines.fields);
}

}  // namespace tessera
