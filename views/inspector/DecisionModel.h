#pragma once

#include "inspector/FilteredNodesModel.h"
#include "items/LatestResult.h"
#include "run/ExplanationTable.h"
#include "run/RunHandle.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <vector>

namespace tessera::views {

// Why one step of a run went the way it did, as a sortable table for the decision inspector:
// column 0 is the candidate (a feasible node), the others are the run's ExplanationTable columns
// (what each plugin measured, its raw score where normalisation changes it, its score, the
// weighted total, the tie rank), ranked best first until a header click sorts. The explanation is
// computed off the GUI thread (on the real trace it rebuilds the cluster and scores 1,213 nodes),
// and `busy` is true meanwhile. The sort order persists across steps.
class DecisionModel : public QAbstractTableModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunHandle* run READ run WRITE setRun NOTIFY runChanged)
    // 0-based step; the decision that led to timeline position p is step p - 1. -1 for none.
    Q_PROPERTY(int step READ step WRITE setStep NOTIFY stepChanged)
    // The run's words for steps and rows (RunHandle::words); RunWords' defaults without a run.
    Q_PROPERTY(QVariantMap words READ words NOTIFY runChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    // Why the step could not be explained (the run kind's explain() threw), or empty.
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    // The step the table currently shows (lags `step` while busy), -1 when empty.
    Q_PROPERTY(int shownStep READ shownStep NOTIFY explanationChanged)
    Q_PROPERTY(QString subject READ subject NOTIFY explanationChanged)
    Q_PROPERTY(QString outcome READ outcome NOTIFY explanationChanged)
    Q_PROPERTY(QString why READ why NOTIFY explanationChanged)
    Q_PROPERTY(QString winner READ winner NOTIFY explanationChanged)
    // The longest candidate name, for sizing the candidate column to show every name whole.
    Q_PROPERTY(QString longestCandidate READ longestCandidate NOTIFY explanationChanged)
    Q_PROPERTY(int winnerRow READ winnerRow NOTIFY winnerRowChanged)
    // Rows marked chosen where a step has several winners (one per job of a training round).
    Q_PROPERTY(int chosenCount READ chosenCount NOTIFY explanationChanged)
    // What the step preempted, by name ("job 17"), in the run's order.
    Q_PROPERTY(QStringList preempted READ preempted NOTIFY explanationChanged)
    Q_PROPERTY(int candidateCount READ candidateCount NOTIFY explanationChanged)
    Q_PROPERTY(int filteredCount READ filteredCount NOTIFY explanationChanged)
    Q_PROPERTY(tessera::views::FilteredNodesModel* filtered READ filtered CONSTANT)
    Q_PROPERTY(int sortColumn READ sortColumn NOTIFY sortChanged)
    Q_PROPERTY(Qt::SortOrder sortOrder READ sortOrder NOTIFY sortChanged)

public:
    // IsWinnerRole: the winner, or a row marked chosen; IsGreyedRole: a row the decision never
    // reached (a step after the one taken), listed to answer "why not that one?".
    enum Role { ValueRole = Qt::UserRole + 1, IsWinnerRole, IsNumericRole, IsGreyedRole };

    explicit DecisionModel(QObject* parent = nullptr);
    ~DecisionModel() override;

    RunHandle* run() const { return run_; }
    void setRun(RunHandle* run);
    int step() const { return step_; }
    void setStep(int step);
    bool busy() const { return job_.busy(); }
    QString error() const { return error_; }
    int shownStep() const { return shownStep_; }
    QString subject() const { return QString::fromStdString(table_.subject); }
    QString outcome() const { return QString::fromStdString(table_.outcome); }
    QString why() const { return QString::fromStdString(table_.why); }
    QString winner() const;
    QString longestCandidate() const;
    int winnerRow() const;
    int candidateCount() const { return int(table_.rows.size()); }
    int chosenCount() const;
    QStringList preempted() const;
    int filteredCount() const { return int(table_.filtered.size()); }
    FilteredNodesModel* filtered() const { return filtered_; }
    int sortColumn() const { return sortColumn_; }
    Qt::SortOrder sortOrder() const { return sortOrder_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    // Column -1 restores the explanation's own order. Ties keep that order.
    Q_INVOKABLE void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    // Sorts by `column`, descending first, then toggling on repeated calls: a header click.
    Q_INVOKABLE void toggleSort(int column);
    Q_INVOKABLE QString columnTitle(int column) const;
    // What column `column` means (its header's tooltip), or empty.
    Q_INVOKABLE QString columnHelp(int column) const;
    // The lines the cell at (row, column) takes when wrapped at word boundaries to `width` px in
    // the table's 12 px font (bold in a winner's row): the table sizes its rows by it.
    Q_INVOKABLE int wrappedLines(int row, int column, qreal width) const;
    // The longest text column `column` shows over the rows (a training round's GPU set,
    // "GPUs 3, 9, 12, …"): the table sizes the column for it.
    Q_INVOKABLE QString longestText(int column) const;
    // Whether column `column` shows text (names, GPU sets) rather than numbers: its header then
    // reads from the left, as its cells do.
    Q_INVOKABLE bool isTextColumn(int column) const;
    // The occupancy group (node) a click on row `row` selects, by the name the grid's layout
    // gives it: the kind's mapping (ExplanationTable::Row::selects), else the candidate itself.
    Q_INVOKABLE QString selectionOf(int row) const;

    QVariantMap words() const { return run_ ? run_->words() : RunHandle::wordsMap(RunWords()); }

signals:
    void runChanged();
    void stepChanged();
    void busyChanged();
    void errorChanged();
    void explanationChanged();
    void winnerRowChanged();
    void sortChanged();

private:
    void explain();
    void setTable(int step, ExplanationTable table);
    void setError(const QString& error);
    void applySort();
    const ExplanationTable::Row& rowAt(int row) const { return table_.rows[order_[size_t(row)]]; }

    QPointer<RunHandle> run_;
    int step_ = -1;
    int shownStep_ = -1;
    ExplanationTable table_;
    QString error_;
    std::vector<int> columnDecimals_;  // per table_ column: 0 when all its values are whole, else 3
    std::vector<size_t> order_;  // row r of the model shows table_.rows[order_[r]]
    int sortColumn_ = -1;
    Qt::SortOrder sortOrder_ = Qt::AscendingOrder;
    FilteredNodesModel* filtered_;
    struct Explained {
        int step = -1;
        ExplanationTable table;
    };
    LatestResult<Explained> job_;
};

}  // namespace tessera::views
