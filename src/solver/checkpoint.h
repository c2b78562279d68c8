// SPDX-License-Identifier: GPL-3.0-or-later
// Checkpoints of `branan solve --checkpoint FILE`: the work of a long solve, saved so that a later
// run continues it. A checkpoint holds the results of the input lines already answered (their
// JSON and proof text, reported again without search), the input line the proof table belongs
// to with the nodes spent on it, and the table's entries in use. Only results that hold for the
// position alone are ever in the table (see dfpn.h), so reusing them under the same rules is
// sound.
//
// The file: a text header, then a binary body (little-endian integers, strings as a 64-bit length
// and the bytes):
//   branan-solve-checkpoint 2
//   rules <canonical rules string>
//   table <capacity, in entries>
//   body <bytes> fnv1a64 <16 hex digits>
// The body, in order (u64/u32: integers of 8/4 bytes; str: a string as above):
//   u64 answers, then per answer: str input line, str JSON members, str proof text (or empty)
//   str table_input, u64 table_nodes, 1 byte table_unguided (version 2 on; bits 0 and 1)
//   u64 entries, then per entry: u64 key, u32 pn, u32 dn, u32 work
// Version 1 (before the unguided questions were kept) is read as if none were. A file with
// another tag or version, other rules, another table size, a body cut short or
// longer, or a checksum that does not match, is refused with an error naming the problem.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rules.h"
#include "solver/proof_table.h"

namespace branan::solver {

struct Checkpoint {
    struct Answer {
        std::string input;  // the input line, as read
        std::string json;   // the output line's members after "input_line"
        std::string proof;  // the proof block written for it, or empty
    };
    std::vector<Answer> answers;
    std::string table_input;     // the input line whose search the table holds, or empty
    uint64_t table_nodes = 0;    // nodes spent on it in earlier runs
    uint8_t table_unguided = 0;  // its questions searched unguided already (SolveHooks::unguided)
};

// Writes `cp` and the entries of `table` to `path` (through `path`.tmp and a rename, so that
// `path` is always whole). An empty string, or the error.
std::string save_checkpoint(const std::string& path, const Rules& rules, const ProofTable& table,
                            const Checkpoint& cp);

// Reads the checkpoint at `path` into `cp` and `table` (cleared first). An empty string, or the
// error naming what is wrong with the file; then `cp` and `table` are left empty.
std::string load_checkpoint(const std::string& path, const Rules& rules, ProofTable& table,
                            Checkpoint& cp);

}  // namespace branan::solver
