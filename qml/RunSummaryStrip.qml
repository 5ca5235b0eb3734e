import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// The shown run's summary figures (Run::summary: a rental run's mean, geomean and p99 JCT,
// GPU-hours, average rented against the budget; any kind's own), in the kind's order, as compare
// writes them: what sums up the whole run, without opening Compare. Wraps to as many lines as
// the width needs; hidden for a run without a summary.
Flow {
    id: strip

    property RunHandle run: null
    readonly property var figures: run ? run.summary() : []

    visible: figures.length > 0
    spacing: 6

    Repeater {
        model: strip.figures
        Rectangle {
            id: figure
            required property var modelData
            objectName: "summaryFigure-" + modelData.key
            width: column.implicitWidth + 16
            height: column.implicitHeight + 8
            radius: 4
            color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.15)
            border.color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.5)
            Column {
                id: column
                anchors.centerIn: parent
                Label {
                    text: figure.modelData.label
                    font.pixelSize: 11
                    color: ThemePalette.text
                    opacity: 0.75
                }
                Label {
                    objectName: "summaryValue-" + figure.modelData.key
                    // "12.34 h", "98.50 %": the unit after the value, as a reader says it.
                    text: figure.modelData.unit.length > 0 ? figure.modelData.text + " " + figure.modelData.unit
                                                           : figure.modelData.text
                    font.bold: true
                    font.pixelSize: 14
                    color: ThemePalette.text
                }
            }
        }
    }
}
