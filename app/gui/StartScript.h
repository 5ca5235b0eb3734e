#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QStringList>

namespace tessera::gui {

// What `tessera` is asked to show at start, for screenshots and CI (README, Scripted start): open inputs
// of a kind and run policies on them, or reopen a saved run, then pick a view and a position.
// Each is what a user does in the window; ScriptedStart does it through the same objects.
struct StartScript {
    QString kind;          // --kind: a registered run kind's id; empty: the kind chosen last
    QStringList open;      // --open: the kind's inputs in the order it lists them; "" skips one
    QStringList policies;  // --policy, repeated; empty with --open: the kind's default policy
    QString study;         // --study: the study runs are saved in and --run is read from
    qint64 run = -1;       // --run: a saved run's id in --study
    QString view;          // --view: occupancy, gantt, a kind's view, inspector, metrics, compare
    int at = -1;           // --at: the timeline's position (a step); -1: where a run opens (its last busy step)

    // Nothing asked: the usual start (the last trace, or the bundled default, run at once).
    bool empty() const { return kind.isEmpty() && open.isEmpty() && study.isEmpty() && view.isEmpty() && at < 0; }
};

// The options, for QCommandLineParser::addOptions.
QList<QCommandLineOption> startOptions();

// The script the parsed options ask for. Sets `error` and returns an empty script for a usage
// error (exit 2): an unknown kind, --run without --study, --policy without --open, a bad number.
StartScript parseStartScript(const QCommandLineParser& parser, QString& error);

}  // namespace tessera::gui
