#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace tessera {
class RunKind;
struct RunRequest;
}

namespace tessera::views {

class RunHandle;

// One run kind of the core's RunKindRegistry as QML sees it: its policies and parameters, for
// the Run panel and the Fork dialog to list, and checks of what a user typed. The panels show
// whatever kind this names, so a new kind needs no QML of its own to be run and forked.
class RunKindModel : public QObject {
    Q_OBJECT
    QML_ELEMENT
    // The kind's id (RunInfo::kind); setting an unknown id keeps the current kind.
    Q_PROPERTY(QString kindId READ kindId WRITE setKindId NOTIFY kindChanged)
    Q_PROPERTY(QString displayName READ displayName NOTIFY kindChanged)
    // How the kind names its steps and views (RunKind::words), for the tabs with no run shown.
    Q_PROPERTY(QVariantMap words READ words NOTIFY kindChanged)
    // What a user opens to make runs of the kind, after "Open": "a trace" for pods, else the
    // kind's inputs by their labels ("the profile folder, SLO folder or scenario file").
    Q_PROPERTY(QString inputsName READ inputsName NOTIFY kindChanged)
    // Every registered kind's id.
    Q_PROPERTY(QStringList kinds READ kinds CONSTANT)
    // Per registered kind: {id, name}, for a kind menu.
    Q_PROPERTY(QVariantList kindEntries READ kindEntries CONSTANT)
    // The policy specs a menu lists, the default first.
    Q_PROPERTY(QStringList policies READ policies NOTIFY kindChanged)
    // Per policy: {spec, label, description, argumentPrefix, family, argumentLabel, argumentMin,
    // argumentMax} (RunKindPolicy: a family like fixed:K offers a number box).
    Q_PROPERTY(QVariantList policyEntries READ policyEntries NOTIFY kindChanged)
    // Whether policies combine as weighted terms (the weighted editor is offered).
    Q_PROPERTY(bool combinesPolicies READ combinesPolicies NOTIFY kindChanged)
    // Per parameter: {name, label, unit, type ("integer", "real", "choice"), defaultValue,
    // defaultText, min, max, rangeText ("0.001–1,000,000"), choices: [{value, text}], forkable, help, onlyWhenParameter,
    // onlyWhenValue}.
    Q_PROPERTY(QVariantList parameters READ parameters NOTIFY kindChanged)
    // The parameters a fork may change.
    Q_PROPERTY(QVariantList forkParameters READ forkParameters NOTIFY kindChanged)
    // Per input the kind loads: {role, label, nameFilter, optional, folder}.
    Q_PROPERTY(QVariantList inputs READ inputs NOTIFY kindChanged)
    // Whether the kind loads a node list and a pod list, which the trace session opens (the
    // Trace panel); other kinds' inputs are opened by the Inputs panel.
    Q_PROPERTY(bool usesTraceSession READ usesTraceSession NOTIFY kindChanged)

public:
    explicit RunKindModel(QObject* parent = nullptr);

    QString kindId() const { return kindId_; }
    void setKindId(const QString& id);
    QString displayName() const;
    QVariantMap words() const;
    QString inputsName() const;
    QStringList kinds() const;
    QVariantList kindEntries() const;
    QStringList policies() const;
    QVariantList policyEntries() const;
    bool combinesPolicies() const;
    QVariantList parameters() const;
    QVariantList forkParameters() const;
    QVariantList inputs() const;
    bool usesTraceSession() const;

    // Empty when `spec` is a policy of the kind, else why not.
    Q_INVOKABLE QString validatePolicy(const QString& spec) const;
    // Empty when `policy` with `values` (parameter name -> value) can start a run (forking:
    // change one), else why not.
    Q_INVOKABLE QString validate(const QString& policy, const QVariantMap& values, bool forking = false) const;
    // Empty when a fork of `run` at `position` may switch to `policy`, else why not (the kind's
    // forkTargetProblem, its one rule).
    Q_INVOKABLE QString forkTargetProblem(tessera::views::RunHandle* run, int position, const QString& policy) const;
    // Empty when a fork of `run` to `policy` setting `values` can run on its inputs, else why not
    // (the kind's forkValuesProblem: BOA at a budget below the workload's floor), for the Fork
    // dialog to say before OK.
    Q_INVOKABLE QString forkValuesProblem(tessera::views::RunHandle* run, const QString& policy,
                                          const QVariantMap& values) const;
    // What parameter `name` means for a fork of `run` at `position` (RunKind::forkParameterNote),
    // or empty.
    Q_INVOKABLE QString forkParameterNote(tessera::views::RunHandle* run, int position, const QString& name) const;
    // policyEntries, each with "problem": forkTargetProblem for `run` at `position`, for the
    // Fork dialog to show the policies it cannot switch to disabled, with the reason, before OK.
    Q_INVOKABLE QVariantList forkPolicyEntries(tessera::views::RunHandle* run, int position) const;

    // The kind this names; throws UsageError when it is no longer registered.
    const RunKind& kind() const;
    // `policy` and `values` as the core's request (values as text; numbers without a
    // fraction written as integers).
    static RunRequest request(const QString& policy, const QVariantMap& values);
    // Whether `kind` loads a node list and a pod list (what the trace session opens).
    static bool loadsNodeAndPodLists(const RunKind& kind);

signals:
    void kindChanged();

private:
    QStringList policyList() const;
    QVariantList policyEntryList() const;
    QVariantList parameterList(bool forkableOnly) const;
    // The kind, or nullptr once it is no longer registered (what QML reads must not throw).
    const RunKind* found() const;

    QString kindId_;
};

}  // namespace tessera::views
