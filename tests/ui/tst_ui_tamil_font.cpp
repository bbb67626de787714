// Tamil is readable: the console draws it with a font that has every
// character of every Tamil translation (and of the language menu's entry),
// so a plain Debian install with only DejaVu, where Tamil is empty boxes,
// fails here. The font comes from the packages' recommendation
// (fonts-lohit-taml | fonts-noto-core) and from scripts/install-deps.sh.

#include "UiFixture.h"

#include "ConsoleSettings.h"

#include <QFile>
#include <QGuiApplication>
#include <QRawFont>
#include <QRegularExpression>
#include <QTest>
#include <QTextDocumentFragment>

using namespace jobdesk::ui;

class TestUiTamilFont : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { jobdesk::test::isolateSettings(); }

    void theLanguageMenuNamesTamilInBothScripts()
    {
        const QString name = ConsoleSettings::languageName(QStringLiteral("ta"));
        QVERIFY2(name.contains(QStringLiteral("தமிழ்")) && name.contains(QStringLiteral("(Tamil)")), qPrintable(name));
    }

    void everyTamilStringHasGlyphsInTheChosenFonts()
    {
        ConsoleSettings::setLanguage(QStringLiteral("ta"));
        ConsoleSettings::applyLanguage();
        const QStringList families = QGuiApplication::font().families();
        QVERIFY2(families.size() >= 2,
                 "no installed font draws Tamil (Debian: apt-get install fonts-lohit-taml or fonts-noto-core)");
        QList<QRawFont> fonts;
        for (const QString &family : families) {
            QFont f(family);
            f.setPixelSize(16);
            fonts.append(QRawFont::fromFont(f));
        }
        QFile ts(QStringLiteral(JOBDESK_SOURCE_DIR "/translations/jobdesk_ta.ts"));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(ts.readAll());
        static const QRegularExpression translation(QStringLiteral("<(translation|numerusform)>([^<]+)</"));
        QStringList strings{ConsoleSettings::languageName(QStringLiteral("ta"))};
        for (auto it = translation.globalMatch(text); it.hasNext();)
            strings.append(QTextDocumentFragment::fromHtml(it.next().captured(2)).toPlainText());
        QVERIFY(strings.size() > 100);
        QStringList missing;
        for (const QString &s : std::as_const(strings))
            for (const uint c : s.toUcs4()) {
                if (QChar::isSpace(c) || QChar::category(c) == QChar::Other_Control || QChar::category(c) == QChar::Other_Format)
                    continue;
                bool drawn = false;
                for (const QRawFont &f : std::as_const(fonts))
                    drawn = drawn || f.supportsCharacter(c);
                if (!drawn && missing.size() < 10)
                    missing.append(QStringLiteral("U+%1 in \"%2\"").arg(c, 4, 16, QLatin1Char('0')).arg(s.left(40)));
            }
        QVERIFY2(missing.isEmpty(), qPrintable(families.join(QStringLiteral(", ")) + QStringLiteral(" cannot draw: ")
                                               + missing.join(QStringLiteral("; "))));
    }
};

QTEST_MAIN(TestUiTamilFont)
#include "tst_ui_tamil_font.moc"
