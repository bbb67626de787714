// QAbstractItemModelTester on the console's models that hold no store's data
// of their own: the sidebar (sections, counts, estimates, "N+") and the text
// table the detail view's tables are made of. No store.

#include "UiFixture.h"

#include "models/SidebarModel.h"
#include "models/TextTableModel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;
}

class TestUiPlainModels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { isolateSettings(); }

    void sidebarModel()
    {
        SidebarModel model;
        QAbstractItemModelTester tester(&model, kFatal);
        model.addSection(QStringLiteral("jobs"), QStringLiteral("Jobs"));
        model.addEntry(QStringLiteral("jobs"), {QStringLiteral("jobs/queued"), QStringLiteral("queued"), false, std::nullopt, SidebarModel::CountKind::Exact, {}});
        model.addEntry(QStringLiteral("jobs"), {QStringLiteral("jobs/blocked"), QStringLiteral("BLOCKED"), true, std::nullopt, SidebarModel::CountKind::Exact, {}});
        model.addSection(QStringLiteral("worklists"), QStringLiteral("Worklists"));
        model.addEntry(QStringLiteral("worklists"), {QStringLiteral("unknown"), QStringLiteral("unknown"), true, std::nullopt, SidebarModel::CountKind::Exact, {}});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.rowCount(model.index(0, 0)), 2);
        model.setCount(QStringLiteral("jobs"), 12);
        model.setCount(QStringLiteral("jobs/blocked"), 2);
        model.setCount(QStringLiteral("jobs/queued"), 0);
        const QModelIndex blocked = model.indexOfId(QStringLiteral("jobs/blocked"));
        QVERIFY(blocked.isValid());
        QCOMPARE(model.idAt(blocked), QStringLiteral("jobs/blocked"));
        QVERIFY(model.data(blocked, SidebarModel::AttentionRole).toBool());
        QVERIFY(!model.data(blocked, Qt::DecorationRole).isNull());
        QCOMPARE(model.data(model.indexOfId(QStringLiteral("jobs/blocked"), SidebarModel::CountColumn)).toString(), QStringLiteral("2"));
        QVERIFY(!model.data(model.indexOfId(QStringLiteral("jobs/queued")), SidebarModel::AttentionRole).toBool());
        QCOMPARE(model.parent(blocked), model.index(0, 0));
        model.setCount(QStringLiteral("jobs/blocked"), 0);
        QVERIFY(!model.data(blocked, SidebarModel::AttentionRole).toBool());
        // Terminal states on a big PostgreSQL store are estimates, and say so.
        model.setCount(QStringLiteral("jobs"), 1234567, SidebarModel::CountKind::Estimated);
        QVERIFY(model.data(model.indexOfId(QStringLiteral("jobs")), SidebarModel::EstimatedRole).toBool());
        QVERIFY(model.data(model.indexOfId(QStringLiteral("jobs"), SidebarModel::CountColumn)).toString().startsWith(QStringLiteral("≈")));
        // A list read up to its limit found that many: "N+", never an exact-looking N.
        model.setCount(QStringLiteral("jobs/blocked"), 500, SidebarModel::CountKind::AtLeast);
        QCOMPARE(model.data(model.indexOfId(QStringLiteral("jobs/blocked"), SidebarModel::CountColumn)).toString(), QStringLiteral("500+"));
        QVERIFY(!model.data(blocked, SidebarModel::EstimatedRole).toBool());
        QVERIFY(model.data(blocked, Qt::ToolTipRole).toString().contains(QStringLiteral("500 or more")));
    }

    void textTableModel()
    {
        TextTableModel model({QStringLiteral("a"), QStringLiteral("b")});
        QAbstractItemModelTester tester(&model, kFatal);
        auto rows = [](int n) {
            QList<TextTableModel::Row> out;
            for (int i = 0; i < n; ++i)
                out.append({{{QString::number(i), {}, {}, {}, false}, {QStringLiteral("x"), {}, {}, {}, i % 2 == 0}}, i, i == 1});
            return out;
        };
        model.setRows(rows(3));
        QCOMPARE(model.rowCount(), 3);
        model.setRows(rows(3)); // same shape: updated in place
        model.setRows(rows(7));
        model.setRows({});
        model.setRows(rows(2));
        QCOMPARE(model.data(model.index(1, 0)).toString(), QStringLiteral("1"));
        QVERIFY(model.data(model.index(1, 0), TextTableModel::AttentionRole).toBool());
        QCOMPARE(model.data(model.index(1, 1), TextTableModel::RowDataRole).toInt(), 1);
    }
};

QTEST_MAIN(TestUiPlainModels)
#include "tst_ui_plain_models.moc"
