#pragma once

#include <string>
#include <string_view>

namespace tessera {

// Writes `text` to `path`, replacing the file; throws std::runtime_error naming the path when it
// cannot be written completely.
void writeTextFile(const std::string& path, std::string_view text);

}  // namespace tessera
