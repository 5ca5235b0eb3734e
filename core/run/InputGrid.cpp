#include "run/InputGrid.h"

#include "util/PrintableText.h"
#include "util/UsageError.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

namespace fs = std::filesystem;

// The placeholders an output path may hold, whether or not this grid sweeps that role: a pattern
// naming one the grid lacks is a mistake to report, not text to keep.
const std::vector<std::string> kPlaceholderRoles{"nodes", "pods"};

std::string placeholder(const std::string& role)
{
    return "{" + role + "}";
}

// The last `depth` components of `path` joined with '-', the file's stem (or, with `whole`, its
// whole name) last.
std::string trailingName(const fs::path& path, size_t depth, bool whole)
{
    std::vector<std::string> parts;
    for (const auto& part : path)
        if (!part.empty() && part != "/")
            parts.push_back(part.string());
    if (parts.empty())
        return path.string();
    parts.back() = whole ? path.filename().string() : path.stem().string();
    std::string name;
    for (size_t i = parts.size() - std::min(depth, parts.size()); i < parts.size(); ++i)
        name += (name.empty() ? "" : "-") + parts[i];
    return name;
}

bool allDistinct(const std::vector<std::string>& names)
{
    return std::set<std::string>(names.begin(), names.end()).size() == names.size();
}

// `grid.csv` with the placeholders of `roles` before its extension: the form a message shows.
std::string suggestedPattern(const std::string& pattern, const std::vector<std::string>& roles)
{
    const fs::path path(pattern);
    std::string with = path.stem().string();
    for (const std::string& role : roles)
        with += "-" + placeholder(role);
    return (path.parent_path() / (with + path.extension().string())).string();
}

}  // namespace

std::vector<std::string> InputGrid::fileNames(const std::vector<std::string>& paths)
{
    std::vector<fs::path> absolute;
    size_t depth = 1;
    for (const std::string& path : paths) {
        absolute.push_back(fs::absolute(path).lexically_normal());
        depth = std::max(depth, size_t(std::distance(absolute.back().begin(), absolute.back().end())));
    }
    for (bool whole : {false, true})
        for (size_t k = 1; k <= depth; ++k) {
            std::vector<std::string> names;
            for (const fs::path& path : absolute)
                names.push_back(trailingName(path, k, whole));
            if (allDistinct(names))
                return names;
        }
    // Only the same file twice gets here (InputGrid::of refuses that): numbered, never merged.
    std::vector<std::string> names;
    for (size_t i = 0; i < absolute.size(); ++i)
        names.push_back(fmt::format("{}-{}", trailingName(absolute[i], 1, false), i + 1));
    return names;
}

namespace {

[[noreturn]] void twice(const InputGrid::Axis& axis, size_t first, size_t second, const char* how)
{
    throw UsageError(fmt::format("{} {} and {} {} are {}: each input of a grid must be given once", axis.flag,
                                 printableExcerpt(axis.paths[first]), axis.flag, printableExcerpt(axis.paths[second]),
                                 how));
}

}  // namespace

std::vector<InputGrid::Axis> InputGrid::podTraceAxes()
{
    return {{std::string(InputFile::kNodesRole), "--nodes", {}, {}}, {std::string(InputFile::kPodsRole), "--pods", {}, {}}};
}

namespace {

const InputFile* withRole(const std::vector<InputFile>& inputs, const std::string& role)
{
    for (const InputFile& file : inputs)
        if (file.role == role)
            return &file;
    return nullptr;
}

}  // namespace

InputGrid InputGrid::ofRuns(std::vector<Axis> axes, const std::vector<std::vector<InputFile>>& runs)
{
    std::vector<Axis> recorded;
    for (Axis& axis : axes) {
        axis.paths.clear();
        size_t missing = 0;
        for (const auto& inputs : runs) {
            const InputFile* file = withRole(inputs, axis.role);
            if (!file)
                ++missing;
            else if (std::find(axis.paths.begin(), axis.paths.end(), file->path) == axis.paths.end())
                axis.paths.push_back(file->path);
        }
        if (axis.paths.empty())
            continue;
        if (missing > 0)
            throw std::invalid_argument(fmt::format("{} of {} runs record no {} file where the others do", missing,
                                                    runs.size(), axis.role));
        recorded.push_back(std::move(axis));
    }
    return of(std::move(recorded));
}

size_t InputGrid::pointOf(const std::vector<InputFile>& inputs) const
{
    std::vector<size_t> indices;
    for (const Axis& axis : axes_) {
        const InputFile* file = withRole(inputs, axis.role);
        const auto it = file ? std::find(axis.paths.begin(), axis.paths.end(), file->path) : axis.paths.end();
        if (it == axis.paths.end())
            throw std::invalid_argument(fmt::format("a run with a {} file outside the grid", axis.role));
        indices.push_back(size_t(it - axis.paths.begin()));
    }
    return pointAt(indices);
}

InputGrid InputGrid::of(std::vector<Axis> axes)
{
    for (Axis& axis : axes) {
        if (axis.paths.empty())
            throw UsageError(fmt::format("{} is required", axis.flag));
        std::vector<std::string> normal;
        for (size_t i = 0; i < axis.paths.size(); ++i) {
            normal.push_back(fs::absolute(axis.paths[i]).lexically_normal().string());
            for (size_t j = 0; j < i; ++j) {
                std::error_code error;
                if (normal[j] == normal[i] || fs::equivalent(normal[j], normal[i], error))
                    twice(axis, j, i, "the same file");
            }
        }
        axis.names = fileNames(axis.paths);
    }
    InputGrid grid;
    grid.axes_ = std::move(axes);
    return grid;
}

void InputGrid::requireDistinctContents(const std::map<std::string, std::string>& digests) const
{
    for (const Axis& axis : axes_) {
        std::map<std::string, size_t> seen;
        for (size_t i = 0; i < axis.paths.size(); ++i) {
            const auto digest = digests.find(axis.paths[i]);
            if (digest == digests.end())
                continue;
            const auto [it, added] = seen.emplace(digest->second, i);
            if (!added)
                twice(axis, it->second, i, "the same bytes");
        }
    }
}

size_t InputGrid::pointCount() const
{
    size_t count = 1;
    for (const Axis& axis : axes_)
        count *= axis.paths.size();
    return count;
}

size_t InputGrid::indexOn(size_t point, size_t axis) const
{
    size_t inner = 1;
    for (size_t a = axis + 1; a < axes_.size(); ++a)
        inner *= axes_[a].paths.size();
    return point / inner % axes_[axis].paths.size();
}

size_t InputGrid::pointAt(const std::vector<size_t>& indices) const
{
    if (indices.size() != axes_.size())
        throw std::logic_error("InputGrid::pointAt: one index per axis");
    size_t point = 0;
    for (size_t a = 0; a < axes_.size(); ++a)
        point = point * axes_[a].paths.size() + indices[a];
    return point;
}

void InputGrid::checkPattern(const std::string& flag, const std::string& pattern) const
{
    std::vector<std::string> severalRoles, missing;
    for (const Axis& axis : axes_)
        if (axis.paths.size() > 1) {
            severalRoles.push_back(axis.role);
            if (pattern.find(placeholder(axis.role)) == std::string::npos)
                missing.push_back(placeholder(axis.role));
        }
    if (!missing.empty()) {
        std::vector<std::string> counts;
        for (const Axis& axis : axes_)
            if (axis.paths.size() > 1)
                counts.push_back(fmt::format("{} {} files", axis.paths.size(), axis.flag));
        throw UsageError(fmt::format(
            "{} {} needs {} in its path: the grid runs {} and writes one file per input point, e.g. {} '{}' "
            "(docs/cli.md \"Grids over inputs\")",
            flag, printableExcerpt(pattern), fmt::join(missing, " and "), fmt::join(counts, " x "), flag,
            printableExcerpt(suggestedPattern(pattern, severalRoles))));
    }
    for (const std::string& role : kPlaceholderRoles) {
        if (pattern.find(placeholder(role)) == std::string::npos)
            continue;
        bool swept = false;
        for (const Axis& axis : axes_)
            swept = swept || axis.role == role;
        if (!swept)
            throw UsageError(fmt::format("{} {} names {}, but this command has no {} input to fill it with", flag,
                                         printableExcerpt(pattern), placeholder(role), role));
    }
}

std::string InputGrid::outputPath(const std::string& pattern, size_t point) const
{
    std::string path = pattern;
    for (size_t a = 0; a < axes_.size(); ++a) {
        const std::string mark = placeholder(axes_[a].role);
        const std::string& name = axes_[a].names[indexOn(point, a)];
        for (size_t at = path.find(mark); at != std::string::npos; at = path.find(mark, at + name.size()))
            path.replace(at, mark.size(), name);
    }
    return path;
}

std::string InputGrid::describe(size_t point) const
{
    std::vector<std::string> parts;
    for (size_t a = 0; a < axes_.size(); ++a)
        parts.push_back(fmt::format("{} {}", axes_[a].role, printableExcerpt(axes_[a].paths[indexOn(point, a)])));
    return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace tessera
