#pragma once

#include <stdexcept>

namespace tessera {

// A usage error: bad flag, bad spec, absurd parameter (the CLI's exit code 2). Its own header,
// so that the CLI and any run kind's parameter checks use it without the pod policy grammar.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace tessera
