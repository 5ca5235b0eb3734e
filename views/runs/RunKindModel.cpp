#include "runs/RunKindModel.h"

#include "run/RunHandle.h"
#include "run/RunKindRegistry.h"
#include "store/RunRecord.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>
#include <exception>

namespace tessera::views {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString typeName(RunKindParameter::Type type)
{
    switch (type) {
    case RunKindParameter::Type::Integer:
        return QStringLiteral("integer");
    case RunKindParameter::Type::Real:
        return QStringLiteral("real");
    case RunKindParameter::Type::Choice:
        return QStringLiteral("choice");
    }
    return {};
}

// A QML value as request text: 42 rather than 42.0, 1.3 as 1.3.
std::string textOf(const QVariant& value)
{
    if (value.typeId() == QMetaType::Double || value.typeId() == QMetaType::Float) {
        const double v = value.toDouble();
        if (std::isfinite(v) && std::floor(v) == v && std::abs(v) < 9.0e15)
            return std::to_string(qint64(v));
        return QString::number(v, 'g', 17).toStdString();
    }
    return value.toString().trimmed().toStdString();
}

// A bound as every number the app prints: English thousands separators, no exponent, as few
// decimals as it needs ("0.001", "1,000,000").
QString numberText(double value)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(value, 'f', QLocale::FloatingPointShortest);
}

// `read()`, or `fallback` when the kind's code throws: a property QML reads must not throw (the
// crash contract; the Run panel then shows no policies rather than aborting).
template <class T, class Read>
T orElse(T fallback, Read&& read)
{
    try {
        return read();
    } catch (const std::exception&) {
        return fallback;
    }
}

}  // namespace

// New runs are of the default kind (pod scheduling) until the user picks another kind: what a
// trace session loads. Not the registry's first name, which a later kind may take.
RunKindModel::RunKindModel(QObject* parent) : QObject(parent), kindId_(QString::fromLatin1(RunKindRegistry::kDefaultKind))
{
    if (!RunKindRegistry::instance().contains(kindId_.toStdString()) && !kinds().isEmpty())
        kindId_ = kinds().front();
}

void RunKindModel::setKindId(const QString& id)
{
    if (id == kindId_ || !RunKindRegistry::instance().contains(id.toStdString()))
        return;
    kindId_ = id;
    emit kindChanged();
}

const RunKind& RunKindModel::kind() const { return RunKindRegistry::kind(kindId_.toStdString()); }

const RunKind* RunKindModel::found() const
{
    const auto* entry = RunKindRegistry::instance().find(kindId_.toStdString());
    return entry && *entry ? entry->get() : nullptr;
}

QString RunKindModel::displayName() const
{
    return orElse(QString(), [&] { return found() ? qs(found()->displayName()) : QString(); });
}

QVariantMap RunKindModel::words() const
{
    return orElse(RunHandle::wordsMap(RunWords()),
                  [&] { return RunHandle::wordsMap(found() ? found()->words() : RunWords()); });
}

QString RunKindModel::inputsName() const
{
    return orElse(QString(), [&] {
        const RunKind* kind = found();
        if (!kind)
            return QString();
        if (loadsNodeAndPodLists(*kind))
            return tr("a trace");
        // "the profile folder, SLO folder or scenario file": the kind's own input labels,
        // without their asides.
        QStringList labels;
        for (const RunKindInput& input : kind->inputs()) {
            QString label = qs(input.label).remove(QRegularExpression(QStringLiteral("\\s*\\(.*\\)")));
            if (label.size() > 1 && label[1].isLower())
                label[0] = label[0].toLower();
            labels << label;
        }
        if (labels.isEmpty())
            return QString();
        const QString last = labels.takeLast();
        return tr("the %1").arg(labels.isEmpty() ? last : tr("%1 or %2").arg(labels.join(QStringLiteral(", ")), last));
    });
}

QStringList RunKindModel::kinds() const
{
    QStringList ids;
    for (const auto& id : RunKindRegistry::instance().names())
        ids.append(qs(id));
    return ids;
}

QVariantList RunKindModel::inputs() const
{
    return orElse(QVariantList(), [&] {
        QVariantList out;
        if (found())
            for (const RunKindInput& input : found()->inputs())
                out.append(QVariantMap{{"role", qs(input.role)}, {"label", qs(input.label)},
                                       {"nameFilter", qs(input.nameFilter)}, {"optional", input.optional},
                                       {"folder", input.folder}});
        return out;
    });
}

bool RunKindModel::loadsNodeAndPodLists(const RunKind& kind)
{
    bool nodes = false, pods = false;
    for (const RunKindInput& input : kind.inputs()) {
        nodes = nodes || input.role == RunRecord::kNodesRole;
        pods = pods || input.role == RunRecord::kPodsRole;
    }
    return nodes && pods;
}

bool RunKindModel::usesTraceSession() const
{
    return orElse(false, [&] { return found() && loadsNodeAndPodLists(*found()); });
}

QVariantList RunKindModel::kindEntries() const
{
    QVariantList out;
    for (const auto& id : RunKindRegistry::instance().names()) {
        const auto* kind = RunKindRegistry::instance().find(id);
        const QString name = kind && *kind ? orElse(QString(), [&] { return qs((*kind)->displayName()); }) : QString();
        out.append(QVariantMap{{"id", qs(id)}, {"name", name.isEmpty() ? qs(id) : name}});
    }
    return out;
}

QStringList RunKindModel::policies() const
{
    return orElse(QStringList(), [&] { return policyList(); });
}

QStringList RunKindModel::policyList() const
{
    QStringList specs;
    if (!found())
        return specs;
    for (const auto& p : found()->policies())
        specs.append(qs(p.spec));
    return specs;
}

QVariantList RunKindModel::policyEntries() const
{
    return orElse(QVariantList(), [&] { return policyEntryList(); });
}

QVariantList RunKindModel::policyEntryList() const
{
    QVariantList out;
    if (!found())
        return out;
    for (const auto& p : found()->policies())
        out.append(QVariantMap{{"spec", qs(p.spec)},
                               {"label", qs(p.label)},
                               {"description", qs(p.description)},
                               {"argumentPrefix", qs(p.argumentPrefix)},
                               {"family", qs(p.family)},
                               {"argumentLabel", qs(p.argumentLabel)},
                               {"argumentMin", p.argumentMin},
                               {"argumentMax", p.argumentMax}});
    return out;
}

bool RunKindModel::combinesPolicies() const
{
    return orElse(false, [&] { return found() && found()->combinesPolicies(); });
}

QVariantList RunKindModel::parameterList(bool forkableOnly) const
{
    QVariantList out;
    if (!found())
        return out;
    for (const auto& p : found()->parameters()) {
        if (forkableOnly && !p.forkable)
            continue;
        QVariantList choices;
        for (size_t i = 0; i < p.choices.size(); ++i)
            choices.append(QVariantMap{{"value", qs(p.choices[i])},
                                       {"text", qs(i < p.choiceLabels.size() ? p.choiceLabels[i] : p.choices[i])}});
        out.append(QVariantMap{{"name", qs(p.name)},
                               {"label", qs(p.label)},
                               {"unit", qs(p.unit)},
                               {"type", typeName(p.type)},
                               {"defaultValue", p.defaultValue},
                               {"defaultText", qs(p.defaultText())},
                               {"min", p.min},
                               {"max", p.max},
                               {"rangeText", QStringLiteral("%1–%2").arg(numberText(p.min), numberText(p.max))},
                               {"choices", choices},
                               {"forkable", p.forkable},
                               {"help", qs(p.help)},
                               {"onlyWhenParameter", qs(p.onlyWhenParameter)},
                               {"onlyWhenValue", qs(p.onlyWhenValue)}});
    }
    return out;
}

QVariantList RunKindModel::parameters() const
{
    return orElse(QVariantList(), [&] { return parameterList(false); });
}

QVariantList RunKindModel::forkParameters() const
{
    return orElse(QVariantList(), [&] { return parameterList(true); });
}

RunRequest RunKindModel::request(const QString& policy, const QVariantMap& values)
{
    RunRequest r{policy.trimmed().toStdString(), {}};
    for (auto it = values.begin(); it != values.end(); ++it)
        r.values.emplace(it.key().toStdString(), textOf(it.value()));
    return r;
}

QString RunKindModel::validatePolicy(const QString& spec) const
{
    if (!found())
        return QStringLiteral("no run kind \"%1\" in this version").arg(kindId_);
    try {
        const auto problem = found()->policyProblem(spec.trimmed().toStdString());
        return problem ? qs(*problem) : QString();
    } catch (const std::exception& e) {
        return qs(e.what());
    }
}

QString RunKindModel::validate(const QString& policy, const QVariantMap& values, bool forking) const
{
    if (!found())
        return QStringLiteral("no run kind \"%1\" in this version").arg(kindId_);
    try {
        const auto problem = found()->requestProblem(request(policy, values), forking);
        return problem ? qs(*problem) : QString();
    } catch (const std::exception& e) {
        return qs(e.what());
    }
}

QString RunKindModel::forkTargetProblem(RunHandle* run, int position, const QString& policy) const
{
    if (!run || !found() || position < 0)
        return QString();  // validate() and the dialog's own checks say what is missing
    try {
        const auto problem = found()->forkTargetProblem(run->run(), size_t(position), policy.toStdString());
        return problem ? qs(*problem) : QString();
    } catch (const std::exception& e) {
        return qs(e.what());
    }
}

QString RunKindModel::forkValuesProblem(RunHandle* run, const QString& policy, const QVariantMap& values) const
{
    if (!run || !found())
        return QString();
    try {
        const auto problem = found()->forkValuesProblem(run->run(), request(policy, values), false);
        return problem ? qs(*problem) : QString();
    } catch (const std::exception& e) {
        return qs(e.what());
    }
}

QString RunKindModel::forkParameterNote(RunHandle* run, int position, const QString& name) const
{
    if (!run || !found() || position < 0)
        return QString();
    return orElse(QString(), [&] { return qs(found()->forkParameterNote(run->run(), size_t(position), name.toStdString())); });
}

QVariantList RunKindModel::forkPolicyEntries(RunHandle* run, int position) const
{
    QVariantList out;
    for (const QVariant& entry : policyEntries()) {
        QVariantMap map = entry.toMap();
        map.insert(QStringLiteral("problem"), forkTargetProblem(run, position, map.value(QStringLiteral("spec")).toString()));
        out.append(map);
    }
    return out;
}

}  // namespace tessera::views
