#include "model/PodSpec.h"

namespace tessera {

PodClass PodSpec::podClass() const
{
    if (gpuCount == 0)
        return PodClass::CpuOnly;
    if (isShare())
        return PodClass::Share;
    switch (gpuCount) {
    case 1: return PodClass::Gpu1;
    case 2: return PodClass::Gpu2;
    case 4: return PodClass::Gpu4;
    case 8: return PodClass::Gpu8;
    default: return PodClass::GpuOther;
    }
}

const char* podClassName(PodClass c)
{
    switch (c) {
    case PodClass::CpuOnly: return "cpu";
    case PodClass::Share: return "share";
    case PodClass::Gpu1: return "1-gpu";
    case PodClass::Gpu2: return "2-gpu";
    case PodClass::Gpu4: return "4-gpu";
    case PodClass::Gpu8: return "8-gpu";
    case PodClass::GpuOther: return "other-gpu";
    }
    return "?";
}

}  // namespace tessera
