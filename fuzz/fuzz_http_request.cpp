// libFuzzer target: the request framer (the server's one HTTP parser: every
// byte a client sends goes through it, and the handlers see only the requests
// it completes) and the API's request validation. Checks that nothing
// crashes or reads out of bounds, that the requests read do not depend on how
// the bytes are split, that limits hold, and that a request read, written out
// again, reads back the same.

#include "http/ApiRequest.h"
#include "http/RequestFramer.h"
#include "service/TokenStore.h"

#include <cstdint>
#include <cstdlib>

using namespace jobdesk;

namespace {

void check(bool condition)
{
    if (!condition)
        std::abort();
}

struct Framed
{
    bool ok = true;
    qint64 completed = 0;
    QList<RequestFramer::Head> heads;
    QList<HttpRequest> requests;
};

bool same(const HttpRequest &a, const HttpRequest &b)
{
    return a.method == b.method && a.path == b.path && a.query == b.query && a.headers == b.headers && a.body == b.body;
}

Framed frame(QByteArrayView bytes, qsizetype step, const FramingLimits &limits)
{
    RequestFramer f(limits);
    Framed out;
    for (qsizetype i = 0; i < bytes.size() && out.ok; i += step) {
        out.ok = f.feed(bytes.sliced(i, std::min(step, bytes.size() - i)));
        out.heads += f.takeCompletedHeads();
        out.requests += f.takeCompletedRequests();
        f.takeContinueRequest();
    }
    out.completed = f.messagesCompleted();
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    FramingLimits limits;
    limits.maxRequestLine = 512; // small limits, so the fuzzer reaches them
    limits.maxHeaderBytes = 1024;
    limits.maxHeaderCount = 16;
    limits.maxBodyBytes = 4096;

    // Framing: whole, byte by byte, and in chunks the input chooses.
    const Framed whole = frame(bytes, qMax<qsizetype>(1, bytes.size()), limits);
    const Framed bytewise = frame(bytes, 1, limits);
    const qsizetype step = size > 0 ? 1 + data[0] % 23 : 1;
    const Framed chunked = frame(bytes, step, limits);
    for (const Framed *f : {&bytewise, &chunked}) {
        check(f->ok == whole.ok);
        check(f->completed == whole.completed);
        check(f->heads.size() == whole.heads.size());
        check(f->requests.size() == whole.requests.size());
        for (qsizetype i = 0; i < whole.requests.size(); ++i)
            check(same(f->requests.at(i), whole.requests.at(i)));
    }
    for (const RequestFramer::Head &h : whole.heads) {
        check(h.contentLength >= 0 && h.contentLength <= limits.maxBodyBytes);
        check(!h.method.isEmpty() && !h.target.isEmpty());
        check(h.headers.size() <= limits.maxHeaderCount);
    }
    check(whole.completed <= whole.heads.size());
    check(whole.requests.size() == whole.completed);
    for (qsizetype i = 0; i < whole.requests.size(); ++i) {
        const RequestFramer::Head &h = whole.heads.at(i);
        const HttpRequest &r = whole.requests.at(i);
        check(r.method == h.method && r.headers == h.headers);
        check(r.body.size() == h.contentLength);
        check(r.path.startsWith('/'));
        // Written out again (as a proxy would), it reads back as the same one request.
        QByteArray again = h.method + ' ' + h.target + ' ' + h.version + "\r\n";
        for (const auto &[name, value] : h.headers)
            again += name + ": " + value + "\r\n";
        again += "\r\n" + r.body;
        FramingLimits roomy = limits;
        roomy.maxHeaderBytes = 4 * limits.maxHeaderBytes; // ": " may add a byte a line
        const Framed reread = frame(again, again.size(), roomy);
        check(reread.ok && reread.requests.size() == 1 && same(reread.requests.first(), r));
        check(reread.heads.first().closeAfter == h.closeAfter && reread.heads.first().expectContinue == h.expectContinue);
    }

    // Validation: the input as a body, as header values, as a path segment.
    CreateJobBody create;
    parseCreateJobBody(bytes.toByteArray(), &create);
    ActionBody action;
    parseActionBody(bytes.toByteArray(), size % 2 == 0, &action);
    HttpRequest r;
    r.method = "POST";
    r.body = bytes.toByteArray();
    const qsizetype cut = bytes.size() / 2;
    r.headers = {{"Idempotency-Key", bytes.first(cut).toByteArray()},
                 {"Content-Type", bytes.sliced(cut).toByteArray()},
                 {"Content-Length", QByteArray::number(r.body.size())},
                 {"Authorization", bytes.toByteArray()}};
    QString key;
    if (!readIdempotencyKey(r, &key))
        check(key.size() >= 1 && key.size() <= 255);
    checkJsonRequest(r, 1024);
    QString token;
    if (!readBearerToken(r, &token))
        tokenSecret(token);
    if (const auto id = parseId(bytes))
        check(*id > 0);
    return 0;
}
