#include "inspector/DecisionModel.h"

#include <QFont>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tessera::views {

namespace {
bool isWhole(double v)
{
    return std::isnan(v) || (std::abs(v - std::round(v)) < 1e-9 && std::abs(v) < 1e15);
}

QString formatValue(double v, int decimals)
{
    if (std::isnan(v))
        return QStringLiteral("–");  // does not apply, e.g. the only feasible node is not scored
    if (decimals == 0)
        return QString::number(qint64(std::llround(v)));
    return QString::number(v, 'f', decimals);
}
}  // namespace

DecisionModel::DecisionModel(QObject* parent)
    : QAbstractTableModel(parent), filtered_(new FilteredNodesModel(this)),
      job_(
          this,
          [this](Explained e) {
              setError({});
              setTable(e.step, std::move(e.table));
          },
          [this](const QString& error) {
              setTable(-1, {});
              setError(QStringLiteral("Cannot explain this step: %1").arg(error));
          })
{
    job_.onBusyChanged([this](bool) { emit busyChanged(); });
}

DecisionModel::~DecisionModel() = default;

void DecisionModel::setRun(RunHandle* run)
{
    if (run == run_)
        return;
    if (run_)
        disconnect(run_.data(), &RunHandle::decisionsChanged, this, nullptr);
    run_ = run;
    // A reopened run's decisions arrive later, made again from its recipe.
    // (The table of the run as reopened is dropped: it explains nothing.)
    if (run_)
        connect(run_.data(), &RunHandle::decisionsChanged, this, [this] {
            if (run_ && run_->decisionsReady())
                setTable(-1, {});
            explain();
        });
    explain();
    emit runChanged();
}

void DecisionModel::setStep(int step)
{
    step = std::max(step, -1);
    if (step == step_)
        return;
    step_ = step;
    explain();
    emit stepChanged();
}

void DecisionModel::explain()
{
    if (!run_ || step_ < 0 || size_t(step_) >= run_->run().steps()) {
        job_.cancel();
        setError({});
        setTable(-1, {});
        return;
    }
    job_.start([run = run_->explaining(), step = step_](const std::atomic<bool>&) -> std::optional<Explained> {
        return Explained{step, run->explain(size_t(step))};
    });
}

void DecisionModel::setError(const QString& error)
{
    if (error == error_)
        return;
    error_ = error;
    emit errorChanged();
}

void DecisionModel::setTable(int step, ExplanationTable table)
{
    const int oldWinner = winnerRow();
    beginResetModel();
    table_ = std::move(table);
    shownStep_ = step;
    // One format per column, so that values line up and compare at a glance: "-1.000" above
    // "-0.688", not "-1". A column of whole numbers stays whole.
    columnDecimals_.assign(table_.columns.size(), 0);
    for (size_t c = 0; c < table_.columns.size(); ++c)
        for (const auto& row : table_.rows)
            if (!row.text(c) && !isWhole(row.values[c]))
                columnDecimals_[c] = 3;
    order_.resize(table_.rows.size());
    std::iota(order_.begin(), order_.end(), size_t(0));
    applySort();
    endResetModel();
    filtered_->setEntries(table_.filtered);
    emit explanationChanged();
    if (winnerRow() != oldWinner)
        emit winnerRowChanged();
}

QString DecisionModel::winner() const
{
    if (table_.winner < 0 || size_t(table_.winner) >= table_.rows.size())
        return {};
    return QString::fromStdString(table_.rows[size_t(table_.winner)].candidate);
}

QString DecisionModel::longestCandidate() const
{
    const auto longest = std::max_element(table_.rows.begin(), table_.rows.end(), [](const auto& a, const auto& b) {
        return a.candidate.size() < b.candidate.size();
    });
    return longest == table_.rows.end() ? QString() : QString::fromStdString(longest->candidate);
}

int DecisionModel::winnerRow() const
{
    const auto it = std::find(order_.begin(), order_.end(), size_t(table_.winner));
    return table_.winner < 0 || it == order_.end() ? -1 : int(it - order_.begin());
}

int DecisionModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(table_.rows.size());
}

int DecisionModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 1 + int(table_.columns.size());
}

QVariant DecisionModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& row = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (column == 0)
            return QString::fromStdString(row.candidate);
        if (const std::string* text = row.text(size_t(column - 1)))
            return QString::fromStdString(*text);
        return formatValue(row.values[size_t(column - 1)], columnDecimals_[size_t(column - 1)]);
    case ValueRole:
        if (column == 0)
            return QString::fromStdString(row.candidate);
        if (const std::string* text = row.text(size_t(column - 1)))
            return QString::fromStdString(*text);
        return row.values[size_t(column - 1)];
    case IsWinnerRole:
        return int(order_[size_t(index.row())]) == table_.winner || row.chosen;
    case IsGreyedRole:
        return row.greyed;
    case IsNumericRole:
        // Right-aligned numbers; a text cell (a profile name) reads from the left, unless it is
        // a number with a note (a text over a value that is a number).
        return column > 0 && (!row.text(size_t(column - 1)) || !std::isnan(row.values[size_t(column - 1)]));
    default:
        return {};
    }
}

QString DecisionModel::longestText(int column) const
{
    QString longest;
    if (column < 0 || column >= columnCount())
        return longest;
    for (int r = 0; r < rowCount(); ++r) {
        const QString text = data(index(r, column), Qt::DisplayRole).toString();
        if (text.size() > longest.size())
            longest = text;
    }
    return longest;
}

QString DecisionModel::selectionOf(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const ExplanationTable::Row& r = rowAt(row);
    return QString::fromStdString(r.selects.empty() ? r.candidate : r.selects);
}

bool DecisionModel::isTextColumn(int column) const
{
    if (column == 0)
        return true;
    for (int r = 0; r < rowCount(); ++r)
        if (!data(index(r, column), IsNumericRole).toBool())
            return true;
    return false;
}

QVariant DecisionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    return columnTitle(section);
}

QString DecisionModel::columnTitle(int column) const
{
    if (column == 0)
        return table_.candidateColumn.empty() ? tr("candidate") : QString::fromStdString(table_.candidateColumn);
    if (column > 0 && size_t(column) <= table_.columns.size())
        return QString::fromStdString(table_.columns[size_t(column - 1)]);
    return {};
}

QString DecisionModel::columnHelp(int column) const
{
    if (column < 0 || size_t(column) >= table_.columnHelp.size())
        return {};
    return QString::fromStdString(table_.columnHelp[size_t(column)]);
}

int DecisionModel::wrappedLines(int row, int column, qreal width) const
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= columnCount() || width <= 0)
        return 1;
    const QString text = data(index(row, column), Qt::DisplayRole).toString();
    QFont font;
    font.setPixelSize(12);
    font.setBold(data(index(row, column), IsWinnerRole).toBool());
    const QFontMetricsF metrics(font);
    const QRectF bounds = metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, text);
    return std::max(1, int(std::lround(bounds.height() / metrics.lineSpacing())));
}

int DecisionModel::chosenCount() const
{
    return int(std::count_if(table_.rows.begin(), table_.rows.end(), [](const auto& row) { return row.chosen; }));
}

QStringList DecisionModel::preempted() const
{
    QStringList names;
    for (const std::string& name : table_.preempted)
        names.append(QString::fromStdString(name));
    return names;
}

QHash<int, QByteArray> DecisionModel::roleNames() const
{
    return {{Qt::DisplayRole, "display"}, {ValueRole, "value"}, {IsWinnerRole, "isWinner"},
            {IsNumericRole, "isNumeric"}, {IsGreyedRole, "isGreyed"}};
}

void DecisionModel::sort(int column, Qt::SortOrder order)
{
    if (column >= columnCount())
        return;
    const int oldWinner = winnerRow();
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<size_t> rowsBefore;
    for (const QModelIndex& i : before)
        rowsBefore.push_back(order_[size_t(i.row())]);
    sortColumn_ = std::max(column, -1);
    sortOrder_ = order;
    std::iota(order_.begin(), order_.end(), size_t(0));
    applySort();
    QModelIndexList after;
    for (qsizetype k = 0; k < before.size(); ++k) {
        const auto it = std::find(order_.begin(), order_.end(), rowsBefore[size_t(k)]);
        after.append(index(int(it - order_.begin()), before[k].column()));
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    emit sortChanged();
    if (winnerRow() != oldWinner)
        emit winnerRowChanged();
}

void DecisionModel::toggleSort(int column)
{
    const Qt::SortOrder order = column == sortColumn_ && sortOrder_ == Qt::DescendingOrder ? Qt::AscendingOrder
                                                                                          : Qt::DescendingOrder;
    sort(column, order);
}

void DecisionModel::applySort()
{
    if (sortColumn_ < 0 || sortColumn_ >= columnCount())
        return;
    const int column = sortColumn_;
    const bool descending = sortOrder_ == Qt::DescendingOrder;
    std::stable_sort(order_.begin(), order_.end(), [&](size_t a, size_t b) {
        const auto& ra = table_.rows[a];
        const auto& rb = table_.rows[b];
        if (column == 0)
            return descending ? rb.candidate < ra.candidate : ra.candidate < rb.candidate;
        // A text over a number (a number with a note) sorts as the number.
        const auto textOnly = [&](const ExplanationTable::Row& r) {
            return std::isnan(r.values[size_t(column - 1)]) ? r.text(size_t(column - 1)) : nullptr;
        };
        const std::string* ta = textOnly(ra);
        const std::string* tb = textOnly(rb);
        if (ta && tb)  // text cells sort by their text
            return descending ? *tb < *ta : *ta < *tb;
        if (ta || tb)  // numbers before text, either way
            return tb != nullptr;
        const double va = ra.values[size_t(column - 1)], vb = rb.values[size_t(column - 1)];
        return descending ? vb < va : va < vb;
    });
}

}  // namespace tessera::views
