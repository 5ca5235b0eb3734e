#include "SweepBrowser.h"

#include "DistinguishingNames.h"
#include "SweepStudy.h"

#include "chart/ChartColors.h"
#include "chart/UnitTitle.h"

#include <QFileInfo>
#include <QUrl>

#include <algorithm>
#include <set>

namespace tessera::views {

namespace {

QString localPath(const QString& urlOrPath)
{
    const QUrl url(urlOrPath);
    return QFileInfo(url.isLocalFile() ? url.toLocalFile() : urlOrPath).absoluteFilePath();
}

}  // namespace

SweepBrowser::SweepBrowser(QObject* parent) : QAbstractTableModel(parent) {}

int SweepBrowser::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int SweepBrowser::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(parameters_.size() + SweepMetric::all().size());
}

QVariant SweepBrowser::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(rows_.size()) || index.column() >= columnCount())
        return {};
    switch (role) {
    case Qt::DisplayRole: return textAt(index.row(), index.column());
    case Qt::ToolTipRole: return tipAt(index.row(), index.column());
    case GroupColorRole: return groupColorAt(index.row());
    case NumericRole:
        return index.column() >= int(parameters_.size()) || parameters_[size_t(index.column())].numeric();
    case RunIdRole: return runIdAt(index.row());
    default: return {};
    }
}

QVariant SweepBrowser::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    return columnTitles().value(section);
}

QHash<int, QByteArray> SweepBrowser::roleNames() const
{
    return {{Qt::DisplayRole, "display"}, {Qt::ToolTipRole, "toolTip"}, {GroupColorRole, "groupColor"},
            {NumericRole, "numeric"}, {RunIdRole, "runId"}};
}

QVariantList SweepBrowser::parameterList() const
{
    QVariantList list;
    const QStringList names = studyNames();
    for (const SweepParameter& p : parameters_) {
        std::vector<std::pair<double, QString>> values;
        std::set<QString> seen;
        for (const SweepRun& run : runs_) {
            const QString text = p.text(run, names);
            if (seen.insert(text).second)
                values.emplace_back(p.numeric() ? p.number(run) : 0.0, text);
        }
        std::sort(values.begin(), values.end());
        QStringList texts;
        for (const auto& [number, text] : values)
            texts << text;
        list << QVariantMap{{"id", p.id()}, {"title", p.title()}, {"numeric", p.numeric()}, {"values", texts}};
    }
    return list;
}

QVariantList SweepBrowser::metrics() const
{
    QVariantList list;
    for (const SweepMetric& m : SweepMetric::all())
        list << QVariantMap{{"id", m.id()}, {"title", m.title()}, {"unit", m.unit()},
                            {"label", chart::unitTitle(m.title(), m.unit())}};
    return list;
}

QStringList SweepBrowser::columnTitles() const
{
    QStringList titles;
    for (const SweepParameter& p : parameters_)
        titles << p.title();
    for (const SweepMetric& m : SweepMetric::all())
        titles << chart::unitTitle(m.title(), m.unit());
    return titles;
}

void SweepBrowser::setGroupBy(const QString& id)
{
    const QString valid = parameter(id) ? id : QString();
    if (valid == groupBy_)
        return;
    groupBy_ = valid;
    refreshRows();
    remember();
}

void SweepBrowser::setArrived(double arrived)
{
    arrivedChosen_ = true;
    if (arrived == arrived_)
        return;
    arrived_ = arrived;
    refreshRows();
    remember();
}

void SweepBrowser::setPlotMetric(const QString& id)
{
    if (id == plotMetric_)
        return;
    plotMetric_ = id;
    emit plotChanged();
    remember();
}

void SweepBrowser::setPlotX(const QString& id)
{
    if (id == plotX_)
        return;
    plotX_ = id;
    emit plotChanged();
    remember();
}

QVariantList SweepBrowser::arrivedPoints() const
{
    QVariantList list;
    for (const double p : points_)
        list << p;
    return list;
}

QString SweepBrowser::baselineNote() const
{
    if (baselines_.isEmpty())
        return QStringLiteral("No baseline for power saved: no study holds its sweep's first run.");
    // One line under the table at 1280 × 800: the sweep's first policy is the baseline.
    return QStringLiteral("Power saved = power of %1 (the sweep's first policy) at the same seed, inputs and "
                          "arrived %, minus the run's: positive when the run draws less.")
        .arg(baselines_.join(QStringLiteral(", ")));
}

QString SweepBrowser::summary() const
{
    if (runs_.empty())
        return {};
    const QString runs = runs_.size() == 1 ? QStringLiteral("1 run") : QStringLiteral("%1 runs").arg(runs_.size());
    if (studies_.size() > 1)
        return QStringLiteral("%1 in %2 studies").arg(runs).arg(studies_.size());
    // One study: its trace, or how many pod and node lists a grid over inputs sweeps, and its
    // command with the inputs by name (stored by their digests).
    std::set<QString> traces, nodes;
    for (const SweepRun& run : runs_)
        traces.insert(run.trace), nodes.insert(run.nodes);
    if (traces.size() > 1 || nodes.size() > 1)
        return QStringLiteral("%1 on %2 pod lists x %3 node lists: %4")
            .arg(runs)
            .arg(traces.size())
            .arg(nodes.size())
            .arg(command_);
    return QStringLiteral("%1 on %2: %3").arg(runs, runs_.front().trace, command_);
}

QString SweepBrowser::summaryTip() const
{
    if (runs_.empty())
        return {};
    QStringList lines{studies_.size() == 1 ? QStringLiteral("Study: %1").arg(studies_.front())
                                           : QStringLiteral("Studies:\n%1").arg(studies_.join(u'\n'))};
    if (studies_.size() == 1) {
        if (!inputs_.isEmpty())
            lines << QStringLiteral("Inputs, by the digest the sweep knows them by:\n%1").arg(inputs_.join(u'\n'));
        lines << QStringLiteral("The sweep's identity: %1").arg(canonical_);
    }
    return lines.join(QStringLiteral("\n\n"));
}

bool SweepBrowser::open(const QString& path)
{
    const std::optional<SweepViewState> state = SweepViewState::load(localPath(path));
    restoring_ = true;
    const bool opened = load(path, true);
    if (opened && state)
        restore(*state);
    restoring_ = false;
    if (opened)
        remember();
    return opened;
}

bool SweepBrowser::reopenLast()
{
    const QString last = SweepViewState::lastStudy();
    if (last.isEmpty() || !QFileInfo(last).isFile())
        return false;
    return open(last);
}

bool SweepBrowser::add(const QString& path)
{
    if (shows(path))
        return true;
    const bool added = load(path, false);
    remember();
    return added;
}

void SweepBrowser::restore(const SweepViewState& state)
{
    for (const QString& study : state.added)
        if (QFileInfo(study).isFile() && !shows(study))
            load(study, false);
    setError({});  // a study added then and unreadable now is left out, not an error of this one
    filters_.clear();
    for (auto f = state.filters.cbegin(); f != state.filters.cend(); ++f)
        if (parameter(f.key()))
            filters_.insert(f.key(), f.value());
    if (parameter(state.groupBy))
        groupBy_ = state.groupBy;
    if (state.arrived && std::find(points_.begin(), points_.end(), *state.arrived) != points_.end()) {
        arrived_ = *state.arrived;
        arrivedChosen_ = true;
    }
    sortColumn_ = int(columnTitles().indexOf(state.sortTitle));
    sortAscending_ = state.sortAscending;
    if (!state.plotMetric.isEmpty())
        plotMetric_ = state.plotMetric;
    plotX_ = state.plotX;
    emit plotChanged();
    refreshRows();
}

void SweepBrowser::remember() const
{
    if (restoring_ || studies_.isEmpty())
        return;
    SweepViewState state;
    state.added = studies_.mid(1);
    state.filters = filters_;
    state.groupBy = groupBy_;
    if (arrivedChosen_)
        state.arrived = arrived_;
    state.sortTitle = columnTitles().value(sortColumn_);
    state.sortAscending = sortAscending_;
    state.plotMetric = plotMetric_;
    state.plotX = plotX_;
    state.save(studies_.front());
}

bool SweepBrowser::shows(const QString& path) const { return studies_.contains(localPath(path)); }

void SweepBrowser::clear()
{
    setError({});
    if (runs_.empty() && studies_.isEmpty())
        return;
    // The sweep was closed (another study opened): a new session starts without it.
    SweepViewState::forgetLastStudy();
    runs_.clear();
    studies_.clear();
    sweepsShown_.clear();
    filters_.clear();
    arrivedChosen_ = false;
    rebuild();
}

bool SweepBrowser::load(const QString& urlOrPath, bool replace)
{
    const QString path = localPath(urlOrPath);
    std::optional<SweepStudy> study;
    try {
        study = SweepStudy::read(path);
    } catch (const std::exception& e) {
        if (replace)
            clear();
        setError(QString::fromUtf8(e.what()));
        return false;
    }
    setError({});
    if (!study || study->runs.empty()) {
        if (replace)
            clear();
        else
            setError(QStringLiteral("%1 holds no sweep: open a study made by tessera-cli merge (or a shard's "
                                    "study)").arg(path));
        return false;
    }
    if (!replace)
        for (size_t i = 0; i < sweepsShown_.size(); ++i) {
            const auto& [command, index, count] = sweepsShown_[i];
            // Shards of one sweep hold other runs of it, unless one of the two is the whole sweep.
            if (command == study->command && (count == 1 || study->shardCount == 1 || index == study->shardIndex)) {
                setError(QStringLiteral("%1 holds runs of the sweep already shown from %2: adding them again "
                                        "would count each run twice").arg(path, studies_[int(i)]));
                return false;
            }
        }
    if (replace) {
        runs_.clear();
        studies_.clear();
        sweepsShown_.clear();
        filters_.clear();
        arrivedChosen_ = false;
    }
    const int source = int(studies_.size());
    const size_t offset = runs_.size();
    for (SweepRun& run : study->runs) {
        run.source = source;
        if (run.baseline)
            *run.baseline += offset;
        runs_.push_back(std::move(run));
    }
    studies_ << path;
    sweepsShown_.emplace_back(study->command, study->shardIndex, study->shardCount);
    command_ = study->writtenCommand;
    canonical_ = study->command;
    inputs_ = study->inputs;
    if (study->shardCount > 1)
        command_ += QStringLiteral(" (shard %1/%2 only)").arg(study->shardIndex).arg(study->shardCount);
    rebuild();
    return true;
}

void SweepBrowser::rebuild()
{
    names_.clear();
    for (const QString& path : studies_)
        names_ << QFileInfo(path).fileName();
    std::set<QString> traces;
    for (const SweepRun& run : runs_)
        traces.insert(run.trace);
    const QStringList traceNames(traces.begin(), traces.end());
    const QStringList labels = distinguishingNames(traceNames);
    traceLabels_.clear();
    for (qsizetype i = 0; i < traceNames.size(); ++i)
        traceLabels_.insert(traceNames[i], labels[i]);
    parameters_ = SweepParameter::varying(runs_, studyNames());
    parameterList_ = parameterList();
    std::set<double> points;
    for (const SweepRun& run : runs_)
        for (const SweepPoint& p : run.points)
            points.insert(p.arrived);
    points_.assign(points.begin(), points.end());
    // The last grid point (130 % with the default --tune 1.3): the workload beyond the
    // cluster's capacity, where policies differ most.
    if (!arrivedChosen_ || !points.count(arrived_))
        arrived_ = points_.empty() ? 0 : points_.back();
    if (!parameter(groupBy_))
        groupBy_.clear();
    if (groupBy_.isEmpty() && parameter(QStringLiteral("trace")))
        groupBy_ = QStringLiteral("trace");
    for (const QString& id : filters_.keys())
        if (!parameter(id))
            filters_.remove(id);
    if (sortColumn_ >= columnCount())
        sortColumn_ = -1;
    std::set<QString> baselines;
    for (const SweepRun& run : runs_)
        if (run.baseline)
            baselines.insert(runs_[*run.baseline].policy);
    baselines_ = QStringList(baselines.begin(), baselines.end());
    emit sweepChanged();
    refreshRows();
}

void SweepBrowser::refreshRows()
{
    beginResetModel();
    const QStringList names = studyNames();
    // The groups, ordered as their parameter's values, over every run: a group keeps its
    // colour whatever the filter.
    groups_.clear();
    if (const SweepParameter* g = parameter(groupBy_)) {
        std::vector<std::pair<double, QString>> values;
        std::set<QString> seen;
        for (const SweepRun& run : runs_)
            if (seen.insert(g->text(run, names)).second)
                values.emplace_back(g->numeric() ? g->number(run) : 0.0, g->text(run, names));
        std::sort(values.begin(), values.end());
        for (const auto& [number, text] : values)
            groups_ << text;
    }
    rows_.clear();
    for (size_t i = 0; i < runs_.size(); ++i) {
        bool shown = true;
        for (auto f = filters_.cbegin(); f != filters_.cend() && shown; ++f)
            if (const SweepParameter* p = parameter(f.key()); p && !f.value().isEmpty())
                shown = f.value().contains(p->text(runs_[i], names));
        if (shown)
            rows_.push_back(i);
    }
    std::stable_sort(rows_.begin(), rows_.end(), [&](size_t a, size_t b) {
        const int ga = groupOf(a), gb = groupOf(b);
        if (ga != gb)
            return ga < gb;
        if (sortColumn_ < 0)
            return false;
        const QVariant ka = sortKey(a, sortColumn_), kb = sortKey(b, sortColumn_);
        // Runs without a value (no baseline) last, whichever the direction.
        if (!ka.isValid() || !kb.isValid())
            return ka.isValid() && !kb.isValid();
        const QPartialOrdering order = QVariant::compare(ka, kb);
        return sortAscending_ ? order == QPartialOrdering::Less : order == QPartialOrdering::Greater;
    });
    endResetModel();
    emit rowsChanged();
}

void SweepBrowser::setFilter(const QString& id, const QStringList& values)
{
    if (!parameter(id))
        return;
    if (values.isEmpty())
        filters_.remove(id);
    else
        filters_[id] = values;
    refreshRows();
    remember();
}

void SweepBrowser::clearFilters()
{
    filters_.clear();
    refreshRows();
    remember();
}

void SweepBrowser::sort(int column, Qt::SortOrder order) { sortBy(column, order == Qt::AscendingOrder); }

void SweepBrowser::sortBy(int column, bool ascending)
{
    sortColumn_ = column >= 0 && column < columnCount() ? column : -1;
    sortAscending_ = ascending;
    refreshRows();
    remember();
}

qint64 SweepBrowser::runIdAt(int row) const
{
    return row >= 0 && row < int(rows_.size()) ? runs_[rows_[size_t(row)]].runId : -1;
}

QString SweepBrowser::studyAt(int row) const
{
    return row >= 0 && row < int(rows_.size()) ? studies_.value(runs_[rows_[size_t(row)]].source) : QString();
}

QString SweepBrowser::textAt(int row, int column) const
{
    if (row < 0 || row >= int(rows_.size()) || column < 0 || column >= columnCount())
        return {};
    const size_t run = rows_[size_t(row)];
    // A trace by what tells it apart from the sweep's other traces (its full path: tipAt).
    if (isTraceColumn(column))
        return traceLabels_.value(runs_[run].trace, runs_[run].trace);
    if (column < int(parameters_.size()))
        return parameters_[size_t(column)].text(runs_[run], studyNames());
    const SweepMetric& metric = SweepMetric::all()[size_t(column) - parameters_.size()];
    const std::optional<double> value = metric.value(runs_, run, arrived_);
    return value ? QString::number(*value, 'f', metric.decimals()) : QStringLiteral("—");
}

QString SweepBrowser::tipAt(int row, int column) const
{
    if (row < 0 || row >= int(rows_.size()) || !isTraceColumn(column))
        return {};
    const SweepRun& run = runs_[rows_[size_t(row)]];
    return run.tracePath.isEmpty() ? run.trace : run.tracePath;
}

QString SweepBrowser::columnTip(int column) const
{
    if (column < 0 || column >= columnCount())
        return {};
    if (isTraceColumn(column))
        return QStringLiteral("The pod list, by the part of its file name that tells it apart from the sweep's "
                              "other traces; a cell's tooltip gives its path.");
    if (column < int(parameters_.size()))
        return {};
    const SweepMetric& metric = SweepMetric::all()[size_t(column) - parameters_.size()];
    const QString point = QString::number(arrived_);
    QString tip = QStringLiteral("%1 at the grid point %2 % arrived: the mean over the run's decisions whose "
                                 "arrived % rounds to %2 (its grid CSV row, contracts.md 3.1). A run's views at "
                                 "%2 % show the one decision there, which may differ a little.")
                      .arg(chart::unitTitle(metric.title(), metric.unit()), point);
    if (metric.id() == QStringLiteral("failed"))
        tip = QStringLiteral("Failed pods after the last decision whose arrived % rounds to %1 or less "
                             "(the grid CSV row at %1 %, contracts.md 3.1).").arg(point);
    if (metric.id().startsWith(QStringLiteral("powerSaved")))
        tip += u'\n' + baselineNote();
    return tip;
}

bool SweepBrowser::isTraceColumn(int column) const
{
    return column >= 0 && column < int(parameters_.size()) && parameters_[size_t(column)].id() == QStringLiteral("trace");
}

QColor SweepBrowser::groupColorAt(int row) const
{
    if (row < 0 || row >= int(rows_.size()) || groups_.isEmpty())
        return QColor(Qt::transparent);
    return chart::ChartColors::groupColor(groupOf(rows_[size_t(row)]));
}

std::optional<SweepCurves> SweepBrowser::curves(const QString& xId, const QString& metricId) const
{
    const SweepParameter* x = parameter(xId);
    if (!x || !x->numeric())
        return std::nullopt;
    for (const SweepMetric& m : SweepMetric::all())
        if (m.id() == metricId) {
            const SweepParameter* g = parameter(groupBy_);
            std::vector<SweepParameter> others;
            for (const SweepParameter& p : parameters_)
                if (p.id() != x->id() && p.id() != groupBy_ && p.id() != QStringLiteral("seed"))
                    others.push_back(p);
            return SweepCurves::compute(runs_, rows_, *x, g ? std::optional<SweepParameter>(*g) : std::nullopt,
                                        groups_, m, arrived_, studyNames(), others);
        }
    return std::nullopt;
}

void SweepBrowser::setError(const QString& error)
{
    if (error == error_)
        return;
    error_ = error;
    emit errorChanged();
}

QStringList SweepBrowser::studyNames() const { return names_; }

const SweepParameter* SweepBrowser::parameter(const QString& id) const
{
    for (const SweepParameter& p : parameters_)
        if (p.id() == id)
            return &p;
    return nullptr;
}

int SweepBrowser::groupOf(size_t run) const
{
    const SweepParameter* g = parameter(groupBy_);
    return g ? int(groups_.indexOf(g->text(runs_[run], studyNames()))) : 0;
}

QVariant SweepBrowser::sortKey(size_t run, int column) const
{
    if (column < int(parameters_.size())) {
        const SweepParameter& p = parameters_[size_t(column)];
        return p.numeric() ? QVariant(p.number(runs_[run])) : QVariant(p.text(runs_[run], studyNames()));
    }
    const std::optional<double> value = SweepMetric::all()[size_t(column) - parameters_.size()].value(runs_, run, arrived_);
    return value ? QVariant(*value) : QVariant();
}

}  // namespace tessera::views
