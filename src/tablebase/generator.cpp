// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/generator.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <stdexcept>

#include "tablebase/parallel.h"
#include "tablebase/position_value.h"
#include "tablebase/slice_file.h"

namespace branan::tablebase {
namespace {

// One slice being generated: its values (read and written by several threads at once, each
// entry atomically) and the way to every successor's value.
class SliceWork {
  public:
    SliceWork(const TableSet& set, Material m)
        : set_(set), index_(set.index_of(m)), values_(index_.size(), kNoWin) {}

    const SliceIndex& index() const { return index_; }
    std::vector<Value>& values() { return values_; }
    Value get(uint64_t i) const {
        return std::atomic_ref<const Value>(values_[i]).load(std::memory_order_relaxed);
    }
    void set(uint64_t i, Value v) {
        std::atomic_ref<Value>(values_[i]).store(v, std::memory_order_relaxed);
    }
    // The value of a successor position: from this slice as far as known, else from a smaller one.
    Value successor(const Position<BoardBits>& pos) const {
        const Placement p = placement_of(pos);
        if (material_of(p) == index_.material()) return get(index_.index(p));
        const std::optional<Value> v = set_.value(p);
        if (!v)
            throw std::logic_error("tablebase slice " + material_name(material_of(p)) +
                                   " is needed but missing");
        return *v;
    }
    Value evaluate(uint64_t i) const {
        Position<BoardBits> pos = position_of(set_.tables(), index_.placement(i));
        return value_from_successors(pos,
                                     [&](const Position<BoardBits>& s) { return successor(s); });
    }
    // Calls f(j) for each position of this slice from which a move without capture may lead to
    // position i (a superset: a piece of the side that moved, slid back along empty squares).
    template <class F>
    void predecessors(uint64_t i, F&& f) const {
        const Placement p = index_.placement(i);
        const Side mover = opponent(p.side);
        const auto& geo = set_.tables().geo;
        const BoardBits occupied = p.attackers | p.defenders | square_bb<BoardBits>(p.king);
        BoardBits pieces = mover == Side::Attackers ? p.attackers : p.defenders;
        if (mover == Side::Defenders) pieces |= square_bb<BoardBits>(p.king);
        while (pieces) {
            const Square to = pop_lsb(pieces);
            const bool king = to == p.king;
            for (int dir = 0; dir < kDirections; ++dir)
                for (Square from = geo.neighbour[to][dir];
                     from != kNoSquare && !test(occupied, from); from = geo.neighbour[from][dir]) {
                    if (!test(king ? set_.king_squares() : set_.soldier_squares(), from)) continue;
                    Placement q = p;
                    q.side = mover;
                    const BoardBits moved = square_bb<BoardBits>(from) | square_bb<BoardBits>(to);
                    if (king)
                        q.king = from;
                    else if (mover == Side::Attackers)
                        q.attackers ^= moved;
                    else
                        q.defenders ^= moved;
                    f(index_.index(q));
                }
        }
    }

  private:
    const TableSet& set_;
    SliceIndex index_;
    std::vector<Value> values_;
};

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Per-thread lists merged after a parallel step.
struct Lists {
    std::vector<std::vector<uint64_t>> resolved;
    std::vector<std::vector<std::vector<uint64_t>>> later;  // [thread][distance]
    explicit Lists(int threads) : resolved(threads), later(threads) {}
    void defer(int thread, int d, uint64_t i) {
        auto& l = later[thread];
        if (static_cast<int>(l.size()) <= d) l.resize(d + 1);
        l[d].push_back(i);
    }
};

void merge_later(Lists& lists, std::vector<std::vector<uint64_t>>& buckets) {
    for (auto& l : lists.later) {
        if (buckets.size() < l.size()) buckets.resize(l.size());
        for (size_t d = 0; d < l.size(); ++d) {
            buckets[d].insert(buckets[d].end(), l[d].begin(), l[d].end());
            l[d].clear();
        }
    }
}

}  // namespace

std::vector<Value> generate_slice(const TableSet& set, Material m, const GenerateOptions& options) {
    const int threads = std::max(1, options.threads);
    SliceWork work(set, m);
    const uint64_t size = work.index().size();
    // Level 0: unused entries and finished games.
    parallel_for(size, threads, [&](int, uint64_t begin, uint64_t end) {
        for (uint64_t i = begin; i < end; ++i) {
            const Placement p = work.index().placement(i);
            if (work.index().index(p) != i) {
                work.set(i, kUnused);
                continue;
            }
            const Position<BoardBits> pos = position_of(set.tables(), p);
            if (const Status s = game_end(pos); s.over())
                work.set(i, terminal_value(s, pos.side_to_move()));
        }
    });
    // What each position's successors decide already: to the level of that distance.
    std::vector<std::vector<uint64_t>> buckets;
    {
        Lists lists(threads);
        parallel_for(size, threads, [&](int t, uint64_t begin, uint64_t end) {
            for (uint64_t i = begin; i < end; ++i) {
                if (work.get(i) != kNoWin) continue;
                if (const Value v = work.evaluate(i); v != kNoWin) lists.defer(t, distance(v), i);
            }
        });
        merge_later(lists, buckets);
    }
    std::vector<uint64_t> last;  // decided at the level before
    std::atomic<uint64_t> early{0};
    for (int level = 1;; ++level) {
        if (level > kMaxDistance) throw std::runtime_error("tablebase distances out of range");
        if (last.empty() && level >= static_cast<int>(buckets.size())) break;
        Lists lists(threads);
        std::vector<std::vector<uint64_t>> found(threads);
        parallel_for(last.size(), threads, [&](int t, uint64_t begin, uint64_t end) {
            for (uint64_t k = begin; k < end; ++k)
                work.predecessors(last[k], [&](uint64_t j) {
                    if (work.get(j) == kNoWin) found[t].push_back(j);
                });
        });
        std::vector<uint64_t> candidates;
        if (level < static_cast<int>(buckets.size())) candidates.swap(buckets[level]);
        for (auto& f : found) candidates.insert(candidates.end(), f.begin(), f.end());
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
        parallel_for(candidates.size(), threads, [&](int t, uint64_t begin, uint64_t end) {
            for (uint64_t k = begin; k < end; ++k) {
                const uint64_t i = candidates[k];
                if (work.get(i) != kNoWin) continue;
                const Value v = work.evaluate(i);
                if (v == kNoWin) continue;
                if (distance(v) > level) {
                    lists.defer(t, distance(v), i);
                    continue;
                }
                if (distance(v) < level) ++early;  // never: verify would find it
                work.set(i, v);
                lists.resolved[t].push_back(i);
            }
        });
        merge_later(lists, buckets);
        last.clear();
        for (auto& r : lists.resolved) last.insert(last.end(), r.begin(), r.end());
    }
    if (early && options.log)
        options.log("warning: " + std::to_string(early.load()) + " positions of " +
                    material_name(m) + " decided late");
    return std::move(work.values());
}

SliceReport count_values(Material m, const std::vector<Value>& values) {
    SliceReport r;
    r.material = m;
    for (Value v : values) {
        if (v == kUnused) continue;
        ++r.positions;
        if (is_win(v))
            ++r.wins;
        else if (is_loss(v))
            ++r.losses;
        else
            ++r.no_wins;
        if (v != kNoWin) r.longest = std::max(r.longest, distance(v));
    }
    return r;
}

std::string generate_tables(TableSet& set, int pieces, const std::string& dir,
                            const GenerateOptions& options, std::vector<SliceReport>& reports) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        return "cannot create the directory '" + dir + "'";
    for (const Material m : material_up_to(pieces)) {
        const auto start = Clock::now();
        const std::string path = slice_path(dir, m);
        const uint64_t entries = set.index_of(m).size();
        std::vector<Value> values;
        bool loaded = false;
        if (std::filesystem::exists(path)) {
            if (std::string error = read_slice(path, set.rules(), m, entries, values);
                !error.empty())
                return error + " (remove it to generate it again)";
            loaded = true;
        } else {
            if (options.log)
                options.log("generating " + material_name(m) + ": " + std::to_string(entries) +
                            " entries");
            values = generate_slice(set, m, options);
            if (std::string error = write_slice(path, set.rules(), m, values); !error.empty())
                return error;
        }
        SliceReport r = count_values(m, values);
        r.loaded = loaded;
        r.seconds = seconds_since(start);
        r.file_bytes = std::filesystem::file_size(path, ec);
        reports.push_back(r);
        set.add(m, std::move(values));
    }
    return {};
}

}  // namespace branan::tablebase
