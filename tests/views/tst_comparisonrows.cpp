// The compare table's and the report's rows, for every registered kind: each figure appears
// once under a name of its own (a per-step series, a whole-run summary and a distribution's
// quantile never share a label); the report names its last point after the kind's last step.
#include "chart/ReportWriter.h"
#include "compare/RunComparisonModel.h"
#include "run/RunHandle.h"
#include "run/RunKindRegistry.h"

#include <QTest>

using namespace tessera;

class TestComparisonRows : public QObject {
    Q_OBJECT

private slots:
    void everyFigureHasOneRowAndOneName_data()
    {
        QTest::addColumn<QString>("kind");
        for (const auto& id : RunKindRegistry::instance().names())
            QTest::newRow(id.c_str()) << QString::fromStdString(id);
    }

    void everyFigureHasOneRowAndOneName()
    {
        QFETCH(QString, kind);
        const RunKind& k = RunKindRegistry::kind(kind.toStdString());
        QObject owner;
        views::RunHandle a(std::shared_ptr<const Run>(k.simulate(k.conformanceSample(), RunRequest{k.policies().at(0).spec, {}})), &owner);
        views::RunHandle b(std::shared_ptr<const Run>(k.simulate(k.conformanceSample(), RunRequest{k.policies().back().spec, {}})), &owner);
        views::RunComparisonModel model;
        model.setRunA(&a);
        model.setRunB(&b);
        QVERIFY(model.rowCount() > 0);
        QStringList names;
        for (int r = 0; r < model.rowCount(); ++r) {
            const QString name = model.data(model.index(r, views::RunComparisonModel::Metric)).toString();
            QVERIFY2(!names.contains(name), qPrintable(kind + ": \"" + name + "\" twice"));
            names << name;
        }

        const QList<QStringList> summary = chart::ReportWriter::summary({&a.run(), &b.run()}, {"A", "B"});
        QStringList labels;
        for (const QStringList& row : summary.mid(1)) {
            QVERIFY2(!labels.contains(row.at(0)), qPrintable(kind + ": report row \"" + row.at(0) + "\" twice"));
            QVERIFY2(!row.at(0).endsWith(", final"), qPrintable(row.at(0)));
            labels << row.at(0);
        }
    }
};

QTEST_GUILESS_MAIN(TestComparisonRows)
#include "tst_comparisonrows.moc"
