// tessera-cli chart: one chart of a saved run as PNG, SVG or PDF (contracts.md 3.3), painted by
// the app's own chart renderer on the offscreen platform, without re-simulating the run.
#include "chart/ChartError.h"
#include "chart/ChartFormat.h"
#include "chart/ChartRenderer.h"
#include "chart/ChartRegistry.h"
#include "cli/ChartPosition.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "io/InputError.h"
#include "run/RunKindRegistry.h"
#include "store/RunArchive.h"
#include "store/RunRecipeArchive.h"
#include "store/StudyStore.h"
#include "util/UsageError.h"

#include <QGuiApplication>
#include <QRegularExpression>

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

// Every run kind's views (ChartRegistry), each with the line it gives for the help.
std::string help()
{
    std::string text =
        "usage: tessera-cli chart --db STUDY.sqlite --run ID --chart KIND --format png|svg|pdf --out FILE\n"
        "                         [--size 1600x1000] [--at STEP|X] [--policy SPEC ...] [--y-scale log|linear]\n"
        "\n"
        "Draws one chart of a run saved in a study, without simulating it again.\n"
        "\n";
    // Each kind's own views under its name, then the views every run has.
    for (const std::string& kind : RunKindRegistry::instance().names()) {
        std::string lines;
        for (const chart::RegisteredView* view : chart::ChartRegistry::views(kind))
            if (view->kind == kind)
                lines += fmt::format("  --chart {:<14} {}\n", view->id, view->help);
        if (!lines.empty())
            text += fmt::format("{} runs:\n{}", RunKindRegistry::kind(kind).displayName(), lines);
    }
    std::string shared;
    for (const chart::RegisteredView* view : chart::ChartRegistry::views({}))
        if (view->kind.empty())
            shared += fmt::format("  --chart {:<14} {}\n", view->id, view->help);
    if (!shared.empty())
        text += "every run:\n" + shared;
    text += "  --format               png, svg (vector) or pdf (vector); may be left out when FILE ends in one\n"
            "  --size WxH             pixels (SVG and PDF: the page at 96 dpi), 64-16384 a side\n"
            "  --at STEP|X            the moment to draw: a step in the run's words (a training round, a\n"
            "                         pod decision; 0 to the last), or a point of the x axis with its unit\n"
            "                         (\"120h\", \"75%\"); line charts mark it as the cursor. Default for\n"
            "                         occupancy: the last step with a GPU in use, named in the title\n"
            "  --policy SPEC          frontier: sweep this policy too, beside the run's (repeatable)\n"
            "  --y-scale log|linear   frontier: the mean-JCT axis; default log when the JCTs span more\n"
            "                         than a decade\n";
    return text;
}

// "a, b or c"
std::string alternatives(const std::vector<std::string>& ids)
{
    std::string text;
    for (size_t i = 0; i < ids.size(); ++i)
        text += (i == 0 ? "" : i + 1 == ids.size() ? " or " : ", ") + ids[i];
    return text;
}

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
    const CommandLine args(argc, argv, 2,
                           {"--db", "--run", "--chart", "--format", "--out", "--size", "--at", "--policy", "--y-scale"},
                           {"--help"});
    if (args.has("--help")) {
        std::fputs(help().c_str(), stdout);
        return 0;
    }
    // Every usage error is found before the study is opened, so it exits 2 whatever the files.
    const std::string db = args.required("--db");
    if (!args.has("--run"))
        throw UsageError("missing --run");
    const int64_t id = args.integer("--run", 0, 1, std::numeric_limits<int64_t>::max());
    const std::string kind = args.required("--chart");
    const std::vector<std::string> kinds = chart::ChartRegistry::allViewIds();
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
        throw UsageError(fmt::format("--chart must be {} (got \"{}\")", alternatives(kinds), kind));
    const QString out = QString::fromStdString(args.required("--out"));
    const auto format = args.has("--format") ? chart::parseChartFormat(QString::fromStdString(args.value("--format")))
                                             : chart::chartFormatOfPath(out);
    if (!format)
        throw UsageError(args.has("--format")
                             ? fmt::format("--format must be png, svg or pdf (got \"{}\")", args.value("--format"))
                             : std::string("missing --format, and --out does not end in .png, .svg or .pdf"));
    const QSize size = parseSize(args.value("--size", "1600x1000"));
    // The frontier sweeps policies: --policy adds others to the run's (repeatable), in the
    // canonical form of the kind whose chart it is, checked before the study is opened.
    std::vector<std::string> morePolicies;
    if (args.has("--policy")) {
        if (kind != "frontier")
            throw UsageError(fmt::format("--policy is for --chart frontier (got --chart {})", kind));
        for (const std::string& kindName : RunKindRegistry::instance().names())
            if (const chart::RegisteredView* view = chart::ChartRegistry::view(kindName, kind); view && view->kind == kindName)
                for (const std::string& spec : args.values("--policy")) {
                    const std::string canonical = RunKindRegistry::kind(kindName).canonicalPolicy(spec);
                    if (std::find(morePolicies.begin(), morePolicies.end(), canonical) == morePolicies.end())
                        morePolicies.push_back(canonical);
                }
    }
    std::optional<bool> logarithmicY;
    if (args.has("--y-scale")) {
        const std::string scale = args.value("--y-scale");
        if (kind != "frontier")
            throw UsageError(fmt::format("--y-scale is for --chart frontier (got --chart {})", kind));
        if (scale != "log" && scale != "linear")
            throw UsageError(fmt::format("--y-scale must be log or linear (got \"{}\")", scale));
        logarithmicY = scale == "log";
    }

    StudyStore study(db, StudyStore::OpenMode::ReadOnly);
    const std::unique_ptr<Run> run = RunArchive::load(study, id);
    // A chart id that exists for some kind but not this run's is the same usage error as an unknown
    // one (exit 2), named with the charts this run has.
    if (!chart::ChartRegistry::view(run->info().kind, kind)) {
        std::vector<std::string> own;
        for (const chart::RegisteredView* view : chart::ChartRegistry::views(run->info().kind))
            own.push_back(view->id);
        throw UsageError(fmt::format("run {} is of kind \"{}\": --chart must be {} (got \"{}\")", id,
                                     run->info().kind, alternatives(own), kind));
    }
    const auto app = makeGuiApplication();
    // The moment a grid shows: --at, else (for the occupancy grid, whose end may have every GPU
    // free) the last step with a GPU in use, said in its title.
    chart::RunChartOptions options;
    options.morePolicies = morePolicies;
    options.logarithmicY = logarithmicY;
    if (args.has("--at")) {
        options.cursor = ChartPosition::parse(args.value("--at"), *run).position;
    } else if (kind == "occupancy") {
        const ChartPosition chosen = ChartPosition::lastInUse(*run);
        options.cursor = chosen.position;
        options.cursorNote = chosen.note;
    }
    QList<chart::ChartSpec> panels;
    try {
        panels = chart::ChartRegistry::viewPanels(kind, *run, options);
    } catch (const chart::ChartNeedsRunInputs& e) {
        // A chart that runs the run's inputs again (the renting kind's frontier sweeps its
        // budgets) draws the run made again from its recorded recipe, every file as recorded.
        const std::optional<RunRecipe> recipe = RunRecipeArchive::load(study, id);
        if (!recipe)
            throw InputError::fileLevel(db, fmt::format("run {}: {}; the study holds no record of them", id, e.what()));
        if (const auto problem = recipe->fileProblem(run->info().name))
            throw InputError::fileLevel(db, fmt::format("run {}: {}", id, *problem));
        const std::unique_ptr<Run> rebuilt = recipe->rebuild(run->info().name);
        try {
            panels = chart::ChartRegistry::viewPanels(kind, *rebuilt, options);
        } catch (const chart::ChartDataMissing& again) {
            throw InputError::fileLevel(db, fmt::format("run {}: {}", id, again.what()));
        }
    } catch (const chart::ChartDataMissing& e) {
        // The study does not hold what this chart draws for this run: its problem, not a blank file.
        throw InputError::fileLevel(db, fmt::format("run {}: {}", id, e.what()));
    }
    if (panels.isEmpty())
        throw InputError::fileLevel(db, fmt::format("run {} (\"{}\"): nothing to draw for --chart {}", id,
                                                    run->info().name, kind));
    chart::ChartRenderer::save(panels, out, *format, size);
    return 0;
}

}  // namespace tessera::cli
