#include "store/RunArchiveRegistry.h"

namespace tessera {

RunArchiveRegistry& RunArchiveRegistry::instance()
{
    static RunArchiveRegistry registry;
    return registry;
}

}  // namespace tessera
