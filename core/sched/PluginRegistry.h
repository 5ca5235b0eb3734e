#pragma once

#include "sched/ScorePlugin.h"
#include "util/Registry.h"

#include <functional>
#include <memory>
#include <string>

namespace tessera {

using ScorePluginFactory = std::function<std::unique_ptr<ScorePlugin>()>;

// Name -> factory for every score plugin. A plugin file registers itself with a static
// PluginRegistration, so adding a policy means adding one file under core/policies/.
class PluginRegistry : public Registry<ScorePluginFactory> {
public:
    using Factory = ScorePluginFactory;

    static PluginRegistry& instance();
    // nullptr for a name nobody registered.
    std::unique_ptr<ScorePlugin> create(const std::string& name) const;
};

using PluginRegistration = Registration<PluginRegistry>;

}  // namespace tessera
