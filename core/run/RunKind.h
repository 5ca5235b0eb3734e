#pragma once

#include "io/InputError.h"
#include "run/Run.h"
#include "run/RunInputs.h"
#include "run/RunRequest.h"
#include "util/Progress.h"

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// One input file (or folder) a kind's runs load, for the open dialog.
struct RunKindInput {
    std::string role{};   // as InputFile::role: "nodes", "pods", "scenario"
    std::string label{};  // "Node list"
    std::string nameFilter{};  // "CSV files (*.csv)"
    bool optional = false;
    bool folder = false;  // a directory rather than a file
    // Above 0: this input names the run's workload in listings (`tessera-cli runs`, the
    // Library's trace column); of the inputs a run has, the lowest rank wins. 0: it does not.
    int workloadRank = 0;
};

// A policy a menu offers; any other text the kind's policyProblem() accepts works as well.
struct RunKindPolicy {
    std::string spec{};   // what a request carries, e.g. "fgd" or "pwr:100,fgd:900"
    std::string label{};  // what the menu shows, e.g. "FGD"
    std::string description{};
    // A policy of a family told apart by a whole number after `argumentPrefix` ("fixed:" and a
    // width): menus offer a number box (`argumentLabel`, `argumentMin` to `argumentMax`) for any
    // member of the family, which `family` names ("Fixed width"). Empty prefix: no family.
    std::string argumentPrefix{};
    std::string family{};
    std::string argumentLabel{};
    int argumentMin = 0;
    int argumentMax = 0;
};

// One parameter of a kind's runs, for the Run panel, the Fork dialog and request checks.
struct RunKindParameter {
    enum class Type { Integer, Real, Choice };
    std::string name{};   // the key in RunRequest::values, e.g. "seed"
    std::string label{};  // "Seed"
    std::string unit{};   // "", "s", "×"
    Type type = Type::Real;
    double defaultValue = 0;  // Choice: the index of the default choice
    double min = 0;
    double max = 0;
    std::vector<std::string> choices{};  // Choice: the values a request may carry
    std::vector<std::string> choiceLabels{};  // Choice: what a menu shows, one per choice
    // A fork may set it (a load scale, an SLO); otherwise a fork keeps the parent's value.
    bool forkable = false;
    std::string help{};  // a tooltip
    // Used only while parameter `onlyWhenParameter` has the value `onlyWhenValue` (tune only in
    // the experiment mode, say); the panels disable it otherwise. Empty: always used.
    std::string onlyWhenParameter{};
    std::string onlyWhenValue{};

    // The default as request text: "42", "1.3", "experiment".
    std::string defaultText() const;
    // Why `value` is not a value of this parameter, or nothing: a sentence that starts with the
    // label ("Nodes must be between 1 and 1024 (got 0)").
    std::optional<std::string> problemWith(const std::string& value) const;
    // The same after the flag that gave the value, as the CLI says it: "--cluster: nodes must be
    // between 1 and 1024 (got 0)". The label goes to lower case unless it opens with an acronym
    // ("SLO scale").
    std::optional<std::string> problemAfter(const std::string& flag, const std::string& value) const;
};

// How a kind reads a file a user opened without saying what it is (the app's Open…): the input
// role it takes, and whether the file is made for this kind (a Pollux workload for renting)
// rather than only readable by it. When several kinds read a file, the app keeps the current
// kind if it is one of them, else takes one made for the file (KindForFile).
struct RunKindMatch {
    std::string role{};
    bool madeFor = false;
};

// The path given for an input role, or "" when the role was not given: how every kind's
// loadInputs reads its `paths`.
std::string inputPathOf(const std::map<std::string, std::string>& paths, std::string_view role);

// A kind of run (pod scheduling, MIG inference, training): how runs of it are created,
// checked and forked. A kind implements this class in its own folder and registers one
// instance with a static RunKindRegistration, so the app, the CLI and the tests find it by
// RunInfo::kind without naming it.
class RunKind {
public:
    virtual ~RunKind() = default;

    // RunInfo::kind of its runs, e.g. "pod-scheduling"; the registry key.
    virtual std::string id() const = 0;
    // For menus and titles: "Pod scheduling (GPU sharing)".
    virtual std::string displayName() const = 0;

    // What a run of this kind loads, in the order a user gives them.
    virtual std::vector<RunKindInput> inputs() const = 0;
    // Loads the files named by role (every non-optional input present). Throws InputError
    // naming the file; CancelledError when `progress` returns false. What its loaders accepted
    // but noticed (an interrupted final line, an unknown model, a file ignored in a folder) goes
    // to `warnings`, one `FILE:LINE: ...` line each, for the CLI's `warning:` lines and the
    // app's inputs panel: nothing is skipped silently (contracts.md 4).
    virtual std::shared_ptr<const RunInputs> loadInputs(const std::map<std::string, std::string>& paths,
                                                        LoadWarnings& warnings,
                                                        const ProgressCallback& progress = {}) const = 0;

    // Whether `path` is one of this kind's inputs, told by its contents (its header), never its
    // name: the role it takes, or nothing. Cheap (a first line), and never throws.
    virtual std::optional<RunKindMatch> recognise(const std::string& path) const
    {
        (void)path;
        return std::nullopt;
    }
    // What `inputs` (from this kind's loadInputs() with `given`, role -> path) hold, in a
    // sentence for the inputs panel: "160 jobs of 6 applications, arriving over 0–7.6 h;
    // profiles: DIR (found beside the job file)". Empty: nothing to say beyond the file names.
    virtual std::string inputsSummary(const RunInputs& inputs, const std::map<std::string, std::string>& given) const
    {
        (void)inputs, (void)given;
        return {};
    }

    // The policies menus list; the first is the default.
    virtual std::vector<RunKindPolicy> policies() const = 0;
    // `spec` in the one form that names the same policy however it was written ("fgd" and
    // "fgd:1000" alike); throws UsageError with a sentence for the user when it is no policy
    // of this kind.
    virtual std::string canonicalPolicy(const std::string& spec) const = 0;
    // Whether policies combine as weighted terms "NAME:WEIGHT,NAME:WEIGHT" (the Run panel then
    // offers its weighted editor).
    virtual bool combinesPolicies() const { return false; }
    // Whether compare and the report list its runs' summary figures (Run::summary, in that
    // order) before their metrics over time: for a kind whose result is what its summary says
    // (a rental run's JCT and cost), not a state at the cursor.
    virtual bool summaryFirst() const { return false; }
    virtual std::vector<RunKindParameter> parameters() const = 0;

    // A new run on `inputs`, which came from this kind's loadInputs() or conformanceSample().
    // Throws UsageError for a request requestProblem() refuses, InputError when the inputs
    // cannot take it (a pod list without times replayed), CancelledError on cancel.
    virtual std::unique_ptr<Run> simulate(std::shared_ptr<const RunInputs> inputs, const RunRequest& request,
                                          const ProgressCallback& progress = {}) const = 0;
    // Why `request` cannot run on `inputs` (from this kind's loadInputs() or conformanceSample()),
    // or nothing: what the values alone do not say (a rental budget below what the workload needs
    // at the least). simulate() refuses such a request. Checking may cost a short run the first
    // time for given inputs; with `mayCompute` false (the GUI thread) a kind says only what it
    // knows at once.
    virtual std::optional<std::string> inputsProblem(const std::shared_ptr<const RunInputs>& inputs,
                                                     const RunRequest& request, bool mayCompute = true) const
    {
        (void)inputs, (void)request, (void)mayCompute;
        return std::nullopt;
    }
    // How the app names a run of this kind before one is shown (the tabs' names with no run
    // shown after a kind switch or a restart): what every run of the kind's words() says.
    virtual RunWords words() const { return {}; }
    // What the Run panel says of parameter `name` on `inputs` (the renting budget's floor on the
    // workload), and the value it starts from on them where the kind's default does not suit
    // them (a budget of 16 below a workload's floor of 20.88); as inputsProblem, with only what
    // the kind knows at once.
    struct ParameterAdvice {
        std::optional<double> value;  // nothing: the default suits these inputs
        std::string note;
    };
    virtual ParameterAdvice parameterAdvice(const std::shared_ptr<const RunInputs>& inputs,
                                            const std::string& name) const
    {
        (void)inputs, (void)name;
        return {};
    }
    // The same for a fork of `run` (of this kind) that sets `request`'s values; fork() refuses it.
    virtual std::optional<std::string> forkValuesProblem(const Run& run, const RunRequest& request,
                                                         bool mayCompute = true) const
    {
        (void)run, (void)request, (void)mayCompute;
        return std::nullopt;
    }
    // Why `run` (of this kind) cannot be forked at `position`, or nothing: a saved run whose
    // inputs changed, a position a kind cannot restart from.
    virtual std::optional<std::string> forkProblem(const Run& run, size_t position) const = 0;
    // Why a fork of `run` at `position` cannot switch to `policy` (a spec of this kind), or
    // nothing: the fork dialog shows such policies disabled with the reason, fork() refuses them.
    virtual std::optional<std::string> forkTargetProblem(const Run& run, size_t position, const std::string& policy) const
    {
        (void)run, (void)position, (void)policy;
        return std::nullopt;
    }
    // What parameter `name` means for a fork of `run` at `position`, in a sentence for the fork
    // dialog (a budget that is an average over the whole run, the kept part included), or empty.
    virtual std::string forkParameterNote(const Run& run, size_t position, const std::string& name) const
    {
        (void)run, (void)position, (void)name;
        return {};
    }
    // `run`'s first `position` steps, then `request`. With the run's own policy and no values
    // the branch reproduces the run exactly. Throws as simulate(), and InputError when
    // forkProblem() has a reason.
    virtual std::unique_ptr<Run> fork(const Run& run, size_t position, const RunRequest& request,
                                      const ProgressCallback& progress = {}) const = 0;

    // Small inputs made in memory, for the conformance test every kind passes.
    virtual std::shared_ptr<const RunInputs> conformanceSample() const = 0;
    // Small input files written into the existing folder `dir`, as loadInputs() takes them
    // (role -> path), for the conformance test of loadInputs: that they load, and that a
    // warning for any file (its last line cut short) reaches the caller. Every file input
    // that is given is a CSV file whose last row has at least two fields.
    virtual std::map<std::string, std::string> writeConformanceFiles(const std::string& dir) const = 0;

    // Why `spec` is not a policy of this kind, or nothing.
    std::optional<std::string> policyProblem(const std::string& spec) const;
    // Why `request` cannot start a run (forking: change a run), or nothing: the policy, an
    // unknown parameter, a value out of range, a parameter a fork cannot change.
    std::optional<std::string> requestProblem(const RunRequest& request, bool forking = false) const;
    // Every parameter's value: the request's, else the default. Throws UsageError for a request
    // requestProblem() refuses.
    RunRequest resolved(const RunRequest& request) const;
    // The parameter called `name`, or nothing.
    std::optional<RunKindParameter> parameter(const std::string& name) const;
};

}  // namespace tessera
