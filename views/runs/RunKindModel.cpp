#include "runs/RunKindModel.h"

#include "run/RunKindRegistry.h"

#include <cmath>

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

}  // namespace

RunKindModel::RunKindModel(QObject* parent) : QObject(parent), kindId_(QStringLiteral("pod-scheduling"))
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

QString RunKindModel::displayName() const { return qs(kind().displayName()); }

QStringList RunKindModel::kinds() const
{
    QStringList ids;
    for (const auto& id : RunKindRegistry::instance().names())
        ids.append(qs(id));
    return ids;
}

QStringList RunKindModel::policies() const
{
    QStringList specs;
    for (const auto& p : kind().policies())
        specs.append(qs(p.spec));
    return specs;
}

QVariantList RunKindModel::policyEntries() const
{
    QVariantList out;
    for (const auto& p : kind().policies())
        out.append(QVariantMap{{"spec", qs(p.spec)}, {"label", qs(p.label)}, {"description", qs(p.description)}});
    return out;
}

bool RunKindModel::combinesPolicies() const { return kind().combinesPolicies(); }

QVariantList RunKindModel::parameterList(bool forkableOnly) const
{
    QVariantList out;
    for (const auto& p : kind().parameters()) {
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
                               {"choices", choices},
                               {"forkable", p.forkable},
                               {"help", qs(p.help)},
                               {"onlyWhenParameter", qs(p.onlyWhenParameter)},
                               {"onlyWhenValue", qs(p.onlyWhenValue)}});
    }
    return out;
}

QVariantList RunKindModel::parameters() const { return parameterList(false); }

QVariantList RunKindModel::forkParameters() const { return parameterList(true); }

RunRequest RunKindModel::request(const QString& policy, const QVariantMap& values)
{
    RunRequest r{policy.trimmed().toStdString(), {}};
    for (auto it = values.begin(); it != values.end(); ++it)
        r.values.emplace(it.key().toStdString(), textOf(it.value()));
    return r;
}

QString RunKindModel::validatePolicy(const QString& spec) const
{
    const auto problem = kind().policyProblem(spec.trimmed().toStdString());
    return problem ? qs(*problem) : QString();
}

QString RunKindModel::validate(const QString& policy, const QVariantMap& values, bool forking) const
{
    const auto problem = kind().requestProblem(request(policy, values), forking);
    return problem ? qs(*problem) : QString();
}

}  // namespace tessera::views
