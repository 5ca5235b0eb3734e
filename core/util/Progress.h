#pragma once

#include <functional>
#include <stdexcept>

namespace tessera {

// Called now and then with the share of work done; returning false cancels the work, which
// then throws CancelledError.
using ProgressCallback = std::function<bool(double fraction)>;

class CancelledError : public std::runtime_error {
public:
    CancelledError() : std::runtime_error("cancelled") {}
};

}  // namespace tessera
