#pragma once

#include "run/RunKind.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// The kind of run that opens a file a user picked without saying what it is (the app's Open…,
// a dropped file), asking every registered kind whether it reads the file (RunKind::recognise):
// the current kind when it is one of them (a job file opened while training on a fixed cluster
// stays there), else the first made for the file, else the first that reads it (kinds in id
// order). The other kinds that read it are listed, so the app can say where else it opens.
struct KindForFile {
    std::shared_ptr<const RunKind> kind;
    std::string role;  // the input the file is of `kind`
    std::vector<std::shared_ptr<const RunKind>> others;

    // Nothing when no registered kind reads `path`.
    static std::optional<KindForFile> choose(const std::string& path, const std::string& currentKindId);
};

}  // namespace tessera
