import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// The run's intervals (Run::intervals) as a Gantt chart: a lane per name, bars coloured by
// category with their legend, the run's x axis with its unit, and the timeline cursor.
Item {
    id: view

    property RunHandle run: null
    property int position: 0
    readonly property alias gantt: gantt

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        CategoryLegend {
            objectName: "ganttLegend"
            Layout.fillWidth: true
            Layout.rightMargin: 8
            categories: gantt.categories
            showFree: false
        }

        Flickable {
            id: flick
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            contentWidth: width
            contentHeight: gantt.implicitHeight
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}

            Binding {
                target: gantt
                property: "position"
                value: view.position
                when: view.visible
                restoreMode: Binding.RestoreNone
            }
            GanttItem {
                id: gantt
                objectName: "ganttItem"
                width: flick.width - 12
                height: implicitHeight
                run: view.run
                textColor: ThemePalette.text
                gridColor: ThemePalette.dark ? Qt.rgba(1, 1, 1, 0.18) : Qt.rgba(0, 0, 0, 0.15)
                cursorColor: ThemePalette.dark ? "#ff6a3d" : "#ff2d00"
            }
            Item {
                readonly property rect box: gantt.hoveredRect
                visible: gantt.hoveredInterval >= 0
                x: box.x
                y: box.y
                width: box.width
                height: box.height
                ToolTip.visible: visible && gantt.hoverText.length > 0
                ToolTip.text: gantt.hoverText
                ToolTip.delay: 150
            }
        }
    }
}
