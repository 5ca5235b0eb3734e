#pragma once

#include "run/RunHandle.h"
#include "run/RunRecipe.h"
#include "runs/RunKindModel.h"
#include "tasks/BackgroundTask.h"
#include "study/StudyLibrary.h"
#include "trace/TraceSession.h"

#include <QAbstractListModel>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <mutex>
#include <vector>

namespace tessera::views {

// The open runs, as a list model. Simulates, forks and reopens saved runs on a worker thread
// with progress and cancel, saves every finished run into the current study off the GUI
// thread, and gives each run its own colour.
class RunManager : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    // What the worker is doing, e.g. "Simulating fgd:1000, seed 42", or empty.
    Q_PROPERTY(QString status READ status NOTIFY busyChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    // What became of the last job when it did not end in a run or an error: "Simulating
    // fgd:1000, seed 42: cancelled at 37 %, no run kept", until dismissed or the next job starts,
    // so that a user who looked away can tell a cancel from a failure. Empty otherwise.
    Q_PROPERTY(QString notice READ notice NOTIFY noticeChanged)
    Q_PROPERTY(int count READ count NOTIFY countChanged)
    Q_PROPERTY(int pendingSaves READ pendingSaves NOTIFY pendingSavesChanged)
    Q_PROPERTY(tessera::views::TraceSession* traceSession READ traceSession WRITE setTraceSession NOTIFY
                   traceSessionChanged)
    Q_PROPERTY(tessera::views::StudyLibrary* study READ study WRITE setStudy NOTIFY studyChanged)
    // The kind new runs are of, with its policies and parameters for the Run panel and the
    // Fork dialog (the core's RunKindRegistry).
    Q_PROPERTY(tessera::views::RunKindModel* kind READ kind CONSTANT)
    // Whether the current kind's inputs are open, so that a run can start.
    Q_PROPERTY(bool inputsReady READ inputsReady NOTIFY inputsReadyChanged)
    // What loading the current kind's inputs (loadInputs) accepted with a warning, one
    // `FILE:LINE: ...` line each, or empty.
    Q_PROPERTY(QString inputWarnings READ inputWarnings NOTIFY inputsReadyChanged)
    // What the current kind's open inputs hold, in the kind's words (RunKind::inputsSummary),
    // or empty; and the path each input was read from (role -> path), a folder found beside a
    // file included, for the inputs panel's fields.
    Q_PROPERTY(QString inputsSummary READ inputsSummary NOTIFY inputsReadyChanged)
    Q_PROPERTY(QVariantMap inputPaths READ inputPaths NOTIFY inputsReadyChanged)
    // After openFile(): which kind opened the file and which others read it too, in a sentence;
    // empty once inputs are opened otherwise.
    Q_PROPERTY(QString openNote READ openNote NOTIFY inputsReadyChanged)
    // The current kind's policy specs (for pods: the score plugins a policy can combine).
    Q_PROPERTY(QStringList plugins READ plugins NOTIFY kindPoliciesChanged)

public:
    enum Role {
        RunRole = Qt::UserRole + 1,
        NameRole,
        PolicyRole,
        SeedRole,
        ModeRole,
        StepsRole,
        ColorRole,
        StoredIdRole,
        IsForkRole,
    };
    Q_ENUM(Role)

    explicit RunManager(QObject* parent = nullptr);
    ~RunManager() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    bool busy() const { return task_.busy(); }
    double progress() const { return task_.progress(); }
    QString status() const { return busy() ? status_ : QString(); }
    QString error() const { return error_; }
    QString notice() const { return notice_; }
    int count() const { return int(runs_.size()); }
    int pendingSaves() const { return pendingSaves_; }
    TraceSession* traceSession() const { return traceSession_; }
    void setTraceSession(TraceSession* session);
    StudyLibrary* study() const { return study_; }
    void setStudy(StudyLibrary* study);
    QStringList plugins() const;
    RunKindModel* kind() const { return kind_; }
    bool inputsReady() const;
    QString inputWarnings() const { return kindWarnings_.value(kind_->kindId()); }
    QString inputsSummary() const { return kindSummaries_.value(kind_->kindId()); }
    QVariantMap inputPaths() const { return kindPaths_.value(kind_->kindId()); }
    QString openNote() const { return openNote_; }

    // Simulates `policy` with parameter `values` (name -> value; a missing one takes its
    // default) as a run of the current kind on its inputs. Returns false, with `error` set,
    // when the request is bad or no inputs are loaded; nothing starts then. A run the study
    // already holds (same input files and request, see SavedRunIndex) is reopened instead:
    // savedRunOpened rather than runFinished.
    Q_INVOKABLE bool startRequest(const QString& policy, const QVariantMap& values);
    // startRequest() with the pod kind's parameters, as callers wrote it before kinds.
    Q_INVOKABLE bool start(const QString& policySpec, const QString& mode = QStringLiteral("experiment"),
                           qint64 seed = 42, double tune = 1.3, const QString& tieOrder = QStringLiteral("seeded"));
    // A what-if branch of `run`: its first `position` steps, then `policy` with the forkable
    // parameter `values` changed, by `run`'s own kind, which may refuse with a reason. A run
    // reopened from a study that its kind cannot fork as it is (the study keeps its series, not
    // its state) is first made again from its recorded inputs and request (RunRecipe), then
    // forked: a recorded file gone or changed is an error naming the file and the run.
    Q_INVOKABLE bool forkRequest(tessera::views::RunHandle* run, int position, const QString& policy,
                                 const QVariantMap& values);
    Q_INVOKABLE bool fork(tessera::views::RunHandle* run, int position, const QString& policySpec);
    // Loads the current kind's inputs from `paths` (role -> file) on the worker, for kinds
    // whose inputs the trace session does not load; inputsLoaded when done.
    Q_INVOKABLE bool loadInputs(const QVariantMap& paths);
    // Opens a file the user picked or dropped without saying what it is: the kind that reads it
    // (KindForFile: every registered kind is asked, by the file's header) becomes the current
    // kind, and the file is loaded as that kind's input (a node or pod list by the trace
    // session, with its partner). A file no kind recognises goes to the current kind's loader,
    // whose error says what it expected; a folder to the trace session.
    Q_INVOKABLE void openFile(const QString& urlOrPath);
    // At start: makes the kind chosen last the current one and, when it is not the trace
    // session's, opens the inputs last opened for it. False when the trace session's kind is
    // (or no kind was) the last: the caller reopens the last trace.
    Q_INVOKABLE bool reopenLastKind();
    // Reopens run `id` of the current study without simulating; when it is open already, the
    // open run is shown again (savedRunOpened at once).
    Q_INVOKABLE bool openSaved(qint64 id);
    // For the Run panel to make `run` again with changes: makes the run's kind the current one
    // and returns {policy, values (name -> text)} of the request it was simulated with (a
    // fork's: its first stretch's); a run without a recipe (made by tessera-cli) gives the
    // policy, seed and mode its study row records. When that kind has no inputs open, the run's
    // are opened (inputsLoaded; the pod kind's into the trace session when it has no trace),
    // if they are files still as recorded.
    Q_INVOKABLE QVariantMap recallRequest(tessera::views::RunHandle* run);
    // The parameter values (name -> text) in force in `run` at `position`: its request's, as
    // changed by the forks that led to it up to there; empty for a run without a recipe.
    Q_INVOKABLE QVariantMap valuesAt(tessera::views::RunHandle* run, int position) const;
    // Stops the running job; its result is dropped and `notice` says so.
    Q_INVOKABLE void cancel();
    Q_INVOKABLE void dismissNotice();
    Q_INVOKABLE void remove(int index);
    Q_INVOKABLE tessera::views::RunHandle* runAt(int index) const;
    Q_INVOKABLE int indexOf(tessera::views::RunHandle* run) const;
    // Empty when `policySpec` parses, else the reason it does not.
    Q_INVOKABLE QString validate(const QString& policySpec) const;
    // Empty when `policy` with `values` can start a run of the current kind, else why not: the
    // kind's checks of the request (RunKindModel::validate) and, when its inputs are open, of
    // the request on them (RunKind::inputsProblem: a rental budget below the workload's floor).
    // What startRequest() refuses, for the Run panel to say before Run is pressed.
    Q_INVOKABLE QString requestProblem(const QString& policy, const QVariantMap& values) const;
    // What the Run panel says of parameter `name` on the current kind's open inputs, and the
    // value it starts from on them (RunKind::parameterAdvice): {note, value} (value: a string,
    // or absent where the kind's default suits them); empty with no inputs open.
    Q_INVOKABLE QVariantMap parameterAdvice(const QString& name) const;
    // The parameter values (name -> text) of the current kind's last run started, this session
    // or an earlier one (LastKindInputs); empty before the first.
    Q_INVOKABLE QVariantMap lastValues() const;

signals:
    void busyChanged();
    void progressChanged();
    void errorChanged();
    void noticeChanged();
    void countChanged();
    void pendingSavesChanged();
    void traceSessionChanged();
    void studyChanged();
    void runFinished(tessera::views::RunHandle* run);
    void forkFinished(tessera::views::RunHandle* run);
    void savedRunOpened(tessera::views::RunHandle* run);
    void runSaved(tessera::views::RunHandle* run);
    void kindPoliciesChanged();
    void inputsReadyChanged();
    void inputsLoaded();

private:
    // The work runs on the worker; `adopt` gets its run on the GUI thread.
    using RunWork = std::function<std::shared_ptr<const Run>(const ProgressCallback&)>;
    using Adopt = std::function<void(std::shared_ptr<const Run>)>;
    void launch(const QString& status, RunWork work, Adopt adopt);
    // A reopened run made again from its recipe, kept for its next forks (worker threads).
    struct Rebuilt {
        std::mutex mutex;
        std::shared_ptr<const Run> run;
    };
    // How an open run can be made again: its recipe, else why it has none.
    struct Lineage {
        std::shared_ptr<const RunRecipe> recipe;
        QString missing;
        std::shared_ptr<Rebuilt> rebuilt;  // set by add()
    };
    RunHandle* add(std::shared_ptr<const Run> run, RunHandle* parentRun, int forkPosition, qint64 storedId,
                   Lineage lineage = {});
    QString distinctName(const RunHandle& handle) const;
    // A reopened run's decisions: the run made again from its recipe (shared with its forks),
    // with progress, or the reason it cannot be (no recipe, an input gone or changed).
    void makeDecisions(RunHandle* handle);
    void save(RunHandle* handle);
    // The current kind's inputs: loaded by loadInputs(), else the trace session's trace for a
    // kind that loads a node list and a pod list. Null when none are open.
    std::shared_ptr<const RunInputs> inputsFor(const RunKind& kind) const;
    // The open run saved as `id` in the current study (ids of other studies do not count).
    RunHandle* openRunStoredAs(qint64 id) const;
    void setSavedIn(RunHandle* handle, const QString& studyPath, qint64 id);
    void openInputsOf(const QString& kindId, const QVariantMap& paths);
    void takeRename(qint64 id, const QString& name);
    void setError(const QString& error);
    void setNotice(const QString& notice);
    void rowChanged(RunHandle* handle, int role);
    bool fail(const QString& error);
    // loadInputs() with the note openFile() leaves (empty from the inputs panel).
    bool loadKindInputs(const QVariantMap& paths, const QString& note);

    RunKindModel* kind_;
    QHash<QString, std::shared_ptr<const RunInputs>> kindInputs_;  // by kind id, from loadInputs()
    QHash<QString, QString> kindWarnings_;  // by kind id: the warnings of its kindInputs_
    QHash<QString, QString> kindSummaries_;  // by kind id: its kindInputs_ in a sentence
    QHash<QString, QVariantMap> kindPaths_;  // by kind id: where its kindInputs_ were read from
    QString openNote_;
    // Study ids of the runs saved by this manager, by study and run, for a fork saved before
    // its parent's id reached the GUI thread. Touched only by the save thread.
    // The weak pointer tells a run from a later one at the same address.
    struct SavedId {
        std::weak_ptr<const Run> run;
        qint64 id = -1;
    };
    std::shared_ptr<QHash<QPair<QString, const Run*>, SavedId>> savedIds_;
    BackgroundTask task_;
    // Makes a reopened run again from its recipe for its decisions, one run at a time, beside
    // (never cancelling) a simulation in task_.
    BackgroundTask decisionsTask_;
    QPointer<RunHandle> decisionsFor_;
    QThreadPool savePool_;  // one thread: saves reach the study in the order runs finished
    std::vector<RunHandle*> runs_;
    QHash<const RunHandle*, QString> studyOf_;  // the study each saved run's storedId belongs to
    QHash<const RunHandle*, Lineage> lineage_;
    // A run reopened without a recipe (a tessera-cli run): its study row, so that the Run and
    // Trace panels can still take its policy, seed and input files (recallRequest).
    QHash<const RunHandle*, RunRecord> savedRows_;
    QPointer<TraceSession> traceSession_;
    QPointer<StudyLibrary> study_;
    QString status_;
    QString error_;
    QString notice_;
    bool jobMakesRun_ = false;  // the job in task_ ends in a run (launch), not in inputs
    int pendingSaves_ = 0;
};

}  // namespace tessera::views
