#include "SweepChartItem.h"

#include "SweepChartPanels.h"

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

void SweepChartItem::setSecondMetric(const QString& id)
{
    if (secondMetric_ == id)
        return;
    secondMetric_ = id;
    emit inputsChanged();
}

void SweepChartItem::setBands(bool bands)
{
    if (bands_ == bands)
        return;
    bands_ = bands;
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
    panels_.clear();
    curveList_.clear();
    emptyText_.clear();
    bandNote_.clear();
    const std::optional<SweepCurves> curves = browser_ ? browser_->curves(xParameter_, metric_) : std::nullopt;
    if (!browser_ || !browser_->hasSweep())
        emptyText_ = QStringLiteral("No sweep open");
    else if (!curves)
        emptyText_ = QStringLiteral("No swept number to plot against: the runs differ in no weight or seed");
    else if (!curves->pooled.isEmpty())
        emptyText_ = QStringLiteral("The runs at one %1 differ in %2 too: a mean over them would not be over seeds. "
                                    "Group or filter by %3.")
                         .arg(curves->xTitle, curves->pooled.join(QStringLiteral(", ")),
                              curves->pooled.size() == 1 ? QStringLiteral("it") : QStringLiteral("one of them"));
    else if (curves->curves.empty())
        emptyText_ = browser_->shownRuns() == 0 ? QStringLiteral("No run passes the filters")
                                                : QStringLiteral("No run has this figure (power saved needs the "
                                                                 "sweep's first run, its baseline)");
    if (curves && emptyText_.isEmpty()) {
        std::vector<SweepCurves> figures{*curves};
        if (!secondMetric_.isEmpty() && secondMetric_ != metric_)
            if (const std::optional<SweepCurves> second = browser_->curves(xParameter_, secondMetric_))
                figures.push_back(*second);
        panels_ = SweepChartPanels::build(figures, {bands_, filterText()});
        bandNote_ = curves->note(bands_);
        for (const SweepCurves::Curve& c : curves->curves) {
            QVariantList points;
            for (const SweepCurves::Point& p : c.points)
                points << QVariantMap{{"x", p.x}, {"mean", p.mean}, {"min", p.min}, {"max", p.max}, {"runs", p.runs}};
            curveList_ << QVariantMap{{"group", c.group}, {"color", c.color}, {"points", points}};
        }
    }
    emit chartChanged();
    update();
}

QString SweepChartItem::filterText() const
{
    QList<std::pair<QString, QStringList>> filters;
    for (const QVariant& p : browser_->parameters()) {
        const QVariantMap parameter = p.toMap();
        filters.append({parameter.value(QStringLiteral("title")).toString(),
                        browser_->filterOf(parameter.value(QStringLiteral("id")).toString())});
    }
    return SweepChartPanels::filterText(filters);
}

QStringList SweepChartItem::panelTitles() const
{
    QStringList titles;
    for (const chart::ChartSpec& panel : panels_)
        titles << panel.title;
    return titles;
}

void SweepChartItem::paint(QPainter* painter)
{
    if (!emptyText_.isEmpty() || width() < 64 || height() < 64)
        return;
    const chart::ChartTheme& theme = dark_ ? chart::ChartColors::darkTheme() : chart::ChartColors::lightTheme();
    chart::ChartRenderer::paintOnScreen(*painter, boundingRect(), panels_, theme,
                                        SweepChartPanels::arrangementFor(size(), panels_.size()));
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
        chart::ChartRenderer::save(panels_, path, *format, QSize(width, height), chart::ChartColors::lightTheme(),
                                   SweepChartPanels::arrangementFor(QSizeF(width, height), panels_.size()));
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace tessera::views
