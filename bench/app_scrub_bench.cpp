// tessera-bench-app: the app's occupancy grid and heatmap on a large cluster (issue 16 item 5:
// scrubbing under 50 ms at K = 16, about 100,000 GPUs), offscreen on the software scene graph.
//
//   tessera-bench-app --nodes N --pods P [--policy fgd] [--seeks 100] [--width 900] [--height 600]
//
// One run, then the grid as the GPU occupancy tab lays it out in a view of the given size
// (fitted, minimum cell 4 px): `seeks` seeded random timeline positions, each timed from the
// position change to the next frame drawn (the cursor read, the texture painted and uploaded,
// the frame rendered), as a timeline scrub. Then the same with the overview turned off (every
// cell, scrolling), and the heatmap: its sampling (off the GUI thread) and its painting.
#include "BenchStats.h"
#include "io/TraceLoader.h"
#include "items/HeatmapItem.h"
#include "items/OccupancyItem.h"
#include "run/PodSchedulingRun.h"
#include "run/RunHandle.h"
#include "util/Rng.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QQuickWindow>
#include <QTest>

#include <chrono>
#include <cstring>
#include <memory>
#include <string>

#include <fmt/format.h>

using namespace tessera;
using bench::peakRssMb;
using bench::percentile;

namespace {

struct Args {
    std::string nodes, pods, policy = "fgd";
    int seeks = 100, width = 900, height = 600;
};

Args parse(int argc, char** argv)
{
    Args a;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (flag == "--nodes") a.nodes = next();
        else if (flag == "--pods") a.pods = next();
        else if (flag == "--policy") a.policy = next();
        else if (flag == "--seeks") a.seeks = std::max(1, std::stoi(next()));
        else if (flag == "--width") a.width = std::max(100, std::stoi(next()));
        else if (flag == "--height") a.height = std::max(100, std::stoi(next()));
        else throw std::runtime_error("unknown option " + flag);
    }
    if (a.nodes.empty() || a.pods.empty())
        throw std::runtime_error("usage: tessera-bench-app --nodes N.csv --pods P.csv [--policy fgd] [--seeks 100]");
    return a;
}

// Moves `item` to `seeks` seeded random positions; each time is from the move to the frame
// that shows it (a frameSwapped after the change).
std::vector<double> scrub(QQuickWindow& window, views::OccupancyItem& item, size_t steps, int seeks)
{
    Rng rng(1);
    std::vector<double> ms;
    for (int i = 0; i < seeks; ++i) {
        const int position = int(rng.below(steps + 1));
        bool swapped = false;
        const auto connection = QObject::connect(&window, &QQuickWindow::frameSwapped, [&] { swapped = true; });
        QElapsedTimer timer;
        timer.start();
        item.setPosition(position);
        window.update();
        while (!swapped)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        ms.push_back(double(timer.nsecsElapsed()) / 1e6);
        QObject::disconnect(connection);
    }
    return ms;
}

}  // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    qputenv("QT_QUICK_BACKEND", qgetenv("QT_QUICK_BACKEND").isEmpty() ? "software" : qgetenv("QT_QUICK_BACKEND"));
    QGuiApplication app(argc, argv);
    try {
        const Args a = parse(argc, argv);
        LoadWarnings warnings;
        const auto loadStart = std::chrono::steady_clock::now();
        const auto trace = PodTrace::load(a.nodes, a.pods, {}, {}, warnings);
        const double loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - loadStart).count();
        RunParameters parameters;
        parameters.policy = PolicySpec::parse(a.policy);
        const auto runStart = std::chrono::steady_clock::now();
        std::shared_ptr<const Run> run = PodSchedulingRun::simulate(trace, parameters);
        const double runSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - runStart).count();
        views::RunHandle handle(run);

        QQuickWindow window;
        window.resize(a.width + 20, a.height + 20);
        auto* grid = new views::OccupancyItem(window.contentItem());
        grid->setWidth(a.width);
        grid->setMinCellSize(4);
        grid->setMaxCellSize(128);
        grid->setFitHeight(a.height);
        const auto layoutStart = std::chrono::steady_clock::now();
        grid->setRun(&handle);
        const double layoutMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - layoutStart).count();
        grid->setHeight(grid->implicitHeight());
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            throw std::runtime_error("the window was not exposed");
        const std::vector<double> overview = scrub(window, *grid, run->steps(), a.seeks);
        const bool wasOverview = grid->overview();
        const int square = grid->cellSize();
        grid->setOverviewAllowed(false);
        grid->setHeight(grid->implicitHeight());
        const int cellsHeight = int(grid->implicitHeight());
        const std::vector<double> cells = scrub(window, *grid, run->steps(), a.seeks);
        grid->setVisible(false);

        auto* heatmap = new views::HeatmapItem(window.contentItem());
        heatmap->setSize(QSizeF(a.width, a.height));
        heatmap->setColumns(a.width);
        QElapsedTimer sampling;
        sampling.start();
        heatmap->setRun(&handle);
        while (!heatmap->ready() && heatmap->error().isEmpty())
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
        const double sampleSeconds = double(sampling.nsecsElapsed()) / 1e9;
        std::vector<double> paint;
        for (int i = 0; i < 10; ++i) {  // a palette or scale change repaints the whole texture
            QElapsedTimer timer;
            timer.start();
            heatmap->setDarkBackground(i % 2 == 0);
            paint.push_back(double(timer.nsecsElapsed()) / 1e6);
        }

        fmt::print("app policy={} nodes={} gpus={} decisions={} load_s={:.2f} run_s={:.2f} view={}x{}\n", a.policy,
                   trace->cluster.nodes.size(), trace->cluster.totalGpus(), run->steps(), loadSeconds, runSeconds,
                   a.width, a.height);
        fmt::print("app_grid overview={} square_px={} layout_ms={:.1f} scrub_seeks={} scrub_median_ms={:.2f} "
                   "scrub_p95_ms={:.2f} scrub_max_ms={:.2f}\n",
                   wasOverview ? "on" : "off", square, layoutMs, a.seeks, percentile(overview, 0.5),
                   percentile(overview, 0.95), percentile(overview, 1.0));
        fmt::print("app_grid_cells cell_px={} grid_height_px={} scrub_median_ms={:.2f} scrub_p95_ms={:.2f}\n",
                   grid->cellSize(), cellsHeight, percentile(cells, 0.5), percentile(cells, 0.95));
        fmt::print("app_heatmap columns={} rows={} sample_s={:.2f} paint_median_ms={:.2f} peak_rss_mb={:.0f}\n",
                   heatmap->sampledColumns(), heatmap->shownRows(), sampleSeconds, percentile(paint, 0.5), peakRssMb());
        return heatmap->error().isEmpty() ? 0 : 1;
    } catch (const std::exception& e) {
        fmt::print(stderr, "tessera-bench-app: {}\n", e.what());
        return 1;
    }
}
