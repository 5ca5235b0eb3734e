#pragma once

#include "SweepRun.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace tessera::views {

// A parameter a sweep's runs were made with (their trace, node list, policy, a policy term's
// weight, seed, mode, study), read from each run. The browser shows those that vary across its runs.
class SweepParameter {
public:
    enum class Kind { Trace, Nodes, Policy, Weight, Seed, Mode, Study };

    SweepParameter(Kind kind, QString term = {});

    QString id() const;     // "trace", "nodes", "policy", "weight:pwr", "seed", "mode", "study"
    QString title() const;  // "Trace", "Policy", "PWR weight", ...
    // A number that orders and charts its values (weights, seeds); others are ordered as text.
    bool numeric() const { return kind_ == Kind::Weight || kind_ == Kind::Seed; }
    // The value of `run` as the table shows it and a filter or group names it.
    QString text(const SweepRun& run, const QStringList& studyNames) const;
    // The value as a number (numeric parameters; 0 otherwise).
    double number(const SweepRun& run) const;

    // The parameters whose value differs between two of `runs`, in the order the table shows
    // them: trace, node list, policy, each term's weight (in the order the terms first appear), seed, mode,
    // then the study, unless it says no more than the trace does (one study per trace).
    static std::vector<SweepParameter> varying(const std::vector<SweepRun>& runs, const QStringList& studyNames);

private:
    Kind kind_;
    QString term_;  // the policy term of a Weight
};

}  // namespace tessera::views
