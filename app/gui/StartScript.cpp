#include "StartScript.h"

#include "run/RunKindRegistry.h"

namespace tessera::gui {

namespace {

const QCommandLineOption kindOption("kind", "Run kind of --open's inputs (e.g. training-placement; by default the kind that reads the first file, as Open… finds it).", "ID");
const QCommandLineOption openOption("open",
                                    "Open the kind's inputs in the order it lists them (comma-separated; an empty "
                                    "entry skips an optional one), and run --policy.",
                                    "FILE[,FILE..]");
const QCommandLineOption policyOption("policy", "Policy to run on --open's inputs; repeat for more (default: the "
                                                "kind's first).",
                                      "NAME");
const QCommandLineOption studyOption("study", "Study file to save runs in and to read --run from.", "FILE");
const QCommandLineOption runOption("run", "Reopen the saved run of this id in --study.", "ID");
const QCommandLineOption viewOption("view",
                                    "Show this view: occupancy, gantt, the kind's own (e.g. rounds, jct, "
                                    "variability), inspector, metrics or compare.",
                                    "NAME");
const QCommandLineOption atOption("at", "Put the timeline at this step (default: the end of the run).", "STEP");

QStringList registeredKinds()
{
    QStringList ids;
    for (const std::string& id : RunKindRegistry::instance().names())
        ids << QString::fromStdString(id);
    return ids;
}

}  // namespace

QList<QCommandLineOption> startOptions()
{
    return {kindOption, openOption, policyOption, studyOption, runOption, viewOption, atOption};
}

StartScript parseStartScript(const QCommandLineParser& parser, QString& error)
{
    const auto refuse = [&error](const QString& why) {
        error = why;
        return StartScript{};
    };
    StartScript script;
    script.kind = parser.value(kindOption);
    if (!script.kind.isEmpty() && !registeredKinds().contains(script.kind))
        return refuse(QStringLiteral("--kind: unknown run kind \"%1\" (kinds: %2)")
                          .arg(script.kind, registeredKinds().join(QStringLiteral(", "))));
    // An empty entry skips an optional input: "prof_data,,scenario.csv".
    for (const QString& list : parser.values(openOption))
        script.open << list.split(QLatin1Char(','));
    if (parser.isSet(openOption) && script.open.join(QString()).isEmpty())
        return refuse(QStringLiteral("--open: no file named"));
    script.policies = parser.values(policyOption);
    if (!script.policies.isEmpty() && script.open.isEmpty())
        return refuse(QStringLiteral("--policy runs on the inputs of --open; none was given"));
    script.study = parser.value(studyOption);
    if (parser.isSet(runOption)) {
        bool ok = false;
        script.run = parser.value(runOption).toLongLong(&ok);
        if (!ok || script.run <= 0)
            return refuse(QStringLiteral("--run: expected a run id such as 3 (got \"%1\")").arg(parser.value(runOption)));
        if (script.study.isEmpty())
            return refuse(QStringLiteral("--run reads a saved run from --study; no study was given"));
    }
    script.view = parser.value(viewOption);
    if (parser.isSet(viewOption) && script.view.isEmpty())
        return refuse(QStringLiteral("--view: no view named"));
    if (parser.isSet(atOption)) {
        bool ok = false;
        script.at = parser.value(atOption).toInt(&ok);
        if (!ok || script.at < 0)
            return refuse(QStringLiteral("--at: expected a step, 0 or more (got \"%1\")").arg(parser.value(atOption)));
    }
    error.clear();
    return script;
}

}  // namespace tessera::gui
