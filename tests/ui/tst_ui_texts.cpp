// Small texts that need no store: a label's mnemonic shown as a literal "&",
// the time line's axis repeating "+1 min", "(s)" plurals, cancelling a job
// without the billing warning (tst_ui_wording has those on a store).

#include "UiFixture.h"

#include "dialogs/ConnectionDialog.h"
#include "models/ActionGuards.h"
#include "views/Timeline.h"

#include <QCoreApplication>
#include <QLabel>
#include <QSet>
#include <QTest>
#include <QTranslator>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiTexts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { isolateSettings(); }

    void aMnemonicLabelHasItsBuddySoNoAmpersandShows()
    {
        ConnectionDialog dialog;
        dialog.show();
        for (const QLabel *label : dialog.findChildren<QLabel *>()) {
            if (label->textFormat() == Qt::PlainText || !label->text().contains(u'&') || label->text().contains(QLatin1String("&&")))
                continue;
            QVERIFY2(label->buddy(), qPrintable(QStringLiteral("\"%1\" shows its & literally").arg(label->text())));
        }
    }

    void everyAxisTickSaysItsOwnTime()
    {
        for (qint64 span : {900LL, 9000LL, 70000LL, 100000LL, 130000LL, 250000LL, 700000LL, 4000000LL, 9000000LL, 200000000LL}) {
            const QStringList labels = TimelineWidget::axisLabels(span);
            QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
        }
        QVERIFY(TimelineWidget::axisLabels(100000).contains(QStringLiteral("+1 min 15 s")));
    }

    // The English catalogue says one attempt in the singular; cancelling a
    // job warns about billing as cancelling its attempt does.
    void cancellingAJobSaysItsAttemptsInTheSingularAndWarnsOfBilling()
    {
        QTranslator english;
        QVERIFY(english.load(QStringLiteral(":/i18n/jobdesk_en.qm")));
        QCoreApplication::installTranslator(&english);
        JobDetail d;
        d.job.id = 4;
        Attempt a;
        a.id = 40;
        a.attemptNo = 1;
        a.provider = QStringLiteral("stuck");
        a.state = AttemptState::Unknown;
        d.attempts = {a};
        const QString text = cancelJobConsequence(d);
        QCoreApplication::removeTranslator(&english);
        QVERIFY2(text.contains(QStringLiteral("Its open attempt #1 is cancelled with it")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("(s)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("billed")), qPrintable(text));
    }
};

QTEST_MAIN(TestUiTexts)
#include "tst_ui_texts.moc"
