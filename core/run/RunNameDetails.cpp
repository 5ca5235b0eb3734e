#include "run/RunNameDetails.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace tessera {

namespace {

std::string lowered(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

}  // namespace

std::string runNameDetails(const RunKind& kind, const RunRequest& resolved, const std::set<std::string>& given,
                           const std::vector<std::string>& named, const std::map<std::string, std::string>& tags)
{
    std::string text;
    for (const RunKindParameter& p : kind.parameters()) {
        const std::string* value = resolved.find(p.name);
        if (!value || *value == p.defaultText() || std::find(named.begin(), named.end(), p.name) != named.end())
            continue;
        if (!p.onlyWhenParameter.empty())
            if (const std::string* gate = resolved.find(p.onlyWhenParameter); gate && *gate != p.onlyWhenValue)
                continue;
        const auto tag = tags.find(p.name);
        // A unit that is a word stands apart ("600 s"); a sign does not ("3×").
        const bool word = !p.unit.empty() && std::isalpha(static_cast<unsigned char>(p.unit.front()));
        text += fmt::format(" · {} {}{}{}", tag != tags.end() ? tag->second : lowered(p.label), *value,
                            word ? " " : "", p.unit);
    }
    for (const RunKindInput& input : kind.inputs())
        if (input.optional && !given.count(input.role))
            text += " · no " + lowered(input.label.substr(0, input.label.find(' ')));
    return text;
}

}  // namespace tessera
