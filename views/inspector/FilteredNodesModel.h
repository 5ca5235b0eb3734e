#pragma once

#include "run/ExplanationTable.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace tessera::views {

// The candidates a decision filtered out, with the reason of each: one row per candidate,
// roles `candidate` and `reason`. Filled by DecisionModel.
class FilteredNodesModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Comes from DecisionModel.filtered")
    Q_PROPERTY(int count READ count NOTIFY countChanged)

public:
    enum Role { CandidateRole = Qt::UserRole + 1, ReasonRole };

    explicit FilteredNodesModel(QObject* parent = nullptr);

    void setEntries(std::vector<ExplanationTable::Filtered> entries);
    int count() const { return int(entries_.size()); }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void countChanged();

private:
    std::vector<ExplanationTable::Filtered> entries_;
};

}  // namespace tessera::views
