// SPDX-License-Identifier: GPL-3.0-or-later
// Re-checks loaded slices against the rules core: every entry is unused exactly where its index
// is not its position's canonical one, and every position's value is the one its successors give
// it (position_value.h), successors looked up in the slices as stored. Such local consistency
// makes every win and loss, with its distance, and every position without a forced win exact:
// a wrong entry would have a wrong successor, down to a finished game the rules core judges.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tablebase/table_set.h"

namespace branan::tablebase {

struct VerifyReport {
    Material material;
    uint64_t positions = 0;      // canonical positions checked
    uint64_t mismatches = 0;     // entries that do not match
    std::string first_mismatch;  // the first one, described
};

// Checks slice m of `set` (every slice its captures lead into must be in `set` too).
VerifyReport verify_slice(const TableSet& set, Material m, int threads);

}  // namespace branan::tablebase
