// SPDX-License-Identifier: GPL-3.0-or-later
// The OTEP session. One thread reads commands; searches run on the engine's thread and report
// from there ("move ...", "analysis ..."). Everything the two threads share sits behind mutex_.
//
// The game state follows OpenTafl: our own move is played into the game only when OpenTafl
// acknowledges it ("move <record>"), the opponent's moves come with "opponent-move" (whose list
// OpenTafl gets wrong after a berserk capture: otep_sync.h), and whenever no reading of the moves
// leads to the position record OpenTafl sends, that record wins (the game is re-created from it;
// its repetition history and any berserk turn under way are lost then). A move OpenTafl refuses
// is never sent again in that position.
#include "protocol/otep.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "core/game.h"
#include "core/line_reader.h"
#include "core/notation.h"
#include "core/rules_string.h"
#include "core/text.h"
#include "protocol/otep_sync.h"

namespace branan {
namespace {

// Thinking time per move when OpenTafl sends no clock (untimed games).
constexpr int64_t kUntimedMoveMs = 5000;
// Times beyond this (about 35 years) are taken as this: no arithmetic on them overflows.
constexpr int64_t kMaxMs = int64_t(1) << 40;

// The text after the first word, without surrounding blanks.
std::string_view rest_of(std::string_view line) {
    size_t i = 0;
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    size_t j = line.size();
    while (j > i && std::isspace(static_cast<unsigned char>(line[j - 1]))) --j;
    return line.substr(i, j - i);
}

struct ClockState {
    bool known = false;
    int64_t ms[2] = {0, 0};  // main time, or the current overtime period when in overtime
    bool in_overtime[2] = {false, false};
    int64_t overtime_s = 0;     // length of one overtime period
    int overtimes[2] = {0, 0};  // overtime periods left
};

class Session {
  public:
    Session(Engine& engine, Output& out)
        : engine_(engine), out_(out), rules_(engine.game().rules()), game_(engine.game()) {}

    int run(std::istream& in) {
        out_.line("hello");
        for (std::string line;;) {
            const LineRead read = read_line(in, line);
            if (read == LineRead::End) break;
            if (read == LineRead::TooLong) {
                out_.received(line.substr(0, 80) + "... (too long, ignored)");
                out_.line("error 0 line too long (more than " + std::to_string(kMaxLineBytes) +
                          " bytes); ignored");
                continue;
            }
            out_.received(line);
            bool more = true;
            try {
                more = handle(line);
            } catch (const std::exception& e) {
                out_.line("error 0 internal error while handling " +
                          branan::quoted(first_word(line)) + ": " + e.what());
            }
            if (!more) return 0;
        }
        // End of input: nobody is listening any more; a running search is stopped unreported.
        cancel_search();
        return 0;
    }

  private:
    static std::string first_word(std::string_view line) {
        const auto words = split_words(line);
        return words.empty() ? std::string() : words[0];
    }

    // Returns false on goodbye.
    bool handle(std::string_view line) {
        // OpenTafl's debugging request "dump <n>" is sent without a newline, so another command
        // may follow on the same line ("dump 3play attackers"). Branan has nothing to dump: the
        // prefixes are dropped and the rest is handled.
        for (;;) {
            size_t i = 0;
            while (i < line.size() && line[i] == ' ') ++i;
            if (line.substr(i, 4) != "dump") break;
            i += 4;
            while (i < line.size() && line[i] == ' ') ++i;
            while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
            line.remove_prefix(i);
        }
        const auto words = split_words(line);
        if (words.empty()) return true;
        const std::string& cmd = words[0];
        const std::string_view rest = rest_of(line);

        if (cmd == "rules") return cmd_rules(rest), true;
        if (cmd == "position") return cmd_position(words), true;
        if (cmd == "side") return cmd_side(words), true;
        if (cmd == "clock") return cmd_clock(words), true;
        if (cmd == "play") return cmd_play(words), true;
        if (cmd == "opponent-move") return cmd_opponent_move(words), true;
        if (cmd == "move") return cmd_move(words), true;
        if (cmd == "error") return cmd_error(), true;
        if (cmd == "analyze") return cmd_analyze(words), true;
        if (cmd == "finish") return cmd_finish(), true;
        if (cmd == "goodbye") {
            cancel_search();
            return false;
        }
        // Engine-to-OpenTafl commands coming back to us carry nothing to act on.
        if (cmd == "hello" || cmd == "simple-moves" || cmd == "status" || cmd == "analysis")
            return true;
        out_.line("error 0 unknown command " + branan::quoted(cmd));
        return true;
    }

    void cmd_rules(std::string_view text) {
        cancel_search();
        if (text.empty()) {
            out_.line("error -1 rules: no rules string given");
            return;
        }
        auto rules = parse_rules_string(text);
        if (!rules) {
            out_.line("error -1 Branan cannot play these rules: " + rules.error());
            return;
        }
        auto game = Game::create(*rules);
        if (!game) {
            out_.line("error -1 Branan cannot play these rules: " + game.error());
            return;
        }
        rules_ = *rules;
        game_ = std::move(game.value());
        our_side_.reset();
        clear_pending();
        refused_.clear();
        engine_.new_game();
    }

    // Whether the command `words` has more than `most` words (the command's own included); if
    // so it is refused, naming the count, before anything changes (a search under way goes on):
    // the words past the last would otherwise be dropped without a word.
    bool refuse_extra_words(const std::vector<std::string>& words, size_t most,
                            const char* command) {
        if (words.size() <= most) return false;
        out_.line(std::string("error 0 ") + command + ": expected at most " +
                  std::to_string(most - 1) + " word(s) after it, not " +
                  std::to_string(words.size() - 1) + "; ignored");
        return true;
    }

    void cmd_position(const std::vector<std::string>& words) {
        // Refused before anything changes (a search under way goes on).
        if (words.size() < 2) {
            out_.line("error 0 position: no position record given");
            return;
        }
        if (refuse_extra_words(words, 2, "position")) return;  // a record has no spaces
        cancel_search();
        clear_pending();
        resync(words[1], game_.side_to_move(), "position");
    }

    void cmd_side(const std::vector<std::string>& words) {
        if (refuse_extra_words(words, 2, "side")) return;
        cancel_search();
        const auto side = words.size() >= 2 ? side_from_name(words[1]) : std::nullopt;
        if (!side) {
            out_.line("error 0 side: expected 'side attackers' or 'side defenders'");
            return;
        }
        set_side_to_move(*side);
    }

    void cmd_clock(const std::vector<std::string>& words) {
        // clock <att ms>[*] <def ms>[*] <overtime s> <att overtimes> <def overtimes>
        ClockState c;
        if (words.size() == 1) {  // no clock: an untimed game
            clock_ = c;
            return;
        }
        if (refuse_extra_words(words, 6, "clock")) return;
        c.known = true;
        if (words.size() < 3) {
            out_.line(
                "error 0 clock: expected 'clock <attacker-ms>[*] <defender-ms>[*] "
                "<overtime-s> <attacker-overtimes> <defender-overtimes>'");
            return;
        }
        for (int s = 0; s < 2; ++s) {
            std::string_view t = words[1 + s];
            if (!t.empty() && t.back() == '*') {
                c.in_overtime[s] = true;
                t.remove_suffix(1);
            }
            const auto ms = parse_whole<int64_t>(t);
            if (!ms) {
                out_.line("error 0 clock: bad time " + branan::quoted(words[1 + s]));
                return;
            }
            c.ms[s] = std::clamp<int64_t>(*ms, 0, kMaxMs);
        }
        if (words.size() >= 4) {
            const auto ot = parse_whole<int64_t>(words[3]);
            if (!ot) {
                out_.line("error 0 clock: bad overtime length " + branan::quoted(words[3]));
                return;
            }
            c.overtime_s = std::clamp<int64_t>(*ot, 0, kMaxMs / 1000);
        }
        for (int s = 0; s < 2 && words.size() >= size_t(5 + s); ++s) {
            const auto n = parse_whole<int>(words[4 + s]);
            if (!n) {
                out_.line("error 0 clock: bad overtime count " + branan::quoted(words[4 + s]));
                return;
            }
            c.overtimes[s] = std::max(0, *n);
        }
        clock_ = c;
    }

    void cmd_play(const std::vector<std::string>& words) {
        if (refuse_extra_words(words, 2, "play")) return;
        cancel_search();
        const auto side = words.size() >= 2 ? side_from_name(words[1]) : std::nullopt;
        if (!side) {
            out_.line("error 0 play: expected 'play attackers' or 'play defenders'");
            return;
        }
        our_side_ = *side;
        set_side_to_move(*side);
        if (!ensure_moves("play")) return;
        SearchLimits limits = limits_for(*side);
        if (auto allowed = refused_.allowed(game_)) {
            if (allowed->empty()) {
                out_.line("error 0 no legal move (OpenTafl refused every legal move here)");
                return;
            }
            limits.search_moves = std::move(*allowed);
        }

        engine_.set_multipv(1);
        engine_.set_game(game_);
        const int size = game_.size();
        const Side me = *side;
        start_search(limits, nullptr, [this, size, me](const SearchResult& r) {
            if (!r.best) {
                out_.line(std::string("error 0 no legal move (") + reason_name(r.status.reason) +
                          ")");
                return;
            }
            pending_ = *r.best;
            pending_side_ = me;
            out_.line("move " + move_name(*r.best, size));
        });
    }

    void cmd_opponent_move(const std::vector<std::string>& words) {
        if (refuse_extra_words(words, 3, "opponent-move")) return;
        cancel_search();
        clear_pending();
        if (words.size() < 2) {
            out_.line("error 0 opponent-move: no move given");
            return;
        }
        // A berserk turn comes as its moves joined by '|', oldest first.
        const std::vector<std::string> moves = split_at(words[1], '|');
        if (words.size() < 3) {
            Game next = game_;
            for (const std::string& text : moves)
                if (const auto played = next.play(text); !played) {
                    out_.line("error 0 opponent-move: " + played.error() +
                              " (and no position record to resynchronise from)");
                    return;
                }
            game_ = std::move(next);
            return;
        }
        const std::string& record = words[2];
        if (auto next = follow_opponent_moves(game_, moves, record)) {
            game_ = std::move(*next);
            return;
        }
        // The record is authoritative. After the opponent's move it is our turn.
        resync(record, our_side_ ? *our_side_ : opponent(game_.side_to_move()), "opponent-move");
    }

    void cmd_move(const std::vector<std::string>& words) {
        // OpenTafl accepted our move; the record is the position after it.
        if (refuse_extra_words(words, 2, "move")) return;
        std::optional<Move> mine;
        Side side = game_.side_to_move();
        {
            std::lock_guard lock(mutex_);
            mine = pending_;
            side = pending_side_;
            pending_.reset();
        }
        if (words.size() < 2) {
            out_.line("error 0 move: no position record given");
            return;
        }
        cancel_search();
        if (mine) {
            Game next = game_;
            if (next.play(move_name(*mine, next.size())) && same_position(next, words[1])) {
                game_ = std::move(next);
                return;
            }
        }
        const Side to_move = mine        ? opponent(side)
                             : our_side_ ? opponent(*our_side_)
                                         : game_.side_to_move();
        resync(words[1], to_move, "move");
    }

    // OpenTafl refused our move (1 wrong side, 2 illegal, 3/4 berserk). It follows up with
    // "clock" and "play" (its protocol text promises an "opponent-move" with the correct position
    // first; OpenTafl 0.4.8 sends one only after a second refusal, listing the whole game), and
    // the refused move is not sent again here.
    void cmd_error() {
        std::optional<Move> refused;
        {
            std::lock_guard lock(mutex_);
            refused = pending_;
            pending_.reset();
        }
        if (refused) refused_.add(game_, *refused);
    }

    void cmd_analyze(const std::vector<std::string>& words) {
        if (refuse_extra_words(words, 3, "analyze")) return;
        cancel_search();
        const int count = words.size() >= 2 ? parse_whole<int>(words[1]).value_or(0) : 0;
        const int64_t seconds =
            words.size() >= 3 ? parse_whole<int64_t>(words[2]).value_or(-1) : -1;
        if (count < 1 || seconds < 0) {
            out_.line("error 0 analyze: expected 'analyze <number of moves> <seconds>'");
            return;
        }
        if (!ensure_moves("analyze")) return;
        const int lines = std::min<int>(count, static_cast<int>(game_.legal_moves().size()));
        engine_.set_multipv(lines);
        engine_.set_game(game_);
        SearchLimits limits;
        limits.move_time = std::clamp<int64_t>(seconds, 0, kMaxMs / 1000) * 1000;
        limits.move_time = std::max<int64_t>(100, limits.move_time);

        // The latest info per line, and the last depth at which every line was reported (lines
        // of different depths may repeat a move).
        struct Collected {
            std::vector<SearchInfo> current, complete;
        };
        auto collected = std::make_shared<Collected>();
        auto on_info = [collected, lines](const SearchInfo& info) {
            auto& c = *collected;
            if (info.multipv < 1 || info.pv.empty()) return;
            if (c.current.size() < size_t(info.multipv)) c.current.resize(info.multipv);
            c.current[info.multipv - 1] = info;
            if (info.multipv == lines) c.complete = c.current;
        };
        const int size = game_.size();
        start_search(limits, on_info, [this, collected, size](const SearchResult& r) {
            std::vector<std::pair<std::vector<Move>, Score>> entries;
            const auto& c = *collected;
            const auto& infos = !c.complete.empty() ? c.complete : c.current;
            for (const SearchInfo& info : infos)
                if (!info.pv.empty() &&
                    std::none_of(entries.begin(), entries.end(),
                                 [&](const auto& e) { return e.first[0] == info.pv[0]; }))
                    entries.emplace_back(info.pv, info.score);
            if (entries.empty() && r.best)
                entries.emplace_back(std::vector<Move>{*r.best}, r.score);
            if (entries.empty()) {
                out_.line(std::string("error 0 no legal move (") + reason_name(r.status.reason) +
                          ")");
                return;
            }
            std::string text = "analysis " + std::to_string(entries.size());
            for (const auto& [pv, score] : entries) {
                text += ' ';
                for (size_t i = 0; i < pv.size(); ++i)
                    text += (i ? "|" : "") + move_name(pv[i], size);
                text += ' ' + std::to_string(score);
            }
            out_.line(text);
        });
    }

    // The game is over (its result is OpenTafl's business): nothing is searched any more.
    void cmd_finish() {
        cancel_search();
        clear_pending();
    }

    // Whether the game has a move to search; otherwise says why not. A position that Branan's
    // rules call a repetition draw or loss while OpenTafl still asks for a move (OpenTafl's
    // repetition rules differ, or its history differs from ours) is searched without history.
    bool ensure_moves(const char* what) {
        Status status = game_.status();
        if (status.over() && status.reason == OutcomeReason::Repetition) {
            auto fresh =
                Game::create(rules_, game_.record(), game_.side_to_move(), game_.berserker());
            if (fresh && !fresh->status().over() && !fresh->legal_moves().empty()) {
                game_ = std::move(fresh.value());
                status = game_.status();
            }
        }
        if (status.over()) {
            out_.line(std::string("error 0 no legal move (") + reason_name(status.reason) + ")");
            return false;
        }
        if (game_.legal_moves().empty()) {
            out_.line(std::string("error 0 no legal move (") + what + ": no legal move)");
            return false;
        }
        return true;
    }

    SearchLimits limits_for(Side me) const {
        SearchLimits limits;
        if (!clock_.known) {
            limits.move_time = kUntimedMoveMs;
            return limits;
        }
        const int64_t period_ms = clock_.overtime_s * 1000;
        if (clock_.in_overtime[index(me)]) {
            // Within the current overtime period; finishing in it keeps the period (it restarts
            // after each move), running past it costs one. Use half, keep half as a margin.
            limits.move_time = std::max<int64_t>(1, clock_.ms[index(me)] / 2);
            return limits;
        }
        // Main time. With overtime periods to come, a move may run past the end of main time into
        // a fresh period: count half a period as extra time and as a per-move increment. The time
        // manager never spends more than a third of what it is given, so no period is lost.
        for (Side s : {Side::Attackers, Side::Defenders}) {
            const int i = index(s);
            int64_t time = clock_.ms[i], inc = 0;
            if (!clock_.in_overtime[i] && period_ms > 0 && clock_.overtimes[i] > 0) {
                time += period_ms / 2;
                inc = period_ms / 2;
            }
            if (s == Side::Attackers) {
                limits.attackers_time = time;
                limits.attackers_inc = inc;
            } else {
                limits.defenders_time = time;
                limits.defenders_inc = inc;
            }
        }
        return limits;
    }

    void set_side_to_move(Side side) {
        if (game_.side_to_move() == side) return;
        auto game = Game::create(rules_, game_.record(), side);
        if (game)
            game_ = std::move(game.value());
        else
            out_.line("error 0 cannot give the move to the " + std::string(side_name(side)) + ": " +
                      game.error());
    }

    // The position record is authoritative: rebuild the game from it.
    bool resync(std::string_view record, Side to_move, const char* what) {
        auto game = Game::create(rules_, record, to_move);
        if (!game) {
            out_.line(std::string("error 0 ") + what + ": bad position record " +
                      branan::quoted(record) + ": " + game.error());
            return false;
        }
        game_ = std::move(game.value());
        return true;
    }

    void start_search(const SearchLimits& limits, Engine::InfoCallback on_info,
                      std::function<void(const SearchResult&)> report) {
        uint64_t id;
        {
            std::lock_guard lock(mutex_);
            id = ++last_search_;
            live_search_ = id;
        }
        engine_.go(limits, std::move(on_info),
                   [this, id, report = std::move(report)](const SearchResult& r) {
                       std::lock_guard lock(mutex_);
                       if (live_search_ != id) return;  // cancelled: say nothing
                       live_search_ = 0;
                       report(r);
                   });
    }

    // Ends any search without letting it report.
    void cancel_search() {
        {
            std::lock_guard lock(mutex_);
            live_search_ = 0;
        }
        engine_.stop();
        engine_.wait();
    }

    void clear_pending() {
        std::lock_guard lock(mutex_);
        pending_.reset();
    }

    Engine& engine_;
    Output& out_;
    Rules rules_;
    Game game_;
    std::optional<Side> our_side_;  // from the last 'play'
    ClockState clock_;
    RefusedMoves refused_;  // since the last "rules"

    std::mutex mutex_;  // guards what follows: shared with the search thread
    uint64_t last_search_ = 0, live_search_ = 0;
    std::optional<Move> pending_;  // our move, sent and not yet acknowledged
    Side pending_side_ = Side::Attackers;
};

}  // namespace

int run_otep(Engine& engine, std::istream& in, Output& out) {
    Session session(engine, out);
    return session.run(in);
}

}  // namespace branan
