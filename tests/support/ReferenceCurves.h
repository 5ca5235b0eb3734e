#pragma once

// Per-seed curves at every integer arrived % 0..130, from the published FGD simulator's cached
// results or from a tessera-cli grid CSV, and the fidelity rule of contracts.md section 7 that
// compares them. The reference files are read where they lie, never copied (contracts.md 6).

#include "support/CliRunner.h"

#include <QString>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

namespace tessera::test {

// The FGD-family policies of the reference: Tessera's plugin name and the reference's sc_policy.
struct FidelityPolicy {
    const char* plugin;
    const char* reference;
};
inline constexpr std::array<FidelityPolicy, 6> kFidelityPolicies{{{"random", "01-Random"},
                                                                  {"dotproduct", "02-DotProd"},
                                                                  {"gpuclustering", "03-GpuClustering"},
                                                                  {"gpupacking", "04-GpuPacking"},
                                                                  {"bestfit", "05-BestFit"},
                                                                  {"fgd", "06-FGD"}}};

// The compared metrics: the grid CSV column and the reference file that holds the same quantity.
struct FidelityMetric {
    const char* column;
    const char* referenceFile;
};
inline constexpr std::array<FidelityMetric, 3> kFidelityMetrics{
    {{"alloc_pct", "analysis_allo_discrete.csv"},
     {"frag_rate_pct", "analysis_frag_ratio_discrete.csv"},
     {"frag_of_total_pct", "analysis_frag_discrete.csv"}}};

inline constexpr int kReferenceMaxPct = 130;

// The reference runs each policy alone at full weight, which is this canonical spec in Tessera's
// outputs; both sources are keyed by it.
inline QString canonicalSpec(const FidelityPolicy& p)
{
    return QString::fromLatin1(p.plugin) + QStringLiteral(":1000");
}

inline QStringList fidelityPolicyPlugins()
{
    QStringList names;
    for (const auto& p : kFidelityPolicies)
        names << QString::fromLatin1(p.plugin);
    return names;
}

class ReferenceCurves {
public:
    using Curve = std::vector<double>;  // index: arrived %, 0..kReferenceMaxPct
    using Seeds = std::map<qint64, Curve>;

    // The rows of `workload` in the reference's three files under `dir`.
    static ReferenceCurves fromReference(const QString& dir, const QString& workload)
    {
        ReferenceCurves curves;
        for (const auto& metric : kFidelityMetrics) {
            const QString path = dir + '/' + QString::fromLatin1(metric.referenceFile);
            const CsvData csv = readCsv(path);
            if (!csv.error.isEmpty())
                return curves.failed(path + ": " + csv.error);
            const int workloadCol = csv.column(QStringLiteral("workload"));
            const int policyCol = csv.column(QStringLiteral("sc_policy"));
            const int seedCol = csv.column(QStringLiteral("seed"));
            std::vector<int> pctCols;
            for (int pct = 0; pct <= kReferenceMaxPct; ++pct)
                pctCols.push_back(csv.column(QString::number(pct)));
            if (workloadCol < 0 || policyCol < 0 || seedCol < 0 || std::count(pctCols.begin(), pctCols.end(), -1) > 0)
                return curves.failed(path + ": missing workload, sc_policy, seed or a column 0.." +
                                     QString::number(kReferenceMaxPct));
            for (const auto& row : csv.rows) {
                if (row[workloadCol] != workload)
                    continue;
                const FidelityPolicy* policy = nullptr;
                for (const auto& p : kFidelityPolicies)
                    if (row[policyCol] == QLatin1String(p.reference))
                        policy = &p;
                if (!policy)
                    return curves.failed(path + ": unknown sc_policy " + row[policyCol]);
                bool ok = false;
                const qint64 seed = row[seedCol].toLongLong(&ok);
                if (!ok)
                    return curves.failed(path + ": bad seed " + row[seedCol]);
                Curve& curve = curves.curve(canonicalSpec(*policy), QString::fromLatin1(metric.column), seed);
                for (int pct = 0; pct <= kReferenceMaxPct; ++pct) {
                    curve[size_t(pct)] = row[pctCols[size_t(pct)]].toDouble(&ok);
                    if (!ok)
                        return curves.failed(QStringLiteral("%1: non-numeric value at %2 for %3 seed %4")
                                                 .arg(path)
                                                 .arg(pct)
                                                 .arg(row[policyCol], row[seedCol]));
                }
            }
        }
        if (curves.curves_.empty())
            return curves.failed("no reference rows for workload " + workload);
        return curves;
    }

    // A tessera-cli experiment grid CSV written with `--points 1 --tune 1.3`, keyed by its
    // policy column (the canonical spec).
    static ReferenceCurves fromTesseraCsv(const QString& path)
    {
        ReferenceCurves curves;
        const CsvData csv = readCsv(path);
        if (!csv.error.isEmpty())
            return curves.failed(path + ": " + csv.error);
        const int policyCol = csv.column(QStringLiteral("policy"));
        const int seedCol = csv.column(QStringLiteral("seed"));
        const int arrivedCol = csv.column(QStringLiteral("arrived_pct"));
        if (policyCol < 0 || seedCol < 0 || arrivedCol < 0)
            return curves.failed(path + ": not a grid CSV");
        for (const auto& metric : kFidelityMetrics) {
            const QString name = QString::fromLatin1(metric.column);
            const int valueCol = csv.column(name);
            if (valueCol < 0)
                return curves.failed(path + ": no column " + name);
            for (const auto& row : csv.rows) {
                bool seedOk = false, pctOk = false, valueOk = false;
                const qint64 seed = row[seedCol].toLongLong(&seedOk);
                const double pct = row[arrivedCol].toDouble(&pctOk);
                const double value = row[valueCol].toDouble(&valueOk);
                // Only whole points exist at --points 1; anything else means the wrong run.
                if (!seedOk || !pctOk || !valueOk || pct != std::floor(pct) || pct < 0 || pct > kReferenceMaxPct)
                    return curves.failed(path + ": unexpected row " + row.join(','));
                curves.curve(row[policyCol], name, seed)[size_t(pct)] = value;
            }
        }
        for (const auto& [key, seeds] : curves.curves_)
            for (const auto& [seed, curve] : seeds)
                if (!curves.complete(curve))
                    return curves.failed(QStringLiteral("%1: %2 %3 seed %4 lacks some arrived %% points 0..%5")
                                             .arg(path, key.first, key.second)
                                             .arg(seed)
                                             .arg(kReferenceMaxPct));
        return curves;
    }

    const QString& error() const { return error_; }

    const Seeds* find(const QString& policy, const QString& metric) const
    {
        const auto it = curves_.find({policy, metric});
        return it == curves_.end() ? nullptr : &it->second;
    }

    // One value per seed at one arrived %, in seed order; empty when the curve is unknown.
    std::vector<double> valuesAt(const QString& policy, const QString& metric, int pct) const
    {
        std::vector<double> values;
        if (const Seeds* seeds = find(policy, metric))
            for (const auto& [seed, curve] : *seeds)
                values.push_back(curve[size_t(pct)]);
        return values;
    }

    QList<qint64> seeds(const QString& policy, const QString& metric) const
    {
        QList<qint64> list;
        if (const Seeds* s = find(policy, metric))
            for (const auto& entry : *s)
                list << entry.first;
        return list;
    }

private:
    Curve& curve(const QString& policy, const QString& metric, qint64 seed)
    {
        Curve& c = curves_[{policy, metric}][seed];
        if (c.empty())
            c.assign(kReferenceMaxPct + 1, std::numeric_limits<double>::quiet_NaN());
        return c;
    }
    static bool complete(const Curve& c)
    {
        return std::none_of(c.begin(), c.end(), [](double v) { return std::isnan(v); });
    }
    ReferenceCurves& failed(const QString& message)
    {
        error_ = message;
        curves_.clear();
        return *this;
    }

    std::map<std::pair<QString, QString>, Seeds> curves_;
    QString error_;
};

inline double mean(const std::vector<double>& v)
{
    double sum = 0;
    for (double x : v)
        sum += x;
    return v.empty() ? std::numeric_limits<double>::quiet_NaN() : sum / double(v.size());
}

// Sample standard deviation (n - 1), as the rule asks.
inline double sampleSd(const std::vector<double>& v)
{
    if (v.size() < 2)
        return std::numeric_limits<double>::quiet_NaN();
    const double m = mean(v);
    double ss = 0;
    for (double x : v)
        ss += (x - m) * (x - m);
    return std::sqrt(ss / double(v.size() - 1));
}

struct FidelityCheck {
    double meanT = 0, meanR = 0, sdT = 0, sdR = 0, tolerance = 0;
    bool passes = false;

    double gap() const { return std::abs(meanT - meanR); }
    // How far past the tolerance (positive: failing); orders the worst points.
    double excess() const { return gap() - tolerance; }
};

// contracts.md 7: one arrived % point passes when |mT - mR| <= max(0.5 pp, 3 sqrt(sT²/nT + sR²/nR)),
// means and sample SDs over the seeds (nT = nR = 10 for seeds 42-51). Fewer than two seeds on
// either side gives no SD and so never passes.
inline FidelityCheck fidelityRule(const std::vector<double>& tessera, const std::vector<double>& reference)
{
    FidelityCheck c;
    c.meanT = mean(tessera);
    c.meanR = mean(reference);
    c.sdT = sampleSd(tessera);
    c.sdR = sampleSd(reference);
    const double se = std::sqrt(c.sdT * c.sdT / double(tessera.size()) + c.sdR * c.sdR / double(reference.size()));
    c.tolerance = std::max(0.5, 3 * se);
    c.passes = !std::isnan(se) && c.gap() <= c.tolerance;
    return c;
}

}  // namespace tessera::test
