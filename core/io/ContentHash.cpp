#include "io/ContentHash.h"

#include "io/InputError.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace tessera {

namespace {

// FIPS 180-4, section 4.2.2 and 5.3.3.
constexpr std::array<uint32_t, 64> kRound = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};
constexpr std::array<uint32_t, 8> kInitial = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

}  // namespace

ContentHash::ContentHash() : state_(kInitial) {}

void ContentHash::compress(const uint8_t* block)
{
    std::array<uint32_t, 64> w;
    for (size_t i = 0; i < 16; ++i)
        w[i] = uint32_t(block[4 * i]) << 24 | uint32_t(block[4 * i + 1]) << 16 | uint32_t(block[4 * i + 2]) << 8 |
               uint32_t(block[4 * i + 3]);
    for (size_t i = 16; i < 64; ++i) {
        const uint32_t s0 = std::rotr(w[i - 15], 7) ^ std::rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        const uint32_t s1 = std::rotr(w[i - 2], 17) ^ std::rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    auto [a, b, c, d, e, f, g, h] = state_;
    for (size_t i = 0; i < 64; ++i) {
        const uint32_t t1 = h + (std::rotr(e, 6) ^ std::rotr(e, 11) ^ std::rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                            kRound[i] + w[i];
        const uint32_t t2 = (std::rotr(a, 2) ^ std::rotr(a, 13) ^ std::rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    const std::array<uint32_t, 8> add = {a, b, c, d, e, f, g, h};
    for (size_t i = 0; i < 8; ++i)
        state_[i] += add[i];
}

void ContentHash::add(std::string_view bytes)
{
    if (finished_)
        throw std::logic_error("ContentHash::add after hex()");
    totalBytes_ += bytes.size();
    auto data = reinterpret_cast<const uint8_t*>(bytes.data());
    size_t left = bytes.size();
    if (buffered_ > 0) {
        const size_t take = std::min(left, buffer_.size() - buffered_);
        std::memcpy(buffer_.data() + buffered_, data, take);
        buffered_ += take;
        data += take;
        left -= take;
        if (buffered_ < buffer_.size())
            return;
        compress(buffer_.data());
        buffered_ = 0;
    }
    for (; left >= buffer_.size(); data += buffer_.size(), left -= buffer_.size())
        compress(data);
    std::memcpy(buffer_.data(), data, left);
    buffered_ = left;
}

std::string ContentHash::hex()
{
    if (!finished_) {
        const uint64_t bits = totalBytes_ * 8;
        buffer_[buffered_++] = 0x80;
        if (buffered_ > 56) {
            std::fill(buffer_.begin() + long(buffered_), buffer_.end(), 0);
            compress(buffer_.data());
            buffered_ = 0;
        }
        std::fill(buffer_.begin() + long(buffered_), buffer_.begin() + 56, 0);
        for (size_t i = 0; i < 8; ++i)
            buffer_[56 + i] = uint8_t(bits >> (56 - 8 * i));
        compress(buffer_.data());
        finished_ = true;
    }
    std::string out;
    out.reserve(64);
    for (uint32_t word : state_)
        fmt::format_to(std::back_inserter(out), "{:08x}", word);
    return out;
}

std::string ContentHash::ofBytes(std::string_view bytes)
{
    ContentHash hash;
    hash.add(bytes);
    return hash.hex();
}

std::string ContentHash::ofFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError::fileLevel(path, "cannot open the file to hash it");
    ContentHash hash;
    std::vector<char> chunk(1 << 16);
    while (in) {
        in.read(chunk.data(), std::streamsize(chunk.size()));
        hash.add(std::string_view(chunk.data(), size_t(in.gcount())));
    }
    if (in.bad())
        throw InputError::fileLevel(path, "read error while hashing the file");
    return hash.hex();
}

}  // namespace tessera
