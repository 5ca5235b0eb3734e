import QtQuick
import QtQuick.Controls

// The app's one yes/no question (replace a file, delete a run): `message` above two buttons,
// the accepting one named `acceptText`. Enter and Return accept, the default button being the
// highlighted one; Esc and the other button reject. The question takes the keys when it opens,
// so no field or list behind it swallows Enter.
Dialog {
    id: dialog

    property string message
    property string acceptText: qsTr("Yes")
    property string rejectText: qsTr("No")

    modal: true
    anchors.centerIn: Overlay.overlay
    // A fixed width: a wrapped message inside an implicit width is a binding loop.
    width: Math.min(500, Overlay.overlay ? Overlay.overlay.width - 40 : 500)
    closePolicy: Popup.CloseOnEscape
    standardButtons: Dialog.Yes | Dialog.No
    Component.onCompleted: {
        const yes = standardButton(Dialog.Yes)
        yes.text = Qt.binding(() => dialog.acceptText)
        yes.highlighted = true
        standardButton(Dialog.No).text = Qt.binding(() => dialog.rejectText)
    }
    onOpened: question.forceActiveFocus()

    contentItem: Label {
        id: question
        objectName: "confirmMessage"
        text: dialog.message
        wrapMode: Text.Wrap
        focus: true
        Keys.onReturnPressed: dialog.accept()
        Keys.onEnterPressed: dialog.accept()
        Keys.onEscapePressed: dialog.reject()
    }
}
