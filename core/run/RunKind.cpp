#include "run/RunKind.h"

#include "util/UsageError.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace tessera {

namespace {

// The whole of `text` as a number, or nothing ("1.3x", "" and "nan" are not numbers).
std::optional<double> numberOf(const std::string& text)
{
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || at != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

}  // namespace

std::string RunKindParameter::defaultText() const
{
    if (type == Type::Choice)
        return choices.empty() ? std::string() : choices.at(size_t(defaultValue));
    if (type == Type::Integer)
        return fmt::format("{}", int64_t(defaultValue));
    return fmt::format("{}", defaultValue);
}

std::optional<std::string> RunKindParameter::problemWith(const std::string& value) const
{
    if (type == Type::Choice) {
        if (std::find(choices.begin(), choices.end(), value) != choices.end())
            return std::nullopt;
        return fmt::format("{} must be {} (got \"{}\")", label, fmt::join(choices, " or "), value);
    }
    const auto number = numberOf(value);
    const bool whole = number && std::floor(*number) == *number;
    if (!number || (type == Type::Integer && !whole))
        return fmt::format("{} must be {} (got \"{}\")", label, type == Type::Integer ? "a whole number" : "a number",
                           value);
    if (*number < min || *number > max)
        return fmt::format("{} must be between {} and {} (got {})", label, min, max, value);
    return std::nullopt;
}

std::optional<std::string> RunKindParameter::problemAfter(const std::string& flag, const std::string& value) const
{
    auto problem = problemWith(value);
    if (!problem)
        return std::nullopt;
    const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    if (!problem->empty() && upper((*problem)[0]) && !(problem->size() > 1 && upper((*problem)[1])))
        (*problem)[0] = char((*problem)[0] - 'A' + 'a');
    return fmt::format("{}: {}", flag, *problem);
}

std::string inputPathOf(const std::map<std::string, std::string>& paths, std::string_view role)
{
    const auto it = paths.find(std::string(role));
    return it == paths.end() ? std::string() : it->second;
}

std::optional<std::string> RunKind::policyProblem(const std::string& spec) const
{
    try {
        canonicalPolicy(spec);
        return std::nullopt;
    } catch (const UsageError& e) {
        return e.what();
    }
}

RunRequest RunKind::resolved(const RunRequest& request) const
{
    if (auto problem = requestProblem(request))
        throw UsageError(*problem);
    RunRequest out{canonicalPolicy(request.policy), {}};
    for (const auto& p : parameters()) {
        const std::string* value = request.find(p.name);
        // One text per value ("1.30" and "1.3" alike), so equal requests read equal.
        std::string text = value ? *value : p.defaultText();
        if (p.type == RunKindParameter::Type::Integer)
            text = fmt::format("{}", int64_t(*numberOf(text)));
        else if (p.type == RunKindParameter::Type::Real)
            text = fmt::format("{}", *numberOf(text));
        out.values.emplace(p.name, std::move(text));
    }
    return out;
}

std::optional<RunKindParameter> RunKind::parameter(const std::string& name) const
{
    for (auto& p : parameters())
        if (p.name == name)
            return p;
    return std::nullopt;
}

std::optional<std::string> RunKind::requestProblem(const RunRequest& request, bool forking) const
{
    if (auto problem = policyProblem(request.policy))
        return problem;
    const auto declared = parameters();
    for (const auto& entry : request.values) {
        // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
        const std::string& name = entry.first;
        const std::string& value = entry.second;
        const auto at = std::find_if(declared.begin(), declared.end(), [&](const auto& p) { return p.name == name; });
        if (at == declared.end())
            return fmt::format("{} runs have no parameter \"{}\"", displayName(), name);
        if (forking && !at->forkable)
            return fmt::format("{} cannot change at a fork", at->label);
        if (auto problem = at->problemWith(value))
            return problem;
    }
    return std::nullopt;
}

}  // namespace tessera
