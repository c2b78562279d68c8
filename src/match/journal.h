// SPDX-License-Identifier: GPL-3.0-or-later
// The match journal: an append-only file of finished games, the single source of truth of a run.
// games.csv, the .otg records and the results file are derived from it (match_files.h), so a
// kill at any point neither loses nor doubles a game: a game counts once its journal line is
// complete, and a resumed run rebuilds everything else from the journal.
//
// Format: JSON Lines. The first line names the match,
//   {"format": "branan-match-journal", "version": 1, "event": ..., "variant": ...,
//    "engines": [...], "setup": {"games": "2", ...}}   ("setup" optional on reading)
// and every further line is one finished game,
//   {"round", "game", "opening", "attackers", "defenders", "result", "termination", "plies",
//    "date", "start_record", "start_side", "moves": [...], "notes": [...]}
// ("notes": per move "score/depth time" comments, "" where the engine said nothing). A line is
// written with one write(2) and synced before the game counts; a last line without its newline
// (the process was killed while writing it) is cut off when the journal is opened again.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "match/records.h"
#include "match/results.h"

namespace branan::match {

// A finished game: its entry in the results and the record its files are written from.
struct FinishedGame {
    GameResult result;
    GameRecord record;
};

// A run's games: (round, game) -> the names of their (attackers, defenders).
using Schedule = std::map<std::pair<int, int>, std::pair<std::string, std::string>>;

// The identity of a match, written in the journal's first line and checked on resume.
struct MatchIdentity {
    std::string event, variant;
    std::vector<std::string> engines;
    // What else decides the games (match_setup(): "games" "2", "engine 'a' limits" "depth=3",
    // ...), in a fixed order. A resumed run must give the same; a journal without it (an older
    // branan-match) is not checked.
    std::vector<std::pair<std::string, std::string>> setup;
    // The games this run plays (worked out from the setup, --rounds and --games, not kept in the
    // journal). A journal game not among them, or with its engines the other way round, is
    // refused on resume. None: not checked.
    std::optional<Schedule> schedule;
};

// The first setting of `saved` that `given` changes, as "--resume: the saved match has '<old>'
// as <key>, this command gives '<new>'"; empty when they agree (keys only one side has are
// skipped: an older or newer branan-match wrote them; so is a value "any" on either side, a
// setting that may change where it does not renumber the games: match_setup).
std::string setup_difference(const MatchIdentity& saved, const MatchIdentity& given);

class Journal {
  public:
    // Opens (creating it when missing) the journal at `path` for `identity`. A journal that
    // exists must be of the same match (same variant and engines) and is read; a torn last line
    // is cut off. `fresh` empties it first (a new run over an old one).
    static Expected<Journal> open(const std::string& path, const MatchIdentity& identity,
                                  bool fresh);

    Journal(Journal&&) noexcept;
    Journal& operator=(Journal&&) noexcept;
    ~Journal();

    // The games the journal held when it was opened, in the order they finished (handed over
    // once: the journal keeps no copy of what it writes).
    std::vector<FinishedGame> take_games() { return std::move(games_); }
    // Appends a finished game and syncs it to disk; false with `error` when that fails (the
    // game is then not in the journal).
    bool append(const FinishedGame& game, std::string& error);

  private:
    Journal() = default;
    int fd_ = -1;
    MatchIdentity identity_;
    std::vector<FinishedGame> games_;
};

// One game as its journal line (without the newline), and back. Exposed for the tests.
std::string journal_line(const FinishedGame& game);
Expected<FinishedGame> read_journal_line(std::string_view line, const MatchIdentity& identity);

}  // namespace branan::match
