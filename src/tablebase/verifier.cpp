// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/verifier.h"

#include <atomic>
#include <mutex>

#include "core/position_record.h"
#include "tablebase/parallel.h"
#include "tablebase/position_value.h"

namespace branan::tablebase {
namespace {

std::string value_text(Value v) {
    if (v == kUnused) return "unused";
    if (is_win(v)) return "win in " + std::to_string(distance(v));
    if (is_loss(v)) return "loss in " + std::to_string(distance(v));
    return "no win";
}

}  // namespace

VerifyReport verify_slice(const TableSet& set, Material m, int threads) {
    VerifyReport report;
    report.material = m;
    const Slice* slice = set.find(m);
    const SliceIndex& index = slice->index;
    std::atomic<uint64_t> positions{0}, mismatches{0};
    std::mutex first_mutex;
    auto successor = [&](const Position<BoardBits>& pos) {
        const std::optional<Value> v = set.value(placement_of(pos));
        return v ? *v : kNoWin;  // never: the caller loads every slice captures lead into
    };
    parallel_for(index.size(), threads, [&](int, uint64_t begin, uint64_t end) {
        uint64_t checked = 0;
        for (uint64_t i = begin; i < end; ++i) {
            const Placement p = index.placement(i);
            const bool canonical = index.index(p) == i;
            const Value stored = slice->values[i];
            Value expected = kUnused;
            if (canonical) {
                ++checked;
                Position<BoardBits> pos = position_of(set.tables(), p);
                expected = value_from_successors(pos, successor);
            }
            if (expected == stored) continue;
            if (mismatches++ == 0) {
                std::lock_guard lock(first_mutex);
                report.first_mismatch =
                    "entry " + std::to_string(i) + " (" +
                    write_position_record(position_of(set.tables(), p).setup()) + " side " +
                    side_name(p.side) + "): stored " + value_text(stored) +
                    ", its successors give " + value_text(expected);
            }
        }
        positions += checked;
    });
    report.positions = positions;
    report.mismatches = mismatches;
    return report;
}

}  // namespace branan::tablebase
