#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tessera {

// SHA-256 of some bytes, as 64 lowercase hex digits. A study records it for each trace file,
// so a run can later be matched to the exact inputs it came from; a cryptographic hash
// also keys stored node lists, where a collision would silently attach the wrong nodes.
class ContentHash {
public:
    ContentHash();

    void add(std::string_view bytes);
    // The digest of everything added so far; the object cannot be added to afterwards.
    std::string hex();

    static std::string ofBytes(std::string_view bytes);
    // Throws InputError naming the file when it cannot be read.
    static std::string ofFile(const std::string& path);

private:
    void compress(const uint8_t* block);

    std::array<uint32_t, 8> state_;
    std::array<uint8_t, 64> buffer_{};
    size_t buffered_ = 0;
    uint64_t totalBytes_ = 0;
    bool finished_ = false;
};

}  // namespace tessera
