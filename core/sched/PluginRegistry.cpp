#include "sched/PluginRegistry.h"

namespace tessera {

PluginRegistry& PluginRegistry::instance()
{
    static PluginRegistry registry;
    return registry;
}

void PluginRegistry::add(const std::string& name, Factory factory)
{
    factories_[name] = std::move(factory);
}

std::unique_ptr<ScorePlugin> PluginRegistry::create(const std::string& name) const
{
    auto it = factories_.find(name);
    return it == factories_.end() ? nullptr : it->second();
}

std::vector<std::string> PluginRegistry::names() const
{
    std::vector<std::string> out;
    for (const auto& [name, factory] : factories_)
        out.push_back(name);
    return out;
}

}  // namespace tessera
