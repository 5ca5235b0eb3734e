#include "chart/ReportTable.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <numeric>

namespace tessera::chart {

namespace {

// The widths that fit `available`: columns narrower than a common cap keep their width, the
// others take the cap (water filling), so that short columns such as headers are never cut.
std::vector<double> fitted(std::vector<double> widths, double available, double minimum)
{
    const double total = std::accumulate(widths.begin(), widths.end(), 0.0);
    if (total <= available || widths.empty())
        return widths;
    std::vector<double> sorted = widths;
    std::sort(sorted.begin(), sorted.end());
    double below = 0, cap = minimum;
    for (size_t i = 0; i < sorted.size(); ++i) {
        const double candidate = (available - below) / double(sorted.size() - i);
        if (candidate <= sorted[i]) {
            cap = std::max(minimum, candidate);
            break;
        }
        below += sorted[i];
    }
    for (double& w : widths)
        w = std::min(w, cap);
    return widths;
}

}  // namespace

QStringList ReportTable::wrap(const QString& text, const QFont& font, double width)
{
    const QFontMetricsF fm(font);
    QStringList lines;
    QString rest = text;
    while (!rest.isEmpty()) {
        if (fm.horizontalAdvance(rest) <= width) {
            lines << rest;
            break;
        }
        qsizetype fits = 1;  // at least one character per line, however narrow
        while (fits < rest.size() && fm.horizontalAdvance(rest.left(fits + 1)) <= width)
            ++fits;
        qsizetype cut = fits;
        for (qsizetype i = fits; i > fits / 2; --i)
            if (QStringLiteral("/ -_,").contains(rest[i - 1])) {
                cut = i;
                break;
            }
        lines << rest.left(cut);
        rest = rest.mid(cut);
    }
    return lines;
}

ReportTable::ReportTable(const Rows& rows, const QFont& body, const QFont& header, double maxWidth)
    : body_(body), header_(header)
{
    const QFontMetricsF fm(header_);
    padding_ = fm.height() * 0.5;
    lineHeight_ = fm.height() * 1.15;
    std::vector<double> widths;
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const QFontMetricsF cellFm(r == 0 ? header_ : body_);
        for (qsizetype c = 0; c < rows[r].size(); ++c) {
            if (size_t(c) >= widths.size())
                widths.resize(size_t(c) + 1, 0);
            widths[size_t(c)] = std::max(widths[size_t(c)], cellFm.horizontalAdvance(rows[r][c]) + 2 * padding_ + 1);
        }
    }
    widths = fitted(widths, maxWidth, fm.height() * 4);
    width_ = std::accumulate(widths.begin(), widths.end(), 0.0);
    double y = 0;
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const QFont& font = r == 0 ? header_ : body_;
        QList<Cell> row;
        qsizetype lines = 1;
        double x = 0;
        for (qsizetype c = 0; c < rows[r].size(); ++c) {
            const double w = widths[size_t(c)];
            Cell cell{QRectF(x, y, w, 0), wrap(rows[r][c], font, w - 2 * padding_), r == 0, c > 0};
            lines = std::max(lines, cell.lines.size());
            row << cell;
            x += w;
        }
        const double h = lineHeight_ * double(lines) + padding_;
        for (Cell& cell : row)
            cell.rect.setHeight(h);
        cells_ << row;
        y += h;
        rowBottoms_ << y;
    }
    height_ = y;
}

void ReportTable::paint(QPainter& painter, const QPointF& topLeft, const ChartTheme& theme) const
{
    painter.save();
    painter.translate(topLeft);
    if (!rowBottoms_.isEmpty())
        painter.fillRect(QRectF(0, 0, width_, rowBottoms_.first()), theme.grid);
    for (const Cell& cell : cells_) {
        painter.setFont(fontOf(cell));
        painter.setPen(theme.text);
        // Names left, numbers right, as in any spreadsheet.
        const Qt::Alignment align = (cell.number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter;
        for (qsizetype i = 0; i < cell.lines.size(); ++i)
            painter.drawText(QRectF(cell.rect.left() + padding_, cell.rect.top() + padding_ / 2 + lineHeight_ * double(i),
                                    textWidth(cell), lineHeight_),
                             align, cell.lines[i]);
    }
    painter.setPen(QPen(theme.grid, 1));
    for (double bottom : rowBottoms_)
        painter.drawLine(QPointF(0, bottom), QPointF(width_, bottom));
    painter.restore();
}

}  // namespace tessera::chart
