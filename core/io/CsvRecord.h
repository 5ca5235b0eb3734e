#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// One record (one line, without its terminator) of delimited text split RFC 4180 style: the one
// splitter for trace files (CsvReader) and the grid CSV rows a sweep's study stores
// (SweepGridRows). A quote anywhere but around a whole field is a fault: `"a"-1` must not quietly
// become `a-1`.
struct CsvRecord {
    std::vector<std::string> fields;  // on a fault, the fields before the faulty one
    std::string fault;                // what is wrong with the quoting; empty when nothing

    static CsvRecord split(std::string_view line, char delimiter = ',');
};

}  // namespace tessera
