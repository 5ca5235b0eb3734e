// Seed lists (--seeds, parseSeeds in app/cli/CommandLine.cpp, linked into this harness alone).
// An accepted list must be ascending, without duplicates, and hold 1 to 10,000 seeds.
#include "FuzzSupport.h"

#include "cli/CommandLine.h"

#include <string>

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    fuzz::refusalsExpected([&] {
        const std::vector<uint64_t> seeds = cli::parseSeeds(text);
        fuzz::require(!seeds.empty() && seeds.size() <= 10000, "an accepted seed list is empty or longer than 10,000");
        for (size_t i = 1; i < seeds.size(); ++i)
            fuzz::require(seeds[i - 1] < seeds[i], "an accepted seed list is not strictly ascending");
    });
    return 0;
}
