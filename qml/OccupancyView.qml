import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// Every GPU of the cluster as one cell coloured by its allocated share, grouped by node and by
// GPU model, at the timeline cursor. The cells grow to fill the view (between a minimum and a
// maximum size; below the minimum the grid scrolls). Hover a cell for its node, GPU and pods;
// click to select its group (node) and list what holds its GPUs (RunWords) beside the grid.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null  // the grid shows one run; a compare view places two side by side
    property int position: 0
    property alias selectedGroup: grid.selectedGroup
    readonly property alias grid: grid
    // The vertical scroll position of the grid, for views that scroll two grids together.
    property alias contentY: flick.contentY
    readonly property alias flickable: flick

    // Selects a node by name (e.g. from the decision inspector) and scrolls it into view.
    // A span kind's slice view selects the same group (a GPU) and scrolls to it.
    function selectNode(name) {
        if (!grid.selectNode(name))
            return false
        const r = grid.groupBounds(grid.selectedGroup)
        if (r.y < flick.contentY || r.y + r.height > flick.contentY + flick.height)
            flick.contentY = Math.max(0, Math.min(r.y - flick.height / 3, flick.contentHeight - flick.height))
        if (grid.hasSpans)
            sliceView.selectGroup(grid.selectedGroup)
        return true
    }
    // Compact: no selection pane and a shorter header, for the two sides of the compare view.
    property bool compact: false
    // Whether the shown layer is busy-or-free only (OccupancyItem.layers: binary).
    readonly property bool layerBinary: grid.layers.length > grid.layerIndex && grid.layers[grid.layerIndex].binary === true
    // What the side panel says before a GPU is clicked, in the run's words (RunWords).
    readonly property string selectHint: {
        const w = view.run ? view.run.words : ({ group: "node", occupants: "pods" })
        return qsTr("Click a GPU to select its %1 and list its %2.").arg(w.group).arg(w.occupants)
    }

    // What the view can show of this run: the cell grid always; a run whose kind draws spans
    // (MIG slices) shows them first, and one with intervals adds a Gantt chart. With only the
    // grid (the pod kind) there is no switch.
    readonly property var modes: (grid.hasSpans ? ["slices"] : []).concat(["cells"])
                                 .concat(grid.hasIntervals ? ["gantt"] : [])
    readonly property var modeNames: ({ "slices": qsTr("Slices"), "cells": qsTr("Cells"), "gantt": qsTr("Gantt") })
    property int modeIndex: 0
    readonly property string mode: modes[Math.min(modeIndex, modes.length - 1)]
    // A new run starts on its first mode.
    onRunChanged: modeIndex = 0

    ColumnLayout {
        anchors.fill: parent
        spacing: 4

        TabBar {
            id: modeBar
            objectName: "occupancyModeBar"
            visible: view.modes.length > 1
            Layout.preferredWidth: Math.min(view.width, 120 * view.modes.length)
            currentIndex: view.modeIndex
            // (-1 while the tabs are made anew for another run's modes: keep the mode.)
            onCurrentIndexChanged: if (currentIndex >= 0) view.modeIndex = currentIndex
            Repeater {
                model: view.modes
                TabButton { text: view.modeNames[modelData] }
            }
        }

        StackLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            currentIndex: ["cells", "slices", "gantt"].indexOf(view.mode)

            ColumnLayout {
                spacing: 6

                RowLayout {
                    Layout.fillWidth: true
                    Layout.rightMargin: 8
                    spacing: view.compact ? 10 : 16
                    Text {
                        objectName: "occupancyTitle"
                        visible: !view.compact
                        // The kind's name for this grid, as its tab says ("GPUs rented").
                        text: view.run ? view.run.words.occupancy : qsTr("GPU occupancy")
                        color: ThemePalette.text
                        font.pixelSize: 14
                        font.bold: true
                    }
                    Text {
                        id: occupancyHeader
                        objectName: "occupancyHeader"
                        // "GPUs in use" is the run's own metric (as in the compare table and the
                        // report), and the position says "arrived" so that it cannot pass for occupancy.
                        // A kind without that metric counts the cells in use at the cursor among
                        // those it draws, in its words ("112 of 237 GPU slots rented"): the cell
                        // count alone read as GPUs rented.
                        text: !view.run ? qsTr("No run")
                              : isNaN(view.run.value("gpus_in_use", view.position))
                                ? qsTr("%1 of %2 %3 %4 · %5").arg(view.run.cellsInUse(view.position)).arg(grid.cellCount)
                                  .arg(view.run.words.cells).arg(view.run.words.inUse).arg(view.run.positionText(view.position))
                                : qsTr("%1 of %2 GPUs in use · %3")
                                  .arg(view.run.valueText("gpus_in_use", view.position))
                                  .arg(grid.cellCount)
                                  .arg(view.run.positionText(view.position))
                        color: ThemePalette.text
                        font.pixelSize: 12
                        Layout.fillWidth: true
                        Layout.minimumWidth: 80
                        // Wrapped onto a second line rather than cut: at 1280 px beside the "Node
                        // squares" box and the legend, 100,000 GPUs' count and the position did not
                        // fit on one. The row keeps room for two lines whatever the text: a height
                        // that followed the wrapping was missed by the layout once it had been hidden
                        // (another tab), and the lines ran into the grid.
                        wrapMode: Text.Wrap
                        maximumLineCount: 2
                        elide: Text.ElideRight
                        verticalAlignment: Text.AlignVCenter
                        // (Whole lines with their leading: a Text that elides shows only the lines
                        // its height holds.)
                        Layout.preferredHeight: Math.ceil(2 * headerMetrics.lineSpacing) + 2
                        FontMetrics { id: headerMetrics; font: occupancyHeader.font }
                    }
                    // A binary layer (training GPUs: busy or free) is keyed by two swatches in
                    // the exported chart's words (OccupancyChart::binaryKeys), not by a ramp.
                    Row {
                        objectName: "occupancyBusyKey"
                        visible: view.layerBinary
                        spacing: 6
                        Rectangle {
                            anchors.verticalCenter: parent.verticalCenter
                            width: 12
                            height: 12
                            color: { void grid.darkBackground; return grid.colorAt(1.0) }
                            border.color: ThemePalette.mid
                        }
                        Text {
                            anchors.verticalCenter: parent.verticalCenter
                            text: view.layerBinary ? grid.layers[grid.layerIndex].busyText : ""
                            color: ThemePalette.text
                            font.pixelSize: 11
                        }
                    }
                    Row {
                        visible: !grid.layerCategorical
                        spacing: 6
                        Rectangle {
                            anchors.verticalCenter: parent.verticalCenter
                            width: 12
                            height: 12
                            color: grid.emptyColor
                            border.color: ThemePalette.mid
                        }
                        Text {
                            anchors.verticalCenter: parent.verticalCenter
                            text: view.layerBinary ? grid.layers[grid.layerIndex].freeText : qsTr("free")
                            color: ThemePalette.text
                            font.pixelSize: 11
                        }
                    }
                    // Level of detail: too many GPUs for cells of a readable size in this view, a
                    // square per node; unticked, every GPU's cell, scrolling.
                    TickBox {
                        objectName: "occupancyOverviewBox"
                        // (Not in a compare pane: no room in its header; it draws the overview when it fits.)
                        visible: grid.overviewNeeded && !view.compact
                        // Short: the header's count and legend share the line (the tooltip explains).
                        text: qsTr("%1 squares").arg(view.run ? view.run.words.group.charAt(0).toUpperCase()
                                                                 + view.run.words.group.slice(1) : "Node")
                        checked: grid.overviewAllowed
                        onToggled: grid.overviewAllowed = checked
                        font.pixelSize: 11
                        ToolTip.visible: hovered
                        ToolTip.delay: 400
                        ToolTip.text: grid.groupsPerSquare > 1
                            ? qsTr("%1 %2 share a square (fewer pixels than %2): their %3' mean. Hover a square for each of them; untick to draw every %4, scrolling.")
                              .arg(grid.groupsPerSquare).arg(view.run ? view.run.words.groups : "nodes")
                              .arg(view.run ? view.run.words.cells : "GPUs").arg(view.run ? view.run.words.cell : "GPU")
                            : qsTr("Too many %1 for cells of %2 px here: each %3 is one square in its %1' mean colour. Hover a square for the %3, its %1 and %4; untick to draw every %5, scrolling.")
                              .arg(view.run ? view.run.words.cells : "GPUs").arg(grid.minCellSize)
                              .arg(view.run ? view.run.words.group : "node").arg(view.run ? view.run.words.occupants : "pods")
                              .arg(view.run ? view.run.words.cell : "GPU")
                    }
                    ComboBox {
                        id: layerBox
                        objectName: "occupancyLayerBox"
                        visible: grid.layers.length > 1
                        model: grid.layers.map(l => l.name)
                        currentIndex: grid.layerIndex
                        onActivated: index => grid.layerIndex = index
                        implicitContentWidthPolicy: ComboBox.WidestText
                    }
                    ColorLegend {
                        objectName: "occupancyShareLegend"
                        visible: !grid.layerCategorical && !view.layerBinary
                        // Reading darkBackground makes the ramp follow a palette change.
                        colorAt: function(t) { void grid.darkBackground; return grid.colorAt(0.001 + 0.999 * t) }
                        // Every share layer says what it is and what its ends mean (OccupancyLayer:
                        // name, lowText, highText), whatever the kind.
                        readonly property var shown: grid.layers.length > grid.layerIndex ? grid.layers[grid.layerIndex] : null
                        minText: shown ? shown.lowText : ""
                        maxText: shown ? shown.highText : ""
                        // (Compact: the ends alone, "0 %" and "100 %": a compare side has no room for a name.)
                        label: shown && !view.compact ? shown.name : ""
                        rampWidth: view.compact ? 80 : 140
                    }
                }

                // A categorical layer's legend, on a line of its own: it may name many categories.
                CategoryLegend {
                    objectName: "occupancyCategoryLegend"
                    visible: grid.layerCategorical
                    Layout.fillWidth: true
                    Layout.rightMargin: 8
                    title: grid.layers.length > grid.layerIndex ? grid.layers[grid.layerIndex].name : ""
                    categories: grid.layerCategorical ? grid.layers[grid.layerIndex].categories : []
                    freeColor: grid.emptyColor
                }

                RowLayout {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    spacing: 8

                    Flickable {
                        id: flick
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        clip: true
                        contentWidth: width
                        contentHeight: grid.implicitHeight
                        boundsBehavior: Flickable.StopAtBounds
                        // Always shown while the grid is taller than the view (every GPU's cell of
                        // 100,000): the style's bar otherwise shows only while scrolling.
                        ScrollBar.vertical: ScrollBar {
                            objectName: "occupancyScrollBar"
                            policy: flick.contentHeight > flick.height + 0.5 ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
                        }

                        // Hidden (another tab, or compare closed) the grid stops following the cursor,
                        // which spares reading every cell per tick; shown again, it catches up at once.
                        Binding {
                            target: grid
                            property: "position"
                            value: view.position
                            when: view.visible
                            restoreMode: Binding.RestoreNone
                        }
                        OccupancyItem {
                            id: grid
                            objectName: "occupancyGrid"
                            width: flick.width - 12
                            height: implicitHeight
                            fitHeight: flick.height
                            minCellSize: 4
                            // Cells grow to fill the view (GroupGridItem::kLargestCell): a 64-GPU
                            // training cluster fills a 2560 px screen as a pod cluster of thousands does.
                            maxCellSize: 128
                            run: view.run
                            darkBackground: ThemePalette.dark
                            emptyColor: ThemePalette.dark ? Qt.rgba(1, 1, 1, 0.16) : Qt.rgba(0, 0, 0, 0.13)
                            // Vivid red-orange: it stands out on dark purple, yellow and grey cells alike.
                            selectionColor: ThemePalette.dark ? "#ff6a3d" : "#ff2d00"
                        }

                        Repeater {
                            model: grid.bands
                            delegate: Text {
                                x: modelData.x
                                y: modelData.y + 2
                                text: modelData.text
                                color: ThemePalette.text
                                font.pixelSize: 11
                                font.bold: true
                            }
                        }

                        Rectangle {
                            id: hoverBox
                            readonly property rect cell: grid.hoveredCellRect
                            visible: grid.hoveredCell >= 0
                            x: cell.x - 1
                            y: cell.y - 1
                            width: cell.width + 2
                            height: cell.height + 2
                            color: "transparent"
                            border.color: ThemePalette.text
                            border.width: 1
                            // Shown only once the text is there: the shared ToolTip keeps the text it was
                            // opened with (see OccupancyItem::setHoveredCell).
                            ToolTip.visible: visible && grid.hoverText.length > 0
                            ToolTip.text: grid.hoverText
                            ToolTip.delay: 150
                        }
                    }

                    Rectangle {
                        visible: !view.compact
                        Layout.preferredWidth: 300
                        Layout.fillHeight: true
                        color: "transparent"
                        border.color: ThemePalette.mid
                        border.width: 1
                        radius: 3

                        ScrollView {
                            anchors.fill: parent
                            anchors.margins: 8
                            clip: true
                            Text {
                                width: 280
                                wrapMode: Text.Wrap
                                color: ThemePalette.text
                                font.pixelSize: 12
                                text: grid.selectedGroupText.length > 0 ? grid.selectedGroupText
                                                                        : view.selectHint
                            }
                        }
                    }
                }
            }

            SliceView {
                id: sliceView
                objectName: "sliceView"
                run: view.run
                position: view.position
                compact: view.compact
            }
            GanttView {
                objectName: "ganttView"
                run: view.run
                position: view.position
            }
        }
    }
}
