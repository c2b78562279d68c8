// SPDX-License-Identifier: GPL-3.0-or-later
// Independent slow reference for OpenTafl's special pieces, jumps and berserk; see naive_berserk.h.
#include "naive_berserk.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <stdexcept>

namespace branan::reference::berserk {

namespace {

constexpr char kEmpty = '.';
constexpr const char* kLetters = "tcnkmgTCNKMG";  // OpenTafl's TaflmanCodes order
enum Kind { kPlain = 0, kThrone = 1, kCorner = 2, kAttackerFort = 3, kDefenderFort = 4 };

[[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error("naive_berserk: " + what);
}

// ---- Reading the rules string (OpenTafl's RulesSerializer.loadRulesRecord) ----

std::array<bool, 12> letter_set(const std::string& key, const std::string& letters) {
    std::array<bool, 12> set{};
    for (char c : letters) {
        const char* at = std::char_traits<char>::find(kLetters, 12, c);
        if (!at) fail("key '" + key + "': bad piece letter '" + std::string(1, c) + "'");
        set[at - kLetters] = true;
    }
    return set;
}

// Hostility is read per side only: the soldier's letter of each side (t, T).
std::array<bool, 2> hostility(const std::array<bool, 12>& set) {
    return {set[0], set[6]};
}

int parse_square_or_fail(const std::string& key, const std::string& t, int n) {
    if (t.size() < 2 || t[0] < 'a' || t[0] >= 'a' + n) fail("key '" + key + "': bad square " + t);
    int rank = 0;
    for (size_t i = 1; i < t.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(t[i])))
            fail("key '" + key + "': bad square " + t);
        rank = rank * 10 + (t[i] - '0');
    }
    if (rank < 1 || rank > n) fail("key '" + key + "': bad square " + t);
    return (rank - 1) * n + (t[0] - 'a');
}

std::vector<int> square_list(const std::string& key, const std::string& text, int n) {
    std::vector<int> out;
    std::string cur;
    for (char c : text + ",") {
        if (c != ',') {
            cur += c;
            continue;
        }
        if (!cur.empty()) out.push_back(parse_square_or_fail(key, cur, n));
        cur.clear();
    }
    return out;
}

// Rows of a record, rank 1 first, expanded to one char a square ('.' empty).
std::vector<std::string> expand_record(const std::string& record, int n) {
    std::vector<std::string> rows;
    std::string cur;
    bool in_row = false;
    for (size_t i = 0; i < record.size(); ++i) {
        char c = record[i];
        if (c == '/') {
            if (in_row) rows.push_back(cur);
            cur.clear();
            in_row = true;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            int count = 0;
            while (i < record.size() && std::isdigit(static_cast<unsigned char>(record[i])))
                count = count * 10 + (record[i++] - '0');
            --i;
            cur.append(count, kEmpty);
        } else if (std::char_traits<char>::find(kLetters, 12, c)) {
            cur += c;
        } else {
            fail("bad record character " + std::string(1, c));
        }
    }
    rows.erase(std::remove(rows.begin(), rows.end(), std::string()), rows.end());
    if (static_cast<int>(rows.size()) != n) fail("record has the wrong number of rows: " + record);
    for (const auto& r : rows)
        if (static_cast<int>(r.size()) != n) fail("record row of the wrong length: " + record);
    return rows;
}

}  // namespace

OtRules parse_rules(const std::string& text) {
    std::map<std::string, std::string> config;
    std::istringstream in(text);
    std::string tok;
    while (in >> tok) {
        size_t colon = tok.find(':');
        std::string key = tok.substr(0, colon);
        config[key] = colon == std::string::npos ? "" : tok.substr(colon + 1);
    }
    static const char* const kKnown[] = {
        "dim",   "name",   "start", "starti", "esc",   "surf",  "atkf",  "tfr",   "ka",
        "ks",    "kj",     "nj",    "cj",     "mj",    "gj",    "ber",   "sw",    "swf",
        "efe",   "linc",   "spd",   "cor",    "cen",   "afor",  "dfor",  "cenp",  "cens",
        "cenh",  "cenhe",  "cenre", "corp",   "cors",  "corh",  "corre", "aforp", "afors",
        "aforh", "aforre", "dforp", "dfors",  "dforh", "dforre"};
    for (const auto& [key, value] : config)
        if (std::find(std::begin(kKnown), std::end(kKnown), key) == std::end(kKnown))
            fail("unknown key '" + key + "'");
    auto has = [&](const char* k) { return config.count(k) > 0; };
    auto get = [&](const char* k) { return config.count(k) ? config.at(k) : std::string(); };
    if ((has("sw") && get("sw") != "n") || get("efe") == "y" || get("linc") == "y" ||
        (has("spd") && get("spd") != "-1"))
        fail("the reference does not play shieldwalls, edge forts, Linnaean captures or speeds");

    OtRules r;
    if (!has("dim")) fail("key 'dim' missing");
    r.n = std::atoi(get("dim").c_str());
    if (r.n < 5 || r.n > kMaxBoardSize) fail("key 'dim': out of range");
    if (has("start")) {
        r.start = get("start");
    } else if (has("starti")) {
        // starti: the same record written from the top rank down.
        std::vector<std::string> rows;
        std::string cur;
        for (char c : get("starti")) {
            if (c == '/') {
                if (!cur.empty()) rows.push_back(cur);
                cur.clear();
            } else {
                cur += c;
            }
        }
        std::reverse(rows.begin(), rows.end());
        r.start = "/";
        for (const auto& row : rows) r.start += row + "/";
    } else {
        fail("key 'start' missing");
    }
    const auto rows = expand_record(r.start, r.n);
    for (const auto& row : rows) {
        for (char c : row) {
            if (c == kEmpty) continue;
            const int side = std::islower(static_cast<unsigned char>(c)) ? 0 : 1;
            const char type = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if (type == 'c') r.commanders[side] = true;
            if (type == 'n') r.knights[side] = true;
        }
    }
    r.edge_escape = has("esc") && get("esc") != "c";
    if (has("surf")) r.surround_fatal = get("surf") == "y";
    if (has("atkf")) r.first_to_move = get("atkf") == "y" ? Side::Attackers : Side::Defenders;
    auto letter = [&](const char* key, const char* allowed, char fallback) {
        if (!has(key)) return fallback;
        const std::string v = get(key);
        if (v.size() != 1 || !std::strchr(allowed, v[0]))
            fail(std::string("key '") + key + "': bad value " + v);
        return v[0];
    };
    r.king_armed = letter("ka", "ynah", 'y');
    r.king_strength = letter("ks", "sycmwn", 's');
    if (r.king_strength == 'y') r.king_strength = 's';
    if (r.king_strength == 'n') r.king_strength = 'w';
    r.king_jump = letter("kj", "njcr", 'n');
    r.knight_jump = letter("nj", "njcr", 'c');
    r.commander_jump = letter("cj", "njcr", 'j');
    r.mercenary_jump = letter("mj", "njcr", 'n');
    r.berserk = letter("ber", "ncm", 'n');

    // Square kinds: default corners and centre, then the lists in OpenTafl's order.
    r.kind.assign(r.n * r.n, kPlain);
    std::vector<int> corners = {0, r.n - 1, (r.n - 1) * r.n, r.n * r.n - 1};
    std::vector<int> centre = {(r.n - 1) / 2 * r.n + (r.n - 1) / 2};
    auto set_kind = [&](std::vector<int>& current, const std::vector<int>& list, int k) {
        for (int q : current) r.kind[q] = kPlain;
        current = list;
        for (int q : current) r.kind[q] = k;
    };
    std::vector<int> none;
    set_kind(corners, corners, kCorner);
    set_kind(centre, centre, kThrone);
    if (has("cor")) set_kind(corners, square_list("cor", get("cor"), r.n), kCorner);
    if (has("cen")) set_kind(centre, square_list("cen", get("cen"), r.n), kThrone);
    std::vector<int> afor, dfor;
    if (has("afor")) set_kind(afor, square_list("afor", get("afor"), r.n), kAttackerFort);
    if (has("dfor")) set_kind(dfor, square_list("dfor", get("dfor"), r.n), kDefenderFort);

    // Square parameters: OpenTafl's defaults (RulesSerializer.defaults), then the keys. The
    // re-entry lists of corners and fortresses are read only when `cenre` is given, and then an
    // absent one means nobody (OpenTafl's parser).
    auto list = [&](const char* key, const char* fallback) {
        return letter_set(key, has(key) ? get(key) : std::string(fallback));
    };
    const char* kEveryone = "tcnkmTCNKM";  // no guard letter: the defaults never name guards
    const bool cenre = has("cenre");
    r.pass[kThrone] = list("cenp", kEveryone);
    r.stop[kThrone] = list("cens", "K");
    r.reenter[kThrone] = list("cenre", kEveryone);
    r.hostile[kThrone] = hostility(list("cenh", "tcnkm"));
    r.throne_empty_hostile = hostility(list("cenhe", kEveryone));
    r.pass[kCorner] = list("corp", "K");
    r.stop[kCorner] = list("cors", "K");
    r.reenter[kCorner] = letter_set("corre", cenre ? get("corre") : kEveryone);
    r.hostile[kCorner] = hostility(list("corh", kEveryone));
    r.pass[kAttackerFort] = list("aforp", kEveryone);
    r.stop[kAttackerFort] = list("afors", kEveryone);
    r.reenter[kAttackerFort] = letter_set("aforre", cenre ? get("aforre") : kEveryone);
    r.hostile[kAttackerFort] = hostility(list("aforh", "TCNKM"));
    r.pass[kDefenderFort] = list("dforp", kEveryone);
    r.stop[kDefenderFort] = list("dfors", "TCNKM");
    r.reenter[kDefenderFort] = letter_set("dforre", cenre ? get("dforre") : kEveryone);
    r.hostile[kDefenderFort] = hostility(list("dforh", "tcnkm"));
    return r;
}

namespace {

// ---- The game (OpenTafl's Taflman, BoardImpl, GenericRules and GameState, literally) ----

struct State {
    int n = 0;
    char b[kMaxBoardSize][kMaxBoardSize] = {};  // b[rank][file]; '.' empty
    bool developed[kMaxBoardSize][kMaxBoardSize] =
        {};  // the piece there has moved (OpenTafl's bit)
    Side to_move = Side::Attackers;
    int berserk_r = -1, berserk_f = -1;  // the piece that must move again, if any
    int outcome = 0;
};

struct Sq {
    int r, f;
    bool operator==(const Sq&) const = default;
};
constexpr Sq kNone{-1, -1};

bool on_board(const State& s, int r, int f) {
    return r >= 0 && r < s.n && f >= 0 && f < s.n;
}
int side_of(char c) {  // 0 attackers, 1 defenders
    return std::islower(static_cast<unsigned char>(c)) ? 0 : 1;
}
char type_of(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}
int letter_index(char c) {
    return static_cast<int>(std::char_traits<char>::find(kLetters, 12, c) - kLetters);
}
int kind_at(const OtRules& r, const State& s, Sq q) {
    return r.kind[q.r * s.n + q.f];
}
bool is_edge(const State& s, Sq q) {
    return q.r == 0 || q.r == s.n - 1 || q.f == 0 || q.f == s.n - 1;
}
std::string name(Sq q) {
    return std::string(1, static_cast<char>('a' + q.f)) + std::to_string(q.r + 1);
}

// Adjacent squares in OpenTafl's order: x-1, x+1, y-1, y+1 (x the file, y the rank).
std::vector<Sq> adjacent(const State& s, Sq q) {
    std::vector<Sq> out;
    for (Sq a : {Sq{q.r, q.f - 1}, Sq{q.r, q.f + 1}, Sq{q.r - 1, q.f}, Sq{q.r + 1, q.f}})
        if (on_board(s, a.r, a.f)) out.push_back(a);
    return out;
}

char jump_mode(const OtRules& r, char c) {
    switch (type_of(c)) {
        case 'k':
            return r.king_jump;
        case 'n':
            return r.knight_jump;
        case 'c':
            return r.commander_jump;
        case 'm':
            return r.mercenary_jump;
        default:
            return 'n';  // soldiers and guards never jump (gj is read and ignored)
    }
}

// GenericRules.canTaflmanMoveThrough / canTaflmanStopOn for the piece standing on `from`.
bool may_enter(const OtRules& r, const State& s, Sq from, Sq q, bool stop) {
    const int k = kind_at(r, s, q);
    if (k == kPlain) return true;
    const int idx = letter_index(s.b[from.r][from.f]);
    if (!r.reenter[k][idx] && kind_at(r, s, from) != k) return false;
    return stop ? r.stop[k][idx] : r.pass[k][idx];
}

// Taflman.getAllowableMovesFrom: rook moves through squares the piece may pass (the last one
// too), without the "may stop" filter.
std::vector<Sq> rook_moves(const OtRules& r, const State& s, Sq from) {
    std::vector<Sq> out;
    for (auto [dr, df] : {std::pair{0, -1}, {0, 1}, {-1, 0}, {1, 0}}) {
        for (int k = 1;; ++k) {
            Sq q{from.r + dr * k, from.f + df * k};
            if (!on_board(s, q.r, q.f) || s.b[q.r][q.f] != kEmpty ||
                !may_enter(r, s, from, q, false))
                break;
            out.push_back(q);
        }
    }
    return out;
}

// Taflman.getJumpsFrom.
std::vector<Sq> jumps_from(const OtRules& r, const State& s, Sq from) {
    std::vector<Sq> out;
    const char c = s.b[from.r][from.f];
    const char mode = jump_mode(r, c);
    if (mode == 'n') return out;
    const bool start_special = kind_at(r, s, from) != kPlain;
    for (Sq a : adjacent(s, from)) {
        const char v = s.b[a.r][a.f];
        if (v == kEmpty) continue;
        const char t = type_of(v);
        if (t == 'k' || t == 'n' || t == 'c' || side_of(v) == side_of(c)) continue;
        const bool horizontal = a.f != from.f;
        // No jump along the edge the jumped piece stands on.
        if (horizontal && (a.f == 0 || a.f == s.n - 1)) continue;
        if (!horizontal && (a.r == 0 || a.r == s.n - 1)) continue;
        Sq d{from.r + 2 * (a.r - from.r), from.f + 2 * (a.f - from.f)};
        if (s.b[d.r][d.f] != kEmpty) continue;
        if (mode == 'r' && kind_at(r, s, d) == kPlain && !start_special) continue;
        if (!may_enter(r, s, from, d, true)) continue;
        out.push_back(d);
    }
    return out;
}

// Taflman.getAllowableDestinationsFrom: rook moves it may stop on, then jumps.
std::vector<Sq> destinations(const OtRules& r, const State& s, Sq from) {
    std::vector<Sq> out;
    for (Sq q : rook_moves(r, s, from))
        if (may_enter(r, s, from, q, true)) out.push_back(q);
    for (Sq q : jumps_from(r, s, from)) out.push_back(q);
    return out;
}

// BoardImpl.isSpaceHostileTo: whether square q is hostile to the piece `victim`.
bool hostile_to(const OtRules& r, const State& s, Sq q, char victim) {
    const int k = kind_at(r, s, q);
    const char occ = s.b[q.r][q.f];
    const int vs = side_of(victim);
    bool by_square = false;
    if (k == kThrone)
        by_square = occ == kEmpty ? r.throne_empty_hostile[vs] : r.hostile[kThrone][vs];
    else if (k != kPlain)
        by_square = r.hostile[k][vs];
    if (occ != kEmpty && side_of(occ) != vs) {
        if (type_of(occ) == 'k' && r.king_armed != 'y' && r.king_armed != 'a') return by_square;
        return type_of(occ) != 'g';
    }
    return by_square;
}

bool commander_like(char c) {
    return c != kEmpty && (type_of(c) == 'c' || type_of(c) == 'n');
}

// Taflman.isCapturedBy: whether the piece on v is captured by `capturer` (standing on
// capturer_sq, or kNone when it does not recognise itself there) moving to `move`.
bool captured_by(const OtRules& r, const State& s, Sq v, char capturer, Sq capturer_sq, Sq move,
                 bool by_jump) {
    const char victim = s.b[v.r][v.f];
    if (side_of(capturer) == side_of(victim)) return false;
    const char vt = type_of(victim);
    if (by_jump) {
        if (vt == 'k' || vt == 'n' || vt == 'c') return false;
        return jump_mode(r, capturer) == 'c';
    }
    if (vt == 'g' || type_of(capturer) == 'g') return false;
    if (type_of(capturer) == 'k' && r.king_armed != 'y' && r.king_armed != 'h') return false;
    const int cs = side_of(capturer);
    const bool helpers = r.commanders[cs] || r.knights[cs];
    bool strong = false, four_required = true;
    if (vt == 'k') {
        if (r.king_strength == 's') {
            strong = true;
        } else if (r.king_strength == 'c') {
            for (int i = 0; i < s.n * s.n; ++i) {
                if (r.kind[i] != kThrone) continue;
                Sq t{i / s.n, i % s.n};
                if (t == v) strong = true;
                for (Sq a : adjacent(s, t))
                    if (a == v) strong = true;
            }
        } else if (r.king_strength == 'm') {
            strong = true;
            four_required = false;
        }
    }
    if (vt == 'k' && strong && !helpers) {
        const auto adj = adjacent(s, v);
        int hostile = 0;
        for (Sq a : adj)
            if (a == move || hostile_to(r, s, a, victim)) ++hostile;
        if (hostile == 4) return true;
        return !four_required && hostile == static_cast<int>(adj.size());
    }
    Sq one, two;
    if (v.f == move.f) {  // the capture comes along the file
        if (v.r == 0 || v.r == s.n - 1) return false;
        one = {v.r - 1, v.f};
        two = {v.r + 1, v.f};
    } else {
        if (v.f == 0 || v.f == s.n - 1) return false;
        one = {v.r, v.f - 1};
        two = {v.r, v.f + 1};
    }
    if (!((hostile_to(r, s, one, victim) || one == move) &&
          (hostile_to(r, s, two, victim) || two == move)))
        return false;
    // A piece never captures against itself (that is a jump), unless from a special square.
    const int k1 = kind_at(r, s, one), k2 = kind_at(r, s, two);
    if (one == move && two == capturer_sq && k2 == kPlain) return false;
    if (two == move && one == capturer_sq && k1 == kPlain) return false;
    if (vt == 'k' && (r.king_strength == 's' || r.king_strength == 'c') && helpers) {
        if (k1 == kThrone || k2 == kThrone) return false;
        if (kind_at(r, s, v) == kThrone) return false;
        int corners = 0, commanders = 0;
        if (k1 == kCorner && hostile_to(r, s, one, victim)) ++corners;
        if (k2 == kCorner && hostile_to(r, s, two, victim)) ++corners;
        if (commander_like(s.b[one.r][one.f])) ++commanders;
        if (commander_like(s.b[two.r][two.f])) ++commanders;
        if (commander_like(capturer)) ++commanders;
        return commanders + corners >= 2;
    }
    if (vt == 'k' && r.king_strength == 'm') {
        for (Sq a : adjacent(s, v))
            if (!(a == move || hostile_to(r, s, a, victim))) return false;
        return true;
    }
    return true;
}

// Taflman.getCapturingMovesFromDestinations, on the board before the move.
std::vector<Sq> capturing_moves(const OtRules& r, const State& s, Sq from,
                                const std::vector<Sq>& dests) {
    const char c = s.b[from.r][from.f];
    // The mover recognises itself on its square only once it has moved (the DEVELOPED bit).
    const Sq self = s.developed[from.r][from.f] ? from : kNone;
    std::vector<Sq> out;
    if (jump_mode(r, c) == 'c') out = jumps_from(r, s, from);
    for (Sq d : dests) {
        for (Sq a : adjacent(s, d)) {
            if (s.b[a.r][a.f] == kEmpty) continue;
            if (captured_by(r, s, a, c, self, d, false) &&
                std::find(out.begin(), out.end(), d) == out.end())
                out.push_back(d);
        }
    }
    return out;
}

void remove_captured(State& s, Sq q) {
    const char c = s.b[q.r][q.f];
    if (type_of(c) == 'm') {  // a mercenary changes sides instead
        s.b[q.r][q.f] = side_of(c) == 0 ? static_cast<char>(std::toupper(c)) : 'm';
        return;
    }
    s.b[q.r][q.f] = kEmpty;
    s.developed[q.r][q.f] = false;
}

// GameState.checkVictoryInternal without repetition: 0 ongoing, 1 attackers, 2 defenders win.
int verdict(const OtRules& r, const State& s) {
    int count[2] = {0, 0};
    bool king = false, escaped = false, defender_moves = false;
    for (int rr = 0; rr < s.n; ++rr) {
        for (int f = 0; f < s.n; ++f) {
            const char c = s.b[rr][f];
            if (c == kEmpty) continue;
            ++count[side_of(c)];
            if (side_of(c) != 1) continue;
            if (c == 'K') {
                king = true;
                if (r.edge_escape ? is_edge(s, {rr, f}) : kind_at(r, s, {rr, f}) == kCorner)
                    escaped = true;
            }
            for (Sq a : adjacent(s, {rr, f}))
                if (s.b[a.r][a.f] == kEmpty) defender_moves = true;
        }
    }
    if (count[0] == 0) return 2;
    if (count[1] == 0) return 1;
    if (escaped) return 2;
    if (!king || !defender_moves) return 1;
    if (r.surround_fatal) {
        // BoardImpl.isSideEncircled: no defender may move to an edge, and no defender is reached
        // from an edge square through empty squares.
        for (int rr = 0; rr < s.n; ++rr)
            for (int f = 0; f < s.n; ++f)
                if (s.b[rr][f] != kEmpty && side_of(s.b[rr][f]) == 1)
                    for (Sq d : destinations(r, s, {rr, f}))
                        if (is_edge(s, d)) return 0;
        std::vector<std::vector<bool>> seen(s.n, std::vector<bool>(s.n, false));
        std::vector<Sq> todo;
        for (int rr = 0; rr < s.n; ++rr)
            for (int f = 0; f < s.n; ++f)
                if (is_edge(s, {rr, f})) {
                    seen[rr][f] = true;
                    todo.push_back({rr, f});
                }
        while (!todo.empty()) {
            Sq q = todo.back();
            todo.pop_back();
            const char c = s.b[q.r][q.f];
            if (c != kEmpty) {
                if (side_of(c) == 1) return 0;
                continue;
            }
            for (Sq a : adjacent(s, q))
                if (!seen[a.r][a.f]) {
                    seen[a.r][a.f] = true;
                    todo.push_back(a);
                }
        }
        return 1;
    }
    return 0;
}

// Taflman.moveTo plus GameState.moveTaflman / updateGameState: plays a legal move, returns the
// captured squares.
std::vector<Sq> apply(const OtRules& r, State& s, Sq from, Sq to) {
    const char c = s.b[from.r][from.f];
    const auto dests = destinations(r, s, from);
    const auto capturing = capturing_moves(r, s, from, dests);
    const auto jumps = jumps_from(r, s, from);
    s.b[from.r][from.f] = kEmpty;
    s.developed[from.r][from.f] = false;
    s.b[to.r][to.f] = c;
    s.developed[to.r][to.f] = true;
    std::vector<Sq> caps;
    if (std::find(capturing.begin(), capturing.end(), to) != capturing.end()) {
        if (jump_mode(r, c) != 'n' && std::find(jumps.begin(), jumps.end(), to) != jumps.end()) {
            Sq mid{(from.r + to.r) / 2, (from.f + to.f) / 2};
            if (s.b[mid.r][mid.f] != kEmpty && captured_by(r, s, mid, c, to, to, true)) {
                caps.push_back(mid);
                remove_captured(s, mid);
            }
        }
        for (Sq a : adjacent(s, to)) {
            if (s.b[a.r][a.f] == kEmpty) continue;
            if (captured_by(r, s, a, c, to, to, false)) {
                caps.push_back(a);
                remove_captured(s, a);
            }
        }
    }
    // Berserk: the capturer moves again if it can capture (c) or move (m).
    bool again = false;
    if (!caps.empty() && r.berserk != 'n') {
        if (r.berserk == 'c')
            again = !capturing_moves(r, s, to, destinations(r, s, to)).empty();
        else
            again = !rook_moves(r, s, to).empty();
    }
    if (again) {
        s.berserk_r = to.r;
        s.berserk_f = to.f;
    } else {
        s.berserk_r = s.berserk_f = -1;
        s.to_move = opponent(s.to_move);
    }
    s.outcome = verdict(r, s);
    return caps;
}

struct NaiveMove {
    Sq from, to;
};

std::vector<NaiveMove> generate(const OtRules& r, const State& s) {
    std::vector<NaiveMove> out;
    if (s.outcome != 0) return out;
    for (int rr = 0; rr < s.n; ++rr) {
        for (int f = 0; f < s.n; ++f) {
            const char c = s.b[rr][f];
            if (c == kEmpty || side_of(c) != (s.to_move == Side::Attackers ? 0 : 1)) continue;
            if (s.berserk_r >= 0 && !(rr == s.berserk_r && f == s.berserk_f)) continue;
            for (Sq d : destinations(r, s, {rr, f})) out.push_back({{rr, f}, d});
        }
    }
    return out;
}

State start_state(const OtRules& r) {
    State s;
    s.n = r.n;
    s.to_move = r.first_to_move;
    const auto rows = expand_record(r.start, r.n);
    for (int rr = 0; rr < r.n; ++rr)
        for (int f = 0; f < r.n; ++f) s.b[rr][f] = rows[rr][f];
    // OpenTafl's perft and move lists do not judge the start position.
    return s;
}

bool parse_square(const std::string& t, int n, Sq& q) {
    if (t.size() < 2 || t[0] < 'a' || t[0] >= 'a' + n) return false;
    int v = 0;
    for (size_t i = 1; i < t.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
        v = v * 10 + (t[i] - '0');
        if (v > 99) return false;
    }
    q = {v - 1, t[0] - 'a'};
    return q.r >= 0 && q.r < n;
}

// Plays the moves from the start; fills the captures of each move.
State replay(const OtRules& r, const std::vector<std::string>& moves,
             std::vector<std::string>* captures) {
    State s = start_state(r);
    for (const std::string& text : moves) {
        const std::string core = text.substr(0, text.find('x'));
        const size_t dash = core.find('-');
        Sq from, to;
        if (dash == std::string::npos || !parse_square(core.substr(0, dash), s.n, from) ||
            !parse_square(core.substr(dash + 1), s.n, to))
            fail("malformed move " + text);
        if (s.outcome != 0) fail("move after the game ended: " + text);
        bool legal = false;
        for (const NaiveMove& m : generate(r, s))
            if (m.from == from && m.to == to) legal = true;
        if (!legal) fail("illegal move " + text);
        std::vector<std::string> names;
        for (Sq q : apply(r, s, from, to)) names.push_back(name(q));
        std::sort(names.begin(), names.end());
        std::string joined;
        for (const auto& nm : names) joined += (joined.empty() ? "" : ",") + nm;
        if (captures) captures->push_back(joined);
    }
    return s;
}

uint64_t perft_rec(const OtRules& r, const State& s, int depth) {
    if (depth == 0) return 1;
    uint64_t total = 0;
    for (const NaiveMove& m : generate(r, s)) {
        State child = s;
        apply(r, child, m.from, m.to);
        total += perft_rec(r, child, depth - 1);
    }
    return total;
}

}  // namespace

Played play(const OtRules& rules, const std::vector<std::string>& moves) {
    Played out;
    const State s = replay(rules, moves, &out.captures_per_move);
    out.record = "/";
    for (int rr = 0; rr < s.n; ++rr) {
        int empties = 0;
        for (int f = 0; f < s.n; ++f) {
            if (s.b[rr][f] == kEmpty) {
                ++empties;
                continue;
            }
            if (empties) out.record += std::to_string(empties);
            empties = 0;
            out.record += s.b[rr][f];
        }
        if (empties) out.record += std::to_string(empties);
        out.record += "/";
    }
    out.to_move = s.to_move;
    if (s.berserk_r >= 0) out.berserker = name({s.berserk_r, s.berserk_f});
    out.outcome = s.outcome;
    return out;
}

std::vector<std::string> legal_moves(const OtRules& rules, const std::vector<std::string>& moves) {
    const State s = replay(rules, moves, nullptr);
    std::vector<std::string> out;
    for (const NaiveMove& m : generate(rules, s)) out.push_back(name(m.from) + "-" + name(m.to));
    std::sort(out.begin(), out.end());
    return out;
}

uint64_t perft(const OtRules& rules, const std::vector<std::string>& moves, int depth) {
    return perft_rec(rules, replay(rules, moves, nullptr), depth);
}

}  // namespace branan::reference::berserk
