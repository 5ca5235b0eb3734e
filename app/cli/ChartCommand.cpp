// tessera-cli chart: one chart of a saved run as PNG, SVG or PDF (contracts.md 3.3), painted by
// the app's own chart renderer on the offscreen platform, without re-simulating the run.
#include "chart/ChartError.h"
#include "chart/ChartFormat.h"
#include "chart/ChartRenderer.h"
#include "chart/RunCharts.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "store/RunArchive.h"
#include "store/StudyStore.h"
#include "util/UsageError.h"

#include <QGuiApplication>
#include <QRegularExpression>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

const char* kHelp =
    "usage: tessera-cli chart --db STUDY.sqlite --run ID --chart KIND --format png|svg|pdf --out FILE\n"
    "                         [--size 1600x1000]\n"
    "\n"
    "Draws one chart of a run saved in a study, without simulating it again.\n"
    "\n"
    "  --chart allocation     GPU allocation against arrived workload (or time), and failed pods by class\n"
    "  --chart power          cluster power, CPU and GPU stacked, and GPU power by GPU model\n"
    "  --chart fragmentation  fragmentation rate, and each node's expected fragmentation as a heatmap\n"
    "  --chart occupancy      every GPU at the end of the run, grouped by node and GPU model\n"
    "  --format               png, svg (vector) or pdf (vector); may be left out when FILE ends in one\n"
    "  --size WxH             pixels (SVG and PDF: the page at 96 dpi), 64-16384 a side\n";

constexpr std::array<const char*, 4> kKinds = {"allocation", "power", "fragmentation", "occupancy"};

QSize parseSize(const std::string& text)
{
    static const QRegularExpression pattern(QStringLiteral("^([0-9]{1,5})[xX]([0-9]{1,5})$"));
    const auto match = pattern.match(QString::fromStdString(text));
    const int w = match.hasMatch() ? match.captured(1).toInt() : 0;
    const int h = match.hasMatch() ? match.captured(2).toInt() : 0;
    if (w < 64 || h < 64 || w > 16384 || h > 16384)
        throw UsageError(fmt::format("--size must be WIDTHxHEIGHT with 64-16384 pixels a side (got \"{}\")", text));
    return {w, h};
}

// The panels of one chart kind, top to bottom.
QList<chart::ChartSpec> panelsOf(const std::string& kind, const Run& run)
{
    using chart::RunCharts;
    const RunCharts::Runs runs{&run};
    if (kind == "allocation")
        return {RunCharts::allocation(runs), RunCharts::failedPods(runs)};
    if (kind == "power") {
        QList<chart::ChartSpec> panels{RunCharts::power(runs)};
        if (auto byModel = RunCharts::powerByModel(runs))
            panels.append(*byModel);
        return panels;
    }
    if (kind == "fragmentation")
        return {RunCharts::fragmentationRate(runs), RunCharts::fragmentationHeatmap(run)};
    return {RunCharts::occupancy(run, run.steps())};
}

// Qt's own notes (a missing XDG_RUNTIME_DIR, font fallbacks) are not the user's concern and
// would break the rule that stderr holds only error: and warning: lines.
void dropQtNotes(QtMsgType type, const QMessageLogContext&, const QString& message)
{
    if (type == QtCriticalMsg || type == QtFatalMsg)
        fmt::print(stderr, "warning: {}\n", message.toStdString());
}

// Text needs a QGuiApplication; without a display it runs on the offscreen platform.
std::unique_ptr<QGuiApplication> makeGuiApplication()
{
    if (QGuiApplication::instance())
        return nullptr;
    qInstallMessageHandler(dropQtNotes);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "tessera-cli";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

}  // namespace

int chartCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2, {"--db", "--run", "--chart", "--format", "--out", "--size"}, {"--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    // Every usage error is found before the study is opened, so it exits 2 whatever the files.
    const std::string db = args.required("--db");
    if (!args.has("--run"))
        throw UsageError("missing --run");
    const int64_t id = args.integer("--run", 0, 1, std::numeric_limits<int64_t>::max());
    const std::string kind = args.required("--chart");
    if (std::find(kKinds.begin(), kKinds.end(), kind) == kKinds.end())
        throw UsageError(fmt::format("--chart must be allocation, power, fragmentation or occupancy (got \"{}\")", kind));
    const QString out = QString::fromStdString(args.required("--out"));
    const auto format = args.has("--format") ? chart::parseChartFormat(QString::fromStdString(args.value("--format")))
                                             : chart::chartFormatOfPath(out);
    if (!format)
        throw UsageError(args.has("--format")
                             ? fmt::format("--format must be png, svg or pdf (got \"{}\")", args.value("--format"))
                             : std::string("missing --format, and --out does not end in .png, .svg or .pdf"));
    const QSize size = parseSize(args.value("--size", "1600x1000"));

    StudyStore study(db, StudyStore::OpenMode::ReadOnly);
    const std::unique_ptr<Run> run = RunArchive::load(study, id);
    const auto app = makeGuiApplication();
    chart::ChartRenderer::save(panelsOf(kind, *run), out, *format, size);
    return 0;
}

}  // namespace tessera::cli
