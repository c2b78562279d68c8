// SPDX-License-Identifier: GPL-3.0-or-later
// Retrograde generation of a rule set's slices. A slice's values are found level by level: level
// 0 are the positions whose game is over; at level L every position that may now be decided (one
// whose successor was decided at level L-1, found by taking moves back, or whose captures lead to
// results L plies away) is evaluated from its successors (position_value.h), and it is decided at
// L when that gives a result L plies away. What no level decides is a position neither side can
// force a win from (repetition aside).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "tablebase/table_set.h"

namespace branan::tablebase {

// What generate_tables did for one slice.
struct SliceReport {
    Material material;
    uint64_t positions = 0;                      // canonical positions (both sides to move)
    uint64_t wins = 0, losses = 0, no_wins = 0;  // for the side to move
    int longest = 0;                             // the longest distance, in plies
    uint64_t file_bytes = 0;
    double seconds = 0;
    bool loaded = false;  // the file existed: nothing was generated
};

struct GenerateOptions {
    int threads = 1;
    // Called with a line of progress (a slice started, done, loaded from its file).
    std::function<void(const std::string&)> log;
    // Called as each slice is done (generated or loaded).
    std::function<void(const SliceReport&)> on_slice;
};

// The values of slice m; every slice its captures lead into must be in `set`.
std::vector<Value> generate_slice(const TableSet& set, Material m, const GenerateOptions& options);

// Generates every slice with at most `pieces` soldiers into `dir` (created if missing), slices
// whose file is there already being loaded instead (so a run that stopped continues). The error,
// or an empty string; options.on_slice hears of each slice.
std::string generate_tables(TableSet& set, int pieces, const std::string& dir,
                            const GenerateOptions& options);

// Generates slice m alone into `dir`, where the files of the slices its captures lead into must
// be (so that the slices of one piece count can run as separate jobs). The error, or empty.
std::string generate_one(TableSet& set, Material m, const std::string& dir,
                         const GenerateOptions& options);

// "a3d1" read back into a material; nothing for any other text.
std::optional<Material> parse_material(const std::string& text);

// Counts of a slice's values (for reports).
SliceReport count_values(Material m, const std::vector<Value>& values);

}  // namespace branan::tablebase
