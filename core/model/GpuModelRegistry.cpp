#include "model/GpuModelRegistry.h"

#include <stdexcept>

namespace tessera {

GpuModelRegistry GpuModelRegistry::builtin()
{
    // Power table of fgd-pwr.md section 7 (PWR const.go).
    GpuModelRegistry r;
    r.add({"T4", 10, 70, {}});
    r.add({"A10", 30, 150, {}});
    r.add({"P100", 25, 250, {}});
    r.add({"V100M16", 30, 300, {}});
    r.add({"V100M32", 30, 300, {}});
    r.add({"A100", 50, 400, {}});
    r.add({"G2", 30, 150, "A10"});
    r.add({"G3", 50, 400, "A100"});
    return r;
}

GpuModelId GpuModelRegistry::add(GpuModel model)
{
    if (auto existing = find(model.name)) {
        models_[static_cast<size_t>(*existing)] = std::move(model);
        return *existing;
    }
    if (size() >= kMaxModels)
        throw std::length_error("too many GPU models (at most 64)");
    models_.push_back(std::move(model));
    return size() - 1;
}

std::optional<GpuModelId> GpuModelRegistry::find(std::string_view name) const
{
    for (int i = 0; i < size(); ++i)
        if (models_[static_cast<size_t>(i)].name == name)
            return i;
    return std::nullopt;
}

const GpuModel& GpuModelRegistry::powerModel(GpuModelId id) const
{
    const GpuModel& m = model(id);
    if (!m.powerOf.empty())
        if (auto target = find(m.powerOf); target && *target != id)
            return model(*target);
    return m;
}

int64_t GpuModelRegistry::idleWatts(GpuModelId id) const { return powerModel(id).idleWatts; }
int64_t GpuModelRegistry::fullWatts(GpuModelId id) const { return powerModel(id).fullWatts; }

}  // namespace tessera
