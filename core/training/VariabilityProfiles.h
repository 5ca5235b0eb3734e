#pragma once

// The measured per-GPU profiles behind PAL's variability scores (training-boa-pal.md B1):
// `profiles.json` maps each class to a CSV of per-run measurements, whose `perf` column (a run
// or iteration time: higher = slower) is normalised by the file's median.

#include "io/InputError.h"
#include "training/JobClass.h"

#include <array>
#include <string>
#include <vector>

namespace tessera {

struct ClassProfile {
    std::string path;
    std::vector<double> samples;     // perf / median(perf) for every data row, in file order
    std::vector<std::string> uuids;  // the row's `uuid`, in the same order; empty when the file has none
};

struct VariabilityProfiles {
    std::array<ClassProfile, kJobClassCount> classes;  // indexed by JobClass
    const ClassProfile& of(JobClass c) const { return classes[size_t(c)]; }
};

// One profile CSV: needs a `perf` column (other columns, an unnamed leading index column
// included, are ignored); `uuid` is read when present. Throws InputError for a missing perf
// column, a perf that is not a number above 0, or a file without rows. An interrupted final line
// is skipped with a warning in `warnings`.
ClassProfile loadClassProfile(const std::string& path, LoadWarnings& warnings);

// `dir`/profiles.json and the files it names. The JSON is one object mapping classA..classD to
// paths; only a path's file name is used, resolved in `dir` (the upstream paths carry the
// artifact's aggregated_data/sim/ prefix). Throws InputError naming profiles.json and its line
// for malformed JSON, an unknown or missing class, and whatever loadClassProfile throws; names
// `dir` when it is no folder. The profiles' warnings go to `warnings`.
VariabilityProfiles loadVariabilityProfiles(const std::string& dir, LoadWarnings& warnings);
// The same for tests and tools that show no warnings.
ClassProfile loadClassProfile(const std::string& path);
VariabilityProfiles loadVariabilityProfiles(const std::string& dir);

}  // namespace tessera
