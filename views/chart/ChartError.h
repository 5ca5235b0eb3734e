#pragma once

#include <QString>

#include <stdexcept>

namespace tessera::chart {

// An export that could not be done: an unwritable path, an impossible size. The message names
// the file and the reason, ready for an error line or a dialog.
class ChartError : public std::runtime_error {
public:
    explicit ChartError(const QString& message) : std::runtime_error(message.toStdString()) {}
};

// A chart that cannot be drawn for a run because the run does not carry what it needs (a run
// reopened from an older study, with no job completion times): the message names the run and
// what is missing. `tessera-cli chart` reports it as an input error (the study's), and the
// report of every chart leaves that chart out rather than drawing it empty.
class ChartDataMissing : public ChartError {
public:
    using ChartError::ChartError;
};

// A chart that runs the run's inputs again (the renting kind's frontier sweeps its policy over
// budgets), asked of a run that holds only its results: `tessera-cli chart` then draws the run
// made again from its recorded recipe; elsewhere it is a ChartDataMissing like any other.
class ChartNeedsRunInputs : public ChartDataMissing {
public:
    using ChartDataMissing::ChartDataMissing;
};

}  // namespace tessera::chart
