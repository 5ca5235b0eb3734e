#pragma once

#include "model/GpuModel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// The GPU models a run knows about, with their power table. Model ids index a 64-bit
// mask, which is how pods carry their gpu_spec constraint.
class GpuModelRegistry {
public:
    static constexpr int kMaxModels = 64;

    // T4, A10, P100, V100M16, V100M32, A100, plus the trace's aliases G2 -> A10 and G3 -> A100.
    static GpuModelRegistry builtin();

    // Adds or replaces a model; returns its id. Throws std::length_error past kMaxModels.
    GpuModelId add(GpuModel model);

    std::optional<GpuModelId> find(std::string_view name) const;
    const GpuModel& model(GpuModelId id) const { return models_.at(static_cast<size_t>(id)); }
    int size() const { return static_cast<int>(models_.size()); }

    // Watts of the model whose power figures this model uses (itself unless aliased).
    int64_t idleWatts(GpuModelId id) const;
    int64_t fullWatts(GpuModelId id) const;

private:
    const GpuModel& powerModel(GpuModelId id) const;
    std::vector<GpuModel> models_;
};

}  // namespace tessera
