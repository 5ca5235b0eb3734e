#pragma once

#include "chart/ChartColors.h"
#include "chart/ChartSpec.h"
#include "chart/ChartTheme.h"
#include "run/Run.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace tessera::chart {

// "Export report": one PDF holding a title page (each run's parameters from Run::info(), and a
// summary of the main metrics at 100% and 130% arrived and at the end, with B − A deltas when
// two runs are compared), then the given charts, one or two per landscape A4 page.
class ReportWriter {
public:
    enum class Layout { OnePerPage, TwoPerPage };

    // `runNames`: the runs' names as the app shows them (else their stored names).
    static QByteArray render(const std::vector<const Run*>& runs, const QList<ChartSpec>& charts,
                             Layout layout = Layout::TwoPerPage, const ChartTheme& theme = ChartColors::lightTheme(),
                             const QStringList& runNames = {});
    // Throws ChartError naming the path when it cannot be written.
    static void write(const QString& path, const std::vector<const Run*>& runs, const QList<ChartSpec>& charts,
                      Layout layout = Layout::TwoPerPage, const ChartTheme& theme = ChartColors::lightTheme(),
                      const QStringList& runNames = {});
    // The title page's summary, header row first: one row per metric and point ("at 100%
    // arrived", ..., "last round"), one column per run, and B − A for two runs. Public so that tests
    // can hold it against the screen.
    static QList<QStringList> summary(const std::vector<const Run*>& runs, const QStringList& runNames = {});
};

}  // namespace tessera::chart
