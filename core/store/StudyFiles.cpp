#include "store/StudyFiles.h"

#include <filesystem>
#include <string_view>

namespace tessera {

namespace fs = std::filesystem;

std::string StudyFiles::stagingPrefix(const std::string& study)
{
    const fs::path path = fs::absolute(study);
    std::string leaf = ".";  // (built step by step: gcc 12 misreads "." + string as overlapping)
    leaf += path.filename().string();
    leaf += ".batch-";
    return (path.parent_path() / leaf).string();
}

void StudyFiles::remove(const std::string& study)
{
    std::error_code ignored;
    fs::remove(study, ignored);
    removeJournals(study);
}

void StudyFiles::removeJournals(const std::string& study)
{
    std::error_code ignored;
    for (const char* suffix : {"-journal", "-wal", "-shm"})
        fs::remove(study + suffix, ignored);
}

void StudyFiles::removeLeftovers(const std::string& study)
{
    removeJournals(study);
    const fs::path prefix = stagingPrefix(study);
    const std::string leaf = prefix.filename().string();
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(prefix.parent_path(), error)) {
        const std::string name = entry.path().filename().string();
        if (std::string_view(name).substr(0, leaf.size()) == leaf)
            StudyFiles::remove(entry.path().string());  // a staging study may have a journal too
    }
}

}  // namespace tessera
