#pragma once

#include <cstdint>

namespace tessera {

// xoshiro256** seeded through SplitMix64. Tessera's own streams: the same seed gives the
// same numbers on every platform and build, which the byte-identical outputs rely on.
class Rng {
    __extension__ typedef unsigned __int128 Wide;  // GCC/Clang; __extension__ keeps -Wpedantic quiet

public:
    explicit Rng(uint64_t seed) { reseed(seed); }

    // An independent stream for (seed, purpose, index), e.g. one per decision, so that any
    // decision can be re-run (explained, forked) without replaying the ones before it.
    static Rng stream(uint64_t seed, uint64_t purpose, uint64_t index = 0)
    {
        uint64_t x = seed;
        uint64_t mixed = splitmix(x) ^ (purpose * 0x9E3779B97F4A7C15ull);
        mixed = splitmix(mixed) ^ (index * 0xD1B54A32D192ED03ull);
        return Rng(splitmix(mixed));
    }

    uint64_t next()
    {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform in [0, n), unbiased (Lemire's multiply-and-reject). n > 0.
    uint64_t below(uint64_t n)
    {
        Wide m = (Wide)next() * n;
        uint64_t low = uint64_t(m);
        if (low < n) {
            const uint64_t threshold = (0 - n) % n;
            while (low < threshold) {
                m = (Wide)next() * n;
                low = uint64_t(m);
            }
        }
        return uint64_t(m >> 64);
    }

private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static uint64_t splitmix(uint64_t& x)
    {
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    void reseed(uint64_t seed)
    {
        uint64_t x = seed;
        for (auto& s : s_)
            s = splitmix(x);
    }
    uint64_t s_[4];
};

// Stream purposes; changing one changes every result, so they are fixed here.
enum RngPurpose : uint64_t { kWorkloadStream = 1, kTieOrderStream = 2, kDecisionStream = 3, kGeneratorStream = 4 };

}  // namespace tessera
