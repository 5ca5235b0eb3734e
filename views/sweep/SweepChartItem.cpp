#include "SweepChartItem.h"

#include "chart/ChartColors.h"
#include "chart/ChartError.h"
#include "chart/ChartFormat.h"
#include "chart/ChartRenderer.h"

#include <QPainter>
#include <QUrl>

namespace tessera::views {

SweepChartItem::SweepChartItem(QQuickItem* parent) : QQuickPaintedItem(parent)
{
    connect(this, &SweepChartItem::inputsChanged, this, &SweepChartItem::rebuild);
}

void SweepChartItem::setBrowser(SweepBrowser* browser)
{
    if (browser_ == browser)
        return;
    if (browser_)
        disconnect(browser_, nullptr, this, nullptr);
    browser_ = browser;
    if (browser_) {
        connect(browser_, &SweepBrowser::rowsChanged, this, &SweepChartItem::rebuild);
        connect(browser_, &SweepBrowser::sweepChanged, this, &SweepChartItem::rebuild);
    }
    emit inputsChanged();
}

void SweepChartItem::setXParameter(const QString& id)
{
    if (xParameter_ == id)
        return;
    xParameter_ = id;
    emit inputsChanged();
}

void SweepChartItem::setMetric(const QString& id)
{
    if (metric_ == id)
        return;
    metric_ = id;
    emit inputsChanged();
}

void SweepChartItem::setDark(bool dark)
{
    if (dark_ == dark)
        return;
    dark_ = dark;
    emit inputsChanged();
}

void SweepChartItem::rebuild()
{
    spec_ = {};
    curveList_.clear();
    emptyText_.clear();
    bandNote_.clear();
    const std::optional<SweepCurves> curves = browser_ ? browser_->curves(xParameter_, metric_) : std::nullopt;
    if (!browser_ || !browser_->hasSweep())
        emptyText_ = QStringLiteral("No sweep open");
    else if (!curves)
        emptyText_ = QStringLiteral("No swept number to plot against: the runs differ in no weight or seed");
    else if (curves->curves.empty())
        emptyText_ = browser_->shownRuns() == 0 ? QStringLiteral("No run passes the filters")
                                                : QStringLiteral("No run has this figure (power saved needs the "
                                                                 "sweep's first run, its baseline)");
    if (curves && emptyText_.isEmpty()) {
        // The axis names the figure; the title says where it was read.
        spec_.title = QStringLiteral("%1 vs %2").arg(curves->yTitle, curves->xTitle);
        spec_.subtitle = curves->bandNote;
        bandNote_ = curves->bandNote;
        spec_.x.label = curves->xTitle;
        spec_.y.label = curves->yTitle.section(QStringLiteral(" at "), 0, 0);
        spec_.y.unit = curves->yUnit;
        spec_.y.includeZero = metric_.startsWith(QStringLiteral("powerSaved"));
        for (const SweepCurves::Curve& c : curves->curves) {
            chart::ChartSpec::Series s;
            s.name = c.group.isEmpty() ? QStringLiteral("all runs") : c.group;
            s.color = c.color;
            s.dots = true;
            QVariantList points;
            for (const SweepCurves::Point& p : c.points) {
                s.points << QPointF(p.x, p.mean);
                s.band.emplace_back(p.min, p.max);
                points << QVariantMap{{"x", p.x}, {"mean", p.mean}, {"min", p.min}, {"max", p.max}, {"runs", p.runs}};
            }
            spec_.series << s;
            curveList_ << QVariantMap{{"group", c.group}, {"color", c.color}, {"points", points}};
        }
    }
    emit chartChanged();
    update();
}

void SweepChartItem::paint(QPainter* painter)
{
    if (!emptyText_.isEmpty() || width() < 64 || height() < 64)
        return;
    const chart::ChartTheme& theme = dark_ ? chart::ChartColors::darkTheme() : chart::ChartColors::lightTheme();
    chart::ChartRenderer::paintOnScreen(*painter, boundingRect(), QList<chart::ChartSpec>{spec_}, theme);
}

QString SweepChartItem::exportTo(const QString& urlOrPath, int width, int height) const
{
    const QUrl url(urlOrPath);
    const QString path = url.isLocalFile() ? url.toLocalFile() : urlOrPath;
    if (!emptyText_.isEmpty())
        return emptyText_;
    const std::optional<chart::ChartFormat> format = chart::chartFormatOfPath(path);
    if (!format)
        return QStringLiteral("%1: save as .svg, .pdf or .png").arg(path);
    try {
        chart::ChartRenderer::save(spec_, path, *format, QSize(width, height));
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace tessera::views
