#pragma once

#include "io/InputFile.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace tessera {

// The input files one command sweeps over (docs/cli.md "Grids over inputs"): one axis per
// repeatable input role (simulate: the node lists, then the pod lists), each the files in the
// order given. Its points are the cartesian product, the first axis outermost; a command numbers
// its runs point by point, so that one file per axis numbers them exactly as a command of one
// trace does (and its shards stay what they were).
//
// Outputs of a grid of several points are one file per point: an output path is a pattern in
// which `{ROLE}` (`{nodes}`, `{pods}`) stands for the point's file on that axis, by its name:
// the file's stem, or, when two files of the axis share a stem, the fewest trailing folders
// that tell them apart joined with '-' (`s1-pods`, `s2-pods`).
class InputGrid {
public:
    struct Axis {
        std::string role;                // "nodes", "pods": the placeholder {role}
        std::string flag;                // "--nodes", for messages
        std::vector<std::string> paths;  // as given
        std::vector<std::string> names;  // each file's name in output paths (fileNames)
    };

    // simulate's axes, outermost first: the node lists (--nodes), then the pod lists (--pods);
    // role and flag set, no paths.
    static std::vector<Axis> podTraceAxes();
    // The grid of `axes` (role, flag and paths set). Throws UsageError for an axis without a
    // file, or one that names a file twice (the same path, or two links to one file).
    static InputGrid of(std::vector<Axis> axes);
    // Throws UsageError when two files of an axis hold the same bytes (`digests`: path as given
    // -> content hash, as the loaders record them), which would run the same point twice under
    // two names. Checked once the files are loaded, so that none is read twice.
    void requireDistinctContents(const std::map<std::string, std::string>& digests) const;

    // The grid that saved runs were run over, from the files they record (`runs`, in run number
    // order): per axis of `axes` whose role any run records, its files in order of first
    // appearance, which is the order given since a command numbers its runs point by point.
    // A run that lacks a role the others record throws std::invalid_argument.
    static InputGrid ofRuns(std::vector<Axis> axes, const std::vector<std::vector<InputFile>>& runs);
    // The point of a run that recorded `inputs` (of a grid made by ofRuns from it).
    size_t pointOf(const std::vector<InputFile>& inputs) const;

    const std::vector<Axis>& axes() const { return axes_; }
    size_t pointCount() const;
    bool isSingle() const { return pointCount() == 1; }
    // Point `point`'s position on axis `axis`.
    size_t indexOn(size_t point, size_t axis) const;
    // The point whose position on each axis is `indices` (one per axis).
    size_t pointAt(const std::vector<size_t>& indices) const;

    // Throws UsageError when `pattern`, the value of output flag `flag`, cannot name a file per
    // point: it lacks the placeholder of an axis of several files, or names a role the grid has
    // no axis for. The message shows the form to use.
    void checkPattern(const std::string& flag, const std::string& pattern) const;
    // `pattern` with every placeholder replaced by the point's file names.
    std::string outputPath(const std::string& pattern, size_t point) const;
    // "nodes FILE, pods FILE" (paths as given): the heading of a point's summary.
    std::string describe(size_t point) const;

    // Each path's name in output paths (see the class comment), in order.
    static std::vector<std::string> fileNames(const std::vector<std::string>& paths);

private:
    std::vector<Axis> axes_;
};

}  // namespace tessera
