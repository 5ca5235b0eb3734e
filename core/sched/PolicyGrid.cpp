#include "sched/PolicyGrid.h"

#include "util/PrintableText.h"

#include <charconv>
#include <optional>

#include <fmt/format.h>

namespace tessera {

namespace {

// One operand of a weight expression: a whole number, or the weight of another term.
struct Operand {
    int sign = 1;
    int64_t constant = 0;
    std::string reference;  // the term named after '$'; empty for a constant
    size_t term = 0;        // its index, once resolved
};

struct GridTerm {
    std::string name;
    int64_t weight = 1000;                 // a fixed weight
    std::optional<int64_t> lo, hi, step;   // a range
    std::vector<Operand> expression;       // a dependent weight
    bool isRange() const { return lo.has_value(); }
    bool isExpression() const { return !expression.empty(); }
};

std::optional<int64_t> wholeNumber(std::string_view text)
{
    int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

UsageError badRange(std::string_view whole, const std::string& name, std::string_view range, std::string_view why)
{
    return UsageError(fmt::format("policy grid \"{}\": the range of \"{}\" (\"{}\") {}", printableExcerpt(whole), name,
                                  printableExcerpt(range), why));
}

void parseRange(std::string_view whole, GridTerm& t, std::string_view range)
{
    const size_t dots = range.find("..");
    const size_t slash = range.find('/');
    const std::string_view loText = range.substr(0, dots);
    const std::string_view hiText =
        range.substr(dots + 2, slash == std::string_view::npos ? std::string_view::npos : slash - dots - 2);
    const auto lo = wholeNumber(loText), hi = wholeNumber(hiText);
    const std::string_view bounds = "must be LO..HI or LO..HI/STEP with whole numbers";
    if (!lo || !hi)
        throw badRange(whole, t.name, range, bounds);
    if (*lo < 0 || *hi > PolicySpec::kMaxWeight)
        throw badRange(whole, t.name, range, fmt::format("must lie within 0 .. {}", PolicySpec::kMaxWeight));
    if (*lo > *hi)
        throw badRange(whole, t.name, range, "runs downwards: write LO..HI with LO <= HI");
    int64_t step = 1;
    if (slash != std::string_view::npos) {
        const auto s = wholeNumber(range.substr(slash + 1));
        if (!s || *s < 0)
            throw badRange(whole, t.name, range, bounds);
        if (*s == 0)
            throw badRange(whole, t.name, range, "has a step of 0");
        step = *s;
    }
    t.lo = lo;
    t.hi = hi;
    t.step = step;
}

void parseExpression(std::string_view whole, GridTerm& t, std::string_view text)
{
    size_t at = 0;
    int sign = 1;
    while (true) {
        size_t end = text.find_first_of("+-", at);
        const std::string_view operandText = text.substr(at, end == std::string_view::npos ? end : end - at);
        Operand operand;
        operand.sign = sign;
        if (!operandText.empty() && operandText.front() == '$') {
            operand.reference = std::string(operandText.substr(1));
        } else if (const auto value = wholeNumber(operandText); value && *value >= 0
                                                                && *value <= PolicySpec::kMaxWeight) {
            operand.constant = *value;
        } else {
            throw UsageError(fmt::format("policy grid \"{}\": the weight of \"{}\" (\"{}\") must be whole numbers "
                                         "from 0 to {} and $NAME terms joined by + and -",
                                         printableExcerpt(whole), t.name, printableExcerpt(text),
                                         PolicySpec::kMaxWeight));
        }
        t.expression.push_back(std::move(operand));
        if (end == std::string_view::npos)
            break;
        sign = text[end] == '-' ? -1 : 1;
        at = end + 1;
    }
}

void resolveReferences(std::string_view whole, std::vector<GridTerm>& terms)
{
    for (auto& t : terms)
        for (auto& operand : t.expression) {
            if (operand.reference.empty())
                continue;
            size_t found = terms.size();
            for (size_t i = 0; i < terms.size(); ++i) {
                if (terms[i].name != operand.reference)
                    continue;
                if (found != terms.size())
                    throw UsageError(fmt::format("policy grid \"{}\": \"${}\" is ambiguous: the spec has two "
                                                 "\"{}\" terms",
                                                 printableExcerpt(whole), printableExcerpt(operand.reference),
                                                 printableExcerpt(operand.reference)));
                found = i;
            }
            if (found == terms.size())
                throw UsageError(fmt::format("policy grid \"{}\": \"${}\" names no term of the spec",
                                             printableExcerpt(whole), printableExcerpt(operand.reference)));
            if (terms[found].isExpression())
                throw UsageError(fmt::format("policy grid \"{}\": \"${}\" is itself an expression: refer to a "
                                             "term with a range or a fixed weight",
                                             printableExcerpt(whole), printableExcerpt(operand.reference)));
            operand.term = found;
        }
}

// The grid point in words, for messages: "pwr is 1000, fgd is 0".
std::string pointText(const std::vector<GridTerm>& terms, const std::vector<size_t>& ranges,
                      const std::vector<int64_t>& weights)
{
    if (ranges.empty())
        return "its only point";
    std::vector<std::string> at;
    for (size_t r : ranges)
        at.push_back(fmt::format("{} = {}", terms[r].name, weights[r]));
    return fmt::format("{}", fmt::join(at, ", "));
}

UsageError tooManySpecs(std::string_view what)
{
    return UsageError(fmt::format("{} more than {} policy specs: use a larger step or shard fewer "
                                  "commands",
                                  what, PolicyGrid::kMaxSpecs));
}

}  // namespace

std::vector<PolicySpec> PolicyGrid::expand(std::string_view whole)
{
    if (whole.find("..") == std::string_view::npos && whole.find('$') == std::string_view::npos)
        return {PolicySpec::parse(whole)};

    std::vector<GridTerm> terms;
    std::string_view text = whole;
    while (true) {
        const size_t comma = text.find(',');
        const std::string_view term = text.substr(0, comma);
        const size_t colon = term.find(':');
        const std::string_view weight = colon == std::string_view::npos ? std::string_view{} : term.substr(colon + 1);
        GridTerm t;
        if (weight.find("..") != std::string_view::npos || weight.find('$') != std::string_view::npos) {
            t.name = PolicySpec::parse(term.substr(0, colon)).terms.front().name;  // the name's own checks
            if (weight.find("..") != std::string_view::npos)
                parseRange(whole, t, weight);
            else
                parseExpression(whole, t, weight);
        } else {
            const PolicySpec::Term fixed = PolicySpec::parse(term).terms.front();
            t.name = fixed.name;
            t.weight = fixed.weight;
        }
        if (terms.size() == PolicySpec::kMaxTerms)
            throw UsageError(fmt::format("policy spec \"{}\" has more than {} terms", printableExcerpt(whole),
                                         PolicySpec::kMaxTerms));
        terms.push_back(std::move(t));
        if (comma == std::string_view::npos)
            break;
        text = text.substr(comma + 1);
    }
    resolveReferences(whole, terms);

    // Counted before any spec is made, so that a huge grid fails at once.
    std::vector<size_t> ranges;
    size_t count = 1;
    for (size_t i = 0; i < terms.size(); ++i)
        if (terms[i].isRange()) {
            ranges.push_back(i);
            const size_t values = size_t((*terms[i].hi - *terms[i].lo) / *terms[i].step) + 1;
            if (values > kMaxSpecs / count)
                throw tooManySpecs(fmt::format("policy grid \"{}\" gives", printableExcerpt(whole)));
            count *= values;
        }

    std::vector<PolicySpec> specs;
    specs.reserve(count);
    std::vector<int64_t> weights(terms.size());
    for (size_t i = 0; i < terms.size(); ++i)
        weights[i] = terms[i].isRange() ? *terms[i].lo : terms[i].weight;
    while (true) {
        PolicySpec spec;
        for (size_t i = 0; i < terms.size(); ++i) {
            if (terms[i].isExpression()) {
                int64_t value = 0;
                for (const auto& operand : terms[i].expression)
                    value += operand.sign * (operand.reference.empty() ? operand.constant : weights[operand.term]);
                if (value < 0 || value > PolicySpec::kMaxWeight)
                    throw UsageError(fmt::format("policy grid \"{}\": the weight of \"{}\" comes to {} at {}; it "
                                                 "must lie within 0 .. {}",
                                                 printableExcerpt(whole), terms[i].name, value,
                                                 pointText(terms, ranges, weights), PolicySpec::kMaxWeight));
                weights[i] = value;
            }
            if (weights[i] != 0)  // a weight of 0 at a grid point drops the term
                spec.terms.push_back({terms[i].name, weights[i]});
        }
        if (spec.terms.empty())
            throw UsageError(fmt::format("policy grid \"{}\" drops every term (all weights 0) at {}",
                                         printableExcerpt(whole), pointText(terms, ranges, weights)));
        specs.push_back(std::move(spec));
        // The next point: the last range term moves fastest, like the innermost loop.
        size_t r = ranges.size();
        while (r > 0) {
            GridTerm& t = terms[ranges[r - 1]];
            int64_t& w = weights[ranges[r - 1]];
            if (w + *t.step <= *t.hi) {
                w += *t.step;
                break;
            }
            w = *t.lo;
            --r;
        }
        if (r == 0)
            break;
    }
    return specs;
}

std::vector<PolicyGrid::Expanded> PolicyGrid::expandAll(const std::vector<std::string>& texts)
{
    std::vector<Expanded> all;
    for (const auto& text : texts)
        for (auto& spec : expand(text)) {
            if (all.size() == kMaxSpecs)
                throw tooManySpecs("the --policy values give");
            all.push_back({std::move(spec), text});
        }
    return all;
}

}  // namespace tessera
