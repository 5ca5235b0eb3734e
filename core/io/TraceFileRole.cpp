#include "io/TraceFileRole.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <vector>

namespace tessera {
namespace {

// The header's column names, lower case, unquoted, without a UTF-8 byte order mark.
std::vector<std::string> headerColumns(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::string header;
    if (!in || !std::getline(in, header))
        return {};
    header.resize(std::min<size_t>(header.size(), 4096));
    if (header.rfind("\xEF\xBB\xBF", 0) == 0)
        header.erase(0, 3);
    std::vector<std::string> columns;
    size_t start = 0;
    for (;;) {
        const size_t comma = header.find(',', start);
        std::string column = header.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const auto space = [](unsigned char c) { return std::isspace(c) != 0; };
        column.erase(column.begin(), std::find_if_not(column.begin(), column.end(), space));
        column.erase(std::find_if_not(column.rbegin(), column.rend(), space).base(), column.end());
        if (column.size() >= 2 && column.front() == '"' && column.back() == '"')
            column = column.substr(1, column.size() - 2);
        std::transform(column.begin(), column.end(), column.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        columns.push_back(column);
        if (comma == std::string::npos)
            return columns;
        start = comma + 1;
    }
}

}  // namespace

std::optional<TraceFileRole> traceFileRoleOf(const std::string& path)
{
    const std::vector<std::string> columns = headerColumns(path);
    const auto has = [&](const char* name) { return std::find(columns.begin(), columns.end(), name) != columns.end(); };
    if (has("num_gpu") || has("gpu_milli"))
        return TraceFileRole::PodList;
    if (has("sn") || (has("gpu") && has("model")))
        return TraceFileRole::NodeList;
    return std::nullopt;
}

}  // namespace tessera
