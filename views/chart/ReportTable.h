#pragma once

#include "chart/ChartTheme.h"

#include <QFont>
#include <QList>
#include <QRectF>
#include <QStringList>

class QPainter;

namespace tessera::chart {

// A table of the report's title page laid out to a width: columns sized to their text and,
// when the table is too wide, the widest columns narrowed to a common width with their text
// wrapped (file paths after a '/'), never cut, so that no header or path loses a character.
class ReportTable {
public:
    using Rows = QList<QStringList>;  // the first row is the header
    struct Cell {
        QRectF rect;        // relative to the table's top-left
        QStringList lines;  // the text, wrapped to the cell's width
        bool header = false;
        bool number = false;  // right-aligned: every column but the first
    };

    ReportTable(const Rows& rows, const QFont& body, const QFont& header, double maxWidth);

    const QList<Cell>& cells() const { return cells_; }
    double width() const { return width_; }
    double height() const { return height_; }
    // The inner width of a cell: its rectangle less the padding either side.
    double textWidth(const Cell& cell) const { return cell.rect.width() - 2 * padding_; }
    const QFont& fontOf(const Cell& cell) const { return cell.header ? header_ : body_; }

    void paint(QPainter& painter, const QPointF& topLeft, const ChartTheme& theme) const;

    // `text` broken into lines no wider than `width`: after a '/', space, '-', '_' or ',' when
    // one is in reach, else at the last character that fits. Joined, the lines give `text` back.
    static QStringList wrap(const QString& text, const QFont& font, double width);

private:
    QFont body_;
    QFont header_;
    double padding_ = 0;
    double lineHeight_ = 0;
    QList<Cell> cells_;
    QList<double> rowBottoms_;
    double width_ = 0;
    double height_ = 0;
};

}  // namespace tessera::chart
