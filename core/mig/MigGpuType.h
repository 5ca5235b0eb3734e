#pragma once

#include "mig/MigProfile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// A MIG-capable GPU: its slice geometry and profile table (mig-elasticbatch.md 1.1, 1.2). The four
// built-in types are the only instances; find() returns them by name.
class MigGpuType {
public:
    MigGpuType(std::string name, int computeSlices, int memorySlices, std::vector<MigProfile> profiles,
               std::vector<std::string> classicNames, std::vector<std::string> extraNames);

    const std::string& name() const { return name_; }
    int computeSlices() const { return computeSlices_; }
    int memorySlices() const { return memorySlices_; }

    // Every row of the spec table, `+me` rows included, in the table's order; a profile index
    // (uint16_t elsewhere) indexes this vector.
    const std::vector<MigProfile>& profiles() const { return profiles_; }
    const MigProfile& profile(uint16_t index) const { return profiles_.at(index); }

    // contracts.md 8.1: `classic` is the ParvaGPU map's five sizes (three on A30); `all` adds the
    // double-memory 1g profile. Neither ever holds a `+me` profile. Indices in table order.
    const std::vector<uint16_t>& classicProfiles() const { return classic_; }
    const std::vector<uint16_t>& allProfiles() const { return all_; }

    std::optional<uint16_t> profileIndex(std::string_view name) const;
    // The classic profile with g compute slices (the ParvaGPU map: on A100-80GB 1, 2, 3, 4, 7 ->
    // 1g.10gb, 2g.20gb, 3g.40gb, 4g.40gb, 7g.80gb); nullopt for a g no classic profile has.
    std::optional<uint16_t> classicProfileWithComputeSlices(int g) const;

    // The built-in types by name ("A100-40GB", "A100-80GB", "H100-80GB", "A30"), matched
    // without regard to case; nullptr for an unknown name.
    static const MigGpuType* find(std::string_view name);
    static std::vector<std::string> names();

private:
    std::vector<uint16_t> indicesOf(const std::vector<std::string>& names) const;

    std::string name_;
    int computeSlices_;
    int memorySlices_;
    std::vector<MigProfile> profiles_;
    std::vector<uint16_t> classic_;
    std::vector<uint16_t> all_;
};

}  // namespace tessera
