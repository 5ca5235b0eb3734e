#include "training/rent/FixedWidthPolicy.h"

#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

FixedWidthPolicy::FixedWidthPolicy(int gpus) : gpus_(gpus)
{
    if (gpus_ < 1 || gpus_ > kMaxGpus)
        throw std::invalid_argument(fmt::format("fixed:K needs K from 1 to {} GPUs, not {}", kMaxGpus, gpus_));
}

std::string FixedWidthPolicy::name() const { return fmt::format("fixed:{}", gpus_); }

}  // namespace tessera
