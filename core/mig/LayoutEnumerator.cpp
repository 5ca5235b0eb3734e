#include "mig/LayoutEnumerator.h"

#include <algorithm>
#include <set>

namespace tessera {

namespace {

class Search {
public:
    Search(const MigGpuType& type, std::vector<uint16_t> profiles, bool maximalOnly)
        : type_(type), profiles_(std::move(profiles)), maximalOnly_(maximalOnly)
    {
        std::sort(profiles_.begin(), profiles_.end());
        profiles_.erase(std::unique(profiles_.begin(), profiles_.end()), profiles_.end());
        std::stable_sort(profiles_.begin(), profiles_.end(), [&](uint16_t a, uint16_t b) {
            const MigProfile& pa = type_.profile(a);
            const MigProfile& pb = type_.profile(b);
            if (pa.computeSlices != pb.computeSlices)
                return pa.computeSlices > pb.computeSlices;
            return pa.memorySlices > pb.memorySlices;
        });
    }

    std::vector<MigLayout> run()
    {
        visit(0);
        return std::move(found_);
    }

private:
    // Every instance of a layout starts at a distinct slice, so deciding slice by slice (an
    // instance starting here, or none) reaches each placement exactly once.
    void visit(int slice)
    {
        if (slice >= type_.memorySlices()) {
            if (!current_.instances.empty() && (!maximalOnly_ || isMaximal()))
                found_.push_back(current_);
            return;
        }
        for (uint16_t p : profiles_)
            if (canAdd(type_, current_, p, slice)) {
                current_.instances.push_back({p, uint8_t(slice)});
                visit(slice + type_.profile(p).memorySlices);
                current_.instances.pop_back();
            }
        visit(slice + 1);
    }

    bool isMaximal() const
    {
        for (uint16_t p : profiles_)
            for (int s : type_.profile(p).starts)
                if (canAdd(type_, current_, p, s))
                    return false;
        return true;
    }

    const MigGpuType& type_;
    std::vector<uint16_t> profiles_;
    bool maximalOnly_;
    MigLayout current_;
    std::vector<MigLayout> found_;
};

}  // namespace

std::vector<MigLayout> enumerateLayouts(const MigGpuType& type, const std::vector<uint16_t>& profileSet,
                                        bool maximalOnly)
{
    for (uint16_t p : profileSet)
        type.profile(p);  // throws std::out_of_range for an index the type does not have
    return Search(type, profileSet, maximalOnly).run();
}

std::vector<MigLayout> firstLayoutOfEachMultiset(const std::vector<MigLayout>& layouts)
{
    std::set<std::vector<uint16_t>> seen;
    std::vector<MigLayout> result;
    for (const auto& layout : layouts)
        if (seen.insert(profileMultiset(layout)).second)
            result.push_back(layout);
    return result;
}

}  // namespace tessera
