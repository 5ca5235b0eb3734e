#include "sched/PluginRegistry.h"

namespace tessera {

PluginRegistry& PluginRegistry::instance()
{
    static PluginRegistry registry;
    return registry;
}

std::unique_ptr<ScorePlugin> PluginRegistry::create(const std::string& name) const
{
    const Factory* factory = find(name);
    return factory ? (*factory)() : nullptr;
}

}  // namespace tessera
