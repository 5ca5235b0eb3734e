#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tessera {

// One input file of a run, with the hash that tells whether the file changed since: what a
// kind's RunInputs list and a study records. It lives in io/ because every layer above it (a
// kind's inputs in run/, the study in store/) speaks of it.
struct InputFile {
    // The roles of the pod trace files TraceLoader reads.
    static constexpr std::string_view kNodesRole = "nodes";
    static constexpr std::string_view kPodsRole = "pods";
    static constexpr std::string_view kGpuModelsRole = "gpu-models";

    std::string role;  // a RunKindInput::role: "nodes", "pods", "profiles", "scenario"
    std::string path;
    std::string contentHash;  // ContentHash of the file's bytes

    bool operator==(const InputFile&) const = default;

    // How the file on disk differs from this record: "no longer exists", "changed since the run
    // was saved" or "cannot be read"; nothing when its bytes still have the recorded hash.
    std::optional<std::string> change() const;
};

}  // namespace tessera
