#include "inspector/FilteredNodesModel.h"

#include <QCollator>

#include <algorithm>
#include <map>

namespace tessera::views {

FilteredNodesModel::FilteredNodesModel(QObject* parent) : QAbstractListModel(parent) {}

void FilteredNodesModel::setEntries(std::vector<ExplanationTable::Filtered> entries)
{
    const bool countChanges = entries.size() != entries_.size();
    beginResetModel();
    entries_ = std::move(entries);
    groups_.clear();
    std::map<std::string, size_t> groupOf;
    for (size_t i = 0; i < entries_.size(); ++i) {
        // A run kind that gives no group still groups: by the whole reason.
        const std::string& key = entries_[i].group.empty() ? entries_[i].reason : entries_[i].group;
        auto [it, added] = groupOf.emplace(key, groups_.size());
        if (added)
            groups_.push_back({QString::fromStdString(key), {}, 0});
        groups_[it->second].entries.push_back(i);
    }
    std::stable_sort(groups_.begin(), groups_.end(),
                     [](const Group& a, const Group& b) { return a.entries.size() > b.entries.size(); });
    // Within a group, nodes in name order ("node-9" before "node-10"), so one is found by eye.
    QCollator byName;
    byName.setNumericMode(true);
    for (Group& group : groups_)
        std::stable_sort(group.entries.begin(), group.entries.end(), [&](size_t a, size_t b) {
            return byName.compare(QString::fromStdString(entries_[a].candidate),
                                  QString::fromStdString(entries_[b].candidate)) < 0;
        });
    rebuildRows();
    endResetModel();
    if (countChanges)
        emit countChanged();
    emit rowsChanged();
}

void FilteredNodesModel::setSearch(const QString& search)
{
    const QString trimmed = search.trimmed();
    if (trimmed == search_)
        return;
    beginResetModel();
    search_ = trimmed;
    rebuildRows();
    endResetModel();
    emit searchChanged();
    emit rowsChanged();
}

bool FilteredNodesModel::matches(const ExplanationTable::Filtered& entry) const
{
    return search_.isEmpty() || QString::fromStdString(entry.candidate).contains(search_, Qt::CaseInsensitive)
        || QString::fromStdString(entry.reason).contains(search_, Qt::CaseInsensitive);
}

int FilteredNodesModel::matchCount() const
{
    int n = 0;
    for (const Group& g : groups_)
        n += g.matching;
    return n;
}

void FilteredNodesModel::rebuildRows()
{
    rows_.clear();
    for (size_t g = 0; g < groups_.size(); ++g) {
        Group& group = groups_[g];
        std::vector<size_t> shown;
        for (size_t e : group.entries)
            if (matches(entries_[e]))
                shown.push_back(e);
        group.matching = int(shown.size());
        if (shown.empty())
            continue;  // a search hides the groups it matches nothing in
        rows_.push_back({g, -1});
        // One group needs no opening; a search opens every group it matches in.
        if (groups_.size() == 1 || !search_.isEmpty() || expanded_.contains(group.name))
            for (size_t e : shown)
                rows_.push_back({g, long(e)});
    }
}

void FilteredNodesModel::toggleGroup(int row)
{
    if (row < 0 || row >= int(rows_.size()) || rows_[size_t(row)].entry >= 0 || !search_.isEmpty())
        return;
    const QString& name = groups_[rows_[size_t(row)].group].name;
    beginResetModel();
    if (!expanded_.remove(name))
        expanded_.insert(name);
    rebuildRows();
    endResetModel();
    emit rowsChanged();
}

int FilteredNodesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(rows_.size());
}

QVariant FilteredNodesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = rows_[size_t(index.row())];
    const Group& group = groups_[row.group];
    const bool header = row.entry < 0;
    switch (role) {
    case Qt::DisplayRole:
        if (header)
            return search_.isEmpty() ? tr("%1 (%2)").arg(group.name).arg(group.entries.size())
                                     : tr("%1 (%2 of %3)").arg(group.name).arg(group.matching).arg(group.entries.size());
        return QStringLiteral("%1: %2").arg(QString::fromStdString(entries_[size_t(row.entry)].candidate),
                                            QString::fromStdString(entries_[size_t(row.entry)].reason));
    case CandidateRole:
        return header ? QString() : QString::fromStdString(entries_[size_t(row.entry)].candidate);
    case ReasonRole:
        return header ? QString() : QString::fromStdString(entries_[size_t(row.entry)].reason);
    case GroupRole:
        return group.name;
    case IsGroupRole:
        return header;
    case GroupCountRole:
        return int(group.entries.size());
    case ExpandedRole:
        return groups_.size() == 1 || !search_.isEmpty() || expanded_.contains(group.name);
    default:
        return {};
    }
}

QHash<int, QByteArray> FilteredNodesModel::roleNames() const
{
    return {{Qt::DisplayRole, "display"}, {CandidateRole, "candidate"},   {ReasonRole, "reason"},
            {GroupRole, "group"},         {IsGroupRole, "isGroup"},       {GroupCountRole, "groupCount"},
            {ExpandedRole, "expanded"}};
}

}  // namespace tessera::views
