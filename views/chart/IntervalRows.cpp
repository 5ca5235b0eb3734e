#include "chart/IntervalRows.h"

#include <algorithm>
#include <mutex>
#include <vector>

namespace tessera::chart {

namespace {

std::mutex& guard()
{
    static std::mutex m;
    return m;
}

std::vector<std::string>& kinds()
{
    static std::vector<std::string> list;
    return list;
}

}  // namespace

bool IntervalRows::of(std::string_view kind)
{
    const std::lock_guard lock(guard());
    return std::find(kinds().begin(), kinds().end(), kind) != kinds().end();
}

IntervalRowsRegistration::IntervalRowsRegistration(std::string kind) : kind_(std::move(kind))
{
    const std::lock_guard lock(guard());
    kinds().push_back(kind_);
}

IntervalRowsRegistration::~IntervalRowsRegistration()
{
    const std::lock_guard lock(guard());
    const auto at = std::find(kinds().begin(), kinds().end(), kind_);
    if (at != kinds().end())
        kinds().erase(at);
}

}  // namespace tessera::chart
