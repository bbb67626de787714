// jobdesk-fake-provider: the fake OpenAI-compatible provider on 127.0.0.1,
// for the demo and for trying routes and contract validation by hand.
//
//   jobdesk-fake-provider --port 18080 [--behaviour answer|hang|prose|extra-key|...] [--delay-ms N]
//   jobdesk-fake-provider --version

#include "testing/FakeProvider.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

using namespace jobdesk;
using Kind = FakeProvider::Behaviour::Kind;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationVersion(QStringLiteral(JOBDESK_VERSION));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A fake OpenAI-compatible provider on 127.0.0.1 (loopback only)."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption port(QStringLiteral("port"), QStringLiteral("Port on 127.0.0.1 (0: any free port)."),
                                  QStringLiteral("port"), QStringLiteral("18080"));
    const QCommandLineOption behaviour(
        QStringLiteral("behaviour"),
        QStringLiteral("answer, hang, close-before-answer, close-mid-body, answer-late, http-500, http-429, malformed-json, "
                       "extra-key, prose, ignore-system-prompt, ignore-response-format."),
        QStringLiteral("kind"), QStringLiteral("answer"));
    const QCommandLineOption delay(QStringLiteral("delay-ms"), QStringLiteral("Delay before answering."), QStringLiteral("ms"),
                                   QStringLiteral("0"));
    const QCommandLineOption printRequests(QStringLiteral("print-requests"),
                                           QStringLiteral("Print a line per completion request: its Idempotency-Key and traceparent."));
    parser.addOptions({port, behaviour, delay, printRequests});
    parser.process(app);

    const QHash<QString, FakeProvider::Behaviour> kinds{
        {QStringLiteral("answer"), FakeProvider::Behaviour::of(Kind::Answer)},
        {QStringLiteral("hang"), FakeProvider::Behaviour::of(Kind::Hang)},
        {QStringLiteral("close-before-answer"), FakeProvider::Behaviour::of(Kind::CloseBeforeAnswer)},
        {QStringLiteral("close-mid-body"), FakeProvider::Behaviour::of(Kind::CloseMidBody)},
        {QStringLiteral("answer-late"), FakeProvider::Behaviour::of(Kind::AnswerLate)},
        {QStringLiteral("http-500"), FakeProvider::Behaviour::httpError(500, true)},
        {QStringLiteral("http-429"), FakeProvider::Behaviour::httpError(429, true, 5)},
        {QStringLiteral("malformed-json"), FakeProvider::Behaviour::of(Kind::MalformedJson)},
        {QStringLiteral("extra-key"), FakeProvider::Behaviour::of(Kind::ExtraTopLevelKey)},
        {QStringLiteral("prose"), FakeProvider::Behaviour::of(Kind::Prose)},
        {QStringLiteral("ignore-system-prompt"), FakeProvider::Behaviour::of(Kind::IgnoreSystemPrompt)},
        {QStringLiteral("ignore-response-format"), FakeProvider::Behaviour::of(Kind::IgnoreResponseFormat)},
    };
    if (!kinds.contains(parser.value(behaviour))) {
        std::fprintf(stderr, "jobdesk-fake-provider: unknown behaviour '%s'\n", qPrintable(parser.value(behaviour)));
        return 2;
    }
    FakeProvider::Behaviour b = kinds.value(parser.value(behaviour));
    b.delayMs = parser.value(delay).toInt();
    FakeProvider fake;
    fake.setDefaultBehaviour(b);
    if (!fake.listen(static_cast<quint16>(parser.value(port).toUInt()))) {
        std::fprintf(stderr, "jobdesk-fake-provider: cannot listen on 127.0.0.1:%s\n", qPrintable(parser.value(port)));
        return 1;
    }
    if (parser.isSet(printRequests))
        QObject::connect(&fake, &FakeProvider::requestReceived, &fake, [&fake](const QString &key) {
            const QList<FakeProvider::Received> all = fake.received();
            std::printf("request %s traceparent=%s\n", qPrintable(key), all.isEmpty() ? "" : all.last().headers.value("traceparent").constData());
            std::fflush(stdout);
        });
    std::printf("fake provider on %s (%s)\n", qPrintable(fake.baseUrl().toString()), qPrintable(parser.value(behaviour)));
    std::fflush(stdout);
    return QCoreApplication::exec();
}
