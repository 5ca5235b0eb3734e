import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import Tessera.Views
import "TextBreaks.js" as TextBreaks

// The runs saved in the current study: reopen one without simulating, rename it, delete it
// (after asking); open another study or create a new one.
Pane {
    id: library
    objectName: "runLibrary"
    required property StudyLibrary study
    required property RunManager runs
    // A new study was written: the window confirms where.
    signal saved(string message, string path)

    padding: 12
    readonly property string studyFolder: study.path.length > 0 ? createDialog.location.folderOf(study.path)
                                                                : createDialog.location.startFolder

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        Label {
            text: qsTr("Run library")
            font.bold: true
            font.pixelSize: 16
        }
        RowLayout {
            Layout.fillWidth: true
            // The whole path, wrapped between folders: which file the runs are in matters more
            // than one line.
            Label {
                objectName: "studyPathLabel"
                Layout.fillWidth: true
                text: library.study.path.length > 0 ? TextBreaks.atSeparators(library.study.path) : qsTr("No study open")
                wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                font.pixelSize: 11
                color: ThemePalette.text; opacity: 0.7
            }
            Button {
                text: qsTr("Open study…")
                onClicked: {
                    // Opens on the study in use (else the first one there): Qt's dialog keeps
                    // Open greyed until a file is selected.
                    const file = createDialog.location.initialFile(library.study.path, library.studyFolder,
                                                                   ["*.sqlite", "*.db"])
                    if (file.length > 0)
                        openDialog.selectedFile = createDialog.location.urlOf(file)
                    openDialog.open()
                }
            }
            Button {
                text: qsTr("New study…")
                onClicked: createDialog.ask(qsTr("New study"), "study", "sqlite", qsTr("Tessera study"))
            }
        }

        ErrorBox {
            Layout.fillWidth: true
            text: library.study.error
        }
        // A sweep's study is read-only: say where new runs go.
        Label {
            objectName: "studyNote"
            Layout.fillWidth: true
            visible: text.length > 0
            text: library.study.note
            wrapMode: Text.Wrap
            font.pixelSize: 11
            color: ThemePalette.text; opacity: 0.7
        }

        ListView {
            id: list
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumHeight: 120
            clip: true
            model: library.study
            ScrollBar.vertical: ScrollBar {}
            delegate: ItemDelegate {
                id: entry
                required property int index
                required property var id
                required property string name
                required property string policy
                required property var seed
                required property string mode
                required property string trace
                required property string createdAt
                width: list.width
                onDoubleClicked: library.runs.openSaved(entry.id)
                // Name and details take the panel's whole width; the actions sit below them.
                contentItem: ColumnLayout {
                    spacing: 2
                    // Wrapped, never cut: the end of a name ("· pods (2)") is what tells runs apart.
                    Label {
                        Layout.fillWidth: true
                        text: TextBreaks.atSeparators(entry.name)
                        font.bold: true
                        wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                    }
                    Label {
                        Layout.fillWidth: true
                        text: qsTr("#%1 · %2 · seed %3 · %4").arg(entry.id).arg(entry.policy).arg(entry.seed).arg(entry.mode)
                        color: ThemePalette.text; opacity: 0.75
                        font.pixelSize: 11
                        elide: Text.ElideRight
                    }
                    // Wrapped between the parts of the file name, never cut: the digits at its
                    // end ("gpushare40") are what tell two traces apart.
                    Label {
                        objectName: "savedRunTrace"
                        Layout.fillWidth: true
                        text: TextBreaks.atSeparators(qsTr("%1 · %2").arg(entry.trace).arg(entry.createdAt))
                        color: ThemePalette.text; opacity: 0.75
                        font.pixelSize: 11
                        wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                    }
                    RowLayout {
                        spacing: 4
                        Button {
                            text: qsTr("Reopen")
                            enabled: !library.runs.busy
                            onClicked: library.runs.openSaved(entry.id)
                            ToolTip.visible: hovered
                            ToolTip.text: qsTr("Open without simulating again (or double-click)")
                        }
                        Button {
                            text: qsTr("Rename…")
                            onClicked: renameDialog.ask(entry.index, entry.name)
                        }
                        Button {
                            text: qsTr("Delete…")
                            onClicked: deleteDialog.ask(entry.index, entry.name)
                        }
                    }
                }
            }
            Label {
                anchors.centerIn: parent
                visible: list.count === 0
                text: qsTr("No saved runs: every run you start is saved here")
                color: ThemePalette.text; opacity: 0.7
            }
        }
    }

    Dialog {
        id: renameDialog
        property int row: -1
        function ask(row, name) {
            renameDialog.row = row
            nameField.text = name
            open()
            nameField.forceActiveFocus()
            nameField.selectAll()
        }
        title: qsTr("Rename run")
        modal: true
        anchors.centerIn: Overlay.overlay
        standardButtons: Dialog.Ok | Dialog.Cancel
        TextField {
            id: nameField
            implicitWidth: 320
            onAccepted: renameDialog.accept()
        }
        onAccepted: library.study.rename(row, nameField.text)
    }

    ConfirmDialog {
        id: deleteDialog
        objectName: "deleteRunDialog"
        property int row: -1
        property string name
        function ask(row, name) {
            deleteDialog.row = row
            deleteDialog.name = name
            open()
        }
        title: qsTr("Delete run?")
        acceptText: qsTr("Delete")
        rejectText: qsTr("Keep")
        message: qsTr("Delete “%1” from the study? This cannot be undone.").arg(deleteDialog.name)
        onAccepted: library.study.remove(row)
    }

    FileDialog {
        id: openDialog
        currentFolder: createDialog.location.urlOf(library.studyFolder)
        title: qsTr("Open study")
        nameFilters: [qsTr("Tessera studies (*.sqlite *.db)"), qsTr("All files (*)")]
        onAccepted: library.study.open(selectedFile.toString())
    }
    SaveDialog {
        id: createDialog
        objectName: "newStudyDialog"
        // Choosing an existing study opens it: replacing one would delete its runs.
        askBeforeReplacing: false
        onChosen: path => {
            const existed = createDialog.location.exists(path)
            if (library.study.create(path))
                library.saved(existed ? qsTr("%1 is a study already: opened it, nothing replaced").arg(path)
                                      : qsTr("New study saved to %1").arg(path), path)
        }
    }
}
