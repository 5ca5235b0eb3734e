#include "util/TextFile.h"

#include <fmt/format.h>

#include <fstream>
#include <stdexcept>

namespace tessera {

void writeTextFile(const std::string& path, std::string_view text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (out)
        out.write(text.data(), std::streamsize(text.size()));
    if (!out || !out.flush())
        throw std::runtime_error(fmt::format("cannot write {}", path));
}

}  // namespace tessera
