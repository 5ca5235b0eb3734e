#include "io/CsvRecord.h"

#include <algorithm>

namespace tessera {

CsvRecord CsvRecord::split(std::string_view line, char delimiter)
{
    CsvRecord record;
    const auto fail = [&](const char* fault) {
        record.fault = fault;
        return record;
    };
    size_t i = 0;
    while (true) {
        std::string field;
        if (i < line.size() && line[i] == '"') {
            ++i;
            while (true) {
                if (i >= line.size())
                    return fail("unclosed quote (a quoted field cannot span lines)");
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += line[i++];
            }
            if (i < line.size() && line[i] != delimiter)
                return fail("text after the closing quote of a quoted field");
        } else {
            const size_t end = std::min(line.find(delimiter, i), line.size());
            const std::string_view text = line.substr(i, end - i);
            if (text.find('"') != std::string_view::npos)
                return fail("a quote inside an unquoted field (quote the whole field and double the quote)");
            field.assign(text);
            i = end;
        }
        record.fields.push_back(std::move(field));
        if (i >= line.size())
            break;
        ++i;  // the delimiter
        if (i == line.size()) {
            record.fields.emplace_back();  // a trailing delimiter ends with an empty field
            break;
        }
    }
    return record;
}

}  // namespace tessera
