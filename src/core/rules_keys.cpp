// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rules_keys.h"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

#include "core/expected.h"
#include "core/geometry.h"
#include "core/notation.h"
#include "core/position_record.h"
#include "core/text.h"
#include "core/zobrist.h"

namespace branan {
namespace {

using Write = std::optional<std::string>;

constexpr PieceSet kAttacker = PieceSet::of(Piece::AttackerSoldier);
constexpr PieceSet kDefenders = PieceSet::of(Piece::DefenderSoldier) | kKingOnly;

std::string fail(const RulesKeyInput& in, const std::string& what) {
    return "rules string key '" + in.key + "': " + what;
}

// "takes <what>, not '<value>'".
std::string refuse(const RulesKeyInput& in, const std::string& what) {
    return fail(in, "takes " + what + ", not " + branan::quoted(in.value));
}

// A key whose value is one letter out of a few: each letter and what it sets (a value's first
// letter is the one written), and the letters as the error names them.
template <class T, size_t N>
struct Choices {
    struct Letter {
        const char* letter;
        T value;
    };
    std::array<Letter, N> letters;
    const char* takes;

    std::string parse(const RulesKeyInput& in, T& field) const {
        for (const Letter& l : letters)
            if (in.value == l.letter) {
                field = l.value;
                return {};
            }
        return refuse(in, takes);
    }
    // The letter of `value`; nothing where it is `dflt` or no letter of this key says it.
    Write write(T value, T dflt) const {
        if (value == dflt) return std::nullopt;
        for (const Letter& l : letters)
            if (l.value == value) return l.letter;
        return std::nullopt;
    }
};

constexpr Choices<Escape, 2> kEscape{{{{"c", Escape::Corners}, {"e", Escape::Edge}}},
                                     "c (corners) or e (edge)"};
constexpr Choices<RepetitionRule, 4> kRepetition{{{{"i", RepetitionRule::Ignore},
                                                   {"d", RepetitionRule::Draw},
                                                   {"w", RepetitionRule::LossForRepeater},
                                                   {"l", RepetitionRule::WinForRepeater}}},
                                                 "i, d, w or l"};
// Jump modes; parse_moot reads one for a piece Branan never has on the board.
struct JumpChoices : Choices<JumpMode, 4> {
    std::string parse_moot(const RulesKeyInput& in) const {
        JumpMode ignored;
        return parse(in, ignored);
    }
};
constexpr JumpChoices kJump{{{{{"n", JumpMode::None},
                               {"j", JumpMode::Jump},
                               {"c", JumpMode::Capture},
                               {"r", JumpMode::Restricted}}},
                             "n, j, c or r"}};
constexpr Choices<Berserk, 3> kBerserk{
    {{{"n", Berserk::None}, {"c", Berserk::Capture}, {"m", Berserk::AnyMove}}}, "n, c or m"};
constexpr Choices<KingArmed, 4> kKingArmed{{{{"y", KingArmed::Yes},
                                             {"n", KingArmed::No},
                                             {"a", KingArmed::AnvilOnly},
                                             {"h", KingArmed::HammerOnly}}},
                                           "y, n, a or h"};
constexpr Choices<KingStrength, 6> kKingStrength{{{{"s", KingStrength::Strong},
                                                   {"y", KingStrength::Strong},
                                                   {"c", KingStrength::StrongNearThrone},
                                                   {"m", KingStrength::Middleweight},
                                                   {"w", KingStrength::Weak},
                                                   {"n", KingStrength::Weak}}},
                                                 "s, c, m or w"};
constexpr Choices<Shieldwall, 3> kShieldwall{
    {{{"n", Shieldwall::None}, {"w", Shieldwall::Weak}, {"s", Shieldwall::Strong}}},
    "n (none), w (weak) or s (strong)"};
constexpr Choices<KingStrength, 1> kStrongOnThrone{{{{"t", KingStrength::StrongOnThrone}}},
                                                   "t (strong on the throne only)"};
constexpr Choices<RepetitionRule, 2> kExtendedRepetition{
    {{{"f", RepetitionRule::Forbidden}, {"a", RepetitionRule::DefendersLose}}},
    "f (forbidden) or a (the attackers win)"};
constexpr Choices<NoMoveRule, 2> kNoMove{{{{"l", NoMoveRule::Loss}, {"d", NoMoveRule::Draw}}},
                                         "l (loss) or d (draw)"};
constexpr Choices<bool, 1> kUnbreakable{{{{"u", true}}},
                                        "u (an unbreakable ring around every defender)"};
constexpr Choices<ShieldwallScan, 1> kRows{{{{"r", ShieldwallScan::Rows}}},
                                           "r (clean rows, not OpenTafl's scan)"};
constexpr Choices<EdgeFort, 1> kSealed{{{{"s", EdgeFort::Sealed}}},
                                       "s (sealed forts, as the real Copenhagen games)"};

// Piece letters of OpenTafl: t c n k m g for attackers, upper case for defenders. t, T and K
// stand for themselves and for the commanders, knights and mercenaries of their side (c, n, m and
// C, N, M are read and ignored); g and G are the guards, whom no default list names; k (an
// attacking king) is moot.
Expected<PieceSet> parse_piece_set(const RulesKeyInput& in) {
    PieceSet set;
    for (char c : in.value) {
        switch (c) {
            case 't':
                set = set | PieceSet::of(Piece::AttackerSoldier);
                break;
            case 'T':
                set = set | PieceSet::of(Piece::DefenderSoldier);
                break;
            case 'K':
                set = set | kKingOnly;
                break;
            case 'g':
                set = set | PieceSet::guard(Side::Attackers);
                break;
            case 'G':
                set = set | PieceSet::guard(Side::Defenders);
                break;
            case 'c':
            case 'n':
            case 'k':
            case 'm':
            case 'C':
            case 'N':
            case 'M':
                break;
            default:
                return Error{fail(in, "'" + std::string(1, c) +
                                          "' is not a piece letter (tcnkmg for attackers, "
                                          "TCNKMG for defenders)")};
        }
    }
    return set;
}

// As OpenTafl reads a list; where the start has commanders, knights or mercenaries (`ranks`:
// their letters), each is written with its side's soldier, as parse_rules_string requires.
std::string write_piece_set(PieceSet s, const std::string& ranks = "") {
    std::string out;
    auto soldier = [&](char t, const char* letters) {
        out += t;
        for (const char* c = letters; *c; ++c)
            if (ranks.find(*c) != std::string::npos) out += *c;
    };
    if (s.has(Piece::AttackerSoldier)) soldier('t', "cnm");
    if (s.has_guard(Side::Attackers)) out += 'g';
    if (s.has(Piece::DefenderSoldier)) soldier('T', "CNM");
    if (s.has(Piece::King)) out += 'K';
    if (s.has_guard(Side::Defenders)) out += 'G';
    return out;
}

std::string take_set(const RulesKeyInput& in, PieceSet& field) {
    auto s = parse_piece_set(in);
    if (!s) return s.error();
    field = *s;
    return {};
}

Write set_differs(PieceSet value, PieceSet dflt, const Rules& rules) {
    std::string ranks;
    for (char c : std::string("cnCN"))
        if (rules.start.find(c) != std::string::npos) ranks += c;
    if (rules.start.find_first_of("mM") != std::string::npos) ranks += "mM";  // they change sides
    return value != dflt ? Write(write_piece_set(value, ranks)) : std::nullopt;
}

// Hostility lists: OpenTafl reads only the t bit (attackers) and the T bit (defenders, the king
// included). Branan's x...k keys may set the king apart afterwards.
std::string take_hostility(const RulesKeyInput& in, PieceSet& field) {
    auto s = parse_piece_set(in);
    if (!s) return s.error();
    field = PieceSet{};
    if (s->has(Piece::AttackerSoldier)) field = field | kAttacker;
    if (s->has(Piece::DefenderSoldier)) field = field | kDefenders;
    return {};
}

// A fortress is as hostile empty as occupied (OpenTafl reads one list for both).
std::string take_fort_hostility(const RulesKeyInput& in, SpecialSquareRules& kind) {
    std::string problem = take_hostility(in, kind.hostile);
    kind.hostile_empty = kind.hostile;
    return problem;
}

std::string write_hostility(PieceSet s) {
    std::string out;
    if (s.has(Piece::AttackerSoldier)) out += 't';
    if (s.has(Piece::DefenderSoldier)) out += 'T';
    return out;
}

Write hostility_differs(PieceSet value, PieceSet dflt) {
    return write_hostility(value) != write_hostility(dflt) ? Write(write_hostility(value))
                                                           : std::nullopt;
}

Expected<bool> parse_yes_no(const RulesKeyInput& in) {
    if (in.value == "y") return true;
    if (in.value == "n") return false;
    return Error{"rules string key '" + in.key + "' takes y or n, not " + branan::quoted(in.value)};
}

// y / n keys: `field` becomes `yes` or `no`.
template <class T>
std::string take_yes_no(const RulesKeyInput& in, T& field, T yes, T no) {
    auto b = parse_yes_no(in);
    if (!b) return b.error();
    field = *b ? yes : no;
    return {};
}

std::string take_bool(const RulesKeyInput& in, bool& field) {
    return take_yes_no(in, field, true, false);
}

// The extension keys that set the king apart in a hostility set (y: hostile to him).
std::string take_king_hostility(const RulesKeyInput& in, PieceSet& field) {
    auto b = parse_yes_no(in);
    if (!b) return b.error();
    field.bits =
        static_cast<uint8_t>(*b ? field.bits | kKingOnly.bits : field.bits & ~kKingOnly.bits);
    return {};
}

// Written only where the king differs from the defender soldiers (the T letter).
Write king_hostility_differs(PieceSet s) {
    if (s.has(Piece::King) == s.has(Piece::DefenderSoldier)) return std::nullopt;
    return s.has(Piece::King) ? "y" : "n";
}

Expected<int> parse_int(const RulesKeyInput& in, const std::string& value, int lo, int hi) {
    const std::optional<int> n = parse_whole<int>(value);
    if (!n)
        return Error{"rules string key '" + in.key + "' needs a number, not " +
                     branan::quoted(value)};
    if (*n < lo || *n > hi)
        return Error{fail(in, std::to_string(*n) + " is out of range (" + std::to_string(lo) +
                                  " to " + std::to_string(hi) + ")")};
    return *n;
}

// A square list ("a1,b2,..."; empty items, as a trailing comma, are skipped): the squares
// ascending, or an error naming the key (a square off the board or listed twice).
Expected<std::vector<Square>> parse_square_list(const RulesKeyInput& in) {
    std::vector<Square> squares;
    for (const std::string& item : split_at(in.value, ',')) {
        if (item.empty()) continue;
        auto sq = parse_square(item, in.size);
        if (!sq) return Error{fail(in, sq.error())};
        if (std::find(squares.begin(), squares.end(), *sq) != squares.end())
            return Error{fail(in, item + " is listed twice")};
        squares.push_back(*sq);
    }
    std::sort(squares.begin(), squares.end());
    return squares;
}

// As OpenTafl writes a list: every square followed by a comma.
std::string write_square_list(const std::vector<Square>& squares, int size) {
    std::string out;
    for (Square sq : squares) out += square_name(sq, size) + ",";
    return out;
}

// cor: / cen: an empty list makes the kind ordinary squares; a list equal to the default squares
// (`physical`) is kept as the default, any other replaces it.
std::string take_special_squares(const RulesKeyInput& in, SpecialSquareRules& kind,
                                 std::vector<Square> physical) {
    auto squares = parse_square_list(in);
    if (!squares) return squares.error();
    std::sort(physical.begin(), physical.end());
    kind.exists = !squares->empty();
    kind.squares = *squares == physical ? std::vector<Square>{} : *squares;
    return {};
}

Write write_special_squares(const SpecialSquareRules& kind, int size) {
    if (!kind.exists) return "";
    if (kind.squares.empty()) return std::nullopt;
    return write_square_list(kind.squares, size);
}

std::string take_forts(const RulesKeyInput& in, SpecialSquareRules& kind) {
    auto squares = parse_square_list(in);
    if (!squares) return squares.error();
    kind.squares = *squares;
    return {};
}

Write write_forts(const SpecialSquareRules& kind, int size) {
    if (kind.squares.empty()) return std::nullopt;
    return write_square_list(kind.squares, size);
}

// The 'spd' letters of the special pieces, in the order of Rules::special_speed, and their
// places in OpenTafl's 12 values (t c n k m g T C N K M G).
constexpr int kSpecialSpeedIndex[8] = {1, 2, 4, 5, 7, 8, 10, 11};

// spd: "N" for every piece, "A,D" for attackers and defenders, or 12 values in the order
// t c n k m g T C N K M G; -1 and 0 mean no limit. As OpenTafl's code moves, any other value
// not above 0 means no limit too, and one above the board size is no limit either. A special
// piece's value is kept apart only where it differs from its side's soldiers' (t, T).
std::string take_speeds(const RulesKeyInput& in, Rules& r) {
    std::array<int, kPieceKinds>& speed = r.speed;
    r.special_speed.fill(-1);
    std::vector<std::string> parts = split_at(in.value, ',');
    if (parts.size() > 1 && parts.back().empty()) parts.pop_back();
    std::vector<int> v;
    for (const auto& p : parts) {
        auto n = parse_int(in, p, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        if (!n) return n.error();
        v.push_back(*n > 0 && *n <= in.size ? *n : 0);
    }
    if (v.size() == 1)
        speed = {v[0], v[0], v[0]};
    else if (v.size() == 2)
        speed = {v[0], v[1], v[1]};
    else if (v.size() == 12) {
        speed = {v[0], v[6], v[9]};
        for (int i = 0; i < 8; ++i) {
            const int value = v[kSpecialSpeedIndex[i]], soldiers = i < 4 ? v[0] : v[6];
            if (value != soldiers) r.special_speed[i] = value;
        }
    } else
        return "rules string key 'spd' takes 1, 2 or 12 comma-separated speeds, not " +
               std::to_string(v.size());
    return {};
}

std::string write_speed(int s) {
    return std::to_string(s == 0 ? -1 : s);
}

Write write_speeds(const Rules& r, const Rules& d) {
    const bool special = r.special_speed != d.special_speed;
    if (r.speed == d.speed && !special) return std::nullopt;
    if (r.speed[0] == r.speed[1] && r.speed[1] == r.speed[2] && !special)
        return write_speed(r.speed[0]);
    int per_letter[12] = {r.speed[0], r.speed[0], r.speed[0], r.speed[0], r.speed[0], r.speed[0],
                          r.speed[1], r.speed[1], r.speed[1], r.speed[2], r.speed[1], r.speed[1]};
    for (int i = 0; i < 8; ++i)
        if (r.special_speed[i] >= 0) per_letter[kSpecialSpeedIndex[i]] = r.special_speed[i];
    std::string v;
    for (int s : per_letter) v += write_speed(s) + ",";
    return v;
}

std::string take_start(Rules& r, const RulesKeyInput& in) {
    if (in.key == "starti" && in.has_start) return fail(in, "give 'start' or 'starti', not both");
    std::string record = in.value;
    if (in.key == "starti") {
        std::vector<std::string> rows = split_at(in.value, '/');
        std::reverse(rows.begin(), rows.end());
        record.clear();
        for (size_t i = 0; i < rows.size(); ++i) record += (i ? "/" : "") + rows[i];
    }
    auto setup = parse_position_record(record);
    if (!setup) return fail(in, setup.error());
    r.start = write_position_record(*setup);
    return {};
}

using K = RulesKeyKind;

// The table. Captureless lambdas: the parse and write of each key stand next to each other.
const RulesKey kKeys[] = {
    {"dim", K::OpenTafl, "5-19, odd", "board size (required)",
     [](Rules& r, const RulesKeyInput& in) {
         auto n = parse_int(in, in.value, 5, kMaxBoardSize);
         if (!n) return n.error();
         if (*n % 2 == 0)
             return fail(in, std::to_string(*n) + " is even: board sizes are odd (5 to " +
                                 std::to_string(kMaxBoardSize) + ")");
         r.size = *n;
         return std::string();
     },
     [](const Rules& r, const Rules&) -> Write { return std::to_string(r.size); }},
    {"name", K::OpenTafl, "text (_ for a space)", "variant name",
     [](Rules& r, const RulesKeyInput& in) {
         r.name = in.value;
         std::replace(r.name.begin(), r.name.end(), '_', ' ');
         return std::string();
     },
     [](const Rules& r, const Rules&) -> Write {
         std::string name = r.name;
         std::replace(name.begin(), name.end(), ' ', '_');
         return name;
     }},
    {"esc", K::OpenTafl, "c / e", "escape to a corner / to any edge square",
     [](Rules& r, const RulesKeyInput& in) { return kEscape.parse(in, r.escape); },
     [](const Rules& r, const Rules& d) { return kEscape.write(r.escape, d.escape); }},
    {"surf", K::OpenTafl, "y / n", "encirclement: the attackers win by shutting in every defender",
     [](Rules& r, const RulesKeyInput& in) { return take_bool(in, r.encirclement); },
     [](const Rules& r, const Rules&) -> Write {
         return r.encirclement ? std::nullopt : Write("n");
     }},
    {"atkf", K::OpenTafl, "y / n", "attackers move first / defenders do",
     [](Rules& r, const RulesKeyInput& in) {
         return take_yes_no(in, r.first_to_move, Side::Attackers, Side::Defenders);
     },
     [](const Rules& r, const Rules&) -> Write {
         return r.first_to_move == Side::Attackers ? "y" : "n";
     }},
    {"tfr", K::OpenTafl, "i / d / w / l",
     "third repetition: ignored / draw / the side that makes it loses / the side that makes it "
     "wins",
     [](Rules& r, const RulesKeyInput& in) { return kRepetition.parse(in, r.repetition); },
     // Under `xtfr:a`, OpenTafl's nearest reading for programs that ignore Branan's keys.
     [](const Rules& r, const Rules& d) {
         return r.repetition == RepetitionRule::DefendersLose
                    ? Write("w")
                    : kRepetition.write(r.repetition, d.repetition);
     }},
    {"ka", K::OpenTafl, "y / n / a / h", "king armed / unarmed / anvil only / hammer only",
     [](Rules& r, const RulesKeyInput& in) { return kKingArmed.parse(in, r.king_armed); },
     [](const Rules& r, const Rules& d) { return kKingArmed.write(r.king_armed, d.king_armed); }},
    {"ks", K::OpenTafl, "s (or y) / c / m / w (or n)",
     "king strong (4 sides) / strong on and next to the throne / middleweight / weak (2 sides)",
     [](Rules& r, const RulesKeyInput& in) { return kKingStrength.parse(in, r.king_strength); },
     [](const Rules& r, const Rules& d) {
         // Strong on the throne only is xks:t, beside ks:c, OpenTafl's nearest value.
         return kKingStrength.write(r.king_strength == KingStrength::StrongOnThrone
                                        ? KingStrength::StrongNearThrone
                                        : r.king_strength,
                                    d.king_strength);
     }},
    {"cor", K::OpenTafl, "square list (a1,b1,...)",
     "the corner squares (the king's escapes with esc:c); empty: none",
     [](Rules& r, const RulesKeyInput& in) {
         const auto corners = corner_squares_of(in.size);
         return take_special_squares(in, r.corners, {corners.begin(), corners.end()});
     },
     [](const Rules& r, const Rules&) { return write_special_squares(r.corners, r.size); }},
    {"cen", K::OpenTafl, "square list", "the throne squares; empty: none",
     [](Rules& r, const RulesKeyInput& in) {
         return take_special_squares(in, r.throne, {throne_square(in.size)});
     },
     [](const Rules& r, const Rules&) { return write_special_squares(r.throne, r.size); }},
    {"afor", K::OpenTafl, "square list", "attacker fortress squares",
     [](Rules& r, const RulesKeyInput& in) { return take_forts(in, r.attacker_forts); },
     [](const Rules& r, const Rules&) { return write_forts(r.attacker_forts, r.size); }},
    {"dfor", K::OpenTafl, "square list", "defender fortress squares",
     [](Rules& r, const RulesKeyInput& in) { return take_forts(in, r.defender_forts); },
     [](const Rules& r, const Rules&) { return write_forts(r.defender_forts, r.size); }},
    {"spd", K::OpenTafl, "N; A,D; or 12 values",
     "squares a move: one value for all pieces, attackers and defenders, or one per OpenTafl "
     "piece letter t c n k m g T C N K M G; -1 or 0: no limit",
     [](Rules& r, const RulesKeyInput& in) { return take_speeds(in, r); }, write_speeds},
    {"corp", K::OpenTafl, "piece letters", "who may cross the empty corner",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.corners.pass); },
     [](const Rules& r, const Rules& d) { return set_differs(r.corners.pass, d.corners.pass, r); }},
    {"cenp", K::OpenTafl, "piece letters", "who may cross the empty throne",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.throne.pass); },
     [](const Rules& r, const Rules& d) { return set_differs(r.throne.pass, d.throne.pass, r); }},
    {"cors", K::OpenTafl, "piece letters", "who may stop on a corner",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.corners.stop); },
     [](const Rules& r, const Rules& d) { return set_differs(r.corners.stop, d.corners.stop, r); }},
    {"cens", K::OpenTafl, "piece letters", "who may stop on the throne",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.throne.stop); },
     [](const Rules& r, const Rules& d) { return set_differs(r.throne.stop, d.throne.stop, r); }},
    {"corh", K::OpenTafl, "hostility letters", "corners hostile to",
     [](Rules& r, const RulesKeyInput& in) {
         std::string problem = take_hostility(in, r.corners.hostile);
         r.corners.hostile_empty = r.corners.hostile;
         return problem;
     },
     [](const Rules& r, const Rules& d) {
         return hostility_differs(r.corners.hostile, d.corners.hostile);
     }},
    {"cenh", K::OpenTafl, "hostility letters", "the throne, with a piece on it, hostile to",
     [](Rules& r, const RulesKeyInput& in) { return take_hostility(in, r.throne.hostile); },
     [](const Rules& r, const Rules& d) {
         return hostility_differs(r.throne.hostile, d.throne.hostile);
     }},
    {"cenhe", K::OpenTafl, "hostility letters", "the empty throne hostile to",
     [](Rules& r, const RulesKeyInput& in) { return take_hostility(in, r.throne.hostile_empty); },
     [](const Rules& r, const Rules& d) {
         return hostility_differs(r.throne.hostile_empty, d.throne.hostile_empty);
     }},
    {"corre", K::OpenTafl, "piece letters",
     "who may come back to a corner after leaving it (others may neither stop on nor cross it)",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.corners.reenter); },
     [](const Rules& r, const Rules& d) {
         return set_differs(r.corners.reenter, d.corners.reenter, r);
     }},
    {"cenre", K::OpenTafl, "piece letters",
     "who may come back to the throne after leaving it (others may neither stop on nor cross it)",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.throne.reenter); },
     [](const Rules& r, const Rules& d) {
         return set_differs(r.throne.reenter, d.throne.reenter, r);
     }},
    {"aforp", K::OpenTafl, "piece letters", "who may cross an attacker fortress",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.attacker_forts.pass); },
     [](const Rules& r, const Rules& d) {
         return set_differs(r.attacker_forts.pass, d.attacker_forts.pass, r);
     }},
    {"dforp", K::OpenTafl, "piece letters", "who may cross a defender fortress",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.defender_forts.pass); },
     [](const Rules& r, const Rules& d) {
         return set_differs(r.defender_forts.pass, d.defender_forts.pass, r);
     }},
    {"afors", K::OpenTafl, "piece letters", "who may stop on an attacker fortress",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.attacker_forts.stop); },
     [](const Rules& r, const Rules& d) {
         return set_differs(r.attacker_forts.stop, d.attacker_forts.stop, r);
     }},
    {"dfors", K::OpenTafl, "piece letters", "who may stop on a defender fortress",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.defender_forts.stop); },
     [](const Rules& r, const Rules& d) {
         return set_differs(r.defender_forts.stop, d.defender_forts.stop, r);
     }},
    {"aforh", K::OpenTafl, "hostility letters", "attacker fortresses (empty or not) hostile to",
     [](Rules& r, const RulesKeyInput& in) { return take_fort_hostility(in, r.attacker_forts); },
     [](const Rules& r, const Rules& d) {
         return hostility_differs(r.attacker_forts.hostile, d.attacker_forts.hostile);
     }},
    {"dforh", K::OpenTafl, "hostility letters", "defender fortresses (empty or not) hostile to",
     [](Rules& r, const RulesKeyInput& in) { return take_fort_hostility(in, r.defender_forts); },
     [](const Rules& r, const Rules& d) {
         return hostility_differs(r.defender_forts.hostile, d.defender_forts.hostile);
     }},
    {"aforre", K::OpenTafl, "piece letters",
     "who may come onto an attacker fortress from elsewhere (others may neither stop on nor "
     "cross one unless they stand on one)",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.attacker_forts.reenter); },
     [](const Rules& r, const Rules& d) {
         return set_differs(r.attacker_forts.reenter, d.attacker_forts.reenter, r);
     }},
    {"dforre", K::OpenTafl, "piece letters",
     "who may come onto a defender fortress from elsewhere (others may neither stop on nor "
     "cross one unless they stand on one)",
     [](Rules& r, const RulesKeyInput& in) { return take_set(in, r.defender_forts.reenter); },
     [](const Rules& r, const Rules& d) {
         return set_differs(r.defender_forts.reenter, d.defender_forts.reenter, r);
     }},
    {"linc", K::OpenTafl, "y / n", "Linnaean capture",
     [](Rules& r, const RulesKeyInput& in) { return take_bool(in, r.linnaean_capture); },
     [](const Rules& r, const Rules&) -> Write {
         return r.linnaean_capture ? Write("y") : std::nullopt;
     }},
    {"sw", K::OpenTafl, "n / w / s", "shieldwall: none / weak / strong (a corner closes it)",
     [](Rules& r, const RulesKeyInput& in) { return kShieldwall.parse(in, r.shieldwall); },
     [](const Rules& r, const Rules& d) { return kShieldwall.write(r.shieldwall, d.shieldwall); }},
    {"swf", K::OpenTafl, "y / n",
     "a shieldwall is taken by a move onto one end of it / by any move of the side closing it",
     [](Rules& r, const RulesKeyInput& in) { return take_bool(in, r.shieldwall_flank); },
     [](const Rules& r, const Rules&) -> Write {
         return r.shieldwall_flank ? std::nullopt : Write("n");
     }},
    {"efe", K::OpenTafl, "y / n", "exit forts win for the defenders (OpenTafl's test)",
     [](Rules& r, const RulesKeyInput& in) {
         return take_yes_no(in, r.edge_fort, EdgeFort::OpenTafl, EdgeFort::None);
     },
     [](const Rules& r, const Rules&) -> Write {
         return r.edge_fort != EdgeFort::None ? Write("y") : std::nullopt;
     }},
    // Branan's extensions: what OpenTafl cannot say (OpenTafl ignores these keys).
    {"xks", K::Extension, "t", "the king is strong on the throne only, weak elsewhere",
     [](Rules& r, const RulesKeyInput& in) { return kStrongOnThrone.parse(in, r.king_strength); },
     [](const Rules& r, const Rules& d) {
         return kStrongOnThrone.write(r.king_strength, d.king_strength);
     }},
    {"xtfr", K::Extension, "f / a",
     "third repetition (overrides tfr): a move that makes it is illegal / the attackers win, "
     "whoever makes it (the published Copenhagen rule)",
     [](Rules& r, const RulesKeyInput& in) { return kExtendedRepetition.parse(in, r.repetition); },
     [](const Rules& r, const Rules& d) {
         return kExtendedRepetition.write(r.repetition, d.repetition);
     }},
    {"xnomove", K::Extension, "l / d", "a side with no legal move loses / draws",
     [](Rules& r, const RulesKeyInput& in) { return kNoMove.parse(in, r.no_move); },
     [](const Rules& r, const Rules& d) { return kNoMove.write(r.no_move, d.no_move); }},
    {"xforest", K::Extension, "0-8",
     "a soldier on a corner at the end of this many consecutive own moves is removed; 0 = off",
     [](Rules& r, const RulesKeyInput& in) {
         auto n = parse_int(in, in.value, 0, zobrist::kMaxForestMoves);
         if (!n) return n.error();
         r.forest_moves = *n;
         return std::string();
     },
     [](const Rules& r, const Rules&) -> Write {
         return r.forest_moves ? Write(std::to_string(r.forest_moves)) : std::nullopt;
     }},
    {"xsurf", K::Extension, "u",
     "encirclement wins only with an unbreakable ring around every defender",
     [](Rules& r, const RulesKeyInput& in) {
         return kUnbreakable.parse(in, r.encirclement_unbreakable);
     },
     [](const Rules& r, const Rules& d) {
         return kUnbreakable.write(r.encirclement_unbreakable, d.encirclement_unbreakable);
     }},
    {"xefe", K::Extension, "s", "exit forts are sealed (overrides efe's OpenTafl test)",
     [](Rules& r, const RulesKeyInput& in) { return kSealed.parse(in, r.edge_fort); },
     [](const Rules& r, const Rules& d) { return kSealed.write(r.edge_fort, d.edge_fort); }},
    {"xsw", K::Extension, "r",
     "shieldwalls are clean rows (overrides OpenTafl's scan, which sw plays quirks and all)",
     [](Rules& r, const RulesKeyInput& in) { return kRows.parse(in, r.shieldwall_scan); },
     [](const Rules& r, const Rules& d) {
         return kRows.write(r.shieldwall_scan, d.shieldwall_scan);
     }},
    {"xkcross", K::Extension, "y / n",
     "where the king may not return to the throne, whether he may still cross it",
     [](Rules& r, const RulesKeyInput& in) { return take_bool(in, r.king_crosses_left_throne); },
     [](const Rules& r, const Rules&) -> Write {
         return r.king_crosses_left_throne ? Write("y") : std::nullopt;
     }},
    {"xcorhk", K::Extension, "y / n", "whether the corners are hostile to the king",
     [](Rules& r, const RulesKeyInput& in) {
         std::string problem = take_king_hostility(in, r.corners.hostile);
         r.corners.hostile_empty = r.corners.hostile;
         return problem;
     },
     [](const Rules& r, const Rules&) { return king_hostility_differs(r.corners.hostile); }},
    {"xcenhk", K::Extension, "y / n",
     "whether the throne with a piece on it is hostile to the king",
     [](Rules& r, const RulesKeyInput& in) { return take_king_hostility(in, r.throne.hostile); },
     [](const Rules& r, const Rules&) { return king_hostility_differs(r.throne.hostile); }},
    {"xcenhek", K::Extension, "y / n", "whether the empty throne is hostile to the king",
     [](Rules& r, const RulesKeyInput& in) {
         return take_king_hostility(in, r.throne.hostile_empty);
     },
     [](const Rules& r, const Rules&) { return king_hostility_differs(r.throne.hostile_empty); }},
    {"kj", K::OpenTafl, "n / j / c / r",
     "king jumps: none / over an enemy soldier / capturing it / only from or onto a special square",
     [](Rules& r, const RulesKeyInput& in) { return kJump.parse(in, r.king_jump); },
     [](const Rules& r, const Rules& d) { return kJump.write(r.king_jump, d.king_jump); }},
    {"nj", K::OpenTafl, "n / j / c / r", "knights' jumps (as kj; OpenTafl's default c)",
     [](Rules& r, const RulesKeyInput& in) { return kJump.parse(in, r.knight_jump); },
     [](const Rules& r, const Rules& d) { return kJump.write(r.knight_jump, d.knight_jump); }},
    {"cj", K::OpenTafl, "n / j / c / r", "commanders' jumps (as kj; OpenTafl's default j)",
     [](Rules& r, const RulesKeyInput& in) { return kJump.parse(in, r.commander_jump); },
     [](const Rules& r, const Rules& d) {
         return kJump.write(r.commander_jump, d.commander_jump);
     }},
    {"mj", K::OpenTafl, "n / j / c / r", "mercenaries' jumps (as kj; OpenTafl's default n)",
     [](Rules& r, const RulesKeyInput& in) { return kJump.parse(in, r.mercenary_jump); },
     [](const Rules& r, const Rules& d) {
         return kJump.write(r.mercenary_jump, d.mercenary_jump);
     }},
    {"ber", K::OpenTafl, "n / c / m",
     "berserk: after a capture the same piece moves again while it can capture (c) / move (m)",
     [](Rules& r, const RulesKeyInput& in) { return kBerserk.parse(in, r.berserk); },
     [](const Rules& r, const Rules& d) { return kBerserk.write(r.berserk, d.berserk); }},
    {"start", K::OpenTafl, "position record", "start position, rank 1 first (required)", take_start,
     [](const Rules& r, const Rules&) -> Write { return r.start; }},
    // Read, never written.
    {"starti", K::OpenTafl, "position record", "start position, top rank first", take_start,
     nullptr},
    {"gj", K::Ignored, "n / r / j / c", "guards' jumps (OpenTafl's guards never jump)",
     [](Rules&, const RulesKeyInput& in) { return kJump.parse_moot(in); }, nullptr},
};

}  // namespace

std::span<const RulesKey> rules_keys() {
    return kKeys;
}

const RulesKey* find_rules_key(const std::string& name) {
    for (const RulesKey& k : kKeys)
        if (name == k.name) return &k;
    return nullptr;
}

Rules opentafl_defaults(int size) {
    Rules r;
    r.name = "";
    r.size = size;
    r.start.clear();
    r.encirclement = true;
    r.king_strength = KingStrength::Strong;
    r.repetition = RepetitionRule::Draw;
    r.throne = SpecialSquareRules{};
    r.throne.hostile = kAttacker;
    r.throne.hostile_empty = PieceSet::all();
    r.corners = SpecialSquareRules{};
    r.corners.pass = kKingOnly;
    r.corners.hostile = r.corners.hostile_empty = PieceSet::all();
    r.attacker_forts = fortress_defaults(Side::Attackers);
    r.defender_forts = fortress_defaults(Side::Defenders);
    return r;
}

}  // namespace branan
