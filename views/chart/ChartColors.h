#pragma once

#include "chart/ChartTheme.h"

#include <QColor>
#include <QList>

namespace tessera::chart {

// Every colour of a chart, on screen and in every file: the app's views, HeatmapItem,
// OccupancyItem and the exports all take their colours from here, never from literals.
// Colour-blind safe: the Okabe–Ito palette for runs, a disjoint palette (mostly Paul Tol's
// "muted", without the tones that sit close to an Okabe–Ito one) for a chart's own series (pod classes,
// GPU models, CPU and GPU power), so that a run's colour never reads as a class; and the viridis
// scale for heatmaps, whose lightness rises monotonically, so it also reads in grey.
class ChartColors {
public:

    // The i-th run colour, cycling. Okabe–Ito without black, which themes need for text.
    static QColor categorical(int index);
    static int categoricalCount();
    // The i-th of many groups drawn together (a sweep's curves grouped by seed, say): the run
    // colours, then the series palette (every colour ΔE 25 from every run colour), so that
    // categoricalCount() + seriesColorCount() groups have as many colours; cycling beyond.
    static QColor groupColor(int index);
    static int groupColorCount();
    // The i-th colour of a chart's own series and of every category (pod classes, GPU models,
    // MIG profiles, the models an inference run serves), cycling after seriesColorCount() (at
    // least 12) colours; none equals or comes close to a run colour. The one mapping from a
    // category to its colour: the charts' family series (SeriesPlan::family), the legends, the
    // occupancy, slice and Gantt views (views::categoryColor) and every export take it, so that
    // category i has one colour everywhere.
    static QColor seriesColor(int index);
    static int seriesColorCount();
    // Run colour `color` for the `rank`-th of several metrics a chart draws of one run: rank 0
    // is the colour itself, each further rank a step lighter (mixed with white), so a run's
    // metrics share its hue and differ in lightness, on light and dark backgrounds.
    static QColor runShade(const QColor& color, int rank);
    // The `index`-th of several things of one run told apart by shade (the variability bins of
    // a run, each ringed): darker, the colour itself, a runShade lighter, darker still, over
    // again; each clear of white paper, so that a ring of any of them shows.
    static QColor runShades(const QColor& color, int index);
    // A reference line (the allocation chart's diagonal): a mid grey on light and dark.
    static QColor referenceLine();
    // Stacked areas are filled at this opacity over the chart's background, so grid lines show.
    static constexpr double kAreaFillOpacity = 0.45;
    // The fill of a stacked area of `color`.
    static QColor areaFill(const QColor& color);

    // A sequential scale at t in [0, 1] (clamped; a t that is not finite reads as 0),
    // interpolated between table stops.
    static QColor sequential(double t);
    // Evenly spaced stops of the scale, for legends and ChartSpec::Heatmap::scale.
    static QList<QColor> sequentialStops(int count = 11);
    // The occupancy scale: the used share of a GPU, viridis read backwards on light
    // backgrounds so that full cells stand out dark there, and forwards (full = bright) on
    // dark ones. The app's grid, the heatmaps (on screen and exported) and the exported
    // occupancy chart all paint with it: the one ramp of "how much". Its faint end stops short of
    // the background: the least share stands kFaintContrast from it (no bright yellow on white).
    static QColor occupancy(double share, bool darkBackground);
    // The contrast of the occupancy scale's faint end against the theme's background.
    static constexpr double kFaintContrast = 1.8;
    // An unused GPU of the occupancy grid: a translucent grey over the background, not the
    // scale's end, so that idle capacity reads as empty.
    static QColor emptyCell(bool darkBackground);
    // A cell of a heatmap on the occupancy scale (share of its scale's top): nothing (at or
    // below 0, or not a number) is the empty cell (emptyCell over the theme's background,
    // opaque), not the scale's end, so that an empty area reads as empty (the per-type heatmap
    // of a renting run is mostly 0: it was bright yellow).
    static QColor heatCell(double share, bool darkBackground);
    // Evenly spaced stops of the occupancy scale, for legends.
    static QList<QColor> occupancyStops(bool darkBackground, int count = 11);

    // The WCAG 2 contrast ratio of two colours (1 to 21), by their relative luminance.
    static double contrast(const QColor& a, const QColor& b);
    // Every line, mark and legend key is drawn in at least this contrast against the chart's
    // background (WCAG 2's 3:1 for graphics), so that a pale series (Okabe–Ito's yellow, Tol's
    // sand, a run's lighter shade) reads on white paper as on a dark screen.
    static constexpr double kMinContrast = 3;
    // `color` as a series is drawn on `background`: itself when it has kMinContrast, else the
    // same hue and saturation darkened (on a light background) or lightened (on a dark one) just
    // enough. The painter's one rule for series colours (PanelPainter, ChartLegend).
    static QColor legibleOn(const QColor& color, const QColor& background);

    static ChartTheme lightTheme();
    static ChartTheme darkTheme();
};

}  // namespace tessera::chart
