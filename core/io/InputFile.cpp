#include "io/InputFile.h"

#include "io/ContentHash.h"
#include "io/InputError.h"

#include <filesystem>

namespace tessera {

std::optional<std::string> InputFile::change() const
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        return "no longer exists";
    try {
        if (ContentHash::ofFile(path) != contentHash)
            return "changed since the run was saved";
    } catch (const InputError&) {
        return "cannot be read";
    }
    return std::nullopt;
}

}  // namespace tessera
