#include "chart/ChartRegistry.h"

#include "chart/ChartError.h"

#include <algorithm>
#include <list>

namespace tessera::chart {

namespace {

// Lists, not vectors: entries keep their address while others come and go.
std::list<RegisteredChart>& chartList()
{
    static std::list<RegisteredChart> charts;
    return charts;
}

std::list<RegisteredView>& viewList()
{
    static std::list<RegisteredView> views;
    return views;
}

// The kind's own entries in registration order, then the shared ones whose id the kind does
// not use for one of its own.
template <typename Entry>
std::vector<const Entry*> ofKind(const std::list<Entry>& entries, std::string_view kind)
{
    std::vector<const Entry*> out;
    for (const Entry& e : entries)
        if (!e.kind.empty() && e.kind == kind)
            out.push_back(&e);
    const size_t own = out.size();
    for (const Entry& e : entries)
        if (e.kind.empty() && std::none_of(out.begin(), out.begin() + std::ptrdiff_t(own),
                                           [&](const Entry* o) { return o->id == e.id; }))
            out.push_back(&e);
    return out;
}

template <typename Entry>
const Entry* findIn(const std::list<Entry>& entries, std::string_view kind, std::string_view id)
{
    for (const Entry* e : ofKind(entries, kind))
        if (e->id == id)
            return e;
    return nullptr;
}

template <typename Entry>
void removeFrom(std::list<Entry>& entries, std::string_view kind, std::string_view id)
{
    entries.remove_if([&](const Entry& e) { return e.kind == kind && e.id == id; });
}

}  // namespace

void ChartRegistry::add(RegisteredChart chart)
{
    removeFrom(chartList(), chart.kind, chart.id);
    chartList().push_back(std::move(chart));
}

void ChartRegistry::add(RegisteredView view)
{
    removeFrom(viewList(), view.kind, view.id);
    viewList().push_back(std::move(view));
}

void ChartRegistry::remove(std::string_view kind, std::string_view id, bool view)
{
    if (view)
        removeFrom(viewList(), kind, id);
    else
        removeFrom(chartList(), kind, id);
}

std::vector<const RegisteredChart*> ChartRegistry::charts(std::string_view kind) { return ofKind(chartList(), kind); }

const RegisteredChart* ChartRegistry::chart(std::string_view kind, std::string_view id)
{
    return findIn(chartList(), kind, id);
}

const RegisteredChart* ChartRegistry::inspectorChart(std::string_view kind)
{
    for (const RegisteredChart* c : charts(kind))
        if (c->inspector)
            return c;
    return nullptr;
}

std::vector<const RegisteredView*> ChartRegistry::views(std::string_view kind) { return ofKind(viewList(), kind); }

const RegisteredView* ChartRegistry::view(std::string_view kind, std::string_view id)
{
    return findIn(viewList(), kind, id);
}

std::vector<std::string> ChartRegistry::allViewIds()
{
    std::vector<std::string> ids;
    for (const bool shared : {false, true})  // the kinds' own first, then the shared ones
        for (const RegisteredView& v : viewList())
            if (v.kind.empty() == shared && std::find(ids.begin(), ids.end(), v.id) == ids.end())
                ids.push_back(v.id);
    return ids;
}

QList<ChartSpec> ChartRegistry::all(const ChartRuns& runs, const RunChartOptions& options,
                                    const ProgressCallback& progress)
{
    QList<ChartSpec> out;
    if (runs.empty())
        return out;
    std::vector<QList<ChartSpec>> perRun;  // the per-run charts not yet placed, one list per chart
    const auto placePerRun = [&] {
        for (size_t run = 0; run < runs.size(); ++run)
            for (const QList<ChartSpec>& panels : perRun)
                if (qsizetype(run) < panels.size())
                    out.append(panels[qsizetype(run)]);
        perRun.clear();
    };
    // The charts of the runs first, then the comparisons (the differences B − A), whichever
    // registered first.
    std::vector<const RegisteredChart*> ordered = charts(runs.front()->info().kind);
    std::stable_partition(ordered.begin(), ordered.end(), [](const RegisteredChart* c) { return c->minRuns <= 1; });
    for (const RegisteredChart* c : ordered) {
        if (runs.size() < c->minRuns)
            continue;
        QList<ChartSpec> panels;
        try {
            panels = c->build(runs, options, progress);
        } catch (const ChartDataMissing&) {
            continue;  // the runs lack what this chart draws: left out, not drawn empty
        }
        if (c->perRun) {
            perRun.push_back(std::move(panels));
            continue;
        }
        placePerRun();
        out.append(panels);
    }
    placePerRun();
    return out;
}

QList<ChartSpec> ChartRegistry::viewPanels(std::string_view id, const Run& run, const RunChartOptions& options)
{
    const RegisteredView* v = view(run.info().kind, id);
    if (!v)
        throw ChartError(QStringLiteral("runs of kind \"%1\" have no chart \"%2\"")
                             .arg(QString::fromStdString(run.info().kind), QString::fromUtf8(id.data(), qsizetype(id.size()))));
    const ChartRuns runs{&run};
    QList<ChartSpec> panels;
    for (const std::string& chartId : v->charts)
        if (const RegisteredChart* c = chart(run.info().kind, chartId); c && c->minRuns <= 1)
            panels.append(c->build(runs, options, {}));
    return panels;
}

ChartRegistration::ChartRegistration(RegisteredChart chart) : kind_(chart.kind), id_(chart.id)
{
    ChartRegistry::add(std::move(chart));
}

ChartRegistration::~ChartRegistration() { ChartRegistry::remove(kind_, id_, false); }

ViewRegistration::ViewRegistration(RegisteredView view) : kind_(view.kind), id_(view.id)
{
    ChartRegistry::add(std::move(view));
}

ViewRegistration::~ViewRegistration() { ChartRegistry::remove(kind_, id_, true); }

}  // namespace tessera::chart
