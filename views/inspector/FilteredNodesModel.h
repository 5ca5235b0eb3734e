#pragma once

#include "run/ExplanationTable.h"

#include <QAbstractListModel>
#include <QSet>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace tessera::views {

// The candidates a decision filtered out, grouped by the kind of reason ("insufficient CPU",
// "node has no GPUs", ...), largest group first: a header row per group with its count, then,
// when the group is expanded, one row per candidate with its full reason. A search narrows the
// candidates to those whose name or reason contains it (ignoring case) and shows the matching
// ones of every group. Filled by DecisionModel; groups stay expanded across decisions.
class FilteredNodesModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Comes from DecisionModel.filtered")
    Q_PROPERTY(int count READ count NOTIFY countChanged)
    Q_PROPERTY(int matchCount READ matchCount NOTIFY rowsChanged)
    Q_PROPERTY(QString search READ search WRITE setSearch NOTIFY searchChanged)

public:
    enum Role { CandidateRole = Qt::UserRole + 1, ReasonRole, GroupRole, IsGroupRole, GroupCountRole, ExpandedRole };

    explicit FilteredNodesModel(QObject* parent = nullptr);

    void setEntries(std::vector<ExplanationTable::Filtered> entries);
    int count() const { return int(entries_.size()); }
    // The candidates the search lets through (all of them without a search).
    int matchCount() const;
    QString search() const { return search_; }
    void setSearch(const QString& search);

    // Opens or closes the group of a header row; ignored for other rows and while searching
    // (a search shows every match).
    Q_INVOKABLE void toggleGroup(int row);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void countChanged();
    void rowsChanged();
    void searchChanged();

private:
    void rebuildRows();
    bool matches(const ExplanationTable::Filtered& entry) const;

    struct Group {
        QString name;
        std::vector<size_t> entries;  // into entries_, in the explanation's order
        int matching = 0;
    };
    struct Row {
        size_t group;
        long entry;  // into entries_, -1 for the group's header
    };
    std::vector<ExplanationTable::Filtered> entries_;
    std::vector<Group> groups_;
    std::vector<Row> rows_;
    QString search_;
    QSet<QString> expanded_;
};

}  // namespace tessera::views
