import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views
import Tessera

// A training-placement run's GPUs as PAL and PM-First see them (B1, B3): for the chosen class,
// each GPU's PerfVar (fill, on the scale below) grouped by node, and the slowdown bin the
// policies derive from it (the ring around the fill, listed with its GPU count). The exported "variability"
// chart draws the same (ClassVariability). Hover a GPU for its numbers.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 6

        RowLayout {
            Layout.fillWidth: true
            spacing: 10
            Label { text: qsTr("Class") }
            ComboBox {
                id: classBox
                objectName: "variabilityClassBox"
                model: heatmap.classNames
                implicitContentWidthPolicy: ComboBox.WidestText
            }
            Label {
                Layout.fillWidth: true
                elide: Text.ElideRight
                color: ThemePalette.text
                text: heatmap.gpuCount > 0
                      ? qsTr("%1 GPUs · PerfVar %2× to %3× · %4 bins (PAL, PM-First)")
                        .arg(heatmap.gpuCount).arg(heatmap.scoreText(heatmap.minimum)).arg(heatmap.scoreText(heatmap.maximum))
                        .arg(heatmap.bins.length)
                      : (view.run ? heatmap.missing : qsTr("No run"))
            }
        }

        ColorLegend {
            visible: heatmap.gpuCount > 0
            colorAt: t => heatmap.colorAt(t)
            minText: heatmap.scoreText(heatmap.minimum) + "×"
            maxText: heatmap.scoreText(heatmap.scaleMaximum) + "×"
            label: heatmap.outliers > 0
                   ? qsTr("Fill: PerfVar, slowdown score (×, higher = slower); %1 above, up to %2×, in the top colour")
                     .arg(heatmap.outliers === 1 ? qsTr("1 outlier GPU") : qsTr("%1 outlier GPUs").arg(heatmap.outliers))
                     .arg(heatmap.scoreText(heatmap.maximum))
                   : qsTr("Fill: PerfVar, slowdown score (×, higher = slower)")
            rampWidth: 200
        }

        Flow {
            objectName: "variabilityBinLegend"
            Layout.fillWidth: true
            visible: heatmap.gpuCount > 0
            spacing: 12
            Label {
                text: qsTr("Ring: slowdown bin")
                color: ThemePalette.text
                font.pixelSize: 11
            }
            Repeater {
                model: heatmap.bins
                Row {
                    required property var modelData
                    spacing: 4
                    Rectangle {
                        width: 14
                        height: 14
                        color: "transparent"
                        border.color: modelData.color
                        border.width: 3
                    }
                    Label {
                        text: modelData.text
                        color: ThemePalette.text
                        font.pixelSize: 11
                    }
                }
            }
        }

        // What "sf" is, since it is not the PerfVar beside it: a bin's slowdown factor relative to
        // the median GPU (B3), e.g. sf 0.913 beside GPUs of PerfVar 0.95-1.04.
        Label {
            objectName: "variabilitySfNote"
            Layout.fillWidth: true
            visible: heatmap.gpuCount > 0
            wrapMode: Text.Wrap
            color: ThemePalette.text
            opacity: 0.8
            font.pixelSize: 11
            text: qsTr("sf: the bin's slowdown factor relative to the median GPU (its centre over the median bin's, 1.000); "
                       + "PAL and PM-First place by it, not by each GPU's own PerfVar.")
        }

        VariabilityHeatmapItem {
            id: heatmap
            objectName: "variabilityHeatmap"
            Layout.fillWidth: true
            Layout.fillHeight: true
            run: view.run
            classIndex: Math.max(0, classBox.currentIndex)
            textColor: ThemePalette.text
            backgroundColor: ThemePalette.window

            HoverHandler { id: hover }
            ToolTip {
                readonly property int gpu: hover.hovered ? heatmap.gpuAt(hover.point.position.x, hover.point.position.y) : -1
                visible: gpu >= 0
                x: hover.point.position.x + 12
                y: hover.point.position.y + 12
                text: heatmap.describeGpu(gpu)
            }
        }
    }
}
