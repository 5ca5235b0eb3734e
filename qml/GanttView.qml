import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// The run's intervals (Run::intervals) as a Gantt chart: a lane per name, bars coloured by
// category with their legend, the run's x axis with its unit, and the timeline cursor. When the
// bars are parts of subjects (a training job's GPUs and placements): hover a bar for its job,
// click it to select the job (its bars outlined, the others faint) and list its placements
// over time beside the chart, the one at the cursor marked; colour by class or by job.
Item {
    id: view

    property RunHandle run: null
    property int position: 0
    readonly property alias gantt: gantt

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        RowLayout {
            Layout.fillWidth: true
            Layout.leftMargin: 8
            Layout.rightMargin: 8
            spacing: 10
            RowLayout {
                visible: gantt.hasSubjects
                spacing: 4
                Label { text: qsTr("Colour by") }
                ComboBox {
                    objectName: "ganttColorBy"
                    model: [qsTr("Class"), qsTr("Job")]
                    currentIndex: gantt.colorBySubject ? 1 : 0
                    onActivated: index => gantt.colorBySubject = index === 1
                    implicitContentWidthPolicy: ComboBox.WidestText
                }
            }
            Label {
                visible: gantt.hasSubjects && gantt.colorBySubject
                text: gantt.legend.length > 0 ? qsTr("Jobs running at the cursor:") : qsTr("No job running at the cursor")
                font.pixelSize: 11
            }
            CategoryLegend {
                objectName: "ganttLegend"
                Layout.fillWidth: true
                categories: gantt.legend
                showFree: false
            }
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
                    // The time axis stays in view while the lanes scroll under it.
                    backgroundColor: ThemePalette.window
                    visibleBottom: flick.contentY + flick.height
                }
                Item {
                    readonly property rect box: gantt.hoveredRect
                    visible: gantt.hoveredInterval >= 0
                    x: box.x
                    y: box.y
                    width: box.width
                    height: box.height
                    // Its own tooltip, not the shared attached one: that one opened at an empty
                    // text's size and showed as a blank box (walk W11).
                    ToolTipFit { toolTip: ganttToolTip }
                    ToolTip {
                        id: ganttToolTip
                        objectName: "ganttToolTip"
                        visible: parent.visible && gantt.hoverText.length > 0
                        text: gantt.hoverText
                        delay: 150
                        y: -height - 4
                    }
                }
            }

            Rectangle {
                objectName: "ganttSelection"
                visible: gantt.hasSubjects
                Layout.preferredWidth: Math.min(360, view.width * 0.3)
                Layout.fillHeight: true
                Layout.rightMargin: 8
                color: "transparent"
                border.color: ThemePalette.mid
                border.width: 1
                radius: 3

                ColumnLayout {
                    anchors.fill: parent
                    anchors.margins: 8
                    spacing: 6
                    RowLayout {
                        Layout.fillWidth: true
                        Label {
                            Layout.fillWidth: true
                            font.bold: true
                            elide: Text.ElideRight
                            text: gantt.selectedSubject >= 0 ? gantt.subjectName(gantt.selectedSubject)
                                                             : qsTr("No job selected")
                        }
                        Button {
                            visible: gantt.selectedSubject >= 0
                            text: qsTr("Clear")
                            onClicked: gantt.selectedSubject = -1
                        }
                    }
                    Label {
                        Layout.fillWidth: true
                        wrapMode: Text.Wrap
                        font.pixelSize: 12
                        text: gantt.selectedSubject >= 0 ? gantt.selectedDetails
                                                         : qsTr("Click a bar to select its job: its bars stand out and its placements over time are listed here.")
                    }
                    Label {
                        visible: gantt.selectedSubject >= 0
                        text: qsTr("Placements (%1)").arg(gantt.selectedSpans.length)
                        font.bold: true
                        font.pixelSize: 12
                    }
                    ListView {
                        objectName: "ganttSpans"
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        clip: true
                        spacing: 4
                        model: gantt.selectedSpans
                        ScrollBar.vertical: ScrollBar {}
                        delegate: Rectangle {
                            required property var modelData
                            width: ListView.view.width - 10
                            height: spanText.implicitHeight + 8
                            radius: 2
                            color: modelData.current ? Qt.rgba(ThemePalette.accent.r, ThemePalette.accent.g, ThemePalette.accent.b, 0.3)
                                                     : "transparent"
                            border.color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.6)
                            border.width: 1
                            Text {
                                id: spanText
                                anchors.fill: parent
                                anchors.margins: 4
                                wrapMode: Text.Wrap
                                font.pixelSize: 12
                                color: ThemePalette.text
                                opacity: modelData.past || modelData.current ? 1 : 0.6
                                text: (modelData.current ? qsTr("▶ at the cursor: ") : "") + modelData.text
                            }
                        }
                    }
                }
            }
        }
    }
}
