#pragma once

#include <map>
#include <string>

namespace tessera {

// What to simulate, or how a fork differs from its parent: a policy in the kind's grammar and
// parameter values as text, by RunKindParameter::name. A parameter left out takes its default
// (simulate) or the parent's value (fork).
struct RunRequest {
    std::string policy;
    std::map<std::string, std::string> values;

    bool operator==(const RunRequest&) const = default;

    // The value of `name`, or nullptr when the request leaves it out.
    const std::string* find(const std::string& name) const
    {
        const auto it = values.find(name);
        return it == values.end() ? nullptr : &it->second;
    }
};

}  // namespace tessera
