// SPDX-License-Identifier: GPL-3.0-or-later
#include "protocol/uti.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <map>
#include <set>

#include "core/line_reader.h"
#include "core/notation.h"
#include "core/position_command.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "core/text.h"
#include "tablebase/probe.h"

#ifndef BRANAN_VERSION
#define BRANAN_VERSION "dev"
#endif

namespace branan {
namespace {

constexpr int kMaxHashMb = Engine::kMaxHashMb;
constexpr int kMaxThreads = Engine::kMaxThreads;
constexpr int kMaxMultiPv = 256;
constexpr int kMaxMoveOverhead = 10000;
constexpr int kMaxSolvePieces = 400;                   // more than any board holds
constexpr int64_t kMaxSolveNodes = 1'000'000'000'000;  // a few days of solving

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

}  // namespace

std::string format_score(Score score) {
    if (is_mate_score(score)) {
        const int plies = mate_plies(score);
        const int moves = plies > 0 ? (plies + 1) / 2 : -((-plies + 1) / 2);
        return "score mate " + std::to_string(moves);
    }
    return "score cp " + std::to_string(score);
}

UtiSession::UtiSession(Engine& engine, Output& out, const Rules& rules)
    : engine_(engine),
      out_(out),
      rules_(rules),
      game_(Game::create(rules).value()),
      startup_{rules, engine.hash_mb(), engine.threads(), engine.move_overhead_ms(),
               engine.contempt()} {
    engine_.set_game(game_);
}

int UtiSession::run(std::istream& in) {
    for (std::string line;;) {
        const LineRead read = read_line(in, line);
        if (read == LineRead::End) break;
        if (read == LineRead::TooLong) {
            out_.received(line.substr(0, 80) + "... (too long, ignored)");
            error("line too long (more than " + std::to_string(kMaxLineBytes) + " bytes); ignored");
            continue;
        }
        if (!handle(line)) break;
    }
    engine_.stop();
    engine_.wait();
    return 0;
}

void UtiSession::error(const std::string& what) {
    out_.line("info string error: " + what);
}

bool UtiSession::refuse_during_search(const std::string& command) {
    if (!engine_.searching()) return false;
    error(command + ": a search is running (send stop first)");
    return true;
}

bool UtiSession::handle(const std::string& line) {
    out_.received(line);
    const std::vector<std::string> words = split_words(line);
    if (words.empty()) return true;
    const std::string& cmd = words[0];
    const std::vector<std::string> args(words.begin() + 1, words.end());
    // A command without arguments still runs when words follow it, after an error naming them.
    static const std::set<std::string> kBare = {"uti",        "uci",  "isready",   "utinewgame",
                                                "ucinewgame", "stop", "ponderhit", "quit",
                                                "d",          "eval"};
    if (!args.empty() && kBare.count(cmd)) {
        std::string extra;
        for (const auto& a : args) extra += (extra.empty() ? "" : " ") + a;
        error(cmd + ": takes no arguments; ignored " + branan::quoted(extra));
    }
    if (cmd == "uti" || cmd == "uci") {
        uti(cmd + "ok");
    } else if (cmd == "isready") {
        engine_.get_ready();  // when idle: the next search's first allocations made now
        out_.line("readyok");
    } else if (cmd == "setoption") {
        setoption(line);
    } else if (cmd == "utinewgame" || cmd == "ucinewgame") {
        if (refuse_during_search(cmd)) return true;
        engine_.new_game();
        game_ = Game::create(rules_).value();
        engine_.set_game(game_);
    } else if (cmd == "position") {
        position(args);
    } else if (cmd == "go") {
        if (!args.empty() && args[0] == "perft")
            perft(args);
        else
            go(args);
    } else if (cmd == "stop") {
        engine_.stop();
    } else if (cmd == "ponderhit") {
        engine_.ponderhit();
    } else if (cmd == "quit") {
        return false;
    } else if (cmd == "d") {
        display();
    } else if (cmd == "eval") {
        eval();
    } else if (cmd == "query") {
        query(args);
    } else {
        error("unknown command " + branan::quoted(cmd));
    }
    return true;
}

void UtiSession::uti(const std::string& last_line) {
    out_.line(std::string("id name Branan ") + BRANAN_VERSION);
    out_.line("id author the Branan developers");
    // Defaults are the settings Branan started with (the command line may have set them).
    out_.line("option name Hash type spin default " + std::to_string(startup_.hash_mb) +
              " min 1 max " + std::to_string(kMaxHashMb));
    out_.line("option name Threads type spin default " + std::to_string(startup_.threads) +
              " min 1 max " + std::to_string(kMaxThreads));
    out_.line("option name Ponder type check default false");
    out_.line("option name MultiPV type spin default 1 min 1 max " + std::to_string(kMaxMultiPv));
    out_.line("option name Move Overhead type spin default " +
              std::to_string(startup_.move_overhead_ms) + " min 0 max " +
              std::to_string(kMaxMoveOverhead));
    out_.line("option name Contempt type spin default " + std::to_string(startup_.contempt) +
              " min " + std::to_string(-Engine::kMaxContempt) + " max " +
              std::to_string(Engine::kMaxContempt));
    out_.line("option name Clear Hash type button");
    out_.line("option name EvalFile type string default <default>");
    const RootSolverOptions solver_defaults;
    out_.line("option name SolvePieces type spin default " +
              std::to_string(solver_defaults.max_pieces) + " min 0 max " +
              std::to_string(kMaxSolvePieces));
    out_.line("option name SolveNodes type spin default " +
              std::to_string(solver_defaults.max_nodes) + " min 0 max " +
              std::to_string(kMaxSolveNodes));
    const bool is_preset =
        preset(startup_.rules.name).has_value() && *preset(startup_.rules.name) == startup_.rules;
    std::string combo = "option name UTI_Variant type combo default " +
                        (is_preset ? startup_.rules.name : std::string("brandubh"));
    for (const auto& name : preset_names()) combo += " var " + name;
    out_.line(combo);
    out_.line("option name UTI_Rules type string default " +
              (is_preset ? std::string("<empty>") : write_rules_string(startup_.rules)));
    out_.line("option name TablebasePath type string default <empty>");
    out_.line(last_line);
}

// setoption name <id> [value <x>]: the id may hold spaces; the value is the rest of the line
// after the word "value", inner spacing kept (rules strings hold spaces).
void UtiSession::setoption(const std::string& line) {
    // Words with their offsets in the line.
    std::vector<std::pair<std::string, size_t>> words;
    for (size_t i = 0; i < line.size();) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        const size_t start = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        if (i > start) words.emplace_back(line.substr(start, i - start), start);
    }
    if (words.size() < 3 || words[1].first != "name") {
        error("setoption: expected 'setoption name <id> [value <x>]'");
        return;
    }
    std::string name, value;
    bool has_value = false;
    size_t i = 2;
    for (; i < words.size() && words[i].first != "value"; ++i)
        name += (name.empty() ? "" : " ") + words[i].first;
    if (i < words.size()) {
        has_value = true;
        if (i + 1 < words.size()) {
            value = line.substr(words[i + 1].second);
            while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back())))
                value.pop_back();
        }
    }
    std::string id = lower(name);
    if (id.rfind("uci_", 0) == 0) id.replace(0, 4, "uti_");  // UCI_Variant = UTI_Variant
    if (refuse_during_search("setoption")) return;
    auto need_value = [&]() {
        if (!has_value || value.empty()) {
            error("setoption: option " + branan::quoted(name) + " needs a value");
            return false;
        }
        return true;
    };
    auto spin = [&](int64_t lo, int64_t hi) -> std::optional<int64_t> {
        if (!need_value()) return std::nullopt;
        auto v = parse_in_range(value, lo, hi);
        if (!v)
            error("setoption: option " + branan::quoted(name) + " takes a whole number from " +
                  std::to_string(lo) + " to " + std::to_string(hi) + ", not " +
                  branan::quoted(value));
        return v;
    };
    if (id == "hash") {
        if (auto v = spin(1, kMaxHashMb); v && !engine_.set_hash_mb(static_cast<size_t>(*v)))
            error("setoption: cannot allocate " + std::to_string(*v) + " MiB for Hash" +
                  (Engine::hash_fits_in_memory(static_cast<size_t>(*v))
                       ? std::string()
                       : " (more than half of this machine's memory)") +
                  "; it stays " + std::to_string(engine_.hash_mb()) + " MiB");
    } else if (id == "threads") {
        if (auto v = spin(1, kMaxThreads)) engine_.set_threads(static_cast<int>(*v));
    } else if (id == "multipv") {
        if (auto v = spin(1, kMaxMultiPv)) engine_.set_multipv(static_cast<int>(*v));
    } else if (id == "move overhead") {
        if (auto v = spin(0, kMaxMoveOverhead)) engine_.set_move_overhead_ms(static_cast<int>(*v));
    } else if (id == "contempt") {
        if (auto v = spin(-Engine::kMaxContempt, Engine::kMaxContempt))
            engine_.set_contempt(static_cast<int>(*v));
    } else if (id == "solvepieces" || id == "solvenodes") {
        if (auto v = spin(0, id == "solvepieces" ? kMaxSolvePieces : kMaxSolveNodes)) {
            RootSolverOptions options = engine_.solver_options();
            if (id == "solvepieces")
                options.max_pieces = static_cast<int>(*v);
            else
                options.max_nodes = static_cast<uint64_t>(*v);
            engine_.set_solver_options(options);
        }
    } else if (id == "ponder") {
        if (!need_value()) return;
        if (value != "true" && value != "false")
            error("setoption: option 'Ponder' takes true or false, not " + branan::quoted(value));
        else
            ponder_ = value == "true";
    } else if (id == "evalfile") {
        // <default>: the built-in nets proven stronger, on their rules; <empty> (or nothing): the
        // hand-written evaluation; <embedded>: every built-in net (Engine::set_eval_file).
        if (const std::string e = engine_.set_eval_file(value); !e.empty()) {
            const std::string& kept = engine_.eval_file();
            error("setoption: EvalFile: " + e + "; the evaluation stays " +
                  (kept.empty() ? std::string("the hand-written one") : "'" + kept + "'"));
        } else if (const std::string& file = engine_.eval_file(); !file.empty()) {
            out_.line("info string EvalFile " + file +
                      (engine_.network(rules_) ? " is used"
                                               : " has no net for these rules: "
                                                 "the hand-written evaluation is used"));
        }
    } else if (id == "clear hash") {
        engine_.new_game();
    } else if (id == "uti_variant") {
        if (!need_value()) return;
        if (auto r = preset(value))
            set_rules(*r);
        else
            error("setoption: UTI_Variant " + branan::quoted(value) + " is not a preset");
    } else if (id == "tablebasepath") {
        set_tablebase(value);
    } else if (id == "uti_rules") {
        if (value.empty() || value == "<empty>") {
            // The advertised default: no rules string of one's own; the rules stay as they are.
            out_.line("info string rules " + write_rules_string(rules_));
            return;
        }
        auto r = rules_from_name_or_string(value);
        if (!r) {
            error("setoption: UTI_Rules: " + r.error());
            return;
        }
        set_rules(*r);
    } else {
        error("setoption: unknown option " + branan::quoted(name));
    }
}

void UtiSession::set_rules(const Rules& rules) {
    rules_ = rules;
    game_ = Game::create(rules_).value();
    engine_.set_game(game_);
    out_.line("info string rules " + write_rules_string(rules_));
    if (const auto& tables = engine_.tablebase())
        if (const std::string why = tablebase::rules_mismatch(*tables, rules_); !why.empty())
            out_.line("info string tablebase: " + why);
}

// TablebasePath: empty (or <empty>) for none; a directory that cannot serve is reported and the
// engine plays on without tables; tables of other rules are kept for when the rules match.
void UtiSession::set_tablebase(const std::string& dir) {
    if (dir.empty() || dir == "<empty>") {
        engine_.set_tablebase(nullptr);
        out_.line("info string tablebase none");
        return;
    }
    auto tables = tablebase::Tablebase::open_for_play(dir);
    if (!tables) {
        engine_.set_tablebase(nullptr);
        error("setoption: TablebasePath: " + tables.error() + "; playing without tables");
        return;
    }
    engine_.set_tablebase(*tables);
    const auto& tb = **tables;
    if (const std::string why = tablebase::rules_mismatch(tb, rules_); !why.empty()) {
        error("setoption: TablebasePath: " + why + " until the rules are theirs");
        return;
    }
    out_.line("info string tablebase " + dir + ": " + std::to_string(tb.materials().size()) +
              " materials, complete up to " + std::to_string(tb.complete_pieces()) + " soldiers");
}

void UtiSession::position(const std::vector<std::string>& words) {
    auto g = parse_position_command(rules_, words);
    if (!g) {
        error(g.error());
        return;
    }
    game_ = std::move(g).value();
    engine_.set_game(game_);
}

void UtiSession::go(const std::vector<std::string>& words) {
    const Clock::time_point read_at = Clock::now();  // the clock starts when go is read
    if (refuse_during_search("go")) return;
    SearchLimits limits;
    static const std::map<std::string, int> kNumeric = {
        {"atime", 0}, {"dtime", 1}, {"ainc", 2}, {"dinc", 3},      {"btime", 0},
        {"wtime", 1}, {"binc", 2},  {"winc", 3}, {"movestogo", 4}, {"movetime", 5},
        {"depth", 6}, {"nodes", 7}, {"mate", 8}};
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == "infinite") {
            limits.infinite = true;
        } else if (w == "ponder") {
            limits.ponder = true;
        } else if (w == "searchmoves") {
            const size_t listed = limits.search_moves.size();
            for (++i; i < words.size() && !kNumeric.count(words[i]) && words[i] != "infinite" &&
                      words[i] != "ponder";
                 ++i) {
                auto m = game_.parse_move(words[i]);
                if (!m) {
                    error("go: searchmoves: " + m.error());
                    return;
                }
                limits.search_moves.push_back(*m);
            }
            --i;
            // An empty list would search every move: not what was asked for.
            if (limits.search_moves.size() == listed) {
                error("go: 'searchmoves' needs at least one move");
                return;
            }
        } else if (auto k = kNumeric.find(w); k != kNumeric.end()) {
            if (i + 1 >= words.size()) {
                error("go: '" + w + "' needs a value");
                return;
            }
            const std::string& text = words[++i];
            // Clocks may run negative (a GUI's view of a flag fall); counts and limits are >= 1.
            const bool is_time = k->second <= 3;
            auto v =
                parse_in_range<int64_t>(text, is_time ? -(int64_t(1) << 40) : 1, int64_t(1) << 40);
            if (!v) {
                error("go: '" + w + "' needs a whole number from " +
                      (is_time ? "-1099511627776" : "1") + " to 1099511627776 (2^40), not " +
                      branan::quoted(text));
                return;
            }
            switch (k->second) {
                case 0:
                    limits.attackers_time = std::max<int64_t>(*v, 0);
                    break;
                case 1:
                    limits.defenders_time = std::max<int64_t>(*v, 0);
                    break;
                case 2:
                    limits.attackers_inc = std::max<int64_t>(*v, 0);
                    break;
                case 3:
                    limits.defenders_inc = std::max<int64_t>(*v, 0);
                    break;
                case 4:
                    limits.moves_to_go = static_cast<int>(std::min<int64_t>(*v, 10000));
                    break;
                case 5:
                    limits.move_time = *v;
                    break;
                case 6:
                    limits.depth = static_cast<int>(std::min<int64_t>(*v, 1000));
                    break;
                case 7:
                    limits.nodes = static_cast<uint64_t>(*v);
                    break;
                case 8:
                    limits.mate = static_cast<int>(std::min<int64_t>(*v, 1000));
                    break;
            }
        } else {
            error("go: unknown parameter " + branan::quoted(w));
            return;
        }
    }
    if (const std::string missing = missing_clock(limits); !missing.empty()) {
        error("go: " + missing);
        return;
    }
    const bool bounded = limits.has_clock() || limits.move_time || limits.depth || limits.nodes ||
                         limits.mate || limits.ponder;
    if (!bounded) limits.infinite = true;  // plain "go" searches until stop, as in UCI

    const Game game = game_;
    engine_.go(
        limits, [this, game](const SearchInfo& info) { out_.line(format_info(info, game)); },
        [this, game](const SearchResult& r) {
            if (!r.best) {
                if (r.status.over())
                    out_.line(std::string("info string result ") + outcome_name(r.status.outcome) +
                              " " + reason_name(r.status.reason));
                else
                    out_.line("info string error: go: no legal move among searchmoves");
                out_.line("bestmove none");
                return;
            }
            std::string text = "bestmove " + game.move_text(*r.best);
            if (r.ponder) text += " ponder " + game.move_text(*r.ponder);
            out_.line(text);
        },
        read_at);
}

// A go that gives clocks, none of them the side to move's, and no other limit would search
// until stop: what is missing, or nothing when the go is complete.
std::string UtiSession::missing_clock(const SearchLimits& limits) const {
    const Side side = game_.side_to_move();
    const bool own = side == Side::Attackers ? limits.attackers_time.has_value()
                                             : limits.defenders_time.has_value();
    if (!limits.has_clock() || own || limits.infinite || limits.move_time || limits.depth ||
        limits.nodes || limits.mate)
        return {};
    return std::string("the ") + side_name(side) + " are to move and their clock is not given (" +
           (side == Side::Attackers ? "atime or btime" : "dtime or wtime") + "), only the " +
           side_name(opponent(side)) + "'";
}

std::string UtiSession::format_info(const SearchInfo& info, const Game& game) const {
    std::string s = "info depth " + std::to_string(info.depth) + " seldepth " +
                    std::to_string(info.seldepth) + " multipv " + std::to_string(info.multipv) +
                    " " + format_score(info.score);
    if (info.lowerbound) s += " lowerbound";
    if (info.upperbound) s += " upperbound";
    s += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) +
         " hashfull " + std::to_string(info.hashfull);
    if (info.tbhits) s += " tbhits " + std::to_string(*info.tbhits);
    s += " time " + std::to_string(info.time_ms) + " pv";
    for (Move m : info.pv) s += " " + game.move_text(m);
    return s;
}

void UtiSession::perft(const std::vector<std::string>& words) {
    if (refuse_during_search("go perft")) return;
    if (words.size() != 2) {
        error("go perft: expected 'go perft <depth>'");
        return;
    }
    auto depth = parse_in_range<int64_t>(words[1], 1, 20);
    if (!depth) {
        error("go perft: depth must be a whole number from 1 to 20, not " +
              branan::quoted(words[1]));
        return;
    }
    const uint64_t total = game_.perft(static_cast<int>(*depth), [&](Move m, uint64_t n) {
        out_.line(game_.move_text(m) + ": " + std::to_string(n));
    });
    out_.line("");
    out_.line("Nodes searched: " + std::to_string(total));
}

void UtiSession::display() {
    std::string diagram = game_.diagram();
    for (size_t start = 0; start < diagram.size();) {
        const size_t end = diagram.find('\n', start);
        out_.line(diagram.substr(start, end - start));
        start = end + 1;
    }
    char key[32];
    std::snprintf(key, sizeof key, "%016llX", static_cast<unsigned long long>(game_.key()));
    const Status s = game_.status();
    out_.line(std::string("Side to move: ") + side_name(game_.side_to_move()));
    if (const Square b = game_.berserker(); b != kNoSquare)
        out_.line("Berserk turn: " + square_name(b, game_.size()));
    out_.line("Rules: " + rules_.name);
    out_.line("Position: " + game_.record());
    out_.line(std::string("Key: ") + key);
    out_.line("Moves played: " + std::to_string(game_.moves_played().size()));
    out_.line(std::string("Status: ") + outcome_name(s.outcome) +
              (s.over() ? std::string(" (") + reason_name(s.reason) + ")" : ""));
}

void UtiSession::eval() {
    Score score = 0;
    const EvalTrace trace = engine_.evaluate(score);
    for (const auto& t : trace.terms)
        out_.line(std::string("info string eval ") + EvalWeights::name(t.term) + " feature " +
                  std::to_string(t.feature) + " weight " +
                  std::to_string(engine_.weights()[t.term]) + " value " + std::to_string(t.value));
    out_.line("info string eval total " + std::to_string(trace.total_for_attackers) +
              " for the attackers");
    out_.line("info string eval zero point " + std::to_string(trace.zero_point) +
              " for the attackers");
    if (const nnue::Network* net = engine_.network(rules_))
        out_.line("info string eval network " + engine_.eval_file() + " (" + net->description +
                  ") replaces the terms above; its hidden layer runs on the " +
                  nnue::kernel_name(nnue::best_kernel()) + " kernel");
    out_.line(std::string("info string eval ") + side_name(game_.side_to_move()) +
              " to move: " + std::to_string(score));
}

void UtiSession::query(const std::vector<std::string>& words) {
    if (words.size() != 1 || words[0] != "result") {
        error("query: expected 'query result'");
        return;
    }
    const Status s = game_.status();
    if (!s.over()) {
        out_.line("info string game ongoing");
        out_.line("response none");
        return;
    }
    out_.line(std::string("info string ") + reason_name(s.reason));
    out_.line(std::string("response ") + outcome_name(s.outcome));
}

}  // namespace branan
