#include "inspector/FilteredNodesModel.h"

namespace tessera::views {

FilteredNodesModel::FilteredNodesModel(QObject* parent) : QAbstractListModel(parent) {}

void FilteredNodesModel::setEntries(std::vector<ExplanationTable::Filtered> entries)
{
    const bool countChanges = entries.size() != entries_.size();
    beginResetModel();
    entries_ = std::move(entries);
    endResetModel();
    if (countChanges)
        emit countChanged();
}

int FilteredNodesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(entries_.size());
}

QVariant FilteredNodesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& entry = entries_[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return QStringLiteral("%1: %2").arg(QString::fromStdString(entry.candidate), QString::fromStdString(entry.reason));
    case CandidateRole:
        return QString::fromStdString(entry.candidate);
    case ReasonRole:
        return QString::fromStdString(entry.reason);
    default:
        return {};
    }
}

QHash<int, QByteArray> FilteredNodesModel::roleNames() const
{
    return {{Qt::DisplayRole, "display"}, {CandidateRole, "candidate"}, {ReasonRole, "reason"}};
}

}  // namespace tessera::views
