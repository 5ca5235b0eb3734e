#include "run/RunHandle.h"

#include "chart/MatchedPosition.h"
#include "chart/MetricText.h"
#include "chart/RunCharts.h"
#include "run/LastInUse.h"
#include "run/RunComparability.h"
#include "store/StoredSeriesRun.h"

#include <QVariantMap>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::views {

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }
}  // namespace

RunHandle::RunHandle(std::shared_ptr<const Run> run, QObject* parent, RunHandle* parentRun, int forkPosition)
    : QObject(parent), run_(std::move(run)), name_(qs(run_->info().name)), parentRun_(parentRun),
      forkPosition_(forkPosition)
{
    keepsDecisions_ = dynamic_cast<const StoredSeriesRun*>(run_.get()) == nullptr;
}

void RunHandle::setName(const QString& name)
{
    if (name == name_)
        return;
    name_ = name;
    emit nameChanged();
}

void RunHandle::requestDecisions()
{
    if (!decisionsReady() && decisionsProblem_.isEmpty() && decisionsProgress_ < 0)
        emit decisionsRequested();
}

void RunHandle::setDecisions(std::shared_ptr<const Run> run)
{
    decisions_ = std::move(run);
    setDecisionsProgress(-1);
    emit decisionsChanged();
}

void RunHandle::setDecisionsProblem(const QString& problem)
{
    decisionsProblem_ = problem;
    setDecisionsProgress(-1);
    emit decisionsChanged();
}

void RunHandle::setDecisionsProgress(double progress)
{
    if (progress == decisionsProgress_)
        return;
    decisionsProgress_ = progress;
    emit decisionsProgressChanged();
}

QString RunHandle::kind() const { return qs(run_->info().kind); }
QString RunHandle::policy() const { return qs(run_->info().policy); }
QString RunHandle::mode() const { return qs(run_->info().mode); }
qulonglong RunHandle::seed() const { return run_->info().seed; }
int RunHandle::steps() const { return int(run_->steps()); }
QString RunHandle::xKey() const { return qs(run_->series().info(0).key); }
QString RunHandle::xLabel() const { return qs(run_->series().info(0).label); }
QString RunHandle::xUnit() const { return qs(run_->series().info(0).unit); }

void RunHandle::setColor(const QColor& color)
{
    if (color == color_)
        return;
    color_ = color;
    emit colorChanged();
}

void RunHandle::setStoredId(qint64 id)
{
    if (id == storedId_)
        return;
    storedId_ = id;
    emit storedIdChanged();
}

QVariantList RunHandle::metrics() const
{
    QVariantList list;
    const MetricSeries& s = run_->series();
    for (size_t c = 0; c < s.columns(); ++c)
        list.append(QVariantMap{{"key", qs(s.info(c).key)},
                                {"label", qs(s.info(c).label)},
                                {"unit", qs(s.info(c).unit)},
                                {"headline", s.info(c).headline}});
    return list;
}

double RunHandle::valueIn(size_t column, int position) const
{
    const MetricSeries& s = run_->series();
    if (s.rows() == 0)
        return std::numeric_limits<double>::quiet_NaN();
    return s.column(column)[size_t(std::clamp(position, 0, int(s.rows()) - 1))];
}

double RunHandle::value(const QString& key, int position) const
{
    const auto column = run_->series().find(key.toStdString());
    return column ? valueIn(*column, position) : std::numeric_limits<double>::quiet_NaN();
}

QString RunHandle::valueText(const QString& key, int position) const
{
    const auto column = run_->series().find(key.toStdString());
    return column ? chart::MetricText::value(run_->series().info(*column), valueIn(*column, position))
                  : QStringLiteral("–");
}

// Column 0 is the x axis: no lookup by key, as cursors and axes ask for it at every move.
double RunHandle::xAt(int position) const { return valueIn(0, position); }

QString RunHandle::xText(int position) const
{
    const double x = xAt(position);
    const QString unit = xUnit();
    if (unit == "s") {
        const qint64 t = qint64(std::llround(x));
        const QString clock = QStringLiteral("%1:%2:%3 (%4 s)")
                                  .arg((t / 3600) % 24, 2, 10, QLatin1Char('0'))
                                  .arg((t / 60) % 60, 2, 10, QLatin1Char('0'))
                                  .arg(t % 60, 2, 10, QLatin1Char('0'))
                                  .arg(t);
        // Days only for a run that lasts a day or more: "0 d" on every point of a five-minute
        // run is noise.
        if (xAt(steps()) < 86400)
            return clock;
        return QStringLiteral("%1 d %2").arg(t / 86400).arg(clock);
    }
    return QStringLiteral("%1 %2").arg(x, 0, 'f', 2).arg(unit);
}

QString RunHandle::positionText(int position) const
{
    return QString::fromStdString(run_->words().position(xText(position).toStdString()));
}

bool RunHandle::xStepped() const
{
    const MetricSeries& s = run_->series();
    return s.columns() > 0 && s.info(0).interpolation == Interpolation::Step;
}

QVariantMap RunHandle::wordsMap(const RunWords& words)
{
    const auto text = [](const std::string& w) { return QString::fromStdString(w); };
    const auto capitalised = [&](const std::string& w) {
        QString t = text(w);
        if (!t.isEmpty())
            t[0] = t[0].toUpper();
        return t;
    };
    return {{"step", text(words.step)},
            {"steps", text(words.steps)},
            {"Step", capitalised(words.step)},
            {"Steps", capitalised(words.steps)},
            {"candidate", text(words.candidate)},
            {"candidates", text(words.candidates)},
            {"feasible", text(words.feasible)},
            {"filtered", text(words.filtered)},
            {"Filtered", capitalised(words.filtered)},
            {"occupancy", text(words.occupancy)},
            {"inspector", text(words.inspector)},
            {"group", text(words.group)},
            {"groups", text(words.groups)},
            {"cell", text(words.cell)},
            {"cells", text(words.cells)},
            {"inUse", text(words.inUse)},
            {"occupant", text(words.occupant)},
            {"occupants", text(words.occupants)}};
}

int RunHandle::positionAtX(double x) const
{
    return int(run_->series().rowAtX(x));
}

int RunHandle::lastInUsePosition() const
{
    return int(LastInUse::of(*run_).position);
}

int RunHandle::cellsInUse(int position) const
{
    const auto cursor = run_->cursor();
    cursor->seek(size_t(std::clamp(position, 0, steps())));
    std::vector<float> use;
    cursor->cellUse(use);
    return int(std::count_if(use.begin(), use.end(), [](float u) { return u > 0.0f; }));
}

int RunHandle::positionMatching(RunHandle* reference, int position) const
{
    if (!reference)
        return -1;
    const bool fork = parentRun_ == reference || reference->parentRun() == this;
    return int(chart::matchedPosition(reference->run(), size_t(std::max(position, 0)), *run_, fork));
}

bool RunHandle::sharesHistoryWith(const RunHandle* other) const
{
    if (!other)
        return false;
    for (const RunHandle* mine = this; mine; mine = mine->parentRun())
        for (const RunHandle* theirs = other; theirs; theirs = theirs->parentRun())
            if (mine == theirs)
                return true;
    return false;
}

std::optional<size_t> RunHandle::divergence(const RunHandle* other) const
{
    if (other == this || !sharesHistoryWith(other))
        return std::nullopt;
    return chart::RunCharts::divergence(*run_, other->run());
}

int RunHandle::divergenceFrom(RunHandle* other) const
{
    const auto at = divergence(other);
    return at ? int(*at) : -1;
}

QVariantList RunHandle::parameters() const
{
    const RunInfo& info = run_->info();
    QVariantList list{QVariantMap{{"name", "kind"}, {"value", qs(info.kind)}},
                      QVariantMap{{"name", "policy"}, {"value", qs(info.policy)}},
                      QVariantMap{{"name", "seed"}, {"value", QString::number(info.seed)}},
                      QVariantMap{{"name", "mode"}, {"value", qs(info.mode)}}};
    for (const auto& [name, value] : info.parameters)
        list.append(QVariantMap{{"name", qs(name)}, {"value", qs(value)}});
    return list;
}

QString RunHandle::comparisonProblem(RunHandle* other) const
{
    if (!other)
        return {};
    const auto problem = tessera::comparisonProblem(*run_, *other->run_);
    return problem ? qs(*problem) : QString();
}

QVariantList RunHandle::summary() const
{
    QVariantList list;
    for (const RunSummaryValue& v : run_->summary()) {
        const MetricInfo info{v.key, v.label, v.unit, v.count};
        list.append(QVariantMap{{"key", qs(v.key)},
                                {"label", qs(v.label)},
                                {"unit", qs(v.unit)},
                                {"text", chart::MetricText::value(info, v.value)}});
    }
    return list;
}

}  // namespace tessera::views
