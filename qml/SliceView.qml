import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// The slices of every GPU of a run whose kind draws spans (MIG instances on 7 compute slices
// above 8 memory slices), coloured by a categorical layer of the run (instance profile, model
// served: switchable), stranded slices hatched, at the timeline cursor. Hover a span for what
// it serves; click a GPU to list it beside the tiles.
Item {
    id: view

    property RunHandle run: null
    property int position: 0
    property bool compact: false
    readonly property alias slices: slices

    // Selects group `group` (an OccupancyLayout group index) and scrolls its tile into view.
    function selectGroup(group) {
        slices.selectedGroup = group
        const r = slices.groupBounds(slices.selectedGroup)
        if (r.height > 0 && (r.y < flick.contentY || r.y + r.height > flick.contentY + flick.height))
            flick.contentY = Math.max(0, Math.min(r.y - flick.height / 3, flick.contentHeight - flick.height))
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        RowLayout {
            Layout.fillWidth: true
            Layout.rightMargin: 8
            spacing: 12
            Text {
                objectName: "sliceHeader"
                text: view.run ? qsTr("%1 GPUs · %2 stranded slots · %3")
                                 .arg(slices.groupCount).arg(slices.strandedSlots)
                                 .arg(view.run.positionText(view.position)) : qsTr("No run")
                color: ThemePalette.text
                font.pixelSize: 12
                Layout.fillWidth: true
                Layout.minimumWidth: 80
                elide: Text.ElideRight
            }
            Text {
                text: slices.rows.map(r => qsTr("%1 (%2)").arg(r.name).arg(r.slots)).join(qsTr(" over "))
                color: ThemePalette.text
                font.pixelSize: 11
            }
            Text {
                visible: layerBox.visible
                text: qsTr("Colour by")
                color: ThemePalette.text
                font.pixelSize: 12
            }
            ComboBox {
                id: layerBox
                objectName: "sliceLayerBox"
                visible: slices.colorLayers.length > 1
                model: slices.colorLayers.map(l => l.name)
                currentIndex: slices.colorLayer
                onActivated: index => slices.colorLayer = index
                implicitContentWidthPolicy: ComboBox.WidestText
            }
        }

        CategoryLegend {
            objectName: "sliceLegend"
            Layout.fillWidth: true
            Layout.rightMargin: 8
            title: slices.colorLayers.length > 0 ? slices.colorLayers[slices.colorLayer].name : ""
            categories: slices.colorLayers.length > 0 ? slices.colorLayers[slices.colorLayer].categories : []
            freeColor: slices.emptyColor
            strandedColor: slices.strandedColor
            showStranded: true
            showDraining: true
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
                contentHeight: slices.implicitHeight
                boundsBehavior: Flickable.StopAtBounds
                ScrollBar.vertical: ScrollBar {}

                // Hidden, the tiles stop following the cursor; shown again, they catch up at once.
                Binding {
                    target: slices
                    property: "position"
                    value: view.position
                    when: view.visible
                    restoreMode: Binding.RestoreNone
                }
                SliceItem {
                    id: slices
                    objectName: "sliceItem"
                    width: flick.width - 12
                    height: implicitHeight
                    fitHeight: flick.height
                    minSlotSize: 4
                    maxSlotSize: 40
                    run: view.run
                    emptyColor: ThemePalette.dark ? Qt.rgba(1, 1, 1, 0.16) : Qt.rgba(0, 0, 0, 0.10)
                    textColor: ThemePalette.text
                    strandedColor: ThemePalette.dark ? "#ff6a6a" : "#c01010"
                    selectionColor: ThemePalette.dark ? "#ff6a3d" : "#ff2d00"
                }
                Repeater {
                    model: slices.bands
                    delegate: Text {
                        x: modelData.x
                        y: modelData.y + 2
                        text: qsTr("%1 · %2 GPUs").arg(modelData.label).arg(modelData.groups)
                        color: ThemePalette.text
                        font.pixelSize: 11
                        font.bold: true
                    }
                }
                Rectangle {
                    readonly property rect box: slices.hoveredRect
                    visible: slices.hoveredGroup >= 0
                    x: box.x - 1
                    y: box.y - 1
                    width: box.width + 2
                    height: box.height + 2
                    color: "transparent"
                    border.color: ThemePalette.text
                    border.width: 1
                    ToolTip.visible: visible && slices.hoverText.length > 0
                    ToolTip.text: slices.hoverText
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
                        objectName: "sliceSelectionText"
                        width: 280
                        wrapMode: Text.Wrap
                        color: ThemePalette.text
                        font.pixelSize: 12
                        text: slices.selectedGroupText.length > 0 ? slices.selectedGroupText
                                                                  : qsTr("Click a GPU to list its instances.")
                    }
                }
            }
        }
    }
}
