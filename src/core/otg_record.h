// SPDX-License-Identifier: GPL-3.0-or-later
// Reading OpenTafl game records (.otg), as OpenTafl saves them and branan-match writes them
// (match/records.h has the writer):
//
//   [event:...] [date:yyyy.mm.dd] [attackers:...] [defenders:...] [result:1|-1|0|?] ...
//   [rules:<rules string>]
//   <blank line>
//   1. d2-e2 Kd4-c4
//   2. e2-d2xd3/c2 ...
//
// one tag a line, then the moves, turn numbers ("1.") and comments in braces left out.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"

namespace branan {

struct OtgRecord {
    std::vector<std::pair<std::string, std::string>> tags;  // in the order written
    std::vector<std::string> moves;                         // as written: "Kd4-c4", "e2-d2xd3/c2"

    // The value of tag `key`, or "" when the record has none.
    std::string tag(std::string_view key) const;
};

// Parses the record; the error names the line (an unclosed tag, a comment that does not end).
Expected<OtgRecord> parse_otg(std::string_view text);

}  // namespace branan
