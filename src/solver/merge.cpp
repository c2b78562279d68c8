// SPDX-License-Identifier: GPL-3.0-or-later
#include "solver/merge.h"

#include <algorithm>
#include <map>
#include <optional>

#include "core/json_escape.h"
#include "core/text.h"

namespace branan::solver {
namespace {

// The members of a flat JSON object as `branan solve` writes it: strings, integers and arrays of
// strings. Each value is kept as a list of strings (one for a scalar).
using Members = std::map<std::string, std::vector<std::string>>;

struct FlatReader {
    const std::string& s;
    size_t i = 0;
    void ws() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
    }
    bool eat(char c) {
        ws();
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
    std::optional<std::string> string() {
        if (!eat('"')) return std::nullopt;
        std::string out;
        while (i < s.size() && s[i] != '"') {
            char c = s[i++];
            if (c == '\\') {
                if (i >= s.size()) return std::nullopt;
                const char e = s[i++];
                static const std::string from = "\"\\/bfnrt", to = "\"\\/\b\f\n\r\t";
                if (const size_t k = from.find(e); k != std::string::npos) {
                    out += to[k];
                } else if (e == 'u' && i + 4 <= s.size()) {
                    const unsigned long cp = std::stoul(s.substr(i, 4), nullptr, 16);
                    i += 4;
                    if (cp >= 0x80) return std::nullopt;  // only what json_string escapes
                    out += static_cast<char>(cp);
                } else {
                    return std::nullopt;
                }
                continue;
            }
            out += c;
        }
        if (i >= s.size()) return std::nullopt;
        ++i;
        return out;
    }
    std::optional<std::string> scalar() {
        ws();
        if (i < s.size() && s[i] == '"') return string();
        const size_t start = i;
        while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '-' ||
                                s[i] == '.' || s[i] == '+'))
            ++i;
        if (i == start) return std::nullopt;
        return s.substr(start, i - start);
    }
    std::optional<Members> object() {
        Members m;
        if (!eat('{')) return std::nullopt;
        if (eat('}')) return m;
        do {
            auto key = string();
            if (!key || !eat(':')) return std::nullopt;
            std::vector<std::string> value;
            if (eat('[')) {
                if (!eat(']')) {
                    do {
                        auto v = scalar();
                        if (!v) return std::nullopt;
                        value.push_back(*v);
                    } while (eat(','));
                    if (!eat(']')) return std::nullopt;
                }
            } else {
                auto v = scalar();
                if (!v) return std::nullopt;
                value.push_back(*v);
            }
            m[*key] = value;
        } while (eat(','));
        if (!eat('}')) return std::nullopt;
        ws();
        return i == s.size() ? std::optional<Members>(m) : std::nullopt;
    }
};

std::string one(const Members& m, const std::string& key) {
    auto it = m.find(key);
    return it == m.end() || it->second.size() != 1 ? std::string() : it->second[0];
}

Error fail(std::string message) {
    return Error{std::move(message)};
}

struct Child {
    std::string result;  // "attackers", "defenders", "draw", "unknown"
    std::vector<std::string> line;
    uint64_t nodes = 0, time_ms = 0;
    bool played = false;  // a game end judged by the rules, no job
};

}  // namespace

std::string game_line(const Game& game) {
    std::string out = game.start_words();
    if (!game.moves_played().empty()) {
        Game replay = game.from_start();
        out += " moves";
        for (Move m : game.moves_played()) {
            out += " " + replay.move_text(m);
            replay.play(m);
        }
    }
    return out;
}

std::vector<std::string> split_jobs(const Game& game) {
    std::vector<std::string> jobs;
    for (Move m : game.legal_moves()) {
        Game child = game;
        child.play(m);
        const Status s = child.status();
        if (s.over())
            jobs.push_back("# " + game.move_text(m) + ": the game ends (" + reason_name(s.reason) +
                           ", " + outcome_name(s.outcome) + ")");
        else
            jobs.push_back(game_line(child));
    }
    return jobs;
}

Expected<std::string> merge_results(const Rules& rules, const std::vector<ResultLine>& lines) {
    std::optional<Game> parent;
    std::string parent_line;
    std::map<std::string, Child> children;  // by move text
    for (const ResultLine& rl : lines) {
        const size_t first = rl.text.find_first_not_of(" \t\r");
        if (first == std::string::npos || rl.text[first] == '#') continue;
        FlatReader reader{rl.text};
        const std::optional<Members> m = reader.object();
        if (!m) return fail(rl.where + ": not a result line of branan solve");
        if (m->count("error")) return fail(rl.where + ": the job failed: " + one(*m, "error"));
        const std::string game_text = one(*m, "game");
        if (game_text.empty())
            return fail(rl.where + ": no \"game\" member (not the result of a split job)");
        // The job's game, its last move taken back: the parent.
        std::vector<std::string> words;
        for (size_t i = 0; i < game_text.size();) {
            const size_t j = std::min(game_text.find(' ', i), game_text.size());
            if (j > i) words.push_back(game_text.substr(i, j - i));
            i = j + 1;
        }
        if (words.size() < 6 || words[0] != "otn" || words[2] != "side" || words[4] != "moves")
            return fail(rl.where + ": bad game " + branan::quoted(game_text));
        const auto side = side_from_name(words[3]);
        if (!side) return fail(rl.where + ": bad side " + branan::quoted(words[3]));
        const auto created = Game::create(rules, words[1], *side);
        if (!created) return fail(rl.where + ": " + created.error());
        std::optional<Game> game = *created;
        for (size_t i = 5; i + 1 < words.size(); ++i)
            if (auto played = game->play(words[i]); !played)
                return fail(rl.where + ": " + played.error());
        const std::string move = words.back();
        const auto child_move = game->parse_move(move);
        if (!child_move) return fail(rl.where + ": " + child_move.error());
        const std::string this_parent = game_line(*game);
        if (!parent) {
            parent = *game;
            parent_line = this_parent;
        } else if (this_parent != parent_line) {
            return fail(rl.where + ": another parent position ('" + this_parent + "', not '" +
                        parent_line + "')");
        }
        const std::string key = game->move_text(*child_move);
        if (children.count(key)) return fail(rl.where + ": a second result for " + key);
        Child c;
        c.result = one(*m, "result");
        if (c.result != "attackers" && c.result != "defenders" && c.result != "draw" &&
            c.result != "unknown")
            return fail(rl.where + ": bad result " + branan::quoted(c.result));
        if (auto it = m->find("line"); it != m->end()) c.line = it->second;
        c.nodes = std::strtoull(one(*m, "nodes").c_str(), nullptr, 10);
        c.time_ms = std::strtoull(one(*m, "time_ms").c_str(), nullptr, 10);
        children[key] = c;
    }
    if (!parent) return fail("no result lines to merge");

    // Every legal move: a result, or a game end judged here.
    std::vector<std::string> missing;
    std::vector<std::pair<std::string, Child>> all;
    for (Move m : parent->legal_moves()) {
        Game g = *parent;
        g.play(m);
        const std::string key = parent->move_text(m);
        const std::string shown = parent->describe(m);
        if (const Status s = g.status(); s.over()) {
            Child c;
            c.played = true;
            c.result = s.outcome == Outcome::AttackersWin   ? "attackers"
                       : s.outcome == Outcome::DefendersWin ? "defenders"
                                                            : "draw";
            all.push_back({shown, c});
        } else if (auto it = children.find(key); it != children.end()) {
            all.push_back({shown, it->second});
        } else {
            missing.push_back(key);
        }
    }
    if (!missing.empty()) {
        std::string list;
        for (const auto& k : missing) list += (list.empty() ? "" : " ") + k;
        return fail("results missing for " + std::to_string(missing.size()) + " of " +
                    std::to_string(all.size() + missing.size()) + " moves: " + list);
    }

    const std::string us = side_name(parent->side_to_move());
    const std::string them = side_name(opponent(parent->side_to_move()));
    uint64_t nodes = 0, time_ms = 0;
    const std::pair<std::string, Child>* chosen = nullptr;
    int won = 0, lost = 0, draws = 0;
    for (const auto& entry : all) {
        const Child& c = entry.second;
        nodes += c.nodes;
        time_ms += c.time_ms;
        if (c.result == us) {
            ++won;
            if (!chosen || chosen->second.result != us ||
                c.line.size() < chosen->second.line.size())
                chosen = &entry;
        } else if (c.result == them) {
            ++lost;
            if (!won && (!chosen || c.line.size() > chosen->second.line.size())) chosen = &entry;
        } else if (c.result == "draw") {
            ++draws;
        }
    }
    const int n = static_cast<int>(all.size());
    std::string result = "unknown";
    if (won) {
        result = us;
    } else if (lost == n) {
        result = them;
    } else if (lost + draws == n) {
        result = "draw";
        for (const auto& entry : all)
            if (entry.second.result == "draw") chosen = &entry;
    } else {
        chosen = nullptr;
    }
    std::string json = "{\"merged\":" + std::to_string(children.size());
    json += ",\"position\":" + json_string(parent->record());
    json += ",\"side\":" + json_string(us);
    if (!parent->moves_played().empty()) json += ",\"game\":" + json_string(parent_line);
    json += ",\"result\":" + json_string(result);
    json += ",\"nodes\":" + std::to_string(nodes) + ",\"time_ms\":" + std::to_string(time_ms);
    json += ",\"line\":[";
    if (chosen) {
        json += json_string(chosen->first);
        for (const auto& mv : chosen->second.line) json += "," + json_string(mv);
    }
    json += "]";
    if (result == "unknown")
        json += ",\"note\":" + json_string(std::to_string(n - won - lost - draws) +
                                           " of the moves' results are unknown");
    return json + "}";
}

}  // namespace branan::solver
