// libFuzzer target: the request framer (every byte a client sends goes
// through it before Qt's parser) and the API's request validation. Checks
// that nothing crashes or reads out of bounds, that framing does not depend
// on how the bytes are split, and that limits hold.

#include "http/ApiRequest.h"
#include "http/RequestFramer.h"
#include "http/TokenStore.h"

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
};

Framed frame(QByteArrayView bytes, qsizetype step, const FramingLimits &limits)
{
    RequestFramer f(limits);
    Framed out;
    for (qsizetype i = 0; i < bytes.size() && out.ok; i += step) {
        out.ok = f.feed(bytes.sliced(i, std::min(step, bytes.size() - i)));
        out.heads += f.takeCompletedHeads();
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
    }
    for (const RequestFramer::Head &h : whole.heads) {
        check(h.contentLength >= 0 && h.contentLength <= limits.maxBodyBytes);
        check(!h.method.isEmpty() && !h.target.isEmpty());
    }
    check(whole.completed <= whole.heads.size());

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
