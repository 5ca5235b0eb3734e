import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Qt.labs.folderlistmodel
import Tessera.Views

// The app's one save dialog, for charts, CSV, reports and studies. It opens in the last folder
// used (else Documents) with a proposed file name that has the format's extension, lists the
// folders and the files of that format, saves on Enter or Save (a typed path, ~/… or a folder to
// open works too) and asks before replacing a file. `chosen` hands over the absolute path.
Dialog {
    id: dialog

    // Set by ask().
    property string suffix: ""
    property string formatName: ""
    // The folder shown, absolute.
    property string folder: ""
    // False where saving to an existing file does not overwrite it (a study opens instead).
    property bool askBeforeReplacing: true
    // Why the typed name cannot be saved, shown under the name.
    property string problem: ""
    readonly property alias fileName: nameField.text
    readonly property alias location: location

    signal chosen(string path)

    // Opens the dialog to save a `formatName` file (e.g. "CSV") named like `proposedName`
    // ("tessera-power"), with extension `suffix` ("csv").
    function ask(title, proposedName, suffix, formatName) {
        dialog.title = title
        dialog.suffix = suffix
        dialog.formatName = formatName
        dialog.folder = location.startFolder
        dialog.problem = ""
        nameField.text = proposedName.endsWith("." + suffix) ? proposedName : proposedName + "." + suffix
        open()
        nameField.forceActiveFocus()
        // The name without its extension is selected, ready to be typed over.
        nameField.select(0, nameField.text.length - suffix.length - 1)
    }

    // Saves under the typed name, or opens the folder it names.
    function save() {
        const path = location.resolve(dialog.folder, nameField.text, dialog.suffix)
        if (path.length === 0) {
            dialog.problem = qsTr("Type a file name")
            return
        }
        if (location.isFolder(path)) {
            dialog.folder = path
            nameField.text = ""
            dialog.problem = ""
            return
        }
        dialog.problem = location.problem(path)
        if (dialog.problem.length > 0)
            return
        if (dialog.askBeforeReplacing && location.exists(path))
            replaceDialog.ask(path)
        else
            dialog.finish(path)
    }

    function finish(path) {
        location.remember(path)
        dialog.close()
        dialog.chosen(path)
    }

    SaveLocation { id: location }

    FolderListModel {
        id: files
        folder: location.urlOf(dialog.folder)
        nameFilters: dialog.suffix.length > 0 ? ["*." + dialog.suffix] : ["*"]
        showDirsFirst: true
        showDotAndDotDot: false
        caseSensitive: false
    }

    modal: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(680, Overlay.overlay ? Overlay.overlay.width - 40 : 680)
    height: Math.min(560, Overlay.overlay ? Overlay.overlay.height - 40 : 560)
    closePolicy: Popup.CloseOnEscape
    onFolderChanged: list.currentIndex = -1

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        RowLayout {
            Layout.fillWidth: true
            spacing: 4
            ToolButton {
                text: "↑"
                enabled: location.parentOf(dialog.folder) !== dialog.folder
                onClicked: dialog.folder = location.parentOf(dialog.folder)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("The folder above")
            }
            Label {
                objectName: "saveFolderLabel"
                Layout.fillWidth: true
                text: dialog.folder
                elide: Text.ElideMiddle
                font.bold: true
                ToolTip.visible: folderHover.hovered && truncated
                ToolTip.text: dialog.folder
                HoverHandler { id: folderHover }
            }
            Button { text: qsTr("Home"); flat: true; onClicked: dialog.folder = location.homeFolder }
            Button {
                text: qsTr("Documents")
                flat: true
                visible: location.documentsFolder !== location.homeFolder
                onClicked: dialog.folder = location.documentsFolder
            }
        }

        Frame {
            Layout.fillWidth: true
            Layout.fillHeight: true
            padding: 1
            ListView {
                id: list
                anchors.fill: parent
                clip: true
                model: files
                currentIndex: -1
                ScrollBar.vertical: ScrollBar {}
                delegate: ItemDelegate {
                    id: entry
                    required property int index
                    required property string fileName
                    required property string filePath
                    required property bool fileIsDir
                    width: list.width
                    highlighted: ListView.isCurrentItem
                    text: entry.fileName
                    // A folder is drawn, not a glyph: the fonts Debian's Qt uses have no folder
                    // character, and a missing one shows as a box.
                    contentItem: Row {
                        spacing: 8
                        Item {
                            objectName: entry.fileIsDir ? "folderIcon" : ""
                            width: 16
                            height: 12
                            anchors.verticalCenter: parent.verticalCenter
                            visible: entry.fileIsDir
                            Rectangle {  // the tab
                                width: 7; height: 3; radius: 1
                                color: "#E69F00"  // Okabe–Ito orange: visible on any row colour
                            }
                            Rectangle {  // the body
                                y: 2; width: 16; height: 10; radius: 2
                                color: "#E69F00"  // Okabe–Ito orange: visible on any row colour
                            }
                        }
                        Item { width: 16; height: 1; visible: !entry.fileIsDir }
                        Label {
                            text: entry.fileName
                            anchors.verticalCenter: parent.verticalCenter
                            color: entry.highlighted ? entry.palette.highlightedText : ThemePalette.text
                        }
                    }
                    // A folder opens; a file gives its name, a double click saves over it.
                    onClicked: {
                        if (entry.fileIsDir) {
                            dialog.folder = entry.filePath
                        } else {
                            list.currentIndex = entry.index
                            nameField.text = entry.fileName
                        }
                    }
                    onDoubleClicked: {
                        if (!entry.fileIsDir) {
                            nameField.text = entry.fileName
                            dialog.save()
                        }
                    }
                }
                Label {
                    anchors.centerIn: parent
                    visible: list.count === 0
                    text: qsTr("No folders and no %1 files here").arg(dialog.formatName)
                    color: ThemePalette.text; opacity: 0.7
                }
            }
        }

        GridLayout {
            Layout.fillWidth: true
            columns: 2
            columnSpacing: 8
            Label { text: qsTr("File name") }
            TextField {
                id: nameField
                objectName: "saveNameField"
                Layout.fillWidth: true
                selectByMouse: true
                onTextEdited: dialog.problem = ""
                onAccepted: dialog.save()
            }
            Label { text: qsTr("Format") }
            Label {
                text: qsTr("%1 (*.%2)").arg(dialog.formatName).arg(dialog.suffix)
                color: ThemePalette.text; opacity: 0.75
            }
        }

        Label {
            Layout.fillWidth: true
            visible: dialog.problem.length > 0
            text: dialog.problem
            wrapMode: Text.Wrap
            color: ThemePalette.dark ? "#ff9d8a" : "#b3261e"
        }

        RowLayout {
            Layout.fillWidth: true
            Item { Layout.fillWidth: true }
            Button { text: qsTr("Cancel"); onClicked: dialog.reject() }
            Button {
                objectName: "saveButton"
                text: qsTr("Save")
                highlighted: true
                enabled: nameField.text.trim().length > 0
                onClicked: dialog.save()
            }
        }
    }

    // Replacing a file is the user's decision.
    ConfirmDialog {
        id: replaceDialog
        objectName: "replaceDialog"
        property string path
        function ask(path) {
            replaceDialog.path = path
            open()
        }
        title: qsTr("Replace the file?")
        acceptText: qsTr("Replace")
        message: qsTr("“%1” already exists in %2. Replace it?")
                 .arg(location.fileNameOf(replaceDialog.path)).arg(location.folderOf(replaceDialog.path))
        onAccepted: dialog.finish(replaceDialog.path)
    }
}
