// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/generator.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <stdexcept>

#include "core/text.h"
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

}  // namespace

std::vector<Value> generate_slice(const TableSet& set, Material m, const GenerateOptions& options) {
    const int threads = std::max(1, options.threads);
    SliceWork work(set, m);
    const uint64_t size = work.index().size();
    // Per entry: whether a successor was decided at the level before, and the level at which
    // the successors known already decide it (0: none). One byte and two per entry, where lists
    // of candidates would hold each of them many times.
    std::vector<uint8_t> marked(size, 0);
    std::vector<uint16_t> due(size, 0);
    std::atomic<int> last_due{0};
    auto defer = [&](uint64_t i, Value v) {
        due[i] = static_cast<uint16_t>(distance(v));
        for (int d = last_due.load();
             d < distance(v) && !last_due.compare_exchange_weak(d, distance(v));) {
        }
    };
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
    // What each position's successors decide already (finished games, captures).
    parallel_for(size, threads, [&](int, uint64_t begin, uint64_t end) {
        for (uint64_t i = begin; i < end; ++i)
            if (work.get(i) == kNoWin)
                if (const Value v = work.evaluate(i); v != kNoWin) defer(i, v);
    });
    std::atomic<uint64_t> early{0};
    bool decided_before = false;  // some position was decided at the level before
    for (int level = 1;; ++level) {
        if (level > kMaxDistance) throw std::runtime_error("tablebase distances out of range");
        if (!decided_before && level > last_due.load()) break;
        if (decided_before)
            parallel_for(size, threads, [&](int, uint64_t begin, uint64_t end) {
                for (uint64_t i = begin; i < end; ++i) {
                    const Value v = work.get(i);
                    if (v < 2 || distance(v) != level - 1) continue;
                    work.predecessors(i, [&](uint64_t j) {
                        if (work.get(j) == kNoWin)
                            std::atomic_ref<uint8_t>(marked[j]).store(1, std::memory_order_relaxed);
                    });
                }
            });
        std::atomic<bool> decided{false};
        parallel_for(size, threads, [&](int, uint64_t begin, uint64_t end) {
            for (uint64_t i = begin; i < end; ++i) {
                if (!marked[i] && due[i] != level) continue;
                marked[i] = 0;
                if (work.get(i) != kNoWin) continue;
                const Value v = work.evaluate(i);
                if (v == kNoWin) continue;
                if (distance(v) > level) {
                    defer(i, v);
                    continue;
                }
                if (distance(v) < level) ++early;  // never: verify would find it
                work.set(i, v);
                decided.store(true, std::memory_order_relaxed);
            }
        });
        decided_before = decided.load();
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

namespace {

// Loads slice m from `dir`, or generates it there when its file is missing (or, with `load_only`,
// refuses); reports it. The error, or empty.
std::string load_or_generate(TableSet& set, Material m, const std::string& dir,
                             const GenerateOptions& options, bool load_only) {
    const auto start = Clock::now();
    const std::string path = slice_path(dir, m);
    const uint64_t entries = set.index_of(m).size();
    std::vector<Value> values;
    std::error_code ec;
    const bool exists = std::filesystem::exists(path, ec);
    if (exists) {
        if (std::string error = read_slice(path, set.rules(), m, entries, values); !error.empty())
            return error + " (remove it to generate it again)";
    } else if (load_only) {
        return "the slice " + material_name(m) + " is needed but " + branan::quoted(path) +
               " does not exist";
    } else {
        if (options.log)
            options.log("generating " + material_name(m) + ": " + std::to_string(entries) +
                        " entries");
        values = generate_slice(set, m, options);
        if (std::string error = write_slice(path, set.rules(), m, values); !error.empty())
            return error;
    }
    if (options.on_slice && !load_only) {
        SliceReport r = count_values(m, values);
        r.loaded = exists;
        r.seconds = seconds_since(start);
        r.file_bytes = std::filesystem::file_size(path, ec);
        options.on_slice(r);
    }
    set.add(m, std::move(values));
    return {};
}

std::string make_directory(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        return "cannot create the directory " + branan::quoted(dir);
    return {};
}

}  // namespace

std::string generate_tables(TableSet& set, int pieces, const std::string& dir,
                            const GenerateOptions& options) {
    if (std::string error = make_directory(dir); !error.empty()) return error;
    for (const Material m : material_up_to(pieces))
        if (std::string error = load_or_generate(set, m, dir, options, false); !error.empty())
            return error;
    return {};
}

std::string generate_one(TableSet& set, Material m, const std::string& dir,
                         const GenerateOptions& options) {
    // The slices m's captures lead into: its successors' values are looked up there. Loaded
    // before the folder is made, so that a job that cannot run leaves no folder behind.
    for (const Material s : capture_targets(m))
        if (std::string error = load_or_generate(set, s, dir, options, true); !error.empty())
            return error;
    if (std::string error = make_directory(dir); !error.empty()) return error;
    return load_or_generate(set, m, dir, options, false);
}

std::optional<Material> parse_material(const std::string& text) {
    int a = -1, d = -1;
    char tail = 0;
    if (std::sscanf(text.c_str(), "a%dd%d%c", &a, &d, &tail) != 2 || a < 0 || d < 0 || a + d > 12 ||
        material_name({a, d}) != text)
        return std::nullopt;
    return Material{a, d};
}

}  // namespace branan::tablebase
