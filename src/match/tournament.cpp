// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/tournament.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <ctime>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "core/rules_string.h"
#include "core/text.h"
#include "match/engine_process.h"
#include "match/game_runner.h"
#include "match/interrupt.h"
#include "match/match_files.h"
#include "match/openings.h"
#include "match/report.h"
#include "match/report_pages.h"
#include "match/traffic_log.h"

namespace branan::match {
namespace {

struct Job {
    int round = 0, game = 0;    // game numbers run 1.. within a round; 2k-1 and 2k are a pair
    int first = 0, second = 0;  // engine indices of the pairing
    bool swapped = false;       // second engine plays the attackers
    int opening = 0;
    int pair = 0;    // global pair number, for shards
    int number = 0;  // 1.. in the shard's schedule, for "Started game N of M"
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

// The whole schedule (every shard's games); `openings` openings are used in turn by pairs.
std::vector<Job> schedule(const MatchConfig& c, int openings, int& total_pairs) {
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
                j.opening = j.pair % openings;
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

// "attackers new 10+0.1, defenders base depth=6".
std::string time_controls(const EngineConfig& attackers, const EngineConfig& defenders) {
    return "attackers " + limits_text(attackers.tc) + ", defenders " + limits_text(defenders.tc);
}

// The openings of the run; a warning in `warnings` when fewer could be made than asked for.
Expected<std::vector<Opening>> make_openings(const MatchConfig& config, int pairs,
                                             std::vector<std::string>& warnings) {
    if (!config.openings_file.empty()) return read_openings(config.openings_file, config.rules);
    const Expected<Opening> start = start_opening(config.rules);
    if (!start) return Error{start.error()};
    if (config.random_openings == 0) return std::vector<Opening>{*start};
    std::vector<Opening> openings =
        random_openings(config.rules, config.random_openings, pairs, config.seed);
    if (static_cast<int>(openings.size()) < pairs)
        warnings.push_back("only " + std::to_string(openings.size()) +
                           " distinct random openings of " +
                           std::to_string(config.random_openings) + " plies could be made for " +
                           std::to_string(pairs) +
                           " pairs: they are played again in turn (more plies give "
                           "more openings)");
    if (openings.empty()) return Error{"no random opening of this length could be made"};
    return openings;
}

// Starts every engine the jobs need and sets up a game, before the first game: an engine that
// cannot start or refuses an option stops the run here rather than forfeiting every game. The
// started players are handed over in `players`.
bool probe_engines(const MatchConfig& config, const std::vector<Job>& jobs,
                   const std::function<std::unique_ptr<Player>(int index)>& new_player,
                   std::map<int, std::unique_ptr<Player>>& players, std::string& error) {
    std::set<int> used;
    for (const auto& j : jobs) used.insert({j.first, j.second});
    for (int index : used) {
        auto p = new_player(index);
        std::string why;
        if (!p->start(why) || !p->new_game(config.rules, why)) {
            error = "engine " + branan::quoted(config.engines[index].name) + " cannot play: " + why;
            return false;
        }
        players[index] = std::move(p);
    }
    return true;
}

// One line on `out`, flushed at once (the output may be a pipe).
void say(std::ostream& out, const std::string& line) {
    out << line << "\n" << std::flush;
}

}  // namespace

int run_tournament(const MatchConfig& config, std::ostream& out) {
    // 1. Openings, the schedule and this shard's part of it.
    int total_pairs = 0;
    schedule(config, 1, total_pairs);
    MatchResults base;
    auto openings = make_openings(config, total_pairs, base.warnings);
    if (!openings) {
        std::cerr << "branan-match: " << openings.error() << "\n";
        return 2;
    }
    std::vector<Job> mine;
    for (auto& j : schedule(config, static_cast<int>(openings->size()), total_pairs))
        if (j.pair % config.shards == config.shard - 1) {
            j.number = static_cast<int>(mine.size()) + 1;
            mine.push_back(j);
        }
    for (const auto& w : base.warnings) std::cerr << "branan-match: warning: " << w << "\n";

    // 2. The run's files: the journal's games are done (resume).
    base.event = config.event;
    base.variant = write_rules_string(config.rules);
    for (const auto& e : config.engines) base.engines.push_back(e.name);
    base.paired = config.games % 2 == 0;
    base.sprt = config.sprt;
    for (const auto& e : config.engines)
        base.settings.push_back(
            {e.name, e.command, e.args, e.protocol, limits_text(e.tc), e.options});
    Schedule scheduled;
    for (const auto& j : mine)
        scheduled[{j.round, j.game}] = {config.engines[j.attackers()].name,
                                        config.engines[j.defenders()].name};
    auto opened =
        MatchFiles::open({config.records_dir, config.results_file, config.resume, config.force},
                         base, match_setup(config), scheduled);
    if (!opened) {
        std::cerr << "branan-match: " << opened.error() << "\n";
        return 2;
    }
    MatchFiles files = std::move(opened).value();
    if (!config.report_dir.empty()) {
        if (auto made = make_report_dir(config.report_dir); !made) {
            std::cerr << "branan-match: " << made.error() << "\n";
            files.remove_if_empty();
            return 2;
        }
    }
    std::set<std::pair<int, int>> done;
    for (const auto& g : files.results().games) done.emplace(g.round, g.game);
    std::vector<Job> jobs;
    for (const auto& j : mine)
        if (!done.count({j.round, j.game})) jobs.push_back(j);
    // A run the SPRT has decided is over (resumed after its decision).
    if (config.sprt && summarize(files.results()).decision != SprtDecision::Continue) jobs.clear();
    say(out, "branan-match: " + std::to_string(jobs.size()) + " games to play (" +
                 std::to_string(done.size()) + " already played), " +
                 std::to_string(openings->size()) + " opening(s), concurrency " +
                 std::to_string(config.concurrency));

    if (config.sprt && !jobs.empty()) {
        const SprtBounds b = sprt_bounds(*config.sprt);
        say(out, "SPRT elo0=" + format_number(config.sprt->elo0) +
                     " elo1=" + format_number(config.sprt->elo1) +
                     ": stops after the first game "
                     "that takes the LLR to " +
                     format_number(b.upper) +
                     " or above (H1 accepted) "
                     "or to " +
                     format_number(b.lower) + " or below (H0 accepted)");
    }

    // 3. Every engine starts before the first game, or the run stops here. A Ctrl-C from now on
    // is seen once the games begin (they then stop at once).
    std::shared_ptr<TrafficLog> traffic;
    if (!config.log_dir.empty()) {
        auto log = TrafficLog::open(config.log_dir);
        if (!log) {
            std::cerr << "branan-match: " << log.error() << "\n";
            files.remove_if_empty();
            return 2;
        }
        traffic = *log;
    }
    // The game each worker is playing (0 while the engines are set up), for the traffic log.
    std::vector<std::shared_ptr<std::atomic<int>>> game_of_worker;
    for (int i = 0; i < config.concurrency; ++i)
        game_of_worker.push_back(std::make_shared<std::atomic<int>>(0));
    auto new_player = [&](int index, int worker) {
        auto p = make_player(config.engines[index]);
        if (traffic)
            p->set_log(
                traffic->for_player(config.engines[index].name, worker, game_of_worker[worker]));
        return p;
    };
    install_interrupt_handlers();
    std::map<int, std::unique_ptr<Player>> first_players;
    if (std::string error;
        !jobs.empty() &&
        !probe_engines(
            config, jobs, [&](int index) { return new_player(index, 0); }, first_players, error)) {
        std::cerr << "branan-match: " << error << "\n";
        restore_interrupt_handlers();
        files.remove_if_empty();
        return 2;
    }

    // 4. Play: each worker owns one process per engine, restarted by the players after failures.
    std::mutex mutex;
    size_t next = 0;
    std::atomic<bool> stopping{false};
    bool write_failed = false;  // a file of the run could not be written (under `mutex`)
    std::atomic<int> workers_done{0};
    const std::string date = today();
    const size_t total_games = mine.size();
    // Counts the game and writes its files; its record, or nothing when the run must stop.
    auto finish_game = [&](const Job& job,
                           const GameOutcome& o) -> std::optional<GameRecord> {  // under `mutex`
        const Opening& opening = (*openings)[job.opening];
        const EngineConfig &a = config.engines[job.attackers()],
                           &d = config.engines[job.defenders()];
        FinishedGame f;
        f.result = {job.round,     job.game,
                    opening.label, a.name,
                    d.name,        result_word(o.outcome),
                    o.reason,      static_cast<int>(o.moves.size())};
        f.record = {config.event,
                    date,
                    a.name,
                    d.name,
                    base.variant,
                    opening.start_record,
                    side_name(opening.start_side),
                    o.moves,
                    f.result.result,
                    f.result.termination,
                    job.round,
                    job.game,
                    time_controls(a, d),
                    o.notes};
        std::string error;
        if (!files.add(f, error)) {
            std::cerr << "branan-match: " << error << "; stopping (--resume continues)\n";
            write_failed = stopping = true;
            return std::nullopt;
        }
        if (!error.empty()) {
            std::cerr << "branan-match: " << error << "\n";
            write_failed = true;
        }
        const MatchResults& results = files.results();
        if (!config.quiet)
            say(out, "Finished game " + std::to_string(job.number) + " of " +
                         std::to_string(total_games) + " (" + a.name + " vs " + d.name +
                         "): " + f.result.result + " {" + f.result.termination + "}\n" +
                         score_line(results, total_games));
        if (config.rating_interval > 0 && results.games.size() % config.rating_interval == 0 &&
            results.games.size() < total_games)
            print_summary(results, out);
        if (config.sprt) {
            const MatchSummary s = summarize(results);
            if (s.decision != SprtDecision::Continue) {
                say(out, std::string("SPRT: ") + sprt_decision_name(s.decision) + " after " +
                             std::to_string(results.games.size()) + " games (LLR " +
                             format_number(s.llr) +
                             (s.decision == SprtDecision::AcceptH1 ? " >= " : " <= ") +
                             format_number(s.decision == SprtDecision::AcceptH1 ? s.bounds.upper
                                                                                : s.bounds.lower) +
                             "): stopping, games in progress are not counted");
                stopping = true;
                kill_all_engines();
            }
        }
        return f.record;
    };
    auto worker = [&](int worker_index, std::map<int, std::unique_ptr<Player>> players) {
        auto player = [&](int index) -> Player& {
            auto& p = players[index];
            if (!p) p = new_player(index, worker_index);
            return *p;
        };
        for (;;) {
            Job job;
            {
                std::lock_guard lock(mutex);
                if (stopping || next >= jobs.size()) break;
                job = jobs[next++];
                if (!config.quiet)
                    say(out, "Started game " + std::to_string(job.number) + " of " +
                                 std::to_string(total_games) + " (" +
                                 config.engines[job.attackers()].name + " vs " +
                                 config.engines[job.defenders()].name + ")");
            }
            const Opening& opening = (*openings)[job.opening];
            GameSetup setup{config.rules,  opening.start_record, opening.start_side,
                            opening.moves, config.max_plies,     config.draw,
                            config.resign};
            game_of_worker[worker_index]->store(job.number);
            Player& attackers = player(job.attackers());
            Player& defenders = player(job.defenders());
            const GameOutcome o = play_game(attackers, defenders, setup);
            for (Player* p : {&attackers, &defenders})
                if (p->config().restart) p->quit();
            std::optional<GameRecord> finished;
            {
                std::lock_guard lock(mutex);
                if (stopping) break;  // stopped while it was played (SPRT, Ctrl-C): not counted
                finished = finish_game(job, o);
            }
            // The report page is analysed outside the lock: the other games go on meanwhile.
            if (finished && !config.report_dir.empty()) {
                std::string error;
                if (!write_report_page(*finished, config.report_dir, error)) {
                    std::lock_guard lock(mutex);
                    std::cerr << "branan-match: " << error << "\n";
                    write_failed = true;
                }
            }
        }
        for (auto& [index, p] : players) p->quit();
        ++workers_done;
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < config.concurrency; ++i)
        threads.emplace_back(
            worker, i,
            i == 0 ? std::move(first_players) : std::map<int, std::unique_ptr<Player>>{});
    // Stopping (Ctrl-C, SIGTERM, an SPRT decision) ends the games in progress: their engines
    // are killed, also any a worker starts before it sees the flag.
    int caught = 0;
    while (workers_done < config.concurrency) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (!caught && (caught = interrupt_signal()) != 0) {
            std::lock_guard lock(mutex);
            stopping = true;
        }
        if (stopping) kill_all_engines();
    }
    for (auto& t : threads) t.join();
    restore_interrupt_handlers();
    if (std::string error; !files.finish(error)) {
        std::cerr << "branan-match: " << error << "\n";
        write_failed = true;
    }

    print_summary(files.results(), out);
    if (!config.results_file.empty()) say(out, "results: " + config.results_file);
    if (caught) {
        std::ostringstream note;
        note << "branan-match: interrupted (" << (caught == SIGINT ? "SIGINT" : "SIGTERM")
             << ") after " << files.results().games.size() << " of " << total_games
             << " games; games in progress were not counted";
        if (!config.results_file.empty())
            note << "; run the same command with --resume to continue";
        say(out, note.str());
        return 128 + caught;
    }
    if (write_failed) {
        std::cerr << "branan-match: files of the run could not be written (see above): the "
                     "run is incomplete\n";
        return 1;
    }
    return 0;
}

}  // namespace branan::match
