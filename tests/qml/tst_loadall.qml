import QtQuick
import QtTest

// Every QML file of the Tessera module compiles with every import it names. Debian's QML
// module packages do not depend on each other, so a missing one fails only here, at run time.
TestCase {
    name: "LoadAll"

    function test_everyFileLoads() {
        verify(tesseraQmlFiles.length > 0, "no QML files found in qrc:/Tessera")
        verify(tesseraQmlFiles.indexOf("qrc:/Tessera/Main.qml") >= 0, "Main.qml is not in the module")
        for (let i = 0; i < tesseraQmlFiles.length; ++i) {
            const component = Qt.createComponent(tesseraQmlFiles[i])
            compare(component.status, Component.Ready,
                    tesseraQmlFiles[i] + ": " + component.errorString())
        }
    }
}
