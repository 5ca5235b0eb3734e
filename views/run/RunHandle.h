#pragma once

#include "run/Run.h"

#include <QColor>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>

namespace tessera::views {

// One finished run of any kind as QML sees it. Items, models and controllers take a RunHandle
// and reach the core's Run through it, so a new run kind needs nothing new in the views.
class RunHandle : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Runs come from the RunManager")
    Q_PROPERTY(QString name READ name WRITE setName NOTIFY nameChanged)
    Q_PROPERTY(QString kind READ kind CONSTANT)
    Q_PROPERTY(QString policy READ policy CONSTANT)
    Q_PROPERTY(QString mode READ mode CONSTANT)
    Q_PROPERTY(qulonglong seed READ seed CONSTANT)
    Q_PROPERTY(int steps READ steps CONSTANT)
    Q_PROPERTY(QString xKey READ xKey CONSTANT)
    Q_PROPERTY(QString xLabel READ xLabel CONSTANT)
    Q_PROPERTY(QString xUnit READ xUnit CONSTANT)
    // How the run names its steps and rows (RunWords), for the timeline and the inspector:
    // {step, steps, Step, Steps, candidate, candidates, feasible, filtered, Filtered, occupancy}.
    Q_PROPERTY(QVariantMap words READ words CONSTANT)
    // Whether x is a time of events between which every state holds (column 0 is Step), rather
    // than a quantity that grows gradually (arrived %).
    Q_PROPERTY(bool xStepped READ xStepped CONSTANT)
    Q_PROPERTY(QColor color READ color WRITE setColor NOTIFY colorChanged)
    Q_PROPERTY(qint64 storedId READ storedId WRITE setStoredId NOTIFY storedIdChanged)
    Q_PROPERTY(tessera::views::RunHandle* parentRun READ parentRun CONSTANT)
    Q_PROPERTY(int forkPosition READ forkPosition CONSTANT)
    // A run reopened from a study keeps its metrics, not its decisions. They come from the run
    // made again from its recipe, on demand (requestDecisions; the RunManager makes it):
    // ready once it is made (or at once for a run that keeps them), else the problem that
    // stops it, or the progress (0-1) while it is made, -1 otherwise.
    Q_PROPERTY(bool decisionsReady READ decisionsReady NOTIFY decisionsChanged)
    Q_PROPERTY(QString decisionsProblem READ decisionsProblem NOTIFY decisionsChanged)
    Q_PROPERTY(double decisionsProgress READ decisionsProgress NOTIFY decisionsProgressChanged)

public:
    // `parentRun` and `forkPosition` describe a what-if branch: this run shares the parent's
    // first `forkPosition` steps.
    explicit RunHandle(std::shared_ptr<const Run> run, QObject* parent = nullptr,
                       RunHandle* parentRun = nullptr, int forkPosition = -1);

    const Run& run() const { return *run_; }
    std::shared_ptr<const Run> shared() const { return run_; }
    // The run whose explain() tells the decisions: the one made again from the recipe for a run
    // reopened from a study, once made; else this one.
    std::shared_ptr<const Run> explaining() const { return decisions_ ? decisions_ : run_; }
    bool decisionsReady() const { return keepsDecisions_ || decisions_; }
    QString decisionsProblem() const { return decisionsProblem_; }
    double decisionsProgress() const { return decisionsProgress_; }
    // Asks for the decisions (decisionsRequested) unless they are ready, being made or refused.
    Q_INVOKABLE void requestDecisions();
    void setDecisions(std::shared_ptr<const Run> run);
    void setDecisionsProblem(const QString& problem);
    void setDecisionsProgress(double progress);

    QString name() const { return name_; }
    void setName(const QString& name);
    QString kind() const;
    QString policy() const;
    QString mode() const;
    qulonglong seed() const;
    int steps() const;
    QString xKey() const;
    QString xLabel() const;
    QString xUnit() const;
    QVariantMap words() const { return wordsMap(run_->words()); }
    bool xStepped() const;
    // RunWords as QML reads them, with capitalised forms for the start of a sentence.
    static QVariantMap wordsMap(const RunWords& words);
    QColor color() const { return color_; }
    void setColor(const QColor& color);
    qint64 storedId() const { return storedId_; }
    void setStoredId(qint64 id);
    RunHandle* parentRun() const { return parentRun_; }
    int forkPosition() const { return forkPosition_; }

    // The metrics of the run's series: a list of {key, label, unit, headline}.
    Q_INVOKABLE QVariantList metrics() const;
    // The value of metric `key` at `position` (clamped), NaN for an unknown key.
    Q_INVOKABLE double value(const QString& key, int position) const;
    // That value as every view writes it (chart::MetricText: counts as integers), "–" for an
    // unknown key.
    Q_INVOKABLE QString valueText(const QString& key, int position) const;
    // The x value (column 0 of the series, arrived % or time) at `position`, and its text with unit.
    Q_INVOKABLE double xAt(int position) const;
    Q_INVOKABLE QString xText(int position) const;
    // Where `position` is, in words a reader cannot mistake for a metric: "129.99 % arrived"
    // (not an occupancy), or the replay time.
    Q_INVOKABLE QString positionText(int position) const;
    // The first position whose x value reaches `x` (the series' x is non-decreasing).
    Q_INVOKABLE int positionAtX(double x) const;
    // Where the cursor opens after the run: the last position with a cell in use (LastInUse, as
    // `tessera-cli chart --chart occupancy` draws), not an end at which every GPU is free.
    Q_INVOKABLE int lastInUsePosition() const;
    // How many cells of the occupancy grid are in use at `position` (clamped).
    Q_INVOKABLE int cellsInUse(int position) const;
    // This run's position while `reference` is at `position` (chart::matchedPosition): the same
    // decision for a fork of it or its parent, else the same x. -1 without a reference.
    Q_INVOKABLE int positionMatching(tessera::views::RunHandle* reference, int position) const;
    // Whether this run and `other` share a history: one is a fork (or a fork of a fork) of the
    // other, or both branch from one run. Only such runs have a point where they diverge; two
    // runs made apart differ from their first row, whatever their metrics there.
    bool sharesHistoryWith(const RunHandle* other) const;
    // The first position at which this run's metrics differ from `other`'s, for runs that share
    // a history (else none, as when they never differ): where a what-if branch starts to matter,
    // which may be well after its fork. The one rule of the charts' "diverges" marker, on
    // screen and in the exports.
    std::optional<size_t> divergence(const RunHandle* other) const;
    // divergence() for QML: -1 for none.
    Q_INVOKABLE int divergenceFrom(tessera::views::RunHandle* other) const;
    // Parameters as a list of {name, value}, for tables and reports.
    Q_INVOKABLE QVariantList parameters() const;
    // Why this run and `other` cannot be drawn together and compared (runs of two kinds: the
    // core's comparisonProblem), or empty; empty for no other run.
    Q_INVOKABLE QString comparisonProblem(tessera::views::RunHandle* other) const;
    // The run's summary figures (Run::summary, in the kind's order), each {key, label, unit,
    // text}, the value written as compare writes it (chart::MetricText).
    Q_INVOKABLE QVariantList summary() const;

signals:
    void nameChanged();
    void colorChanged();
    void storedIdChanged();
    void decisionsChanged();
    void decisionsProgressChanged();
    void decisionsRequested();

private:
    double valueIn(size_t column, int position) const;

    std::shared_ptr<const Run> run_;
    // False for a run reopened from a study (StoredSeriesRun), whose explain() has no rows.
    bool keepsDecisions_ = true;
    std::shared_ptr<const Run> decisions_;
    QString decisionsProblem_;
    double decisionsProgress_ = -1;
    QString name_;
    QColor color_;
    qint64 storedId_ = -1;
    // Guarded: the parent may be closed while its forks stay open.
    QPointer<RunHandle> parentRun_;
    int forkPosition_ = -1;
};

}  // namespace tessera::views
