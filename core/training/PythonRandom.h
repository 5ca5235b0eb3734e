#pragma once

// CPython's `random` module generator, bit for bit where PAL needs it (training-boa-pal.md B1):
// MT19937 seeded as `random.seed(n)` does for a non-negative integer (init_by_array with n's
// 32-bit words, least significant first), getrandbits(k) for k <= 32, randbelow(n) (the
// rejection sampling behind random.choice) and random(). PAL's seed-42 variability table is
// drawn from this stream, so it must not be replaced by Tessera's own Rng.

#include <array>
#include <cstdint>

namespace tessera {

class PythonRandom {
public:
    explicit PythonRandom(uint64_t seed);

    uint32_t next32();
    // The top k bits of the next output; 1 <= k <= 32.
    uint32_t getrandbits(int k);
    // Uniform in [0, n) as CPython's _randbelow_with_getrandbits; 0 < n < 2^32.
    uint32_t randbelow(uint32_t n);
    // random.random(): 53 bits in [0, 1).
    double random();

private:
    void initGenrand(uint32_t s);
    void twist();
    std::array<uint32_t, 624> mt_{};
    int index_ = 625;
};

}  // namespace tessera
