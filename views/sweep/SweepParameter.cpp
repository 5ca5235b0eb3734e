#include "SweepParameter.h"

#include <algorithm>
#include <map>
#include <set>

namespace tessera::views {

SweepParameter::SweepParameter(Kind kind, QString term) : kind_(kind), term_(std::move(term)) {}

QString SweepParameter::id() const
{
    switch (kind_) {
    case Kind::Trace: return QStringLiteral("trace");
    case Kind::Nodes: return QStringLiteral("nodes");
    case Kind::Policy: return QStringLiteral("policy");
    case Kind::Weight: return QStringLiteral("weight:") + term_;
    case Kind::Seed: return QStringLiteral("seed");
    case Kind::Mode: return QStringLiteral("mode");
    case Kind::Study: return QStringLiteral("study");
    }
    return {};
}

QString SweepParameter::title() const
{
    switch (kind_) {
    case Kind::Trace: return QStringLiteral("Trace");
    case Kind::Nodes: return QStringLiteral("Nodes");
    case Kind::Policy: return QStringLiteral("Policy");
    case Kind::Weight: return QStringLiteral("%1 weight").arg(term_.toUpper());
    case Kind::Seed: return QStringLiteral("Seed");
    case Kind::Mode: return QStringLiteral("Mode");
    case Kind::Study: return QStringLiteral("Study");
    }
    return {};
}

QString SweepParameter::text(const SweepRun& run, const QStringList& studyNames) const
{
    switch (kind_) {
    case Kind::Trace: return run.trace;
    case Kind::Nodes: return run.nodes;
    case Kind::Policy: return run.policy;
    case Kind::Weight: return QString::number(run.weight(term_));
    case Kind::Seed: return QString::number(run.seed);
    case Kind::Mode: return run.mode;
    case Kind::Study: return studyNames.value(run.source);
    }
    return {};
}

double SweepParameter::number(const SweepRun& run) const
{
    if (kind_ == Kind::Weight)
        return double(run.weight(term_));
    if (kind_ == Kind::Seed)
        return double(run.seed);
    return 0;
}

std::vector<SweepParameter> SweepParameter::varying(const std::vector<SweepRun>& runs, const QStringList& studyNames)
{
    std::vector<SweepParameter> all{SweepParameter(Kind::Trace), SweepParameter(Kind::Nodes),
                                    SweepParameter(Kind::Policy)};
    // Terms in the order of the spec that has the most (a grid's full spec, "pwr:50,fgd:950",
    // rather than its weight-0 point "fgd:1000"), then any others as they appear.
    std::vector<const SweepRun*> bySpecLength;
    for (const SweepRun& run : runs)
        bySpecLength.push_back(&run);
    std::stable_sort(bySpecLength.begin(), bySpecLength.end(),
                     [](const SweepRun* a, const SweepRun* b) { return a->weights.size() > b->weights.size(); });
    std::set<QString> terms;
    for (const SweepRun* run : bySpecLength)
        for (const auto& [term, weight] : run->weights)
            if (terms.insert(term).second)
                all.emplace_back(Kind::Weight, term);
    all.emplace_back(Kind::Seed);
    all.emplace_back(Kind::Mode);

    std::vector<SweepParameter> shown;
    for (const SweepParameter& p : all) {
        std::set<QString> values;
        for (const SweepRun& run : runs)
            values.insert(p.text(run, studyNames));
        if (values.size() > 1)
            shown.push_back(p);
    }
    // The study, when it tells runs apart that the trace does not (two studies of one trace).
    std::map<QString, std::set<int>> studiesOfTrace;
    for (const SweepRun& run : runs)
        studiesOfTrace[run.trace].insert(run.source);
    for (const auto& [trace, studies] : studiesOfTrace)
        if (studies.size() > 1) {
            shown.emplace_back(Kind::Study);
            break;
        }
    return shown;
}

}  // namespace tessera::views
