// How the console writes durations and times, and the field-by-field diff of
// two intents. Pure functions: no store.

#include "Format.h"
#include "models/IntentDiff.h"

#include <QJsonArray>
#include <QTest>
#include <QTimeZone>

using namespace jobdesk;
using namespace jobdesk::ui;

class TestUiFormat : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void durations_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("negative") << qint64(-5) << QStringLiteral("0 ms");
        QTest::newRow("180 ms") << qint64(180) << QStringLiteral("180 ms");
        QTest::newRow("2.4 s") << qint64(2400) << QStringLiteral("2.4 s");
        QTest::newRow("45 s") << qint64(45000) << QStringLiteral("45 s");
        QTest::newRow("3 min") << qint64(3 * 60000 + 20000) << QStringLiteral("3 min");
        QTest::newRow("1 h 5 min") << qint64(65 * 60000) << QStringLiteral("1 h 5 min");
        QTest::newRow("2 h") << qint64(120 * 60000) << QStringLiteral("2 h");
        QTest::newRow("3 d 4 h") << qint64((3 * 24 + 4) * 3600000LL) << QStringLiteral("3 d 4 h");
    }
    void durations()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(Format::duration(ms), text);
    }

    void timesLocalOrUtc()
    {
        const qint64 t = QDateTime(QDate(2024, 3, 1), QTime(10, 2, 17), QTimeZone::utc()).toMSecsSinceEpoch();
        Format::setUtc(true);
        QCOMPARE(Format::dateTime(t), QStringLiteral("2024-03-01 10:02:17.000Z"));
        QVERIFY(Format::time(t).endsWith(u'Z'));
        Format::setUtc(false);
        QCOMPARE(Format::dateTime(t), QDateTime::fromMSecsSinceEpoch(t).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")));
        QVERIFY(!Format::time(t).endsWith(u'Z'));
    }

    void blockedAndUnknownStandOutInWords()
    {
        QCOMPARE(Format::jobState(JobState::Blocked), QStringLiteral("BLOCKED"));
        QCOMPARE(Format::attemptState(AttemptState::Unknown), QStringLiteral("UNKNOWN"));
        QCOMPARE(Format::jobState(JobState::Queued), QStringLiteral("queued"));
    }

    void intentDiffFieldByField()
    {
        const QJsonObject stored{{QStringLiteral("route"), QStringLiteral("summarize")},
                                 {QStringLiteral("input"), QJsonObject{{QStringLiteral("text"), QStringLiteral("two mugs")},
                                                                       {QStringLiteral("priority"), QStringLiteral("normal")},
                                                                       {QStringLiteral("items"), QJsonArray{1, 2}},
                                                                       {QStringLiteral("customer"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}}}}}};
        const QJsonObject rejected{{QStringLiteral("route"), QStringLiteral("summarize")},
                                   {QStringLiteral("input"), QJsonObject{{QStringLiteral("text"), QStringLiteral("three mugs")},
                                                                         {QStringLiteral("coupon"), QStringLiteral("SPRING10")},
                                                                         {QStringLiteral("items"), QJsonArray{1, 2, 3}},
                                                                         {QStringLiteral("customer"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}}}}}};
        const QList<IntentDiffRow> rows = diffIntents(stored, rejected);
        auto find = [&](const QString &path) -> const IntentDiffRow * {
            for (const IntentDiffRow &r : rows)
                if (r.path == path)
                    return &r;
            return nullptr;
        };
        QVERIFY(find(QStringLiteral("route")));
        QCOMPARE(find(QStringLiteral("route"))->kind, IntentDiffRow::Kind::Same);
        QCOMPARE(find(QStringLiteral("input.text"))->kind, IntentDiffRow::Kind::Changed);
        QCOMPARE(find(QStringLiteral("input.text"))->stored, QStringLiteral("\"two mugs\""));
        QCOMPARE(find(QStringLiteral("input.text"))->rejected, QStringLiteral("\"three mugs\""));
        QCOMPARE(find(QStringLiteral("input.priority"))->kind, IntentDiffRow::Kind::OnlyStored);
        QCOMPARE(find(QStringLiteral("input.coupon"))->kind, IntentDiffRow::Kind::OnlyRejected);
        QCOMPARE(find(QStringLiteral("input.items[1]"))->kind, IntentDiffRow::Kind::Same);
        QCOMPARE(find(QStringLiteral("input.items[2]"))->kind, IntentDiffRow::Kind::OnlyRejected);
        QCOMPARE(find(QStringLiteral("input.customer.name"))->kind, IntentDiffRow::Kind::Same);
        QCOMPARE(differenceCount(rows), 4);
        // Key order is not a difference (the fingerprint agrees).
        QCOMPARE(differenceCount(diffIntents(stored, stored)), 0);
    }
};

QTEST_MAIN(TestUiFormat)
#include "tst_ui_format.moc"
