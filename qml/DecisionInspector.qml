import QtQuick
import QtQuick.Controls
import Tessera.Views

// Why the decision at the cursor went where it went: every feasible node with each plugin's raw
// and normalised score, the weighted total and the tie rank (click a header to sort), the winner
// highlighted with the reason it won, and the filtered-out nodes with their reasons.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null  // unused: one decision of one run at a time
    property int position: 0
    readonly property alias model: decisions

    DecisionModel {
        id: decisions
        objectName: "decisionModel"
        run: view.run
        // Explaining rebuilds the cluster at the step, on a worker: not at every cursor move
        // while another view is shown (the StackLayout keeps this one alive, hidden).
        step: view.visible ? view.position - 1 : -1
    }

    Column {
        id: summary
        anchors.left: parent.left
        anchors.right: parent.right
        spacing: 4

        Text {
            width: summary.width
            text: decisions.shownStep >= 0 ? qsTr("Decision %1: %2").arg(decisions.shownStep + 1).arg(decisions.subject)
                                           : qsTr("No decision at this position: move the cursor past the start.")
            color: ThemePalette.text
            font.pixelSize: 14
            font.bold: true
            wrapMode: Text.Wrap
        }
        Text {
            width: summary.width
            visible: decisions.shownStep >= 0
            text: qsTr("Outcome: %1").arg(decisions.outcome)
            color: ThemePalette.text
            font.pixelSize: 12
            wrapMode: Text.Wrap
        }
        Text {
            width: summary.width
            visible: decisions.shownStep >= 0
            text: qsTr("Why: %1 · %2 feasible, %3 filtered out · ★ marks the winner").arg(decisions.why)
                      .arg(decisions.candidateCount).arg(decisions.filteredCount)
            color: ThemePalette.text
            font.pixelSize: 12
            wrapMode: Text.Wrap
        }
    }

    HorizontalHeaderView {
        id: header
        anchors.top: summary.bottom
        anchors.topMargin: 8
        anchors.left: parent.left
        anchors.right: filteredPanel.left
        anchors.rightMargin: 8
        syncView: table
        clip: true
        delegate: Rectangle {
            implicitWidth: 100
            implicitHeight: 26
            color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.25)
            border.color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.6)
            border.width: 1
            Text {
                anchors.fill: parent
                anchors.margins: 4
                verticalAlignment: Text.AlignVCenter
                horizontalAlignment: column === 0 ? Text.AlignLeft : Text.AlignRight
                elide: Text.ElideRight
                font.pixelSize: 12
                font.bold: true
                color: ThemePalette.text
                text: display + (decisions.sortColumn === column
                                 ? (decisions.sortOrder === Qt.AscendingOrder ? " ▲" : " ▼") : "")
            }
            MouseArea {
                anchors.fill: parent
                onClicked: decisions.toggleSort(column)
            }
        }
    }

    TableView {
        id: table
        anchors.top: header.bottom
        anchors.left: parent.left
        anchors.right: header.right
        anchors.bottom: parent.bottom
        clip: true
        model: decisions
        boundsBehavior: Flickable.StopAtBounds
        columnWidthProvider: function(column) { return Math.max(column === 0 ? 170 : 90, decisions.columnTitle(column).length * 8 + 30) }
        ScrollBar.vertical: ScrollBar {}
        ScrollBar.horizontal: ScrollBar {}

        delegate: Rectangle {
            required property bool isWinner
            required property bool isNumeric
            required property string display
            required property int row
            implicitHeight: 22
            color: isWinner ? Qt.rgba(ThemePalette.accent.r, ThemePalette.accent.g, ThemePalette.accent.b, 0.35)
                            : (row % 2 ? Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.12)
                                       : "transparent")
            Text {
                anchors.fill: parent
                anchors.leftMargin: 4
                anchors.rightMargin: 4
                verticalAlignment: Text.AlignVCenter
                horizontalAlignment: isNumeric ? Text.AlignRight : Text.AlignLeft
                elide: Text.ElideRight
                font.pixelSize: 12
                font.bold: isWinner
                color: ThemePalette.text
                text: (isWinner && !isNumeric ? "★ " : "") + display
            }
        }
    }

    Rectangle {
        id: filteredPanel
        anchors.top: summary.bottom
        anchors.topMargin: 8
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        width: Math.min(340, parent.width * 0.35)
        color: "transparent"
        border.color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.6)
        radius: 3

        Text {
            id: filteredTitle
            x: 8
            y: 6
            text: qsTr("Filtered out (%1)").arg(decisions.filteredCount)
            color: ThemePalette.text
            font.pixelSize: 12
            font.bold: true
        }
        ListView {
            anchors.top: filteredTitle.bottom
            anchors.topMargin: 4
            anchors.left: parent.left
            anchors.leftMargin: 8
            anchors.right: parent.right
            anchors.bottom: parent.bottom
            anchors.bottomMargin: 4
            clip: true
            model: decisions.filtered
            ScrollBar.vertical: ScrollBar {}
            delegate: Text {
                required property string candidate
                required property string reason
                width: ListView.view.width - 12
                text: "<b>" + candidate + "</b> " + reason
                textFormat: Text.StyledText
                color: ThemePalette.text
                font.pixelSize: 11
                wrapMode: Text.Wrap
                bottomPadding: 3
            }
        }
    }

    BusyIndicator {
        anchors.centerIn: parent
        running: decisions.busy
        visible: running
    }
}
