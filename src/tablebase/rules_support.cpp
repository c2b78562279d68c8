// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/rules_support.h"

#include "core/rule_tables.h"
#include "core/text.h"
#include "tablebase/symmetry.h"

namespace branan::tablebase {

std::string unsupported_rules_problem(const Rules& rules) {
    const std::string name = "rules " + branan::quoted(rules.name) + ": ";
    if (const std::string problem = validate(rules); !problem.empty()) return name + problem;
    if (rules.size * rules.size > 64) return name + "tablebases need a board of at most 8x8";
    if (special_rules(rules)) return name + "special pieces, jumps and berserk are not supported";
    if (rules.forest_moves > 0) return name + "the forest rule keeps state beyond the board";
    if (rules.edge_fort != EdgeFort::None) return name + "exit forts are not supported";
    const RuleTables<BoardBits> tables(rules);
    if (!tables.king_reenters) return name + "a king who may not return to the throne";
    if (tables.forts_bb) return name + "fortresses are not supported";
    if (tables.no_stop[kOffFort][0] != tables.no_stop[kOffFort][1])
        return name + "the two sides' soldiers may stop on different squares";
    if (!rules_symmetric(tables, Symmetry(rules.size)))
        return name + "the board is not symmetric under the rules";
    return {};
}

}  // namespace branan::tablebase
