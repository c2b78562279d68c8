#include "core/rules_string.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "core/geometry.h"
#include "core/notation.h"
#include "core/position_record.h"
#include "core/presets.h"
#include "core/zobrist.h"

namespace branan {
namespace {

constexpr PieceSet kAttacker = PieceSet::of(Piece::AttackerSoldier);
constexpr PieceSet kDefenders = PieceSet::of(Piece::DefenderSoldier) | kKingOnly;

// What a rules string means where it leaves a key out: OpenTafl's defaults (its code, where
// the spec differs).
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
    return r;
}

// Piece letters of OpenTafl: t c n k m g for attackers, upper case for defenders. Only t, T
// and K can stand on a Branan board; the others are accepted in lists, where they are moot.
Expected<PieceSet> parse_piece_set(const std::string& key, const std::string& value) {
    PieceSet set;
    for (char c : value) {
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
            case 'c':
            case 'n':
            case 'k':
            case 'm':
            case 'g':
            case 'C':
            case 'N':
            case 'M':
            case 'G':
                break;
            default:
                return Error{
                    "rules string key '" + key + "': '" + std::string(1, c) +
                    "' is not a piece letter (tcnkmg for attackers, TCNKMG for defenders)"};
        }
    }
    return set;
}

std::string write_piece_set(PieceSet s) {
    std::string out;
    if (s.has(Piece::AttackerSoldier)) out += 't';
    if (s.has(Piece::DefenderSoldier)) out += 'T';
    if (s.has(Piece::King)) out += 'K';
    return out;
}

// Hostility lists: OpenTafl reads only the t bit (attackers) and the T bit (defenders, the king
// included). Branan's x...k keys may set the king apart afterwards.
PieceSet hostility_from_letters(PieceSet letters) {
    PieceSet s;
    if (letters.has(Piece::AttackerSoldier)) s = s | kAttacker;
    if (letters.has(Piece::DefenderSoldier)) s = s | kDefenders;
    return s;
}

std::string write_hostility(PieceSet s) {
    std::string out;
    if (s.has(Piece::AttackerSoldier)) out += 't';
    if (s.has(Piece::DefenderSoldier)) out += 'T';
    return out;
}

PieceSet with_king(PieceSet s, bool king) {
    s.bits = static_cast<uint8_t>(king ? s.bits | kKingOnly.bits : s.bits & ~kKingOnly.bits);
    return s;
}

Expected<bool> parse_yes_no(const std::string& key, const std::string& value) {
    if (value == "y") return true;
    if (value == "n") return false;
    return Error{"rules string key '" + key + "' takes y or n, not '" + value + "'"};
}

Expected<int> parse_int(const std::string& key, const std::string& value, int lo, int hi) {
    if (value.empty() || value.size() > 3)
        return Error{"rules string key '" + key + "' needs a number, not '" + value + "'"};
    const bool negative = value[0] == '-';
    if (negative && value.size() == 1)
        return Error{"rules string key '" + key + "' needs a number, not '-'"};
    int n = 0;
    for (size_t i = negative; i < value.size(); ++i) {
        if (value[i] < '0' || value[i] > '9')
            return Error{"rules string key '" + key + "' needs a number, not '" + value + "'"};
        n = n * 10 + (value[i] - '0');
    }
    if (negative) n = -n;
    if (n < lo || n > hi)
        return Error{"rules string key '" + key + "': " + value + " is out of range (" +
                     std::to_string(lo) + " to " + std::to_string(hi) + ")"};
    return n;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (;;) {
        const size_t at = s.find(sep, start);
        parts.push_back(s.substr(start, at - start));
        if (at == std::string::npos) return parts;
        start = at + 1;
    }
}

// cor: / cen: take square lists; Branan supports the physical corners and centre, or none.
Expected<bool> parse_special_squares(const std::string& key, const std::string& value, int size,
                                     const std::set<Square>& physical) {
    std::set<Square> squares;
    for (const std::string& item : split(value, ',')) {
        if (item.empty()) continue;
        auto sq = parse_square(item, size);
        if (!sq) return Error{"rules string key '" + key + "': " + sq.error()};
        squares.insert(*sq);
    }
    if (squares.empty()) return false;
    if (squares == physical) return true;
    return Error{"rules string key '" + key + "': special squares other than the " +
                 (key == "cor" ? std::string("four corners") : std::string("centre")) +
                 " are not supported"};
}

// spd: "N" for every piece, "A,D" for attackers and defenders, or 12 values in the order
// t c n k m g T C N K M G; -1 and 0 mean no limit.
Expected<std::array<int, kPieceKinds>> parse_speeds(const std::string& value, int size) {
    std::vector<std::string> parts = split(value, ',');
    if (parts.size() > 1 && parts.back().empty()) parts.pop_back();
    std::vector<int> v;
    for (const auto& p : parts) {
        auto n = parse_int("spd", p, -1, size);
        if (!n) return Error{n.error()};
        v.push_back(std::max(*n, 0));
    }
    if (v.size() == 1) return std::array<int, kPieceKinds>{v[0], v[0], v[0]};
    if (v.size() == 2) return std::array<int, kPieceKinds>{v[0], v[1], v[1]};
    if (v.size() == 12) return std::array<int, kPieceKinds>{v[0], v[6], v[9]};
    return Error{"rules string key 'spd' takes 1, 2 or 12 comma-separated speeds, not " +
                 std::to_string(v.size())};
}

std::string write_speed(int s) {
    return std::to_string(s == 0 ? -1 : s);
}

// Keys that name rules Branan does not play; a value other than "off" is refused.
const std::map<std::string, std::pair<std::string, const char*>> kUnsupported = {
    {"kj", {"n", "king jumps"}},
    {"ber", {"n", "berserk moves"}},
    {"afor", {"", "attacker fortresses"}},
    {"dfor", {"", "defender fortresses"}},
};

// Keys about pieces or squares Branan never has (knights, commanders, fortresses...): any
// well-formed value is accepted, since nothing they describe can be on the board.
const std::set<std::string> kMootJumpKeys = {"nj", "cj", "mj", "gj"};
const std::set<std::string> kMootPieceListKeys = {"aforp", "dforp", "afors",  "dfors",
                                                  "aforh", "dforh", "aforre", "dforre"};

}  // namespace

Expected<Rules> parse_rules_string(std::string_view text) {
    // 1. Split into key:value entries.
    std::map<std::string, std::string> entries;
    for (const std::string& token : split(std::string(text), ' ')) {
        if (token.empty()) continue;
        const size_t colon = token.find(':');
        if (colon == std::string::npos)
            return Error{"rules string entry '" + token + "' has no ':' (entries are key:value)"};
        const std::string key = token.substr(0, colon);
        if (!entries.emplace(key, token.substr(colon + 1)).second)
            return Error{"rules string key '" + key + "' is given twice"};
    }
    if (!entries.count("dim")) return Error{"rules string has no 'dim' key (the board size)"};
    if (!entries.count("start") && !entries.count("starti"))
        return Error{"rules string has no 'start' key (the start position)"};
    auto dim = parse_int("dim", entries["dim"], 5, kMaxBoardSize);
    if (!dim) return Error{dim.error()};
    const int size = *dim;
    const Geometry<Bitboard128> geo(size);
    Rules r = opentafl_defaults(size);

    // 2. Apply every entry; Branan's extension keys last, so they override.
    std::map<std::string, std::string> extensions;
    for (const auto& entry : entries) {
        // Plain references: lambdas below capture them (clang before 16 cannot capture
        // structured bindings).
        const std::string& key = entry.first;
        const std::string& value = entry.second;
        auto fail = [&](const std::string& what) -> Expected<Rules> {
            return Error{"rules string key '" + key + "': " + what};
        };
        auto take_set = [&](PieceSet& field) -> std::string {
            auto s = parse_piece_set(key, value);
            if (!s) return s.error();
            field = *s;
            return {};
        };
        auto take_hostility = [&](PieceSet& field) -> std::string {
            auto s = parse_piece_set(key, value);
            if (!s) return s.error();
            field = hostility_from_letters(*s);
            return {};
        };
        auto take_bool = [&](bool& field) -> std::string {
            auto b = parse_yes_no(key, value);
            if (!b) return b.error();
            field = *b;
            return {};
        };
        std::string problem;
        if (key == "dim") {
        } else if (key == "name") {
            r.name = value;
            std::replace(r.name.begin(), r.name.end(), '_', ' ');
        } else if (key == "start" || key == "starti") {
            if (key == "starti" && entries.count("start"))
                return fail("give 'start' or 'starti', not both");
            std::string record = value;
            if (key == "starti") {
                std::vector<std::string> rows = split(value, '/');
                std::reverse(rows.begin(), rows.end());
                record.clear();
                for (size_t i = 0; i < rows.size(); ++i) record += (i ? "/" : "") + rows[i];
            }
            auto setup = parse_position_record(record);
            if (!setup) return fail(setup.error());
            r.start = write_position_record(*setup);
        } else if (key == "esc") {
            if (value != "c" && value != "e")
                return fail("takes c (corners) or e (edge), not '" + value + "'");
            r.escape = value == "c" ? Escape::Corners : Escape::Edge;
        } else if (key == "surf") {
            problem = take_bool(r.encirclement);
        } else if (key == "atkf") {
            bool attackers_first = true;
            problem = take_bool(attackers_first);
            r.first_to_move = attackers_first ? Side::Attackers : Side::Defenders;
        } else if (key == "linc") {
            problem = take_bool(r.linnaean_capture);
        } else if (key == "tfr") {
            if (value == "i")
                r.repetition = RepetitionRule::Ignore;
            else if (value == "d")
                r.repetition = RepetitionRule::Draw;
            else if (value == "w")
                r.repetition = RepetitionRule::LossForRepeater;
            else if (value == "l")
                r.repetition = RepetitionRule::WinForRepeater;
            else
                return fail("takes i, d, w or l, not '" + value + "'");
        } else if (key == "ka") {
            if (value == "y")
                r.king_armed = KingArmed::Yes;
            else if (value == "n")
                r.king_armed = KingArmed::No;
            else if (value == "a")
                r.king_armed = KingArmed::AnvilOnly;
            else if (value == "h")
                r.king_armed = KingArmed::HammerOnly;
            else
                return fail("takes y, n, a or h, not '" + value + "'");
        } else if (key == "ks") {
            if (value == "s" || value == "y")
                r.king_strength = KingStrength::Strong;
            else if (value == "c")
                r.king_strength = KingStrength::StrongNearThrone;
            else if (value == "m")
                r.king_strength = KingStrength::Middleweight;
            else if (value == "w" || value == "n")
                r.king_strength = KingStrength::Weak;
            else
                return fail("takes s, c, m or w, not '" + value + "'");
        } else if (kUnsupported.count(key)) {
            const auto& [off, what] = kUnsupported.at(key);
            if (value != off) return fail(std::string(what) + " are not supported");
        } else if (kMootJumpKeys.count(key)) {
            if (value != "n" && value != "r" && value != "j" && value != "c")
                return fail("takes n, r, j or c, not '" + value + "'");
        } else if (key == "sw") {
            if (value == "n")
                r.shieldwall = Shieldwall::None;
            else if (value == "w")
                r.shieldwall = Shieldwall::Weak;
            else if (value == "s")
                r.shieldwall = Shieldwall::Strong;
            else
                return fail("takes n (none), w (weak) or s (strong), not '" + value + "'");
        } else if (key == "swf") {
            problem = take_bool(r.shieldwall_flank);
        } else if (key == "efe") {
            bool forts = false;
            problem = take_bool(forts);
            r.edge_fort = forts ? EdgeFort::OpenTafl : EdgeFort::None;
        } else if (kMootPieceListKeys.count(key)) {
            PieceSet ignored;
            problem = take_set(ignored);
        } else if (key == "spd") {
            auto speeds = parse_speeds(value, size);
            if (!speeds) return Error{speeds.error()};
            r.speed = *speeds;
        } else if (key == "cor") {
            auto on = parse_special_squares(key, value, size,
                                            {geo.corner_squares.begin(), geo.corner_squares.end()});
            if (!on) return Error{on.error()};
            r.corners.exists = *on;
        } else if (key == "cen") {
            auto on = parse_special_squares(key, value, size, {geo.throne});
            if (!on) return Error{on.error()};
            r.throne.exists = *on;
        } else if (key == "corp") {
            problem = take_set(r.corners.pass);
        } else if (key == "cenp") {
            problem = take_set(r.throne.pass);
        } else if (key == "cors") {
            problem = take_set(r.corners.stop);
        } else if (key == "cens") {
            problem = take_set(r.throne.stop);
        } else if (key == "corre") {
            problem = take_set(r.corners.reenter);
        } else if (key == "cenre") {
            problem = take_set(r.throne.reenter);
        } else if (key == "corh") {
            problem = take_hostility(r.corners.hostile);
            r.corners.hostile_empty = r.corners.hostile;
        } else if (key == "cenh") {
            problem = take_hostility(r.throne.hostile);
        } else if (key == "cenhe") {
            problem = take_hostility(r.throne.hostile_empty);
        } else if (key.size() > 1 && key[0] == 'x') {
            extensions[key] = value;
        } else {
            return fail("unknown key");
        }
        if (!problem.empty()) return Error{problem};
    }
    for (const auto& entry : extensions) {
        const std::string& key = entry.first;
        const std::string& value = entry.second;
        auto fail = [&](const std::string& what) -> Expected<Rules> {
            return Error{"rules string key '" + key + "': " + what};
        };
        auto king_hostility = [&](PieceSet& field) -> std::string {
            auto b = parse_yes_no(key, value);
            if (!b) return b.error();
            field = with_king(field, *b);
            return {};
        };
        std::string problem;
        if (key == "xks") {
            if (value != "t")
                return fail("takes t (strong on the throne only), not '" + value + "'");
            r.king_strength = KingStrength::StrongOnThrone;
        } else if (key == "xtfr") {
            if (value != "f") return fail("takes f (forbidden), not '" + value + "'");
            r.repetition = RepetitionRule::Forbidden;
        } else if (key == "xnomove") {
            if (value != "l" && value != "d")
                return fail("takes l (loss) or d (draw), not '" + value + "'");
            r.no_move = value == "l" ? NoMoveRule::Loss : NoMoveRule::Draw;
        } else if (key == "xforest") {
            auto n = parse_int(key, value, 0, zobrist::kMaxForestMoves);
            if (!n) return Error{n.error()};
            r.forest_moves = *n;
        } else if (key == "xefe") {
            if (value != "s")
                return fail("takes s (sealed forts, as the real Copenhagen games), not '" + value +
                            "'");
            r.edge_fort = EdgeFort::Sealed;
        } else if (key == "xsurf") {
            if (value != "u")
                return fail("takes u (an unbreakable ring around every defender), not '" + value +
                            "'");
            r.encirclement_unbreakable = true;
        } else if (key == "xkcross") {
            auto b = parse_yes_no(key, value);
            if (!b) return Error{b.error()};
            r.king_crosses_left_throne = *b;
        } else if (key == "xcorhk") {
            problem = king_hostility(r.corners.hostile);
            r.corners.hostile_empty = r.corners.hostile;
        } else if (key == "xcenhk") {
            problem = king_hostility(r.throne.hostile);
        } else if (key == "xcenhek") {
            problem = king_hostility(r.throne.hostile_empty);
        } else {
            return fail("unknown key");
        }
        if (!problem.empty()) return Error{problem};
    }

    // 3. Check the whole.
    if (const std::string problem = validate(r); !problem.empty())
        return Error{"rules string: " + problem};
    return r;
}

std::string write_rules_string(const Rules& r) {
    const Rules d = opentafl_defaults(r.size);
    std::string out = "dim:" + std::to_string(r.size);
    auto put = [&](const std::string& key, const std::string& value) {
        out += " " + key + ":" + value;
    };
    std::string name = r.name;
    std::replace(name.begin(), name.end(), ' ', '_');
    put("name", name);
    if (r.escape == Escape::Edge) put("esc", "e");
    if (!r.encirclement) put("surf", "n");
    put("atkf", r.first_to_move == Side::Attackers ? "y" : "n");
    switch (r.repetition) {
        case RepetitionRule::Ignore:
            put("tfr", "i");
            break;
        case RepetitionRule::LossForRepeater:
            put("tfr", "w");
            break;
        case RepetitionRule::WinForRepeater:
            put("tfr", "l");
            break;
        case RepetitionRule::Draw:
        case RepetitionRule::Forbidden:
            break;  // xtfr below
    }
    switch (r.king_armed) {
        case KingArmed::Yes:
            break;
        case KingArmed::No:
            put("ka", "n");
            break;
        case KingArmed::AnvilOnly:
            put("ka", "a");
            break;
        case KingArmed::HammerOnly:
            put("ka", "h");
            break;
    }
    switch (r.king_strength) {
        case KingStrength::Strong:
            break;
        case KingStrength::StrongNearThrone:
        case KingStrength::StrongOnThrone:
            put("ks", "c");
            break;
        case KingStrength::Middleweight:
            put("ks", "m");
            break;
        case KingStrength::Weak:
            put("ks", "w");
            break;
    }
    if (!r.corners.exists) put("cor", "");
    if (!r.throne.exists) put("cen", "");
    if (r.speed != d.speed) {
        if (r.speed[0] == r.speed[1] && r.speed[1] == r.speed[2]) {
            put("spd", write_speed(r.speed[0]));
        } else {
            std::string v;
            const int per_letter[12] = {r.speed[0], r.speed[0], r.speed[0], r.speed[0],
                                        r.speed[0], r.speed[0], r.speed[1], r.speed[1],
                                        r.speed[1], r.speed[2], r.speed[1], r.speed[1]};
            for (int s : per_letter) v += write_speed(s) + ",";
            put("spd", v);
        }
    }
    auto put_set = [&](const char* key, PieceSet value, PieceSet dflt) {
        if (value != dflt) put(key, write_piece_set(value));
    };
    put_set("corp", r.corners.pass, d.corners.pass);
    put_set("cenp", r.throne.pass, d.throne.pass);
    put_set("cors", r.corners.stop, d.corners.stop);
    put_set("cens", r.throne.stop, d.throne.stop);
    auto put_hostility = [&](const char* key, PieceSet value, PieceSet dflt) {
        if (write_hostility(value) != write_hostility(dflt)) put(key, write_hostility(value));
    };
    put_hostility("corh", r.corners.hostile, d.corners.hostile);
    put_hostility("cenh", r.throne.hostile, d.throne.hostile);
    put_hostility("cenhe", r.throne.hostile_empty, d.throne.hostile_empty);
    put_set("corre", r.corners.reenter, d.corners.reenter);
    put_set("cenre", r.throne.reenter, d.throne.reenter);
    if (r.linnaean_capture) put("linc", "y");
    if (r.shieldwall != Shieldwall::None) put("sw", r.shieldwall == Shieldwall::Weak ? "w" : "s");
    if (!r.shieldwall_flank) put("swf", "n");
    if (r.edge_fort != EdgeFort::None) put("efe", "y");
    // Branan's extensions: what OpenTafl cannot say (OpenTafl ignores these keys).
    if (r.king_strength == KingStrength::StrongOnThrone) put("xks", "t");
    if (r.repetition == RepetitionRule::Forbidden) put("xtfr", "f");
    if (r.no_move == NoMoveRule::Draw) put("xnomove", "d");
    if (r.forest_moves) put("xforest", std::to_string(r.forest_moves));
    if (r.encirclement_unbreakable) put("xsurf", "u");
    if (r.edge_fort == EdgeFort::Sealed) put("xefe", "s");
    if (r.king_crosses_left_throne) put("xkcross", "y");
    auto put_king_hostility = [&](const char* key, PieceSet s) {
        if (s.has(Piece::King) != s.has(Piece::DefenderSoldier))
            put(key, s.has(Piece::King) ? "y" : "n");
    };
    put_king_hostility("xcorhk", r.corners.hostile);
    put_king_hostility("xcenhk", r.throne.hostile);
    put_king_hostility("xcenhek", r.throne.hostile_empty);
    put("start", r.start);
    return out;
}

Expected<Rules> rules_from_name_or_string(std::string_view text) {
    if (auto r = preset(text)) return *r;
    if (text.find(':') != std::string_view::npos) return parse_rules_string(text);
    std::string known;
    for (const auto& n : preset_names()) known += " " + n;
    return Error{"unknown variant '" + std::string(text) + "' (known:" + known + ")"};
}

}  // namespace branan
