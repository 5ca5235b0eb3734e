#pragma once

#include "StartScript.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QQuickWindow>

#include <vector>

namespace tessera::views {
class RunHandle;
class RunManager;
class StudyLibrary;
class TraceSession;
}  // namespace tessera::views

namespace tessera::gui {

// Does a StartScript in the loaded main window (Main.qml) through the objects its panels use:
// opens the study (StudyLibrary), the inputs of the kind (TraceSession for node and pod lists,
// else RunManager::loadInputs), runs each policy in turn (RunManager::startRequest, which
// reopens a run the study holds already), reopens a saved run (RunManager::openSaved), then
// shows the first run beside the second, picks the view and the position. One step at a time,
// each when the one before has finished; `finished` once, with 0, or with the exit code and
// message of the first failure: 2 for a bad request (kind, policy, view, number of inputs),
// 3 for inputs, a study or a saved run that cannot be read, or a run that fails on them.
class ScriptedStart : public QObject {
    Q_OBJECT

public:
    ScriptedStart(QQuickWindow* window, StartScript script, QObject* parent = nullptr);

    // Whether the window should skip its usual start (the last trace or the bundled default,
    // run at once): the script opens inputs or a study itself, or chooses a kind.
    static bool replacesUsualStart(const StartScript& script);

    // Starts the first step; call once the window is loaded.
    void start();

signals:
    void finished(int code, const QString& message);

private:
    void openStudy();
    void openInputs();
    void runNextPolicy();
    void openSavedRun();
    void showRuns();
    // Goes on with `step` from the event loop, not inside the signal that ended the last one.
    void then(void (ScriptedStart::*step)());
    void stopWaiting();
    void fail(int code, const QString& message);
    // An object of the window by its objectName, visual items included.
    QObject* find(const QString& name) const;

    QQuickWindow* window_;
    StartScript script_;
    views::RunManager* runs_ = nullptr;
    views::TraceSession* session_ = nullptr;
    views::StudyLibrary* library_ = nullptr;
    std::vector<QPointer<views::RunHandle>> shown_;  // the runs made or reopened, in order
    qsizetype nextPolicy_ = 0;
    std::vector<QMetaObject::Connection> waiting_;
    bool over_ = false;
};

}  // namespace tessera::gui
