#include "sched/PolicySpec.h"

#include "sched/PluginRegistry.h"
#include "util/PrintableText.h"

#include <charconv>

#include <fmt/format.h>

namespace tessera {

PolicySpec PolicySpec::parse(std::string_view whole)
{
    PolicySpec spec;
    if (whole.empty())
        throw UsageError("empty policy spec");
    const auto& registry = PluginRegistry::instance();
    std::string_view text = whole;  // the terms not parsed yet; messages quote the whole spec
    while (true) {
        const size_t comma = text.find(',');
        std::string_view term = text.substr(0, comma);
        Term t;
        const size_t colon = term.find(':');
        t.name = std::string(term.substr(0, colon));
        if (t.name.empty())
            throw UsageError(fmt::format("empty policy name in spec \"{}\"", printableExcerpt(whole)));
        if (!registry.contains(t.name))
            throw UsageError(fmt::format("unknown policy \"{}\" (known: {})", printableExcerpt(t.name),
                                         fmt::join(registry.names(), ", ")));
        if (colon != std::string_view::npos) {
            std::string_view w = term.substr(colon + 1);
            auto [ptr, ec] = std::from_chars(w.data(), w.data() + w.size(), t.weight);
            if (w.empty() || ec != std::errc() || ptr != w.data() + w.size() || t.weight < kMinWeight
                || t.weight > kMaxWeight)
                throw UsageError(fmt::format("weight of \"{}\" must be a whole number from {} to {} (got \"{}\")",
                                             t.name, kMinWeight, kMaxWeight, printableExcerpt(w)));
        }
        if (spec.terms.size() == kMaxTerms)
            throw UsageError(fmt::format("policy spec \"{}\" has more than {} terms", printableExcerpt(whole), kMaxTerms));
        spec.terms.push_back(std::move(t));
        if (comma == std::string_view::npos)
            break;
        text = text.substr(comma + 1);
    }
    return spec;
}

std::string PolicySpec::canonical() const
{
    std::string out;
    for (const auto& t : terms) {
        if (!out.empty())
            out += ',';
        out += fmt::format("{}:{}", t.name, t.weight);
    }
    return out;
}

std::string PolicySpec::shortName() const
{
    std::string out;
    for (const auto& t : terms) {
        if (!out.empty())
            out += ',';
        out += t.weight == Term{}.weight ? t.name : fmt::format("{}:{}", t.name, t.weight);
    }
    return out;
}

size_t PolicySpec::gpuSelectorTerm() const
{
    size_t best = 0;
    for (size_t i = 1; i < terms.size(); ++i)
        if (terms[i].weight > terms[best].weight)
            best = i;
    return best;
}

}  // namespace tessera
