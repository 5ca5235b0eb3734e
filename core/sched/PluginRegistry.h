#pragma once

#include "sched/ScorePlugin.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tessera {

// Name -> factory for every score plugin. A plugin file registers itself with a static
// PluginRegistration, so adding a policy means adding one file under core/policies/.
class PluginRegistry {
public:
    using Factory = std::function<std::unique_ptr<ScorePlugin>()>;

    static PluginRegistry& instance();
    void add(const std::string& name, Factory factory);
    std::unique_ptr<ScorePlugin> create(const std::string& name) const;
    bool contains(const std::string& name) const { return factories_.count(name) > 0; }
    std::vector<std::string> names() const;

private:
    std::map<std::string, Factory> factories_;
};

struct PluginRegistration {
    PluginRegistration(const std::string& name, PluginRegistry::Factory factory)
    {
        PluginRegistry::instance().add(name, std::move(factory));
    }
};

}  // namespace tessera
