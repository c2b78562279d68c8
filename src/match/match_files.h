// SPDX-License-Identifier: GPL-3.0-or-later
// The files of a match run and their one write path. The journal (journal.h) is the truth; the
// .otg records (with their .notes side files: the engines' score/depth/time per move),
// games.csv, games-index.csv and the results file are derived from it, in that
// order, after the game's journal line is on disk. A resumed run first rebuilds the derived files
// from the journal, so whatever a kill left half done is made whole and nothing is doubled.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/expected.h"
#include "match/journal.h"
#include "match/records.h"
#include "match/results.h"

namespace branan::match {

struct RunPaths {
    std::string records_dir;   // empty: no records
    std::string results_file;  // empty: no results file (and no journal)
    bool resume = false;       // continue the journal
    bool force = false;        // start over, replacing an earlier run's files
};

// The journal of a results file: "x.json" -> "x.journal", anything else + ".journal".
std::string journal_path(const std::string& results_file);

class MatchFiles {
  public:
    // Opens the run's files for the match `base` (its identity, settings and warnings; its games
    // are ignored). Without resume or force, a records folder that is not empty or a results file
    // or journal that exists is refused (an earlier run would be overwritten). With resume, the
    // games come from the journal and the derived files are rebuilt; with force the old files are
    // removed first. Errors name the file and the reason.
    // `setup` is what else decides the games (MatchIdentity::setup): a resumed run must agree;
    // a journal game that `schedule` (when given) does not have as it was played is refused.
    static Expected<MatchFiles> open(
        const RunPaths& paths, const MatchResults& base,
        const std::vector<std::pair<std::string, std::string>>& setup = {},
        const std::optional<Schedule>& schedule = std::nullopt);

    // The results so far (the journal's games, in the order they finished).
    const MatchResults& results() const { return results_; }
    MatchResults& results() { return results_; }
    // Adds a finished game: the journal line first (from then on the game counts), then its
    // record, its games.csv and games-index.csv lines and the results file. False with `error`
    // when the journal cannot be written; a derived file that fails is reported in `error` with
    // true (the journal has the game; a resumed run rewrites the file).
    bool add(const FinishedGame& game, std::string& error);
    // Rewrites the results file (after its settings or warnings changed). False with `error`.
    bool write_results(std::string& error);
    // At the end of a run: the results file as of the last game (add() rewrites it after every
    // game only for the first 1000 games, then every 5 s at most).
    bool finish(std::string& error);
    // Removes the files of a run that has no game yet (it could not start), so that the same
    // command can be given again without --force.
    void remove_if_empty();

  private:
    MatchFiles() = default;
    bool rebuild(std::string& error);
    // "<records>/round<R>-game<G><extension>".
    std::string record_path(const GameResult& g, const char* extension) const;
    // The game's .otg record and its .notes side file (all, or only those missing).
    bool write_record(const FinishedGame& game, bool only_missing);

    RunPaths paths_;
    std::unique_ptr<Journal> journal_;
    MatchResults results_;
    std::vector<FinishedGame> finished_;  // the journal's games while the files are rebuilt
    std::chrono::steady_clock::time_point last_results_{};
};

// Writes `text` to `path` through a temporary file renamed over it, so that a reader (or a run
// killed half way) sees the old file or the new one, never part of one. `step` names the
// crash-hook steps (fault_hook.h) "<step>-tmp" and "<step>" (none when empty).
bool write_atomically(const std::string& path, const std::string& text,
                      const std::string& step = "");

}  // namespace branan::match
