#pragma once

// PAL's four application classes (training-boa-pal.md B1): each draws its per-GPU variability
// from one measured profile; A is the most variability-sensitive, D nearly insensitive.

#include <array>
#include <optional>
#include <string_view>

namespace tessera {

enum class JobClass { A = 0, B = 1, C = 2, D = 3 };

constexpr int kJobClassCount = 4;
constexpr std::array<JobClass, kJobClassCount> kJobClasses{JobClass::A, JobClass::B, JobClass::C, JobClass::D};

// "A".."D".
inline char jobClassLetter(JobClass c) { return char('A' + int(c)); }

// "A".."D" or "classA".."classD" (as profiles.json names them); anything else is empty.
inline std::optional<JobClass> parseJobClass(std::string_view text)
{
    if (text.size() == 6 && text.substr(0, 5) == "class")
        text.remove_prefix(5);
    if (text.size() == 1 && text[0] >= 'A' && text[0] <= 'D')
        return JobClass(text[0] - 'A');
    return std::nullopt;
}

}  // namespace tessera
