// SPDX-License-Identifier: GPL-3.0-or-later
// A directory of tablebase files opened for probing: its rules (every file must have the same),
// its slices loaded when first probed. Safe to probe from several threads: a slice is loaded
// once, under a lock, by the first probe that needs it, and then published (an atomic pointer,
// release and acquire), so that every later probe reads it without locking.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "core/game.h"
#include "tablebase/table_set.h"

namespace branan::tablebase {

// What the tables say about a position.
struct ProbeResult {
    enum class Kind { Win, Loss, NoWin, Outside } kind = Kind::Outside;
    int distance = 0;  // plies to the result (Win and Loss)
};

// Whether a position from which neither side can force a win is a draw under `rules`: where
// repetition draws or is ignored. Elsewhere the rules' repetition verdict decides it, which
// depends on the game's history, so the tables cannot say.
inline bool no_win_is_draw(const Rules& rules) {
    return rules.repetition == RepetitionRule::Draw || rules.repetition == RepetitionRule::Ignore;
}

class Tablebase {
  public:
    // Opens `dir`: the rules of its files (all the same), the materials present. An error names
    // the problem (missing directory, no tablebase file, a file that is not one, mixed rules).
    static Expected<std::shared_ptr<Tablebase>> open(const std::string& dir);
    // open(), then every file read (load_all): what a search or a solver uses, so that no probe
    // reads a file while a clock runs (reading the largest 5-soldier file takes most of a
    // second). An error names the directory's or the file's problem.
    static Expected<std::shared_ptr<Tablebase>> open_for_play(const std::string& dir);

    const Rules& rules() const { return set_.rules(); }
    const std::string& dir() const { return dir_; }
    // The materials whose files were found at open (a file that then proves damaged among them).
    const std::set<Material>& materials() const { return materials_; }
    // The largest soldier count every material up to which is present.
    int complete_pieces() const;

    // The value of `pos` for its side to move (its board alone, no history; under these rules).
    // Outside when its material has no file here or the position is not a table position.
    // A file that cannot be read throws std::runtime_error naming it, once: its material is
    // then left out.
    ProbeResult probe(const Position<BoardBits>& pos);
    // The same for a game of these rules (Outside for other rules or board sizes).
    ProbeResult probe(const Game& game);
    // The line of best play from `game` while the tables decide it: at each turn the move to a
    // successor that keeps the result one ply nearer (the winner's fastest win, the loser's
    // longest resistance), to the end of the game. Empty where the tables give no win.
    std::vector<Move> best_line(const Game& game);
    // Loads every slice now; an error or empty.
    std::string load_all();
    // The loaded slices (after load_all, while no probe runs).
    const TableSet& set() const { return set_; }

  private:
    // One material's slice as the probes see it. Its place in slots_ is made at open and never
    // moves; `slice` is set once, under mutex_, when the slice is in set_.
    struct Slot {
        std::atomic<const Slice*> slice{nullptr};
        std::atomic<bool> broken{false};  // its file could not be read: left out from then on
    };

    Tablebase(const Rules& rules, std::string dir) : set_(rules), dir_(std::move(dir)) {}
    // Reads material m's file into set_ and publishes it in `slot`; an error or empty. With
    // mutex_ held.
    std::string load(Material m, Slot& slot);
    // The slice of `slot` (material m), loaded now if no probe did it before; null when its
    // file was found damaged before; throws the error when it is found damaged now.
    const Slice* load_for_probe(Material m, Slot& slot);

    TableSet set_;  // written under mutex_ only
    std::string dir_;
    std::set<Material> materials_;
    std::map<Material, Slot> slots_;  // one per material, made at open
    std::mutex mutex_;                // taken to load a slice, never to read one
};

}  // namespace branan::tablebase
