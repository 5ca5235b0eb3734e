import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import Tessera.Views

// The inputs of a run kind that loads no node list and pod list (MIG inference: a profile
// folder and an SLO folder or a scenario file): one row per input the kind declares, with
// Browse (a folder or a file dialog, as the input asks), then Open. Loading runs off the GUI
// thread with the Run panel's progress and Cancel; an error names the file, line and field.
Pane {
    id: panel
    objectName: "kindInputsPanel"
    required property RunManager runs
    required property TraceSession session  // only for turning a dialog's URL into a path

    readonly property var inputs: runs.kind.inputs
    // The fields' paths: what the open inputs were read from (a profiles folder found beside
    // the job file included), then what the user types or browses to.
    property var paths: runs.inputPaths
    Connections {
        target: panel.runs
        function onInputsReadyChanged() { panel.paths = panel.runs.inputPaths }
    }

    function setPath(role, path) {
        const next = Object.assign({}, panel.paths)
        next[role] = path
        panel.paths = next
    }
    function open() {
        const chosen = {}
        for (const input of panel.inputs)
            if ((panel.paths[input.role] || "").length > 0)
                chosen[input.role] = panel.paths[input.role]
        panel.runs.loadInputs(chosen)
    }

    padding: 12

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        Label {
            text: qsTr("Inputs")
            font.bold: true
            font.pixelSize: 16
        }
        Label {
            Layout.fillWidth: true
            text: panel.runs.kind.displayName
            wrapMode: Text.WordWrap
        }

        // One input a block: its label on a line of its own (the labels are long: "SLO folder
        // (ParvaGPU scenarios) (optional)"), then the path, as wide as the panel, and Browse.
        Repeater {
            model: panel.inputs
            delegate: ColumnLayout {
                required property var modelData
                Layout.fillWidth: true
                spacing: 2
                Label {
                    Layout.fillWidth: true
                    text: modelData.label + (modelData.optional ? qsTr(" (optional)") : "")
                    wrapMode: Text.WordWrap
                }
                RowLayout {
                    Layout.fillWidth: true
                    TextField {
                        objectName: "input-" + modelData.role
                        Layout.fillWidth: true
                        text: panel.paths[modelData.role] || ""
                        placeholderText: modelData.folder ? qsTr("folder") : qsTr("file")
                        selectByMouse: true
                        onEditingFinished: panel.setPath(modelData.role, text)
                    }
                    Button {
                        text: qsTr("Browse…")
                        onClicked: {
                            const dialog = modelData.folder ? folderDialog : fileDialog
                            dialog.role = modelData.role
                            dialog.title = modelData.label
                            dialog.open()
                        }
                    }
                }
            }
        }

        RowLayout {
            Button {
                objectName: "openInputsButton"
                text: qsTr("Open")
                enabled: !panel.runs.busy
                onClicked: panel.open()
            }
            Label {
                Layout.fillWidth: true
                text: panel.runs.inputsReady ? qsTr("Inputs open: choose a policy in the Run tab")
                                             : qsTr("Nothing open yet")
                color: ThemePalette.mid
                wrapMode: Text.WordWrap
            }
        }
        // What was loaded, in the kind's words: jobs, applications, arrivals, where the
        // profiles came from.
        Label {
            objectName: "inputsSummary"
            Layout.fillWidth: true
            visible: panel.runs.inputsReady && text.length > 0
            text: panel.runs.inputsSummary
            wrapMode: Text.WrapAtWordBoundaryOrAnywhere
            color: ThemePalette.text
        }
        // Which kind Open… chose for a file, and which other kinds read it.
        Label {
            objectName: "openNote"
            Layout.fillWidth: true
            visible: text.length > 0
            text: panel.runs.openNote
            wrapMode: Text.WordWrap
            color: ThemePalette.text; opacity: 0.75
        }

        ErrorBox {
            Layout.fillWidth: true
            text: panel.runs.error
        }
        WarningsBox {
            objectName: "inputWarnings"
            Layout.fillWidth: true
            text: panel.runs.inputWarnings
        }

        Item { Layout.fillHeight: true }
    }

    FolderDialog {
        id: folderDialog
        property string role
        onAccepted: panel.setPath(role, panel.session.pathOf(selectedFolder.toString()))
    }
    FileDialog {
        id: fileDialog
        property string role
        nameFilters: [qsTr("CSV files (*.csv)"), qsTr("All files (*)")]
        onAccepted: panel.setPath(role, panel.session.pathOf(selectedFile.toString()))
    }
}
