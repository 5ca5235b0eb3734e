import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import Tessera.Views
import "TextBreaks.js" as TextBreaks

// Open a trace: a node list and a pod list by dialog, by dropping one file or a folder (its
// partner is found beside it), or from the recent traces. Shows progress with Cancel while
// loading, the loader's error with file, line and column, and the data set's licence.
Pane {
    id: panel
    objectName: "openPanel"
    required property TraceSession session
    // A file picked or dropped without saying what it is: the window asks every kind of run
    // which reads it (RunManager.openFile), a job file as well as a node or pod list.
    signal fileChosen(string urlOrPath)

    function openAny() { browse(anyDialog, panel.session.nodesPath) }
    // Opens `dialog` with a file selected: `preferred` (the file in use) if there is one, else
    // the first CSV of the folder. Qt's file dialog highlights its first row without selecting
    // it, which leaves Open greyed until a click.
    function browse(dialog, preferred) {
        const file = location.initialFile(preferred, panel.startPath, ["*.csv"])
        if (file.length > 0)
            dialog.selectedFile = location.urlOf(file)
        dialog.open()
    }

    padding: 12

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        Label {
            text: qsTr("Trace")
            font.bold: true
            font.pixelSize: 16
        }
        Label {
            Layout.fillWidth: true
            text: panel.session.loaded ? panel.session.summary : qsTr("No trace open")
            wrapMode: Text.WrapAtWordBoundaryOrAnywhere
        }

        GridLayout {
            Layout.fillWidth: true
            columns: 3
            Label { text: qsTr("Node list") }
            TextField {
                id: nodesField
                Layout.fillWidth: true
                text: panel.session.nodesPath
                placeholderText: qsTr("openb_node_list_gpu_node.csv")
                selectByMouse: true
            }
            Button {
                text: qsTr("Browse…")
                onClicked: panel.browse(nodesDialog, nodesField.text)
            }
            Label { text: qsTr("Pod list") }
            TextField {
                id: podsField
                Layout.fillWidth: true
                text: panel.session.podsPath
                placeholderText: qsTr("openb_pod_list_default.csv")
                selectByMouse: true
            }
            Button {
                text: qsTr("Browse…")
                onClicked: panel.browse(podsDialog, podsField.text)
            }
            Label { text: qsTr("GPU models") }
            TextField {
                Layout.fillWidth: true
                readOnly: true
                text: panel.session.gpuModelsPath
                placeholderText: qsTr("built-in models")
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Built in: T4, A10, P100, V100M16, V100M32, A100. A CSV name,idle_watts,full_watts[,power_of] "
                                   + "adds or replaces GPU models, e.g. H100,60,700. Clear it to use the built-in models only.")
            }
            RowLayout {
                spacing: 2
                Button { text: qsTr("Browse…"); onClicked: panel.browse(gpuModelsDialog, panel.session.gpuModelsPath) }
                Button {
                    text: "✕"
                    visible: panel.session.gpuModelsPath.length > 0
                    onClicked: panel.session.gpuModelsPath = ""
                }
            }
        }

        Flow {
            Layout.fillWidth: true
            spacing: 6
            Button {
                text: qsTr("Open")
                highlighted: true
                enabled: nodesField.text.length > 0 && podsField.text.length > 0 && !panel.session.loading
                onClicked: panel.session.load(nodesField.text, podsField.text)
            }
            Button {
                text: qsTr("File or folder…")
                enabled: !panel.session.loading
                onClicked: panel.openAny()
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Pick one list: its partner is found in the same folder. A job file opens in the training kind that reads it.")
            }
            Button {
                text: qsTr("Folder…")
                enabled: !panel.session.loading
                onClicked: folderDialog.open()
            }
            Button {
                text: qsTr("Bundled default")
                enabled: !panel.session.loading
                onClicked: panel.session.loadDefault()
            }
        }

        RowLayout {
            Layout.fillWidth: true
            visible: panel.session.loading
            ProgressBar {
                Layout.fillWidth: true
                value: panel.session.progress
            }
            Label { text: Math.round(panel.session.progress * 100) + " %" }
            Button {
                text: qsTr("Cancel")
                onClicked: panel.session.cancel()
            }
        }

        ErrorBox {
            Layout.fillWidth: true
            text: panel.session.error
        }
        WarningsBox {
            Layout.fillWidth: true
            text: panel.session.warnings
        }

        Label {
            visible: panel.session.recentTraces.length > 0
            text: qsTr("Recent")
            font.bold: true
        }
        Repeater {
            model: panel.session.recentTraces
            delegate: ItemDelegate {
                id: recent
                required property var modelData
                required property int index
                Layout.fillWidth: true
                text: modelData.title
                // Wrapped, not cut: the file names are what tell two traces apart.
                contentItem: Label {
                    text: TextBreaks.atSeparators(recent.text)
                    wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                    color: ThemePalette.text
                }
                enabled: !panel.session.loading
                onClicked: panel.session.openRecent(index)
                ToolTip.visible: hovered
                ToolTip.text: modelData.nodes + "\n" + modelData.pods
            }
        }

        Label {
            visible: panel.session.loaded
            text: qsTr("Data set and licence")
            font.bold: true
        }
        Label {
            Layout.fillWidth: true
            visible: panel.session.loaded
            text: panel.session.attribution
            wrapMode: Text.Wrap
            color: ThemePalette.text; opacity: 0.7
        }

        Item { Layout.fillHeight: true }
    }

    DropArea {
        id: drop
        anchors.fill: parent
        onDropped: (event) => {
            if (event.hasUrls && event.urls.length > 0)
                panel.fileChosen(event.urls[0].toString())
        }
        Rectangle {
            anchors.fill: parent
            visible: drop.containsDrag
            color: "transparent"
            border.color: ThemePalette.accent
            border.width: 3
            radius: 6
            Label {
                anchors.centerIn: parent
                text: qsTr("Drop a node list, a pod list or a folder")
            }
        }
    }

    // Open dialogs start beside the trace that is open, else where saves go.
    SaveLocation { id: location }
    readonly property string startPath: panel.session.nodesPath.length > 0 ? location.folderOf(panel.session.nodesPath)
                                                                           : location.startFolder
    readonly property url startFolder: location.urlOf(startPath)

    FileDialog {
        id: nodesDialog
        objectName: "nodesFileDialog"
        currentFolder: panel.startFolder
        title: qsTr("Node list")
        nameFilters: [qsTr("CSV files (*.csv)"), qsTr("All files (*)")]
        onAccepted: nodesField.text = panel.session.pathOf(selectedFile.toString())
    }
    FileDialog {
        id: podsDialog
        currentFolder: panel.startFolder
        title: qsTr("Pod list")
        nameFilters: [qsTr("CSV files (*.csv)"), qsTr("All files (*)")]
        onAccepted: podsField.text = panel.session.pathOf(selectedFile.toString())
    }
    FileDialog {
        id: gpuModelsDialog
        currentFolder: panel.startFolder
        title: qsTr("GPU models")
        nameFilters: [qsTr("CSV files (*.csv)"), qsTr("All files (*)")]
        onAccepted: panel.session.gpuModelsPath = selectedFile.toString()
    }
    FileDialog {
        id: anyDialog
        currentFolder: panel.startFolder
        objectName: "openAnyDialog"
        title: qsTr("Open a trace (node or pod list), a job file or a study")
        nameFilters: [qsTr("CSV and trace files (*.csv *.trace)"), qsTr("Tessera studies (*.sqlite *.db)"), qsTr("All files (*)")]
        onAccepted: panel.fileChosen(selectedFile.toString())
    }
    FolderDialog {
        id: folderDialog
        currentFolder: panel.startFolder
        title: qsTr("Trace folder")
        onAccepted: panel.session.loadAny(selectedFolder.toString())
    }
}
