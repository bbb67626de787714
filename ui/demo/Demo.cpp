#include "Demo.h"

#include "UiLogging.h"
#include "dispatch/Dispatcher.h"
#include "testing/FakeProvider.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

#include <functional>
#include <memory>
#include <vector>

namespace jobdesk::ui {

using Kind = FakeProvider::Behaviour::Kind;

namespace {

QJsonObject stringProp(int minLength = 1)
{
    return {{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("minLength"), minLength}};
}

QJsonObject enumProp(const QStringList &values)
{
    QJsonArray a;
    for (const QString &v : values)
        a.append(v);
    return {{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("enum"), a}};
}

QJsonObject schema(const QJsonObject &properties)
{
    QJsonArray required;
    for (auto it = properties.begin(); it != properties.end(); ++it)
        required.append(it.key());
    return {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"), properties},
            {QStringLiteral("required"), required},
            {QStringLiteral("additionalProperties"), false}};
}

struct RouteSpec
{
    const char *name;
    const char *system;
    const char *prompt;
    QJsonObject properties;
    const char *firstField;
    QStringList chain;
    qint64 deadlineMs;
    std::optional<qint64> hedgeAfterMs;
    QJsonObject golden;
};

} // namespace

// Lives on the demo thread: owns the providers, the dispatcher and the
// simulated users' JobService.
class DemoWorld : public QObject
{
public:
    DemoWorld(DemoOptions options, Demo *demo) : m_options(std::move(options)), m_demo(demo) {}
    ~DemoWorld() override { tearDown(); }

    void setUp();
    void tearDown();

private:
    void say(const QString &what)
    {
        qCInfo(lcUi) << "demo:" << what;
        QMetaObject::invokeMethod(m_demo, [d = m_demo, what] { Q_EMIT d->incident(what); }, Qt::QueuedConnection);
    }
    QString key(const QString &prefix) { return prefix + u'-' + m_runTag + u'-' + QString::number(++m_keys); }
    QJsonObject meta(const QString &client, const QString &ip) const
    {
        return {{QStringLiteral("client"), client},
                {QStringLiteral("ip"), ip},
                {QStringLiteral("user_agent"), client == QLatin1String("web") ? QStringLiteral("Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0")
                                                                              : QStringLiteral("AcmeShop-iOS/4.2.1")},
                {QStringLiteral("request_id"), QUuid::createUuid().toString(QUuid::WithoutBraces)}};
    }
    void submit(const QString &route, const QString &owner, const QString &k, const QJsonObject &input,
                const QJsonObject &clientMeta);
    void after(int ms, std::function<void()> f)
    {
        QTimer::singleShot(ms, this, [this, f = std::move(f)] {
            if (!m_stopping)
                f();
        });
    }
    QJsonObject text(const QString &t) const { return {{QStringLiteral("text"), t}}; }

    void doubleClick();
    void keyReuse();
    void hangPastDeadline();
    void lateAnswer();
    void hedgeRace();
    void failover();
    void routineJob();

    DemoOptions m_options;
    Demo *m_demo;
    std::unique_ptr<JobService> m_svc;
    std::unique_ptr<Dispatcher> m_dispatcher;
    std::vector<std::unique_ptr<FakeProviderThread>> m_fakes;
    RouteConfig m_config;
    QString m_runTag = QUuid::createUuid().toString(QUuid::Id128).left(6);
    int m_keys = 0;
    int m_background = 0;
    int m_nextIncident = 0;
    bool m_stopping = false;
};

void DemoWorld::setUp()
{
    try {
        // The providers, each on its own loopback port, each with its character.
        struct Fake
        {
            const char *name;
            FakeProvider::Behaviour behaviour;
        };
        FakeProvider::Behaviour spare = FakeProvider::Behaviour::of(Kind::ExtraTopLevelKey, 150);
        const std::vector<Fake> fakes = {
            {"primary", FakeProvider::Behaviour::answer(600)},          // answers in 0.6 s
            {"backup", FakeProvider::Behaviour::answer(120)},           // fast, and proven for every route
            {"spare", spare},                                           // adds a key: fails its contract validation
            {"flaky", FakeProvider::Behaviour::httpError(500, true)},   // a complete error answer: failed, nothing produced
            {"stuck", FakeProvider::Behaviour::of(Kind::Hang)},         // never answers: unknown at the deadline
            {"tardy", FakeProvider::Behaviour::of(Kind::AnswerLate, 1500)}, // finishes after the client gave up
            {"slow", FakeProvider::Behaviour::answer(2500)},            // loses the hedge race
        };
        QJsonArray providers;
        for (const Fake &f : fakes) {
            auto t = std::make_unique<FakeProviderThread>();
            if (!t->start())
                throw JobDeskError(JobDeskError::Code::StoreError,
                                   QCoreApplication::translate("jobdesk::ui::Demo", "fake provider %1 could not listen on 127.0.0.1")
                                       .arg(QLatin1String(f.name)));
            t->provider()->setDefaultBehaviour(f.behaviour);
            providers.append(QJsonObject{{QStringLiteral("name"), QLatin1String(f.name)},
                                         {QStringLiteral("kind"), QStringLiteral("fake")},
                                         {QStringLiteral("base_url"), t->provider()->baseUrl().toString()},
                                         {QStringLiteral("model"), QStringLiteral("fake-%1").arg(QLatin1String(f.name))},
                                         {QStringLiteral("context_tokens"), 8192},
                                         {QStringLiteral("validation_ttl_ms"), 12 * 3600 * 1000}});
            m_fakes.push_back(std::move(t));
        }
        const QStringList sentiment{QStringLiteral("neutral"), QStringLiteral("positive"), QStringLiteral("negative")};
        const std::vector<RouteSpec> specs = {
            {"summarize", "Reply with a JSON object with exactly the keys summary and sentiment.",
             "Summarise this customer message:\n{{text}}",
             {{QStringLiteral("summary"), stringProp()}, {QStringLiteral("sentiment"), enumProp(sentiment)}}, "summary",
             {QStringLiteral("primary"), QStringLiteral("spare"), QStringLiteral("backup")}, 8000, std::nullopt,
             text(QStringLiteral("My order arrived two days late but the support was great."))},
            {"classify", "Reply with a JSON object with exactly the keys category and summary.",
             "Classify this support ticket:\n{{text}}",
             {{QStringLiteral("category"), enumProp({QStringLiteral("billing"), QStringLiteral("technical"), QStringLiteral("account")})},
              {QStringLiteral("summary"), stringProp()}},
             "summary", {QStringLiteral("flaky"), QStringLiteral("spare"), QStringLiteral("backup")}, 5000, std::nullopt,
             text(QStringLiteral("I was charged twice for one order."))},
            {"translate", "Reply with a JSON object with exactly the keys translation and language.",
             "Translate into French:\n{{text}}",
             {{QStringLiteral("translation"), stringProp()}, {QStringLiteral("language"), enumProp({QStringLiteral("fr")})}},
             "translation", {QStringLiteral("stuck"), QStringLiteral("backup")}, 3000, std::nullopt,
             text(QStringLiteral("Your refund is on its way."))},
            {"extract", "Reply with a JSON object with exactly the keys invoice_number and customer.",
             "Extract the invoice number and the customer from:\n{{text}}",
             {{QStringLiteral("invoice_number"), stringProp()}, {QStringLiteral("customer"), stringProp()}},
             "invoice_number", {QStringLiteral("tardy"), QStringLiteral("backup")}, 1500, std::nullopt,
             text(QStringLiteral("Invoice INV-2291 for Ada Lovelace, due 1 March."))},
            {"draft-reply", "Reply with a JSON object with exactly the keys reply and tone.",
             "Draft a reply to:\n{{text}}",
             {{QStringLiteral("reply"), stringProp()}, {QStringLiteral("tone"), enumProp({QStringLiteral("friendly"), QStringLiteral("formal")})}},
             "reply", {QStringLiteral("slow"), QStringLiteral("backup")}, 8000, qint64(500),
             text(QStringLiteral("Where is my parcel?"))},
        };
        QJsonArray routes;
        for (const RouteSpec &s : specs) {
            QJsonArray chain;
            for (const QString &p : s.chain)
                chain.append(p);
            QJsonObject r{{QStringLiteral("name"), QLatin1String(s.name)},
                          {QStringLiteral("system_prompt"), QLatin1String(s.system)},
                          {QStringLiteral("prompt_template"), QLatin1String(s.prompt)},
                          {QStringLiteral("output_schema"), schema(s.properties)},
                          {QStringLiteral("required_fields"), QJsonArray{QLatin1String(s.firstField)}},
                          {QStringLiteral("provider_chain"), chain},
                          {QStringLiteral("deadline_ms"), s.deadlineMs},
                          {QStringLiteral("max_attempts"), 3},
                          {QStringLiteral("golden_cases"),
                           QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("typical")}, {QStringLiteral("input"), s.golden}}}}};
            if (s.hedgeAfterMs)
                r.insert(QStringLiteral("hedge_after_ms"), *s.hedgeAfterMs);
            routes.append(r);
        }
        m_config = RouteConfig::fromJson(QJsonObject{{QStringLiteral("providers"), providers}, {QStringLiteral("routes"), routes}});

        m_svc = JobService::open(m_options.url);
        DispatcherOptions d;
        d.workerId = QStringLiteral("demo-dispatcher");
        d.workers = 4;
        d.leaseMs = 6000;
        d.idlePollMs = 100;
        d.maintenanceEveryMs = 500;
        d.reconcileEveryMs = 500;
        // The demo's unknown attempts are asked about within seconds, not the
        // production backoff's minutes, so a late answer shows soon.
        d.lookupBackoffMinMs = 500;
        d.lookupBackoffMaxMs = 4000;
        m_dispatcher = std::make_unique<Dispatcher>(m_options.url, m_config, nullptr, d);
        m_dispatcher->recordConfig(*m_svc);
        // Contract validations: backup is proven for every route; spare fails its own.
        for (const Route &r : std::as_const(m_config.routes)) {
            const ValidationRecord v = m_dispatcher->validate(*m_svc, QStringLiteral("backup"), r.name);
            qCInfo(lcUi) << "demo: backup for" << r.name << (v.passed ? "passed" : "FAILED") << "its contract validation";
            if (r.providerChain.contains(QStringLiteral("spare"))) {
                const ValidationRecord s = m_dispatcher->validate(*m_svc, QStringLiteral("spare"), r.name);
                qCInfo(lcUi) << "demo: spare for" << r.name << (s.passed ? "passed" : "failed") << "its contract validation";
            }
        }
        m_dispatcher->start();
    } catch (const std::exception &e) {
        const QString message = QString::fromUtf8(e.what());
        qCWarning(lcUi) << "demo could not start:" << message;
        QMetaObject::invokeMethod(m_demo, [d = m_demo, message] { Q_EMIT d->failed(message); }, Qt::QueuedConnection);
        return;
    }
    QMetaObject::invokeMethod(m_demo, [d = m_demo] { Q_EMIT d->ready(); }, Qt::QueuedConnection);

    // The script: every case in the first seconds, then routine traffic and,
    // now and then, another incident of each kind in turn.
    after(200, [this] { routineJob(); });
    after(400, [this] { doubleClick(); });
    after(700, [this] { keyReuse(); });
    after(1000, [this] { hangPastDeadline(); });
    after(1300, [this] { lateAnswer(); });
    after(1600, [this] { hedgeRace(); });
    after(1900, [this] { failover(); });
    auto *routine = new QTimer(this);
    connect(routine, &QTimer::timeout, this, [this, routine] {
        if (m_background >= m_options.maxBackgroundJobs) {
            routine->stop();
            return;
        }
        routineJob();
    });
    routine->start(m_options.backgroundEveryMs);
    auto *incidents = new QTimer(this);
    connect(incidents, &QTimer::timeout, this, [this] {
        switch (m_nextIncident++ % 6) {
        case 0: doubleClick(); break;
        case 1: hedgeRace(); break;
        case 2: keyReuse(); break;
        case 3: failover(); break;
        case 4: lateAnswer(); break;
        case 5: hangPastDeadline(); break;
        }
    });
    incidents->start(m_options.incidentEveryMs);
}

void DemoWorld::tearDown()
{
    m_stopping = true;
    if (m_dispatcher)
        m_dispatcher->stop();
    m_dispatcher.reset();
    for (auto &f : m_fakes)
        f->stop();
    m_fakes.clear();
    m_svc.reset();
}

void DemoWorld::submit(const QString &routeName, const QString &owner, const QString &k, const QJsonObject &input,
                       const QJsonObject &clientMeta)
{
    const Route *route = m_config.route(routeName);
    if (!route || !m_svc)
        return;
    try {
        const SubmitResult r = m_svc->submit(submitRequestFor(*route, owner, k, input, clientMeta));
        qCDebug(lcUi) << "demo: submit" << k << toText(r.outcome) << "job" << r.job.id;
    } catch (const JobDeskError &e) {
        qCWarning(lcUi) << "demo: submit" << k << "failed:" << e.message();
    }
}

void DemoWorld::routineJob()
{
    static const char *owners[] = {"u-7", "u-12", "acme-shop", "u-31", "globex", "u-5"};
    static const char *texts[] = {"The app crashes when I upload a photo.", "Thanks, the new dashboard is lovely!",
                                  "Can I change the delivery address?", "Refund still not received after 10 days.",
                                  "How do I export my invoices?"};
    ++m_background;
    const QString owner = QLatin1String(owners[QRandomGenerator::global()->bounded(6)]);
    submit(QStringLiteral("summarize"), owner, key(QStringLiteral("web")),
           text(QLatin1String(texts[QRandomGenerator::global()->bounded(5)])), meta(QStringLiteral("web"), QStringLiteral("198.51.100.23")));
}

void DemoWorld::doubleClick()
{
    say(QCoreApplication::translate("jobdesk::ui::Demo", "a customer double-clicks Pay: two POSTs 180 ms apart with one key (a replay)"));
    const QString k = key(QStringLiteral("click"));
    const QJsonObject input = text(QStringLiteral("Please summarise my last three orders."));
    const QJsonObject client = meta(QStringLiteral("web"), QStringLiteral("203.0.113.7"));
    submit(QStringLiteral("summarize"), QStringLiteral("u-7"), k, input, client);
    after(180, [this, k, input] {
        submit(QStringLiteral("summarize"), QStringLiteral("u-7"), k, input, meta(QStringLiteral("web"), QStringLiteral("203.0.113.7")));
    });
}

void DemoWorld::keyReuse()
{
    say(QCoreApplication::translate("jobdesk::ui::Demo", "an app reuses a key with another payload (a conflict: nothing created)"));
    const QString k = key(QStringLiteral("mobile"));
    submit(QStringLiteral("summarize"), QStringLiteral("acme-shop"), k,
           QJsonObject{{QStringLiteral("text"), QStringLiteral("Order 1042: two blue mugs.")}, {QStringLiteral("priority"), QStringLiteral("normal")}},
           meta(QStringLiteral("ios"), QStringLiteral("192.0.2.44")));
    after(2200, [this, k] {
        submit(QStringLiteral("summarize"), QStringLiteral("acme-shop"), k,
               QJsonObject{{QStringLiteral("text"), QStringLiteral("Order 1042: three blue mugs.")},
                           {QStringLiteral("priority"), QStringLiteral("urgent")},
                           {QStringLiteral("coupon"), QStringLiteral("SPRING10")}},
               meta(QStringLiteral("ios"), QStringLiteral("192.0.2.44")));
    });
}

void DemoWorld::hangPastDeadline()
{
    say(QCoreApplication::translate("jobdesk::ui::Demo", "a provider hangs past its deadline: the attempt becomes unknown and blocks the job"));
    submit(QStringLiteral("translate"), QStringLiteral("globex"), key(QStringLiteral("api")),
           text(QStringLiteral("Your refund of 49.90 EUR has been approved.")), meta(QStringLiteral("api"), QStringLiteral("198.51.100.80")));
}

void DemoWorld::lateAnswer()
{
    say(QCoreApplication::translate("jobdesk::ui::Demo", "a provider answers after the deadline: unknown first, then the late result wins through the CAS"));
    submit(QStringLiteral("extract"), QStringLiteral("u-12"), key(QStringLiteral("api")),
           text(QStringLiteral("Invoice INV-7731 for Grace Hopper, 120.00 EUR.")), meta(QStringLiteral("api"), QStringLiteral("198.51.100.81")));
}

void DemoWorld::hedgeRace()
{
    say(QCoreApplication::translate("jobdesk::ui::Demo", "a hedge finishes first, the slow primary after it: a race loss"));
    submit(QStringLiteral("draft-reply"), QStringLiteral("u-31"), key(QStringLiteral("web")),
           text(QStringLiteral("My parcel says delivered but it is not here.")), meta(QStringLiteral("web"), QStringLiteral("203.0.113.19")));
}

void DemoWorld::failover()
{
    say(QCoreApplication::translate("jobdesk::ui::Demo", "a provider refuses: failover skips the unproven spare for the proven backup"));
    submit(QStringLiteral("classify"), QStringLiteral("u-5"), key(QStringLiteral("web")),
           text(QStringLiteral("I was charged twice for order 1042.")), meta(QStringLiteral("web"), QStringLiteral("203.0.113.55")));
}

// ---- Demo ---------------------------------------------------------------------------

Demo::Demo(DemoOptions options, QObject *parent)
    : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("jobdesk-demo"));
    m_world = new DemoWorld(std::move(options), this);
    m_world->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_world, &QObject::deleteLater);
}

Demo::~Demo()
{
    // DemoWorld's destructor (on the demo thread, as the thread finishes)
    // stops the dispatcher, whose in-flight calls end by their deadlines.
    m_thread.quit();
    m_thread.wait();
}

void Demo::start()
{
    if (!m_thread.isRunning())
        m_thread.start();
    QMetaObject::invokeMethod(m_world, [w = m_world] { w->setUp(); }, Qt::QueuedConnection);
}

QString Demo::defaultDatabasePath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return QDir(dir).filePath(QStringLiteral("demo.db"));
}

bool Demo::resetDatabase(const QString &path, QString *error)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-journal")}) {
        QFile f(path + suffix);
        if (f.exists() && !f.remove()) {
            if (error)
                *error = QStringLiteral("%1: %2").arg(f.fileName(), f.errorString());
            return false;
        }
    }
    return true;
}

} // namespace jobdesk::ui
