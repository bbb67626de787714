#pragma once

// A fake OpenAI-compatible provider on 127.0.0.1 for tests and the demo. It
// speaks HTTP/1.1 itself on a QTcpServer (no libcurl, no Qt HttpServer), so it
// can misbehave at the byte level: hang, close before answering, close in
// the middle of the body, answer after the client gave up.
//
//   POST /v1/chat/completions       answers per the Behaviour chosen for the request
//   GET  /v1/jobdesk/status/<key>   {"status":"completed","content":"..."} |
//                                   {"status":"in_progress"} | {"status":"never_processed"}
//
// A well-behaved answer is generated from the request's response_format
// schema (every declared property; enums take their first value; strings echo
// the start of the user prompt within min/maxLength), unless Behaviour::output
// or an answer function says otherwise. The response envelope carries
// "x_jobdesk": {"response_format_honoured": bool, "system_prompt_honoured": bool}.
//
// Behaviour choice per completion request: a rule for the exact Idempotency-Key,
// else the rule with the longest matching key prefix, else the next queued
// behaviour, else the default. Every method is thread-safe except listen(),
// which must run in the provider's thread (FakeProviderThread does that).

#include <QAtomicInt>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QPair>
#include <QQueue>
#include <QUrl>

#include <functional>
#include <optional>

class QTcpServer;
class QTcpSocket;
class QThread;

namespace jobdesk {

class FakeProvider : public QObject
{
    Q_OBJECT
public:
    struct Behaviour
    {
        enum class Kind {
            Answer,               // 200 with a valid answer after delayMs
            Hang,                 // read the request, never answer (status: in_progress)
            CloseBeforeAnswer,    // read the request, close the connection (status: never_processed, or completed if processedAnyway)
            CloseMidBody,         // send the headers and half the body, then close (status: completed)
            AnswerLate,           // do the work delayMs after the client gave up (closed); status reports the result
            HttpError,            // `status` with the provider error body (or an HTML page), Retry-After if set
            MalformedJson,        // 200, content is broken JSON
            ExtraTopLevelKey,     // 200, valid answer plus an undeclared top-level key
            Prose,                // 200, content is prose, not JSON
            IgnoreSystemPrompt,   // 200, answers as if there were no system prompt (empty required strings, off-list values)
            IgnoreResponseFormat, // 200, JSON in markdown fences with renamed keys
        };
        Kind kind = Kind::Answer;
        int delayMs = 0;
        int status = 200;                 // for HttpError
        bool providerErrorBody = true;    // for HttpError: {"error":{...}} or an HTML page
        std::optional<int> retryAfterSeconds;
        QJsonObject output;               // the well-behaved answer; empty: generated from the schema
        bool processedAnyway = false;     // HttpError/CloseBeforeAnswer: the work was done all the same
        bool resetConnection = false;     // CloseBeforeAnswer/CloseMidBody: RST instead of FIN

        static Behaviour answer(int delayMs = 0) { Behaviour b; b.delayMs = delayMs; return b; }
        static Behaviour of(Kind k, int delayMs = 0) { Behaviour b; b.kind = k; b.delayMs = delayMs; return b; }
        static Behaviour httpError(int status, bool providerErrorBody = true, std::optional<int> retryAfterSeconds = {})
        {
            Behaviour b; b.kind = Kind::HttpError; b.status = status;
            b.providerErrorBody = providerErrorBody; b.retryAfterSeconds = retryAfterSeconds; return b;
        }
    };

    struct Received
    {
        QString idempotencyKey;
        QString method;
        QString path;   // percent-decoded, without the query
        QJsonObject body;
        QHash<QByteArray, QByteArray> headers; // names in lower case
        qint64 atMs = 0;
    };

    explicit FakeProvider(QObject *parent = nullptr);
    ~FakeProvider() override;

    bool listen(quint16 port = 0); // 127.0.0.1 only
    quint16 port() const;
    QUrl baseUrl() const;          // http://127.0.0.1:<port>/v1

    void setDefaultBehaviour(Behaviour);
    void setBehaviourForKey(const QString &idempotencyKeyPrefixOrExact, Behaviour);
    void queueBehaviour(Behaviour); // consumed by the next completion requests, in order
    void setAnswerFunction(std::function<QJsonObject(const QJsonObject &requestBody)>);
    void clearRules();              // default back to Answer, no key rules, empty queue
    void setStatusLookupDelayMs(int ms) { m_lookupDelayMs.storeRelaxed(ms); } // a slow status endpoint
    // What the status endpoint will say about a key, as if a request under it
    // had been received (for tests that build unknown attempts directly).
    void markInProgress(const QString &key);
    void markCompleted(const QString &key, const QByteArray &content);

    QList<Received> received() const;
    int completionRequestCount(const QString &key) const;
    int completionRequestCount() const;
    int connectionCount() const;    // TCP connections accepted
    void clearReceived();

    static QString kindName(Behaviour::Kind);

Q_SIGNALS:
    void requestReceived(const QString &idempotencyKey);
    void lateResultReady(const QString &idempotencyKey);

private:
    enum class WorkState { InProgress, Completed, NeverProcessed };
    struct Work { WorkState state = WorkState::InProgress; QByteArray content; };
    struct Connection { QByteArray buffer; bool busy = false; };

    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    void processBuffer(QTcpSocket *socket);
    void handleCompletion(QTcpSocket *socket, const QString &key, const QJsonObject &body, bool keepAlive);
    void handleStatus(QTcpSocket *socket, const QString &key, bool keepAlive);
    void respond(QTcpSocket *socket, int status, const QByteArray &body, bool keepAlive,
                 const QList<QPair<QByteArray, QByteArray>> &extraHeaders = {},
                 const QByteArray &contentType = QByteArrayLiteral("application/json"));
    void finishRequest(QTcpSocket *socket, bool keepAlive);
    void closeConnection(QTcpSocket *socket, bool reset);
    Behaviour chooseBehaviour(const QString &key);
    QJsonObject wellBehavedOutput(const Behaviour &, const QJsonObject &requestBody);
    QByteArray envelope(const QJsonObject &requestBody, const QString &content, const Behaviour &);
    void setWork(const QString &key, WorkState, const QByteArray &content = {});

    QTcpServer *m_server = nullptr;
    QHash<QTcpSocket *, Connection> m_connectionState; // the provider's thread only
    mutable QMutex m_mutex; // guards everything below
    quint16 m_port = 0;
    Behaviour m_default;
    QHash<QString, Behaviour> m_keyRules;
    QQueue<Behaviour> m_queue;
    std::function<QJsonObject(const QJsonObject &)> m_answer;
    QList<Received> m_received;
    QHash<QString, Work> m_work;
    int m_connections = 0;
    quint64 m_answers = 0;
    QAtomicInt m_lookupDelayMs{0};
};

// Runs a FakeProvider in its own thread with its own event loop, so blocking
// clients in the calling thread (tests, workers) can talk to it.
class FakeProviderThread
{
public:
    FakeProviderThread();
    ~FakeProviderThread(); // stops
    FakeProviderThread(const FakeProviderThread &) = delete;
    FakeProviderThread &operator=(const FakeProviderThread &) = delete;

    bool start(quint16 port = 0); // false when it could not listen
    FakeProvider *provider() const { return m_provider; }
    void stop();

private:
    QThread *m_thread = nullptr;
    FakeProvider *m_provider = nullptr;
};

} // namespace jobdesk
