#include "run/KindForFile.h"

#include "run/RunKindRegistry.h"

#include <algorithm>

namespace tessera {

std::optional<KindForFile> KindForFile::choose(const std::string& path, const std::string& currentKindId)
{
    struct Reader {
        std::shared_ptr<const RunKind> kind;
        RunKindMatch match;
    };
    std::vector<Reader> readers;
    const RunKindRegistry& registry = RunKindRegistry::instance();
    for (const std::string& id : registry.names()) {
        const auto* kind = registry.find(id);
        if (!kind || !*kind)
            continue;
        if (auto match = (*kind)->recognise(path))
            readers.push_back({*kind, std::move(*match)});
    }
    if (readers.empty())
        return std::nullopt;
    const auto is = [&](auto rule) { return std::find_if(readers.begin(), readers.end(), rule); };
    auto chosen = is([&](const Reader& r) { return r.kind->id() == currentKindId; });
    if (chosen == readers.end())
        chosen = is([](const Reader& r) { return r.match.madeFor; });
    if (chosen == readers.end())
        chosen = readers.begin();
    KindForFile out{chosen->kind, chosen->match.role, {}};
    for (const Reader& r : readers)
        if (r.kind != chosen->kind)
            out.others.push_back(r.kind);
    return out;
}

}  // namespace tessera
