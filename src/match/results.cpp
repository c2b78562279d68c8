// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/results.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <utility>

#include "match/json.h"

namespace branan::match {

GameResult read_game_result(ObjectReader& o) {
    GameResult g;
    g.round = o.integer("round", 0, 1000000000);
    g.game = o.integer("game", 0, 1000000000);
    g.opening = o.str("opening");
    g.attackers = o.str("attackers");
    g.defenders = o.str("defenders");
    g.result = o.str("result");
    g.termination = o.str("termination");
    g.plies = o.integer("plies", 0, 1000000000);
    return g;
}

std::optional<GameProblem> game_problem(const GameResult& g,
                                        const std::vector<std::string>& engines) {
    auto known = [&](const std::string& name) {
        return std::find(engines.begin(), engines.end(), name) != engines.end();
    };
    if (!known(g.attackers))
        return GameProblem{"attackers",
                           "engine " + branan::quoted(g.attackers) + " is not in 'engines'"};
    if (!known(g.defenders))
        return GameProblem{"defenders",
                           "engine " + branan::quoted(g.defenders) + " is not in 'engines'"};
    if (g.attackers == g.defenders) return GameProblem{"", "an engine plays itself"};
    if (g.result != "attackers" && g.result != "defenders" && g.result != "draw")
        return GameProblem{"result", "result " + branan::quoted(g.result) +
                                         " is not 'attackers', 'defenders' or 'draw'"};
    return std::nullopt;
}

namespace {

constexpr const char* kFormat = "branan-match-results";
constexpr int kVersion = 1;

void put_estimate(std::string& out, const EloEstimate& e) {
    // Without spread there is no interval (stats.h): its bounds are null.
    auto val = [&](double v) { return e.valid ? json_number(v) : std::string("null"); };
    auto bound = [&](double v) { return e.spread ? val(v) : std::string("null"); };
    out += "\"score\": " + val(e.score) + ", \"elo\": " + val(e.elo) +
           ", \"elo_lower\": " + bound(e.lower) + ", \"elo_upper\": " + bound(e.upper) +
           ", \"elo_error\": " + bound(e.error);
}

}  // namespace

std::optional<double> score_of(const GameResult& g, std::string_view engine) {
    const bool attacks = g.attackers == engine, defends = g.defenders == engine;
    if (attacks == defends) return std::nullopt;  // did not play (or played itself)
    if (g.result == "draw") return 0.5;
    if (g.result == "attackers") return attacks ? 1.0 : 0.0;
    if (g.result == "defenders") return defends ? 1.0 : 0.0;
    return std::nullopt;
}

MatchSummary summarize(const MatchResults& r) {
    MatchSummary s;
    for (const auto& name : r.engines) {
        EngineSummary e;
        e.name = name;
        for (const auto& g : r.games) {
            if (auto sc = score_of(g, name)) {
                if (*sc == 1)
                    ++e.wdl.wins;
                else if (*sc == 0)
                    ++e.wdl.losses;
                else
                    ++e.wdl.draws;
            }
        }
        e.elo = elo_wdl(e.wdl);
        e.los = los(e.wdl);
        s.engines.push_back(e);
    }
    for (size_t i = 0; i < r.engines.size(); ++i)
        for (size_t j = i + 1; j < r.engines.size(); ++j) {
            PairingSummary p{r.engines[i], r.engines[j], {}, {}};
            for (const auto& g : r.games) {
                if (!((g.attackers == p.first && g.defenders == p.second) ||
                      (g.attackers == p.second && g.defenders == p.first)))
                    continue;
                if (auto sc = score_of(g, p.first))
                    ++(*sc == 1 ? p.wdl.wins : *sc == 0 ? p.wdl.losses : p.wdl.draws);
            }
            if (p.wdl.games() == 0) continue;
            p.elo = elo_wdl(p.wdl);
            s.pairings.push_back(p);
        }
    if (!r.engines.empty()) {
        const std::string& me = r.engines[0];
        std::map<std::pair<int, int>, std::vector<const GameResult*>> pairs;
        for (const auto& g : r.games)
            if (g.game >= 1) pairs[{g.round, (g.game - 1) / 2}].push_back(&g);
        for (const auto& [key, games] : pairs) {
            if (games.size() != 2) continue;
            const GameResult &a = *games[0], &b = *games[1];
            if (a.opening != b.opening || a.attackers != b.defenders || a.defenders != b.attackers)
                continue;
            const auto sa = score_of(a, me), sb = score_of(b, me);
            if (sa && sb) add_pair(s.pentanomial, *sa, *sb);
        }
        s.pentanomial_elo = elo_pentanomial(s.pentanomial);
    }
    if (r.sprt) {
        s.sprt = r.sprt;
        s.bounds = sprt_bounds(*r.sprt);
        if (r.paired) {
            s.llr = sprt_llr(*r.sprt, s.pentanomial);
            s.decision = sprt_decision(*r.sprt, s.llr);
        } else if (!s.engines.empty()) {
            s.llr = sprt_llr(*r.sprt, s.engines[0].wdl);
            s.decision = sprt_decision(*r.sprt, s.llr);
        }
    }
    return s;
}

std::string results_json(const MatchResults& r) {
    const MatchSummary s = summarize(r);
    std::string out = "{\n";
    out += "  \"format\": " + json_string(kFormat) + ",\n";
    out += "  \"version\": " + std::to_string(kVersion) + ",\n";
    out += "  \"event\": " + json_string(r.event) + ",\n";
    out += "  \"variant\": " + json_string(r.variant) + ",\n";
    out += "  \"engines\": [";
    for (size_t i = 0; i < r.engines.size(); ++i)
        out += (i ? ", " : "") + json_string(r.engines[i]);
    out += "],\n";
    out += std::string("  \"paired\": ") + (r.paired ? "true" : "false") + ",\n";
    if (r.sprt) {
        out += "  \"sprt\": {\"elo0\": " + json_number(r.sprt->elo0) +
               ", \"elo1\": " + json_number(r.sprt->elo1) +
               ", \"alpha\": " + json_number(r.sprt->alpha) +
               ", \"beta\": " + json_number(r.sprt->beta) + "},\n";
    } else {
        out += "  \"sprt\": null,\n";
    }
    out += "  \"summary\": {\n    \"engines\": [\n";
    for (size_t i = 0; i < s.engines.size(); ++i) {
        const EngineSummary& e = s.engines[i];
        out += "      {\"name\": " + json_string(e.name) +
               ", \"wins\": " + std::to_string(e.wdl.wins) +
               ", \"draws\": " + std::to_string(e.wdl.draws) +
               ", \"losses\": " + std::to_string(e.wdl.losses) +
               ", \"games\": " + std::to_string(e.wdl.games()) + ", ";
        put_estimate(out, e.elo);
        out += ", \"los\": " + json_optional(e.los) + "}";
        out += i + 1 < s.engines.size() ? ",\n" : "\n";
    }
    out += "    ],\n    \"pairings\": [";
    for (size_t i = 0; i < s.pairings.size(); ++i) {
        const PairingSummary& pr = s.pairings[i];
        out += std::string(i ? ",\n" : "\n") + "      {\"first\": " + json_string(pr.first) +
               ", \"second\": " + json_string(pr.second) +
               ", \"wins\": " + std::to_string(pr.wdl.wins) +
               ", \"draws\": " + std::to_string(pr.wdl.draws) +
               ", \"losses\": " + std::to_string(pr.wdl.losses) +
               ", \"games\": " + std::to_string(pr.wdl.games()) + ", ";
        put_estimate(out, pr.elo);
        out += "}";
    }
    out += s.pairings.empty() ? "],\n" : "\n    ],\n";
    const Pentanomial& p = s.pentanomial;
    out += "    \"pentanomial\": {\"ll\": " + std::to_string(p.ll) +
           ", \"ld\": " + std::to_string(p.ld) + ", \"dd_or_wl\": " + std::to_string(p.dd_or_wl) +
           ", \"wd\": " + std::to_string(p.wd) + ", \"ww\": " + std::to_string(p.ww) +
           ", \"pairs\": " + std::to_string(p.pairs()) + ", ";
    put_estimate(out, s.pentanomial_elo);
    out += "},\n";
    if (s.sprt) {
        out += "    \"sprt\": {\"llr\": " + json_number(s.llr) +
               ", \"lower\": " + json_number(s.bounds.lower) +
               ", \"upper\": " + json_number(s.bounds.upper) +
               ", \"decision\": " + json_string(sprt_decision_name(s.decision)) + "}\n";
    } else {
        out += "    \"sprt\": null\n";
    }
    out += "  },\n  \"warnings\": [";
    for (size_t i = 0; i < r.warnings.size(); ++i)
        out += (i ? ", " : "") + json_string(r.warnings[i]);
    out += "],\n  \"engine_settings\": [";
    for (size_t i = 0; i < r.settings.size(); ++i) {
        const EngineSettings& e = r.settings[i];
        out += std::string(i ? ",\n" : "\n") + "    {\"name\": " + json_string(e.name) +
               ", \"command\": " + json_string(e.command) + ", \"args\": [";
        for (size_t k = 0; k < e.args.size(); ++k) out += (k ? ", " : "") + json_string(e.args[k]);
        out += "], \"protocol\": " + json_string(e.protocol) +
               ", \"limits\": " + json_string(e.limits) + ", \"options\": {";
        for (size_t k = 0; k < e.options.size(); ++k)
            out += (k ? ", " : "") + json_string(e.options[k].first) + ": " +
                   json_string(e.options[k].second);
        out += "}}";
    }
    out += r.settings.empty() ? "],\n" : "\n  ],\n";
    out += "  \"games\": [";
    for (size_t i = 0; i < r.games.size(); ++i) {
        const GameResult& g = r.games[i];
        out += i ? ",\n    " : "\n    ";
        out += "{\"round\": " + std::to_string(g.round) + ", \"game\": " + std::to_string(g.game) +
               ", \"opening\": " + json_string(g.opening) +
               ", \"attackers\": " + json_string(g.attackers) +
               ", \"defenders\": " + json_string(g.defenders) +
               ", \"result\": " + json_string(g.result) +
               ", \"termination\": " + json_string(g.termination) +
               ", \"plies\": " + std::to_string(g.plies) + "}";
    }
    out += r.games.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

Expected<MatchResults> read_results_json(std::string_view text) {
    auto parsed = parse_json(text);
    if (!parsed) return Error{parsed.error()};
    std::string error;
    MatchResults r;
    ObjectReader top(*parsed, "", error);
    if (!error.empty()) return Error{error};
    const std::string format = top.str("format");
    if (error.empty() && format != kFormat)
        return Error{"results file: format is " + branan::quoted(format) + ", expected " +
                     branan::quoted(kFormat)};
    const int version = top.integer("version", 0, 1000000);
    if (error.empty() && version != kVersion)
        return Error{"results file: version " + std::to_string(version) +
                     " is not supported (expected " + std::to_string(kVersion) + ")"};
    r.event = top.str("event");
    r.variant = top.str("variant");
    if (const JsonValue* engines = top.typed("engines", JsonValue::Kind::Array)) {
        for (size_t i = 0; i < engines->items.size(); ++i) {
            const JsonValue& e = engines->items[i];
            const std::string where = "engines[" + std::to_string(i) + "]";
            if (e.kind != JsonValue::Kind::String) {
                top.fail(where, std::string("expected a string, found ") + json_kind_name(e.kind));
            } else if (e.string.empty()) {
                top.fail(where, "empty engine name");
            } else if (std::find(r.engines.begin(), r.engines.end(), e.string) != r.engines.end()) {
                top.fail(where, "engine " + branan::quoted(e.string) + " is listed twice");
            } else {
                r.engines.push_back(e.string);
            }
        }
    }
    r.paired = top.boolean("paired");
    if (const JsonValue* sprt = top.get("sprt"); sprt && sprt->kind != JsonValue::Kind::Null) {
        ObjectReader o(*sprt, "sprt", error);
        SprtConfig c;
        c.elo0 = o.number("elo0");
        c.elo1 = o.number("elo1");
        c.alpha = o.number("alpha");
        c.beta = o.number("beta");
        o.no_other_keys();
        if (error.empty()) {
            auto checked = check_sprt_config(c);
            if (!checked) return Error{"results file: sprt: " + checked.error()};
            r.sprt = c;
        }
    }
    top.typed("summary", JsonValue::Kind::Object);
    if (const JsonValue* warnings = top.typed("warnings", JsonValue::Kind::Array, false)) {
        for (size_t i = 0; i < warnings->items.size(); ++i) {
            if (warnings->items[i].kind != JsonValue::Kind::String)
                top.fail("warnings[" + std::to_string(i) + "]", "expected a string");
            else
                r.warnings.push_back(warnings->items[i].string);
        }
    }
    if (const JsonValue* settings = top.typed("engine_settings", JsonValue::Kind::Array, false)) {
        for (size_t i = 0; i < settings->items.size() && error.empty(); ++i) {
            ObjectReader o(settings->items[i], "engine_settings[" + std::to_string(i) + "]", error);
            EngineSettings e;
            e.name = o.str("name");
            e.command = o.str("command");
            if (const JsonValue* args = o.typed("args", JsonValue::Kind::Array))
                for (const auto& a : args->items) {
                    if (a.kind != JsonValue::Kind::String) o.fail(o.at("args"), "expected strings");
                    e.args.push_back(a.string);
                }
            e.protocol = o.str("protocol");
            e.limits = o.str("limits");
            if (const JsonValue* options = o.typed("options", JsonValue::Kind::Object))
                for (size_t k = 0; k < options->keys.size(); ++k) {
                    if (options->items[k].kind != JsonValue::Kind::String)
                        o.fail(o.at("options"), "expected string values");
                    e.options.emplace_back(options->keys[k], options->items[k].string);
                }
            o.no_other_keys();
            r.settings.push_back(e);
        }
    }
    if (const JsonValue* games = top.typed("games", JsonValue::Kind::Array)) {
        std::set<std::pair<int, int>> seen;
        for (size_t i = 0; i < games->items.size() && error.empty(); ++i) {
            const std::string where = "games[" + std::to_string(i) + "]";
            ObjectReader o(games->items[i], where, error);
            GameResult g = read_game_result(o);
            o.no_other_keys();
            if (!error.empty()) break;
            if (const std::optional<GameProblem> p = game_problem(g, r.engines))
                o.fail(p->field.empty() ? where : o.at(p->field), p->problem);
            else if (!seen.insert({g.round, g.game}).second)
                o.fail(where, "round " + std::to_string(g.round) + " game " +
                                  std::to_string(g.game) + " is listed twice");
            r.games.push_back(g);
        }
    }
    top.no_other_keys();
    if (!error.empty()) return Error{error};
    return r;
}

Expected<MatchResults> merge_results(const std::vector<MatchResults>& parts, MergeKind kind) {
    if (parts.empty()) return Error{"no results to merge"};
    constexpr int64_t kMaxGameNumber = 1000000000;  // as read_game_result reads it
    MatchResults out = parts[0];
    out.games.clear();
    std::map<std::pair<int, int>, size_t> seen;  // (round, game) -> the part it came from
    int64_t offset = 0;                          // Runs: added to a run's game numbers
    for (size_t i = 0; i < parts.size(); ++i) {
        const MatchResults& p = parts[i];
        const std::string which = "results part " + std::to_string(i + 1);
        if (p.engines != out.engines) return Error{which + " has other engines than part 1"};
        if (p.variant != out.variant) return Error{which + " has another variant than part 1"};
        if (p.paired != out.paired) return Error{which + " differs from part 1 in pairing"};
        if (kind == MergeKind::Shards && p.sprt != out.sprt)
            return Error{which +
                         " has other SPRT settings than part 1 (merge --runs combines separate "
                         "runs)"};
        if (i > 0) {
            if (!p.settings.empty() && !out.settings.empty() && p.settings != parts[0].settings)
                out.warnings.push_back(which +
                                       " ran its engines with other settings (command, limits or "
                                       "options) than part 1");
            for (const auto& w : p.warnings)
                if (std::find(out.warnings.begin(), out.warnings.end(), w) == out.warnings.end())
                    out.warnings.push_back(w);
        }
        int last = 0;
        for (GameResult g : p.games) {
            last = std::max(last, g.game);
            const int own = g.game;
            if (own + offset > kMaxGameNumber)
                return Error{which + ": too many games to number on (a game number above " +
                             std::to_string(kMaxGameNumber) + ")"};
            g.game = static_cast<int>(own + offset);
            const auto [at, fresh] = seen.emplace(std::pair{g.round, g.game}, i + 1);
            if (!fresh)
                return Error{which + ": round " + std::to_string(g.round) + " game " +
                             std::to_string(own) +
                             (offset ? " (game " + std::to_string(g.game) + " once numbered on)"
                                     : std::string()) +
                             " is already in results part " + std::to_string(at->second) +
                             (kind == MergeKind::Shards
                                  ? " (shards hold different games; separate runs of one pairing "
                                    "merge with --runs)"
                                  : "")};
            out.games.push_back(std::move(g));
        }
        if (kind == MergeKind::Runs) offset += last + last % 2;
    }
    if (kind == MergeKind::Runs) {
        out.sprt.reset();
        out.warnings.push_back("merged from " + std::to_string(parts.size()) +
                               " separate runs; their games are numbered on run after run, and "
                               "their SPRTs, if any, are not combined");
    }
    return out;
}

}  // namespace branan::match
