// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/journal.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "match/fault_hook.h"
#include "match/json.h"

namespace branan::match {
namespace {

constexpr const char* kFormat = "branan-match-journal";
constexpr int kVersion = 1;

std::string string_array(const std::vector<std::string>& items) {
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + json_string(items[i]);
    return out + "]";
}

std::string header_line(const MatchIdentity& id) {
    std::string setup = "{";
    for (size_t i = 0; i < id.setup.size(); ++i)
        setup += (i ? ", " : "") + json_string(id.setup[i].first) + ": " +
                 json_string(id.setup[i].second);
    return "{\"format\": " + json_string(kFormat) + ", \"version\": " + std::to_string(kVersion) +
           ", \"event\": " + json_string(id.event) + ", \"variant\": " + json_string(id.variant) +
           ", \"engines\": " + string_array(id.engines) + ", \"setup\": " + setup + "}}";
}

std::vector<std::string> strings_of(ObjectReader& o, const std::string& key) {
    std::vector<std::string> out;
    const JsonValue* v = o.typed(key, JsonValue::Kind::Array);
    if (!v) return out;
    for (size_t i = 0; i < v->items.size(); ++i) {
        if (v->items[i].kind != JsonValue::Kind::String) {
            o.fail(o.at(key) + "[" + std::to_string(i) + "]", "expected a string");
            return {};
        }
        out.push_back(v->items[i].string);
    }
    return out;
}

Expected<MatchIdentity> read_header(std::string_view line) {
    auto parsed = parse_json(line);
    if (!parsed) return Error{"journal line 1: " + parsed.error()};
    std::string error;
    ObjectReader o(*parsed, "", error, "journal line 1");
    MatchIdentity id;
    const std::string format = o.str("format");
    const int version = o.integer("version", 0, 1000000);
    id.event = o.str("event");
    id.variant = o.str("variant");
    id.engines = strings_of(o, "engines");
    if (const JsonValue* setup = o.typed("setup", JsonValue::Kind::Object, false))
        for (size_t i = 0; i < setup->keys.size(); ++i) {
            if (setup->items[i].kind != JsonValue::Kind::String) {
                o.fail(o.at("setup") + "." + setup->keys[i], "expected a string");
                break;
            }
            id.setup.emplace_back(setup->keys[i], setup->items[i].string);
        }
    o.no_other_keys();
    if (!error.empty()) return Error{error};
    if (format != kFormat || version != kVersion)
        return Error{"journal line 1: not a branan-match journal of version " +
                     std::to_string(kVersion)};
    return id;
}

// Writes all of `text`; false (errno set) when the system refuses.
bool write_all(int fd, const char* data, size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

// What is wrong with the result and termination of `g`, whose moves leave the game at `status`:
// a game the rules ended carries their result and reason (the match ends a game so as soon as
// the rules do); one they did not end cannot claim such a reason. Empty when they agree.
std::string ending_problem(const GameResult& g, const Status& status) {
    if (status.over()) {
        if (g.result == outcome_name(status.outcome) && g.termination == reason_name(status.reason))
            return {};
        return "ends by the rules after its moves (" + std::string(outcome_name(status.outcome)) +
               ", " + reason_name(status.reason) + "), not as it reads (" +
               branan::quoted(g.result) + ", " + branan::quoted(g.termination) + ")";
    }
    for (OutcomeReason r : kEndingReasons)
        if (g.termination == reason_name(r))
            return "reads " + branan::quoted(g.termination) +
                   ", but its moves leave the game in play";
    return {};
}

// What is wrong with `f`, a game read from the journal of the match `id`, whose earlier games'
// lines `first_line` holds: a game the journal holds already, a game the schedule does not have
// or has with its engines the other way round, an engine not of the match or playing itself, an
// unknown result (game_problem), a move that does not replay under the match's rules from the
// game's start, a ply count other than its moves', or a result or termination its moves
// contradict (ending_problem). Empty when the game may be taken as played: the match writes
// only legal moves, so anything else is a damaged or edited journal, refused rather than counted.
std::string journal_line_problem(const FinishedGame& f, const MatchIdentity& id,
                                 const std::map<std::pair<int, int>, int>& first_line) {
    const GameResult& g = f.result;
    const std::string game = "round " + std::to_string(g.round) + " game " + std::to_string(g.game);
    if (const auto at = first_line.find({g.round, g.game}); at != first_line.end())
        return game + " is already on line " + std::to_string(at->second);
    if (const std::optional<GameProblem> p = game_problem(g, id.engines)) return p->problem;
    if (id.schedule) {
        const auto scheduled = id.schedule->find({g.round, g.game});
        if (scheduled == id.schedule->end())
            return game +
                   " is not one of this run's games (a run of fewer --rounds or --games than "
                   "the journal's, or another shard's journal?)";
        const auto& [attackers, defenders] = scheduled->second;
        if (g.attackers != attackers || g.defenders != defenders)
            return game + " has " + branan::quoted(g.attackers) + " attacking and " +
                   branan::quoted(g.defenders) + " defending; the schedule has " +
                   branan::quoted(attackers) + " and " + branan::quoted(defenders);
    }
    const Expected<Game> replayed = replay_record(f.record);
    if (!replayed) return "the game does not replay: " + replayed.error();
    if (g.plies != static_cast<int>(f.record.moves.size()))
        return game + " has " + std::to_string(g.plies) + " plies but " +
               std::to_string(f.record.moves.size()) + " moves";
    if (std::string wrong = ending_problem(g, replayed->status()); !wrong.empty())
        return game + " " + wrong;
    return {};
}

}  // namespace

std::string setup_difference(const MatchIdentity& saved, const MatchIdentity& given) {
    for (const auto& [key, value] : given.setup)
        for (const auto& [saved_key, saved_value] : saved.setup)
            if (saved_key == key && saved_value != value && saved_value != "any" && value != "any")
                return "--resume: the saved match has " + branan::quoted(saved_value) + " as " +
                       key + ", this command gives " + branan::quoted(value);
    return {};
}

std::string journal_line(const FinishedGame& f) {
    const GameResult& g = f.result;
    const GameRecord& r = f.record;
    return "{\"round\": " + std::to_string(g.round) + ", \"game\": " + std::to_string(g.game) +
           ", \"opening\": " + json_string(g.opening) +
           ", \"attackers\": " + json_string(g.attackers) +
           ", \"defenders\": " + json_string(g.defenders) +
           ", \"result\": " + json_string(g.result) +
           ", \"termination\": " + json_string(g.termination) +
           ", \"plies\": " + std::to_string(g.plies) + ", \"date\": " + json_string(r.date) +
           ", \"time_control\": " + json_string(r.time_control) +
           ", \"start_record\": " + json_string(r.start_record) +
           ", \"start_side\": " + json_string(r.start_side) +
           ", \"moves\": " + string_array(r.moves) + ", \"notes\": " + string_array(r.notes) + "}";
}

Expected<FinishedGame> read_journal_line(std::string_view line, const MatchIdentity& id) {
    auto parsed = parse_json(line);
    if (!parsed) return Error{parsed.error()};
    std::string error;
    ObjectReader o(*parsed, "", error, "journal");
    FinishedGame f;
    f.result = read_game_result(o);
    const GameResult& g = f.result;
    GameRecord& r = f.record;
    r.date = o.str("date");
    r.time_control = o.str("time_control");
    r.start_record = o.str("start_record");
    r.start_side = o.str("start_side");
    r.moves = strings_of(o, "moves");
    r.notes = strings_of(o, "notes");
    o.no_other_keys();
    if (!error.empty()) return Error{error};
    r.event = id.event;
    r.rules_string = id.variant;
    r.attackers = g.attackers;
    r.defenders = g.defenders;
    r.result = g.result;
    r.termination = g.termination;
    r.round = g.round;
    r.game = g.game;
    return f;
}

Expected<Journal> Journal::open(const std::string& path, const MatchIdentity& identity,
                                bool fresh) {
    Journal j;
    j.identity_ = identity;
    std::string text;
    if (!fresh) {
        std::ifstream in(path, std::ios::binary);
        std::stringstream s;
        s << in.rdbuf();
        text = s.str();
    }
    // Complete lines only: a torn last line is cut off below.
    const size_t complete = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    size_t at = 0;
    int number = 0;
    std::map<std::pair<int, int>, int> first_line;  // (round, game) -> its journal line
    while (at < complete) {
        const size_t nl = text.find('\n', at);
        const std::string_view line(text.data() + at, nl - at);
        at = nl + 1;
        if (++number == 1) {
            auto header = read_header(line);
            if (!header) return Error{path + ": " + header.error()};
            if (header->variant != identity.variant || header->engines != identity.engines)
                return Error{path + " is the journal of another match (engines or rules differ)"};
            if (const std::string change = setup_difference(*header, identity); !change.empty())
                return Error{change + " (give the same setup, or --force to start over)"};
            continue;
        }
        const std::string where = path + " line " + std::to_string(number) + ": ";
        auto game = read_journal_line(line, identity);
        if (!game) return Error{where + game.error()};
        if (std::string problem = journal_line_problem(*game, identity, first_line);
            !problem.empty())
            return Error{where + problem};
        first_line[{game->result.round, game->result.game}] = number;
        j.games_.push_back(std::move(game).value());
    }
    const int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (fresh ? O_TRUNC : 0);
    j.fd_ = ::open(path.c_str(), flags, 0644);
    if (j.fd_ < 0) return Error{"cannot open " + path + ": " + std::strerror(errno)};
    if (::ftruncate(j.fd_, static_cast<off_t>(complete)) != 0 || ::lseek(j.fd_, 0, SEEK_END) < 0)
        return Error{"cannot cut the torn end off " + path + ": " + std::strerror(errno)};
    if (complete == 0) {
        const std::string header = header_line(identity) + "\n";
        if (!write_all(j.fd_, header.data(), header.size()) || ::fsync(j.fd_) != 0)
            return Error{"cannot write " + path + ": " + std::strerror(errno)};
    }
    return j;
}

Journal::Journal(Journal&& other) noexcept
    : fd_(other.fd_), identity_(std::move(other.identity_)), games_(std::move(other.games_)) {
    other.fd_ = -1;
}

Journal& Journal::operator=(Journal&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
        identity_ = std::move(other.identity_);
        games_ = std::move(other.games_);
    }
    return *this;
}

Journal::~Journal() {
    if (fd_ >= 0) ::close(fd_);
}

bool Journal::append(const FinishedGame& game, std::string& error) {
    const std::string line = journal_line(game) + "\n";
    if (crash_due("journal-torn")) {  // the torn-write fault: half the line, then the crash
        write_all(fd_, line.data(), line.size() / 2);
        crash_now();
    }
    if (!write_all(fd_, line.data(), line.size()) || ::fdatasync(fd_) != 0) {
        error = std::string("cannot write the journal: ") + std::strerror(errno);
        return false;
    }
    crash_point("journal");
    return true;
}

}  // namespace branan::match
