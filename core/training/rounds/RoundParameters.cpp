#include "training/rounds/RoundParameters.h"

#include <array>
#include <utility>

namespace tessera::rounds {

namespace {

constexpr std::array<std::pair<RoundScheduler, std::string_view>, 3> kSchedulers{{
    {RoundScheduler::Fifo, "fifo"}, {RoundScheduler::Las, "las"}, {RoundScheduler::Srtf, "srtf"}}};

constexpr std::array<std::pair<RoundPlacement, std::string_view>, 6> kPlacements{{
    {RoundPlacement::Pal, "pal"},
    {RoundPlacement::PmFirst, "pmfirst"},
    {RoundPlacement::Packed, "packed"},
    {RoundPlacement::PackedSticky, "packed-sticky"},
    {RoundPlacement::Random, "random"},
    {RoundPlacement::RandomSticky, "random-sticky"},
}};

template <typename Table, typename Value>
std::string_view nameIn(const Table& table, Value value)
{
    for (const auto& [v, name] : table)
        if (v == value)
            return name;
    return {};
}

template <typename Value, typename Table>
std::optional<Value> valueIn(const Table& table, std::string_view name)
{
    for (const auto& [v, n] : table)
        if (n == name)
            return v;
    return std::nullopt;
}

}  // namespace

std::string_view schedulerName(RoundScheduler scheduler) { return nameIn(kSchedulers, scheduler); }
std::string_view placementName(RoundPlacement placement) { return nameIn(kPlacements, placement); }
std::optional<RoundScheduler> parseScheduler(std::string_view name) { return valueIn<RoundScheduler>(kSchedulers, name); }
std::optional<RoundPlacement> parsePlacement(std::string_view name) { return valueIn<RoundPlacement>(kPlacements, name); }

bool isSticky(RoundPlacement placement)
{
    return placement == RoundPlacement::PackedSticky || placement == RoundPlacement::RandomSticky;
}

}  // namespace tessera::rounds
