#include "match/tournament.h"

#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "core/rules_string.h"
#include "match/game_runner.h"
#include "match/openings.h"

namespace branan::match {
namespace {

struct Job {
    int round = 0, game = 0;    // game numbers run 1.. within a round; 2k-1 and 2k are a pair
    int first = 0, second = 0;  // engine indices of the pairing
    bool swapped = false;       // second engine plays the attackers
    int opening = 0;
    int pair = 0;  // global pair number, for shards
    int attackers() const { return swapped ? second : first; }
    int defenders() const { return swapped ? first : second; }
};

std::vector<std::pair<int, int>> pairings(const MatchConfig& c) {
    std::vector<std::pair<int, int>> p;
    const int n = static_cast<int>(c.engines.size());
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (c.tournament == "round-robin" || i == 0) p.emplace_back(i, j);
    return p;
}

std::vector<Job> schedule(const MatchConfig& c, int pairs_per_opening_cycle, int& total_pairs) {
    std::vector<Job> jobs;
    int pair = 0;
    for (int round = 1; round <= c.rounds; ++round) {
        int game = 0;
        for (const auto& [first, second] : pairings(c)) {
            for (int g = 0; g < c.games; ++g) {
                Job j;
                j.round = round;
                j.game = ++game;
                j.first = first;
                j.second = second;
                j.swapped = g % 2 == 1;
                j.pair = pair + g / 2;
                j.opening = j.pair % pairs_per_opening_cycle;
                jobs.push_back(j);
            }
            pair += (c.games + 1) / 2;
        }
    }
    total_pairs = pair;
    return jobs;
}

std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    std::ostringstream s;
    s << std::put_time(&tm, "%Y.%m.%d");
    return s.str();
}

const char* result_word(Outcome o) {
    return o == Outcome::AttackersWin   ? "attackers"
           : o == Outcome::DefendersWin ? "defenders"
                                        : "draw";
}

// Writes `text` to `path` through a temporary file, so that a reader never sees half of it.
bool write_atomically(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << text;
        if (!out) return false;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    return !ec;
}

std::string score_line(const MatchResults& results, size_t total_games) {
    const MatchSummary s = summarize(results);
    if (s.engines.empty()) return {};
    const auto& e = s.engines[0];
    const int n = e.wdl.wins + e.wdl.draws + e.wdl.losses;
    std::ostringstream line;
    line << "Games " << results.games.size() << "/" << total_games << "  Score of " << e.name
         << ": " << e.wdl.wins << " - " << e.wdl.losses << " - " << e.wdl.draws << " ["
         << format_number(n ? (e.wdl.wins + 0.5 * e.wdl.draws) / n : 0.5, 3) << "]  Elo "
         << format_estimate(e.elo);
    if (s.sprt)
        line << "  LLR " << format_number(s.llr) << " (" << format_number(s.bounds.lower) << ", "
             << format_number(s.bounds.upper) << ")";
    return line.str();
}

}  // namespace

void print_summary(const MatchResults& results, std::ostream& out) {
    const MatchSummary s = summarize(results);
    out << "\n"
        << std::left << std::setw(20) << "engine" << std::right << std::setw(7) << "games"
        << std::setw(6) << "W" << std::setw(6) << "D" << std::setw(6) << "L" << std::setw(8)
        << "score"
        << "  Elo (95% interval)            LOS\n";
    for (const auto& e : s.engines) {
        const int n = e.wdl.wins + e.wdl.draws + e.wdl.losses;
        out << std::left << std::setw(20) << e.name << std::right << std::setw(7) << n
            << std::setw(6) << e.wdl.wins << std::setw(6) << e.wdl.draws << std::setw(6)
            << e.wdl.losses << std::setw(8)
            << format_number(n ? (e.wdl.wins + 0.5 * e.wdl.draws) / n : 0.5, 3) << "  " << std::left
            << std::setw(30) << format_estimate(e.elo) << std::right
            << (e.los ? format_number(*e.los * 100, 1) + "%" : std::string("n/a")) << "\n";
    }
    // Per colour: each engine's record as the attackers and as the defenders.
    out << "\nby side            attackers W-D-L    defenders W-D-L\n";
    for (const auto& name : results.engines) {
        int wdl[2][3] = {};
        for (const auto& g : results.games) {
            const int side = g.attackers == name ? 0 : g.defenders == name ? 1 : -1;
            const auto score = score_of(g, name);
            if (side < 0 || !score) continue;
            ++wdl[side][*score == 1 ? 0 : *score == 0.5 ? 1 : 2];
        }
        std::ostringstream a, d;
        a << wdl[0][0] << "-" << wdl[0][1] << "-" << wdl[0][2];
        d << wdl[1][0] << "-" << wdl[1][1] << "-" << wdl[1][2];
        out << std::left << std::setw(19) << name << std::setw(19) << a.str() << d.str() << "\n";
    }
    const auto& p = s.pentanomial;
    out << "\npairs (" << results.engines[0] << "'s view, 0 / 0.5 / 1 / 1.5 / 2 points): " << p.ll
        << " / " << p.ld << " / " << p.dd_or_wl << " / " << p.wd << " / " << p.ww << "   Elo "
        << format_estimate(s.pentanomial_elo) << "\n";
    if (s.sprt)
        out << "SPRT elo0=" << format_number(s.sprt->elo0)
            << " elo1=" << format_number(s.sprt->elo1)
            << " alpha=" << format_number(s.sprt->alpha, 3)
            << " beta=" << format_number(s.sprt->beta, 3) << ": LLR " << format_number(s.llr)
            << " (" << format_number(s.bounds.lower) << ", " << format_number(s.bounds.upper)
            << "): " << sprt_decision_name(s.decision) << "\n";
}

int run_tournament(const MatchConfig& config, std::ostream& out) {
    // 1. Openings and the schedule.
    int total_pairs = 0;
    schedule(config, 1, total_pairs);
    std::vector<Opening> openings;
    if (!config.openings_file.empty()) {
        auto read = read_openings(config.openings_file, config.rules);
        if (!read) {
            std::cerr << "branan-match: " << read.error() << "\n";
            return 2;
        }
        openings = std::move(read).value();
    } else if (config.random_openings > 0) {
        openings = random_openings(config.rules, config.random_openings, total_pairs, config.seed);
    } else {
        openings.push_back(start_opening(config.rules));
    }
    const std::vector<Job> all = schedule(config, static_cast<int>(openings.size()), total_pairs);

    // 2. Results so far (resume) and the shard's part.
    MatchResults results;
    results.event = config.event;
    results.variant = write_rules_string(config.rules);
    for (const auto& e : config.engines) results.engines.push_back(e.name);
    results.paired = config.games % 2 == 0;
    results.sprt = config.sprt;
    if (config.resume && std::filesystem::exists(config.results_file)) {
        std::ifstream in(config.results_file);
        std::stringstream text;
        text << in.rdbuf();
        auto previous = read_results_json(text.str());
        if (!previous) {
            std::cerr << "branan-match: cannot resume from " << config.results_file << ": "
                      << previous.error() << "\n";
            return 2;
        }
        if (previous->engines != results.engines || previous->variant != results.variant) {
            std::cerr << "branan-match: " << config.results_file
                      << " is from another match (engines or rules differ)\n";
            return 2;
        }
        results.games = previous->games;
    }
    std::set<std::pair<int, int>> done;
    for (const auto& g : results.games) done.emplace(g.round, g.game);
    std::vector<Job> jobs;
    for (const auto& j : all)
        if (j.pair % config.shards == config.shard - 1 && !done.count({j.round, j.game}))
            jobs.push_back(j);

    if (!config.records_dir.empty()) std::filesystem::create_directories(config.records_dir);
    if (!config.results_file.empty() &&
        std::filesystem::path(config.results_file).has_parent_path())
        std::filesystem::create_directories(
            std::filesystem::path(config.results_file).parent_path());
    const size_t total_games = results.games.size() + jobs.size();
    out << "branan-match: " << jobs.size() << " games to play (" << done.size()
        << " already played), " << openings.size() << " opening(s), concurrency "
        << config.concurrency << "\n";

    // 3. Play: each worker owns one process per engine, restarted by the players after failures.
    std::mutex mutex;
    size_t next = 0;
    bool decided = false;
    const std::string date = today();
    const std::string rules_string = write_rules_string(config.rules);
    auto finish_game = [&](const Job& job, const GameOutcome& o) {
        const Opening& opening = openings[job.opening];
        GameResult r{job.round,
                     job.game,
                     opening.label,
                     config.engines[job.attackers()].name,
                     config.engines[job.defenders()].name,
                     result_word(o.outcome),
                     o.reason,
                     static_cast<int>(o.moves.size())};
        results.games.push_back(r);
        if (!config.records_dir.empty()) {
            GameRecord rec{config.event,
                           date,
                           r.attackers,
                           r.defenders,
                           rules_string,
                           opening.start_record,
                           side_name(opening.start_side),
                           o.moves,
                           r.result,
                           r.termination,
                           job.round,
                           job.game};
            std::ofstream(config.records_dir + "/round" + std::to_string(job.round) + "-game" +
                          std::to_string(job.game) + ".otg")
                << write_otg(rec);
            std::ofstream(config.records_dir + "/games.csv", std::ios::app)
                << write_csv_line(rec) << "\n";
        }
        if (!config.results_file.empty() &&
            !write_atomically(config.results_file, results_json(results)))
            std::cerr << "branan-match: cannot write " << config.results_file << "\n";
        if (!config.quiet)
            out << "Finished game " << job.game << " of round " << job.round << " (" << r.attackers
                << " attackers vs " << r.defenders << " defenders): " << r.result << " {"
                << r.termination << "}\n"
                << score_line(results, total_games) << std::endl;
        if (config.sprt && summarize(results).decision != SprtDecision::Continue) decided = true;
    };
    auto worker = [&] {
        std::map<int, std::unique_ptr<Player>> players;
        auto player = [&](int index) -> Player& {
            auto& p = players[index];
            if (!p) p = make_player(config.engines[index]);
            return *p;
        };
        for (;;) {
            Job job;
            {
                std::lock_guard lock(mutex);
                if (decided || next >= jobs.size()) break;
                job = jobs[next++];
            }
            const Opening& opening = openings[job.opening];
            GameSetup setup{config.rules, opening.start_record, opening.start_side, opening.moves,
                            config.max_plies};
            const GameOutcome o =
                play_game(player(job.attackers()), player(job.defenders()), setup);
            std::lock_guard lock(mutex);
            finish_game(job, o);
        }
        for (auto& [index, p] : players) p->quit();
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < config.concurrency; ++i) threads.emplace_back(worker);
    for (auto& t : threads) t.join();

    print_summary(results, out);
    if (!config.results_file.empty()) out << "results: " << config.results_file << "\n";
    return 0;
}

}  // namespace branan::match
