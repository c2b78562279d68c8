// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/tablebase.h"

#include <filesystem>
#include <stdexcept>

#include "core/rules_string.h"
#include "core/text.h"
#include "tablebase/position_value.h"
#include "tablebase/rules_support.h"
#include "tablebase/slice_file.h"

namespace branan::tablebase {

Expected<std::shared_ptr<Tablebase>> Tablebase::open(const std::string& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        return Error{"tablebase directory " + branan::quoted(dir) + " " +
                     (std::filesystem::exists(dir, ec) ? "is not a directory" : "does not exist")};
    std::optional<SliceHeader> first;
    std::string first_path;
    std::set<Material> materials;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().extension() != kFileExtension) continue;
        SliceHeader h;
        if (std::string error = read_slice_header(entry.path().string(), h); !error.empty())
            return Error{error};
        if (entry.path().filename().string() != material_name(h.material) + kFileExtension)
            return Error{"tablebase file " + branan::quoted(entry.path().string()) +
                         " holds material " + material_name(h.material) +
                         ": its name does not match"};
        if (first && h.rules != first->rules)
            return Error{"tablebase files " + branan::quoted(first_path) + " and " +
                         branan::quoted(entry.path().string()) + " are for different rules"};
        if (!first) {
            first = h;
            first_path = entry.path().string();
        }
        materials.insert(h.material);
    }
    if (ec)
        return Error{"cannot read tablebase directory " + branan::quoted(dir) + ": " +
                     ec.message()};
    if (!first)
        return Error{"no tablebase files (*" + std::string(kFileExtension) + ") in " +
                     branan::quoted(dir)};
    auto rules = parse_rules_string(first->rules);
    if (!rules)
        return Error{"tablebase file " + branan::quoted(first_path) +
                     ": bad rules: " + rules.error()};
    if (std::string problem = unsupported_rules_problem(*rules); !problem.empty())
        return Error{"tablebase file " + branan::quoted(first_path) + ": " + problem};
    std::shared_ptr<Tablebase> tb(new Tablebase(*rules, dir));
    for (const Material m : materials) tb->slots_.try_emplace(m);
    tb->materials_ = std::move(materials);
    return tb;
}

int Tablebase::complete_pieces() const {
    int n = -1;
    while (n < 12) {
        for (const Material m : material_up_to(n + 1))
            if (!materials_.count(m)) return n;
        ++n;
    }
    return n;
}

std::string Tablebase::load(Material m, Slot& slot) {
    std::vector<Value> values;
    const uint64_t entries = set_.index_of(m).size();
    if (std::string error = read_slice(slice_path(dir_, m), set_.rules(), m, entries, values);
        !error.empty())
        return error;
    set_.add(m, std::move(values));
    // The slice is whole before any probe can see it.
    slot.slice.store(set_.find(m), std::memory_order_release);
    return {};
}

Expected<std::shared_ptr<Tablebase>> Tablebase::open_for_play(const std::string& dir) {
    auto tables = open(dir);
    if (!tables) return tables;
    if (std::string error = (*tables)->load_all(); !error.empty()) return Error{error};
    return tables;
}

std::string Tablebase::load_all() {
    std::lock_guard lock(mutex_);
    for (auto& [m, slot] : slots_)
        if (!slot.slice.load(std::memory_order_relaxed))
            if (std::string error = load(m, slot); !error.empty()) return error;
    return {};
}

const Slice* Tablebase::load_for_probe(Material m, Slot& slot) {
    std::lock_guard lock(mutex_);
    if (const Slice* s = slot.slice.load(std::memory_order_relaxed)) return s;  // loaded meanwhile
    if (slot.broken.load(std::memory_order_relaxed)) return nullptr;
    if (std::string error = load(m, slot); !error.empty()) {
        slot.broken.store(true, std::memory_order_relaxed);  // reported once
        throw std::runtime_error(error);
    }
    return slot.slice.load(std::memory_order_relaxed);
}

ProbeResult Tablebase::probe(const Position<BoardBits>& pos) {
    const Placement p = placement_of(pos);
    const auto it = slots_.find(material_of(p));
    if (it == slots_.end()) return {};
    const Slice* slice = it->second.slice.load(std::memory_order_acquire);
    if (!slice) {
        if (it->second.broken.load(std::memory_order_relaxed)) return {};
        if (!(slice = load_for_probe(it->first, it->second))) return {};
    }
    const std::optional<Value> v = slice->value(p);
    if (!v || *v == kUnused) return {};
    if (is_win(*v)) return {ProbeResult::Kind::Win, distance(*v)};
    if (is_loss(*v)) return {ProbeResult::Kind::Loss, distance(*v)};
    return {ProbeResult::Kind::NoWin, 0};
}

ProbeResult Tablebase::probe(const Game& game) {
    if (write_rules_string(game.rules()) != write_rules_string(rules())) return {};
    return game.visit_position([&](const auto& pos) -> ProbeResult {
        if constexpr (std::is_same_v<std::decay_t<decltype(pos)>, Position<BoardBits>>)
            return probe(pos);
        else
            return {};
    });
}

namespace {

// The value ProbeResult r stands for (kNoWin outside the tables).
Value value_of(const ProbeResult& r) {
    switch (r.kind) {
        case ProbeResult::Kind::Win:
            return win_in(r.distance);
        case ProbeResult::Kind::Loss:
            return loss_in(r.distance);
        default:
            return kNoWin;
    }
}

}  // namespace

std::vector<Move> Tablebase::best_line(const Game& game) {
    std::vector<Move> line;
    if (write_rules_string(game.rules()) != write_rules_string(rules())) return line;
    game.visit_position([&](const auto& root) {
        if constexpr (std::is_same_v<std::decay_t<decltype(root)>, Position<BoardBits>>) {
            Position<BoardBits> pos = root;
            for (Value v = value_of(probe(pos)); is_win(v) || is_loss(v);) {
                // The successor's value wanted, for its side to move.
                const Value wanted = is_win(v) ? loss_in(distance(v) - 1) : win_in(distance(v) - 1);
                MoveList moves;
                pos.generate(moves);
                std::optional<Move> next;
                for (const Move m : moves) {
                    pos.do_move(m);
                    const Status s = game_end(pos);
                    const Value child =
                        s.over() ? terminal_value(s, pos.side_to_move()) : value_of(probe(pos));
                    pos.undo_move();
                    if (child == wanted) {
                        next = m;
                        break;
                    }
                }
                if (!next) break;
                line.push_back(*next);
                pos.do_move(*next);
                if (game_end(pos).over()) break;
                v = wanted;
            }
        }
    });
    return line;
}

}  // namespace branan::tablebase
