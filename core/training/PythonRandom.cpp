// MT19937 as in CPython's Modules/_randommodule.c (itself Matsumoto and Nishimura's reference).
#include "training/PythonRandom.h"

#include <cstddef>
#include <vector>

namespace tessera {

namespace {
constexpr int kN = 624;
constexpr int kM = 397;
constexpr uint32_t kMatrixA = 0x9908b0dfu;
constexpr uint32_t kUpper = 0x80000000u;
constexpr uint32_t kLower = 0x7fffffffu;
}  // namespace

PythonRandom::PythonRandom(uint64_t seed)
{
    // random.seed(n): the key is |n| in 32-bit words, least significant first; [0] for 0.
    std::vector<uint32_t> key;
    for (uint64_t rest = seed; rest != 0; rest >>= 32)
        key.push_back(uint32_t(rest));
    if (key.empty())
        key.push_back(0);
    initGenrand(19650218u);
    int i = 1;
    size_t j = 0;
    for (size_t k = size_t(kN) > key.size() ? size_t(kN) : key.size(); k; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
        ++i;
        ++j;
        if (i >= kN) {
            mt_[0] = mt_[kN - 1];
            i = 1;
        }
        if (j >= key.size())
            j = 0;
    }
    for (int k = kN - 1; k; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
        ++i;
        if (i >= kN) {
            mt_[0] = mt_[kN - 1];
            i = 1;
        }
    }
    mt_[0] = 0x80000000u;
    index_ = kN;
}

void PythonRandom::initGenrand(uint32_t s)
{
    mt_[0] = s;
    for (int i = 1; i < kN; ++i)
        mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + uint32_t(i);
    index_ = kN;
}

void PythonRandom::twist()
{
    for (int k = 0; k < kN; ++k) {
        const uint32_t y = (mt_[k] & kUpper) | (mt_[(k + 1) % kN] & kLower);
        mt_[k] = mt_[(k + kM) % kN] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
    }
    index_ = 0;
}

uint32_t PythonRandom::next32()
{
    if (index_ >= kN)
        twist();
    uint32_t y = mt_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

uint32_t PythonRandom::getrandbits(int k) { return next32() >> (32 - k); }

uint32_t PythonRandom::randbelow(uint32_t n)
{
    int bits = 0;
    for (uint32_t rest = n; rest; rest >>= 1)
        ++bits;
    uint32_t r = getrandbits(bits);
    while (r >= n)
        r = getrandbits(bits);
    return r;
}

double PythonRandom::random()
{
    const uint32_t a = next32() >> 5;
    const uint32_t b = next32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

}  // namespace tessera
