#include "runs/SavedRunIndex.h"

#include "study/StudyLibrary.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace tessera::views {

namespace {

// Role and content of each file, in a fixed order: what the run read, wherever it lay.
std::vector<std::pair<std::string, std::string>> contents(const RunRecipe& recipe)
{
    std::vector<std::pair<std::string, std::string>> files;
    for (const InputFile& file : recipe.files)
        files.emplace_back(file.role, file.contentHash);
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

bool SavedRunIndex::repeats(const RunRecipe& saved, const RunRecipe& wanted)
{
    return saved.kind == wanted.kind && saved.request == wanted.request && saved.forks == wanted.forks &&
           !wanted.files.empty() && contents(saved) == contents(wanted);
}

qint64 SavedRunIndex::find(StudyLibrary& study, const RunRecipe& recipe)
{
    if (recipe.files.empty() || study.path().isEmpty())
        return -1;
    for (const RunRecord& record : study.records()) {
        if (record.kind != recipe.kind || record.toolVersion != TESSERA_VERSION)
            continue;
        if (const std::optional<RunRecipe> saved = study.recipeOf(record.id); saved && repeats(*saved, recipe))
            return record.id;
    }
    return -1;
}

}  // namespace tessera::views
