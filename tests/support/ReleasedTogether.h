#pragma once

// Real threads with real connections, released together: the shape every
// concurrency test here takes. Each of `n` threads opens its own connection
// on its own thread (`open(i)`, before any thread acts), then all wait at one
// barrier and go at once; with `rounds` > 1 they meet at the barrier again
// before each round. Each connection is closed on the thread that opened it.
//
// `act` is called as act(i, connection) or, to see the round,
// act(i, connection, round). A thread whose open or act throws records the
// message and sits out the rest of its rounds, but still meets the others at
// the barrier, so a failure never leaves them waiting.

#include <QString>
#include <QTest>

#include <barrier>
#include <exception>
#include <thread>
#include <type_traits>
#include <vector>

namespace jobdesk::test {

template<typename Open, typename Act>
std::vector<QString> releasedTogether(int n, Open open, Act act, int rounds = 1)
{
    std::vector<QString> errors(static_cast<size_t>(n));
    std::barrier sync(n);
    std::vector<std::thread> threads;
    threads.reserve(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        threads.emplace_back([&, i] {
            QString &error = errors[static_cast<size_t>(i)];
            decltype(open(i)) mine{};
            try {
                mine = open(i);
            } catch (const std::exception &e) {
                error = QString::fromUtf8(e.what());
            }
            for (int round = 0; round < rounds; ++round) {
                sync.arrive_and_wait(); // released together
                if (!mine || !error.isEmpty())
                    continue;
                try {
                    if constexpr (std::is_invocable_v<Act &, int, decltype(*mine) &, int>)
                        act(i, *mine, round);
                    else
                        act(i, *mine);
                } catch (const std::exception &e) {
                    error = QString::fromUtf8(e.what());
                }
            }
            mine = decltype(mine){}; // a connection closes on the thread that opened it
        });
    }
    for (std::thread &t : threads)
        t.join();
    return errors;
}

} // namespace jobdesk::test

// Fails the test function with the first thread's error, if any.
#define JD_VERIFY_NO_THREAD_ERRORS(errors)                                                                    \
    do {                                                                                                      \
        for (const QString &jdThreadError : (errors))                                                         \
            QVERIFY2(jdThreadError.isEmpty(), qPrintable(jdThreadError));                                     \
    } while (false)
