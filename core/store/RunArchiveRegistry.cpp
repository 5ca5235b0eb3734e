#include "store/RunArchiveRegistry.h"

namespace tessera {

RunArchiveRegistry& RunArchiveRegistry::instance()
{
    static RunArchiveRegistry registry;
    return registry;
}

void RunArchiveRegistry::add(const std::string& kind, Handler handler)
{
    handlers_[kind] = std::move(handler);
}

const RunArchiveRegistry::Handler* RunArchiveRegistry::find(const std::string& kind) const
{
    const auto it = handlers_.find(kind);
    return it == handlers_.end() ? nullptr : &it->second;
}

std::vector<std::string> RunArchiveRegistry::kinds() const
{
    std::vector<std::string> out;
    for (const auto& [kind, handler] : handlers_)
        out.push_back(kind);
    return out;
}

}  // namespace tessera
