#pragma once

// Which idempotency keys have been seen taken: the hint that tells
// JobService::submit on PostgreSQL to send the replay statement first (one
// round trip) instead of the insert, which for a taken key is followed by the
// replay statement (two). A direct-mapped table of 64-bit hashes of (owner,
// key): a bounded 32 KiB, nothing allocated per key; a key whose slot another
// key took is forgotten.
//
// Only a hint; the database decides. A job is never deleted, so a key seen
// taken stays taken; a wrong hint (two keys with one hash, a database
// restored from an older backup, a table shared by services of two stores)
// costs one round trip: the replay statement finds no job and the insert
// follows.
//
// Thread-safe without a lock (relaxed atomics: a slot is read or written
// whole, and a lost update only forgets a key), so one table can serve all
// the JobServices of a process: jobdesk-server's handler threads share one,
// so a client that retries on another connection, and reaches another
// handler, is still answered in one round trip.

#include <QString>

#include <array>
#include <atomic>
#include <cstddef>

namespace jobdesk {

class TakenKeys
{
public:
    static constexpr std::size_t kSlots = 4096;

    static quint64 hashOf(const QString &ownerId, const QString &idempotencyKey)
    {
        const quint64 h = qHashMulti(0x6a6f626465736bULL, ownerId, idempotencyKey);
        return h ? h : 1; // 0 is an empty slot
    }
    bool seen(quint64 h) const noexcept { return m_slots[h % kSlots].load(std::memory_order_relaxed) == h; }
    void mark(quint64 h) noexcept { m_slots[h % kSlots].store(h, std::memory_order_relaxed); }

private:
    std::array<std::atomic<quint64>, kSlots> m_slots{};
};

} // namespace jobdesk
