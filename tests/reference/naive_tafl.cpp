// SPDX-License-Identifier: GPL-3.0-or-later
// Independent slow reference implementation of tafl rules; see naive_tafl.h.
#include "naive_tafl.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <stdexcept>

namespace branan::reference {

namespace {

constexpr char kEmpty = '.';
constexpr int kDr[4] = {1, -1, 0, 0};
constexpr int kDf[4] = {0, 0, 1, -1};

// What a square is: OpenTafl's space types. Each square has one kind.
enum class Kind : uint8_t { Plain, Throne, Corner, AttackerFort, DefenderFort };

struct State {
    int n = 0;
    char b[kMaxBoardSize][kMaxBoardSize] = {};     // b[rank][file], rank 0 = rank 1
    Kind kind[kMaxBoardSize][kMaxBoardSize] = {};  // from the rules, never changes
    Side to_move = Side::Attackers;
    bool king_left_throne = false;  // only meaningful when the king may not re-enter the throne
    int forest[4] = {0, 0, 0, 0};   // counters of the four corners
    int outcome = 0;                // 0 ongoing, 1 attackers win, 2 defenders win
    // Whether the piece on a square has moved (OpenTafl's DEVELOPED bit); a record's pieces
    // have not.
    bool developed[kMaxBoardSize][kMaxBoardSize] = {};
};

struct NaiveMove {
    int fr, ff, tr, tf;
};

bool on_board(const State& s, int r, int f) {
    return r >= 0 && r < s.n && f >= 0 && f < s.n;
}

Piece piece_of(char c) {
    if (c == 't') return Piece::AttackerSoldier;
    if (c == 'T') return Piece::DefenderSoldier;
    return Piece::King;  // 'K'
}

Side side_of_char(char c) {
    return c == 't' ? Side::Attackers : Side::Defenders;
}

bool is_soldier(char c) {
    return c == 't' || c == 'T';
}

// Whether the centre square is the throne (Linnaean captures are judged around it).
bool has_throne(const Rules& rules, const State& s) {
    return rules.throne.exists && s.n % 2 == 1 && s.kind[s.n / 2][s.n / 2] == Kind::Throne;
}

bool is_throne_sq(const Rules&, const State& s, int r, int f) {
    return s.kind[r][f] == Kind::Throne;
}

// A corner square of the rules: one of the `cor` list, or the four corners by default.
bool is_corner_sq(const State& s, int r, int f) {
    return s.kind[r][f] == Kind::Corner;
}

// Fills s.kind from the rules: the throne's and corners' lists (or their default squares: the
// centre of an odd board, the four corners; none where the kind does not exist), then the
// attacker and defender fortress lists.
void mark_kinds(const Rules& rules, State& s) {
    auto mark = [&](const std::vector<Square>& squares, Kind k) {
        for (Square q : squares) {
            if (q < 0 || q >= s.n * s.n)
                throw std::runtime_error("naive_tafl: square off the board");
            s.kind[q / s.n][q % s.n] = k;
        }
    };
    if (rules.throne.exists) {
        if (!rules.throne.squares.empty())
            mark(rules.throne.squares, Kind::Throne);
        else if (s.n % 2 == 1)
            s.kind[s.n / 2][s.n / 2] = Kind::Throne;
    }
    if (rules.corners.exists) {
        if (!rules.corners.squares.empty()) {
            mark(rules.corners.squares, Kind::Corner);
        } else {
            for (int r : {0, s.n - 1})
                for (int f : {0, s.n - 1}) s.kind[r][f] = Kind::Corner;
        }
    }
    mark(rules.attacker_forts.squares, Kind::AttackerFort);
    mark(rules.defender_forts.squares, Kind::DefenderFort);
}

// The four corners in a fixed order; used for the forest counters.
// (The forest rule's squares are these four whatever the rules call corners.)
void corner_coords(const State& s, int i, int& r, int& f) {
    r = (i & 1) ? s.n - 1 : 0;
    f = (i & 2) ? s.n - 1 : 0;
}

// The rules of the special square at (r, f), or nullptr for an ordinary square.
const SpecialSquareRules* special_at(const Rules& rules, const State& s, int r, int f) {
    switch (s.kind[r][f]) {
        case Kind::Throne:
            return &rules.throne;
        case Kind::Corner:
            return &rules.corners;
        case Kind::AttackerFort:
            return &rules.attacker_forts;
        case Kind::DefenderFort:
            return &rules.defender_forts;
        case Kind::Plain:
            break;
    }
    return nullptr;
}

// Whether the special square at (r, f) (if any) is hostile to piece kind p right now.
bool special_hostile_to(const Rules& rules, const State& s, int r, int f, Piece p) {
    const SpecialSquareRules* sp = special_at(rules, s, r, f);
    if (!sp) return false;
    return s.b[r][f] == kEmpty ? sp->hostile_empty.has(p) : sp->hostile.has(p);
}

bool tracks_king_leaving(const Rules& rules) {
    return rules.throne.exists && !rules.throne.reenter.has(Piece::King);
}

bool is_escape(const Rules& rules, const State& s, int r, int f) {
    if (rules.escape == Escape::Corners) return is_corner_sq(s, r, f);
    return r == 0 || r == s.n - 1 || f == 0 || f == s.n - 1;
}

bool find_king(const State& s, int& kr, int& kf) {
    for (int r = 0; r < s.n; ++r)
        for (int f = 0; f < s.n; ++f)
            if (s.b[r][f] == 'K') {
                kr = r;
                kf = f;
                return true;
            }
    return false;
}

// True when no defender piece can reach an edge square through squares not holding attackers.
bool encircled(const State& s) {
    bool seen[kMaxBoardSize][kMaxBoardSize] = {};
    std::vector<std::pair<int, int>> stack;
    for (int r = 0; r < s.n; ++r)
        for (int f = 0; f < s.n; ++f)
            if (s.b[r][f] == 'T' || s.b[r][f] == 'K') {
                seen[r][f] = true;
                stack.push_back({r, f});
            }
    while (!stack.empty()) {
        auto [r, f] = stack.back();
        stack.pop_back();
        if (r == 0 || r == s.n - 1 || f == 0 || f == s.n - 1) return false;
        for (int d = 0; d < 4; ++d) {
            int nr = r + kDr[d], nf = f + kDf[d];
            if (!on_board(s, nr, nf) || seen[nr][nf] || s.b[nr][nf] == 't') continue;
            seen[nr][nf] = true;
            stack.push_back({nr, nf});
        }
    }
    return true;
}

std::string square_name(int r, int f) {
    return std::string(1, static_cast<char>('a' + f)) + std::to_string(r + 1);
}

std::string move_text(const NaiveMove& m) {
    return square_name(m.fr, m.ff) + "-" + square_name(m.tr, m.tf);
}

bool encirclement_wins(const Rules& rules, const State& s);  // defined below, with the moves

State parse(const Rules& rules, const std::string& record, Side to_move) {
    if (rules.size < 3 || rules.size > kMaxBoardSize)
        throw std::runtime_error("naive_tafl: unsupported board size");
    State s;
    s.n = rules.size;
    s.to_move = to_move;
    mark_kinds(rules, s);
    std::vector<std::string> rows;
    std::string cur;
    for (char c : record) {
        if (c == '/') {
            if (!cur.empty()) rows.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) rows.push_back(cur);
    if (static_cast<int>(rows.size()) != s.n)
        throw std::runtime_error("naive_tafl: record has wrong number of rows: " + record);
    for (int r = 0; r < s.n; ++r) {
        const std::string& row = rows[r];
        int f = 0;
        size_t i = 0;
        while (i < row.size()) {
            char c = row[i];
            if (std::isdigit(static_cast<unsigned char>(c))) {
                int count = 0;
                while (i < row.size() && std::isdigit(static_cast<unsigned char>(row[i]))) {
                    count = count * 10 + (row[i] - '0');
                    ++i;
                }
                for (int k = 0; k < count; ++k) {
                    if (f >= s.n) throw std::runtime_error("naive_tafl: row too long: " + record);
                    s.b[r][f++] = kEmpty;
                }
            } else if (c == 't' || c == 'T' || c == 'K') {
                if (f >= s.n) throw std::runtime_error("naive_tafl: row too long: " + record);
                s.b[r][f++] = c;
                ++i;
            } else {
                throw std::runtime_error(std::string("naive_tafl: bad record character ") + c);
            }
        }
        if (f != s.n) throw std::runtime_error("naive_tafl: row too short: " + record);
    }
    // History that a record lacks.
    int kr = -1, kf = -1;
    bool has_king = find_king(s, kr, kf);
    if (tracks_king_leaving(rules)) s.king_left_throne = !is_throne_sq(rules, s, kr, kf);
    for (int i = 0; i < 4; ++i) {
        int r, f;
        corner_coords(s, i, r, f);
        s.forest[i] = is_soldier(s.b[r][f]) ? 1 : 0;
    }
    // A start that is already decided.
    if (!has_king) throw std::runtime_error("naive_tafl: record has no king: " + record);
    if (is_escape(rules, s, kr, kf))
        s.outcome = 2;
    else if (rules.encirclement && encirclement_wins(rules, s))
        s.outcome = 1;
    return s;
}

std::string serialize(const State& s) {
    std::string out = "/";
    for (int r = 0; r < s.n; ++r) {
        int empties = 0;
        for (int f = 0; f < s.n; ++f) {
            if (s.b[r][f] == kEmpty) {
                ++empties;
                continue;
            }
            if (empties) out += std::to_string(empties);
            empties = 0;
            out += s.b[r][f];
        }
        if (empties) out += std::to_string(empties);
        out += "/";
    }
    return out;
}

// The squares piece kind p on (r, f) slides to in one move, appended to `moves`; `origin` is the
// kind of square the piece really stands on (re-entry compares kinds: the king's moves from a
// square he only could reach are judged from where he stands).
void slides(const Rules& rules, const State& s, int r, int f, Piece p, Kind origin,
            std::vector<NaiveMove>& moves) {
    int limit = rules.speed[static_cast<int>(p)];
    for (int d = 0; d < 4; ++d) {
        for (int k = 1;; ++k) {
            if (limit > 0 && k > limit) break;
            int nr = r + kDr[d] * k, nf = f + kDf[d] * k;
            if (!on_board(s, nr, nf) || s.b[nr][nf] != kEmpty) break;
            const SpecialSquareRules* sp = special_at(rules, s, nr, nf);
            // Re-entry (OpenTafl's code compares kinds of squares): a piece kind not in
            // `reenter` may neither stop on nor cross the square unless the square it
            // moves from is of the same kind (for a single throne square: only the king
            // still on it, who never meets it on his own rays; in Foteviken an attacker
            // on one fortress square may move onto or over any other).
            // With king_crosses_left_throne the king who left the throne may still cross
            // it (when `pass` lets him), only never stop on it.
            bool barred = false;
            if (sp && !sp->reenter.has(p)) {
                bool exempt = origin == s.kind[nr][nf];
                bool may_cross =
                    p == Piece::King && sp == &rules.throne && rules.king_crosses_left_throne;
                if (!exempt && !may_cross) break;
                barred = !exempt;
            }
            // A special square is one only a piece that may also cross it stops on:
            // OpenTafl checks "may pass" on every square a move reaches, the last one
            // too (docs/rules.md says so of fortresses; OpenTafl's code does it for the
            // throne and the corners as well).
            bool can_stop = (!sp || (sp->stop.has(p) && sp->pass.has(p))) && !barred;
            if (can_stop) moves.push_back({r, f, nr, nf});
            if (sp && !sp->pass.has(p)) break;  // may land there (above) but not cross it
        }
    }
}

std::vector<NaiveMove> generate(const Rules& rules, const State& s) {
    std::vector<NaiveMove> moves;
    if (s.outcome != 0) return moves;
    for (int r = 0; r < s.n; ++r) {
        for (int f = 0; f < s.n; ++f) {
            char c = s.b[r][f];
            if (c == kEmpty || side_of_char(c) != s.to_move) continue;
            slides(rules, s, r, f, piece_of(c), s.kind[r][f], moves);
        }
    }
    return moves;
}

// Whether c is a piece of side `side` (the king belongs to the defenders).
bool belongs_to(char c, Side side) {
    return c != kEmpty && side_of_char(c) == side;
}

// Shieldwall (rules.md, Copenhagen; ShieldwallScan::Rows), literally: the moving piece landed on
// the edge square (tr, tf) and is one end of the bracket. Walking along the edge away from it,
// each enemy piece (the king too) joins the row while a piece of the mover's side (the king too)
// stands on the square directly inward of it. The walk must then stop at a closing square: a
// soldier of the mover's side, the king when he is an anvil, or (with a strong shieldwall) a
// corner, empty or not (a corner is never in a row either). Anything else (an empty square, an
// enemy with no piece in front, the end of the board) means no wall that way. A wall needs at
// least two pieces in its row (the king counts); all but the king are captured. When walls close
// on both sides of the landing square, only the one towards the lower file or rank is taken. A
// mover landing on a corner of a strong shieldwall is no end of a row. With swf:n, every row the
// mover's side closes anywhere is taken. Appends the captured squares to caps.
void shieldwall_rows(const Rules& rules, const State& s, const NaiveMove& m, bool king_anvil,
                     std::vector<std::pair<int, int>>& caps) {
    const Side mover = s.to_move;
    const Side enemy = opponent(mover);
    const char own_soldier = mover == Side::Attackers ? 't' : 'T';
    const bool strong = rules.shieldwall == Shieldwall::Strong;
    auto closes = [&](int r, int f) {
        char q = s.b[r][f];
        return (strong && is_corner_sq(s, r, f)) || q == own_soldier ||
               (q == 'K' && mover == Side::Defenders && king_anvil);
    };
    // The row from the bracket (er, ef) along (dr, df) with inward (ir, jf), if it closes.
    auto row_from = [&](int er, int ef, int dr, int df, int ir, int jf) {
        std::vector<std::pair<int, int>> row;
        for (int r = er + dr, f = ef + df; on_board(s, r, f); r += dr, f += df) {
            if (strong && is_corner_sq(s, r, f)) break;
            if (belongs_to(s.b[r][f], enemy)) {
                if (!on_board(s, r + ir, f + jf) || !belongs_to(s.b[r + ir][f + jf], mover))
                    return std::vector<std::pair<int, int>>{};
                row.push_back({r, f});
                continue;
            }
            break;
        }
        if (row.size() < 2) return std::vector<std::pair<int, int>>{};
        auto [lr, lf] = row.back();
        int cr = lr + dr, cf = lf + df;
        if (!on_board(s, cr, cf) || !closes(cr, cf)) return std::vector<std::pair<int, int>>{};
        return row;
    };
    struct Edge {
        int in_r, in_f, along_r, along_f;
        int line;  // the rank (or file) of the edge
    };
    const Edge edges[4] = {
        {1, 0, 0, 1, 0}, {-1, 0, 0, 1, s.n - 1}, {0, 1, 1, 0, 0}, {0, -1, 1, 0, s.n - 1}};
    for (const Edge& e : edges) {
        auto square = [&](int i) {
            return std::pair{e.along_r ? i : e.line, e.along_f ? i : e.line};
        };
        if (rules.shieldwall_flank) {
            if ((e.along_r ? m.tf : m.tr) != e.line) continue;
            if (strong && is_corner_sq(s, m.tr, m.tf)) return;
            for (int dir : {-1, +1}) {  // the lower file or rank first: it wins when both close
                auto row = row_from(m.tr, m.tf, dir * e.along_r, dir * e.along_f, e.in_r, e.in_f);
                if (row.empty()) continue;
                for (auto [r, f] : row)
                    if (s.b[r][f] != 'K') caps.push_back({r, f});
                return;
            }
            continue;
        }
        for (int i = 0; i < s.n; ++i) {
            auto [r, f] = square(i);
            if (!closes(r, f)) continue;
            for (auto [qr, qf] : row_from(r, f, e.along_r, e.along_f, e.in_r, e.in_f))
                if (s.b[qr][qf] != 'K') caps.push_back({qr, qf});
        }
    }
}

// OpenTafl's shieldwall positions for the side `surrounders` on board s, as its
// BoardImpl.detectShieldwallPositionsForSide (0.4.8) finds them, transcribed from the Java:
// lists shared between positions, the lagging `index`, and all. A taflman is named by its square
// (nothing moves while it runs).
struct WallPosition {
    std::shared_ptr<std::vector<std::pair<int, int>>> surrounded;
    std::shared_ptr<std::vector<std::pair<int, int>>> surrounding;
};

std::vector<WallPosition> detect_shieldwall_positions(const Rules& rules, const State& s,
                                                      Side surrounders) {
    std::vector<WallPosition> positions;
    auto on_edge = [&](int r, int f) { return r == 0 || r == s.n - 1 || f == 0 || f == s.n - 1; };
    // "I need at least two pieces on the edge to form a shieldwall. The other side needs at
    // least two pieces on the edge to be shieldwalled." (the king among the defenders)
    int attackers_on_edge = 0, defenders_on_edge = 0;
    for (int r = 0; r < s.n; ++r)
        for (int f = 0; f < s.n; ++f)
            if (s.b[r][f] != kEmpty && on_edge(r, f))
                ++(side_of_char(s.b[r][f]) == Side::Attackers ? attackers_on_edge
                                                              : defenders_on_edge);
    if (defenders_on_edge < 2 || attackers_on_edge < 2) return positions;
    const bool strong = rules.shieldwall == Shieldwall::Strong;
    auto corner = [&](std::pair<int, int> q) {
        return strong && is_corner_sq(s, q.first, q.second);
    };
    auto friendly = [&](std::pair<int, int> q) {
        return belongs_to(s.b[q.first][q.second], surrounders);
    };
    using List = std::vector<std::pair<int, int>>;
    auto surrounded = std::make_shared<List>();
    auto surrounding = std::make_shared<List>();
    // getTopEdge (y = 0, rank 1), getBottomEdge, getLeftEdge (x = 0, file a), getRightEdge,
    // each from x or y = 0 up; getEdgeAdjacentSpace is the square one step inward.
    for (int e = 0; e < 4; ++e) {
        List edge;
        for (int i = 0; i < s.n; ++i)
            edge.push_back(e == 0   ? std::pair{0, i}
                           : e == 1 ? std::pair{s.n - 1, i}
                           : e == 2 ? std::pair{i, 0}
                                    : std::pair{i, s.n - 1});
        auto adjacent = [&](std::pair<int, int> q) {
            return e == 0   ? std::pair{1, q.second}
                   : e == 1 ? std::pair{s.n - 2, q.second}
                   : e == 2 ? std::pair{q.first, 1}
                            : std::pair{q.first, s.n - 2};
        };
        bool start = false;
        int index = 0;
        for (auto space : edge) {
            if (!start && corner(space)) {
                start = true;
                continue;
            } else if (!start && friendly(space)) {
                start = true;
                surrounding->push_back(space);
                continue;
            }
            if (start) {
                if (corner(space)) {
                    if (surrounded->size() > 1) positions.push_back({surrounded, surrounding});
                    break;
                }
                if (friendly(space)) {
                    if (friendly(edge.at(index + 1)) && friendly(adjacent(space))) {
                        surrounding->push_back(adjacent(space));
                        surrounded->push_back(space);
                        continue;
                    } else if (s.b[space.first][space.second] == 'K' && friendly(adjacent(space))) {
                        surrounding->push_back(adjacent(space));
                        surrounded->push_back(space);
                        continue;
                    } else {
                        if (surrounded->size() > 1) {
                            surrounding->push_back(space);
                            positions.push_back({surrounded, surrounding});
                        }
                        surrounding = std::make_shared<List>();
                        surrounded = std::make_shared<List>();
                        continue;
                    }
                }
                if (friendly(adjacent(space))) {
                    surrounding->push_back(adjacent(space));
                    surrounded->push_back(space);
                } else {
                    start = false;
                    surrounding = std::make_shared<List>();
                    surrounded = std::make_shared<List>();
                }
            }
            index++;
        }
    }
    return positions;
}

// OpenTafl's shieldwall captures (GameState.moveTaflman and checkShieldwallPositionForCaptures):
// s is the board after the move and its custodial captures, s.developed still as before the
// move. Both sides' positions are found first (the attackers' first), then each is checked in
// turn with the mover as capturer: with swf:y, a move onto the edge by a piece among the
// position's surrounding taflmen (its char, read before the move, lacks the DEVELOPED bit the
// board's has after the piece's first move); every surrounded space holds a piece not of the
// mover's side; all of them but the king are captured.
void opentafl_shieldwall(const Rules& rules, State s, const NaiveMove& m,
                         std::vector<std::pair<int, int>>& caps) {
    const Side mover = s.to_move;
    const auto attackers = detect_shieldwall_positions(rules, s, Side::Attackers);
    const auto defenders = detect_shieldwall_positions(rules, s, Side::Defenders);
    const bool on_edge = m.tr == 0 || m.tr == s.n - 1 || m.tf == 0 || m.tf == s.n - 1;
    for (const auto* list : {&attackers, &defenders}) {
        for (const WallPosition& p : *list) {
            if (rules.shieldwall_flank) {
                if (!on_edge) continue;
                const std::pair<int, int> to{m.tr, m.tf};
                bool contains = s.developed[m.fr][m.ff] &&
                                std::find(p.surrounding->begin(), p.surrounding->end(), to) !=
                                    p.surrounding->end();
                if (!contains) continue;
            }
            bool capturing = true;
            for (auto [r, f] : *p.surrounded)
                if (s.b[r][f] == kEmpty || side_of_char(s.b[r][f]) == mover) capturing = false;
            if (!capturing) continue;
            for (auto [r, f] : *p.surrounded) {
                if (s.b[r][f] == 'K') continue;
                s.b[r][f] = kEmpty;
                caps.push_back({r, f});
            }
        }
    }
}

// The squares the move m captures. s is the board with the piece already moved to m.tr, m.tf and
// nothing removed yet, s.to_move the mover. Custodial, Linnaean and shieldwall captures; sorted
// row-major, no duplicates. The board is not changed.
std::vector<std::pair<int, int>> captures_of(const Rules& rules, const State& s,
                                             const NaiveMove& m) {
    const Side mover = s.to_move;
    const Side enemy = opponent(mover);
    const Piece p = piece_of(s.b[m.tr][m.tf]);
    std::vector<std::pair<int, int>> caps;
    const bool hammer = p != Piece::King || rules.king_armed == KingArmed::Yes ||
                        rules.king_armed == KingArmed::HammerOnly;
    const bool king_anvil =
        rules.king_armed == KingArmed::Yes || rules.king_armed == KingArmed::AnvilOnly;
    const char own_soldier = mover == Side::Attackers ? 't' : 'T';
    const char enemy_soldier = enemy == Side::Attackers ? 't' : 'T';
    if (hammer) {
        for (int d = 0; d < 4; ++d) {
            int ar = m.tr + kDr[d], af = m.tf + kDf[d];
            int br = m.tr + 2 * kDr[d], bf = m.tf + 2 * kDf[d];
            if (!on_board(s, ar, af) || s.b[ar][af] != enemy_soldier) continue;
            if (!on_board(s, br, bf)) continue;
            Piece victim = piece_of(enemy_soldier);
            char beyond = s.b[br][bf];
            bool hostile = beyond == own_soldier ||
                           (beyond == 'K' && mover == Side::Defenders && king_anvil) ||
                           special_hostile_to(rules, s, br, bf, victim);
            if (hostile) caps.push_back({ar, af});
        }
    }
    if (rules.linnaean_capture && mover == Side::Attackers && has_throne(rules, s)) {
        const int c0 = s.n / 2;
        for (int d = 0; d < 4; ++d) {
            int ar = m.tr + kDr[d], af = m.tf + kDf[d];
            int br = m.tr + 2 * kDr[d], bf = m.tf + 2 * kDf[d];
            if (!on_board(s, ar, af) || s.b[ar][af] != 'T') continue;
            if (br != c0 || bf != c0 || s.b[c0][c0] != 'K') continue;
            bool others = true;
            for (int e = 0; e < 4; ++e) {
                int nr = c0 + kDr[e], nf = c0 + kDf[e];
                if (nr == ar && nf == af) continue;
                if (s.b[nr][nf] != 't') others = false;
            }
            if (others) caps.push_back({ar, af});
        }
    }
    // An unarmed king moving still closes shieldwalls (docs/rules.md, section 5).
    if (rules.shieldwall != Shieldwall::None && rules.shieldwall_scan == ShieldwallScan::Rows)
        shieldwall_rows(rules, s, m, king_anvil, caps);
    // OpenTafl looks for its shieldwalls on the board after the move's other captures.
    if (rules.shieldwall != Shieldwall::None && rules.shieldwall_scan == ShieldwallScan::OpenTafl) {
        State after = s;
        for (auto [r, f] : caps) after.b[r][f] = kEmpty;
        opentafl_shieldwall(rules, after, m, caps);
    }
    std::sort(caps.begin(), caps.end());
    caps.erase(std::unique(caps.begin(), caps.end()), caps.end());
    return caps;
}

// Copenhagen's unbreakable encirclement (encirclement_unbreakable). Operationally:
//   - the area: squares reachable from the king's square by orthogonal steps through empty or
//     defender squares (the king's square included);
//   - it must hold no edge square, and every defender piece must stand in it;
//   - "an attacker of the ring": an attacker orthogonally adjacent to a square of the area;
//   - "can be captured in one move": some legal defender move (this file's generate(), the
//     defenders to move whoever is really to move) captures it by this file's captures_of().
//     Every defender is inside the area, so any defender capture takes an attacker of the ring,
//     but the membership is checked literally anyway.
// True when all three hold: the attackers win.
bool encircled_unbreakably(const Rules& rules, const State& s) {
    int kr, kf;
    if (!find_king(s, kr, kf)) return false;
    bool area[kMaxBoardSize][kMaxBoardSize] = {};
    std::vector<std::pair<int, int>> stack = {{kr, kf}};
    area[kr][kf] = true;
    while (!stack.empty()) {
        auto [r, f] = stack.back();
        stack.pop_back();
        if (r == 0 || r == s.n - 1 || f == 0 || f == s.n - 1) return false;
        for (int d = 0; d < 4; ++d) {
            int nr = r + kDr[d], nf = f + kDf[d];
            if (!on_board(s, nr, nf) || area[nr][nf] || s.b[nr][nf] == 't') continue;
            area[nr][nf] = true;
            stack.push_back({nr, nf});
        }
    }
    bool ring[kMaxBoardSize][kMaxBoardSize] = {};
    for (int r = 0; r < s.n; ++r) {
        for (int f = 0; f < s.n; ++f) {
            if (belongs_to(s.b[r][f], Side::Defenders) && !area[r][f]) return false;
            if (s.b[r][f] != 't') continue;
            for (int d = 0; d < 4; ++d) {
                int nr = r + kDr[d], nf = f + kDf[d];
                if (on_board(s, nr, nf) && area[nr][nf]) ring[r][f] = true;
            }
        }
    }
    State defenders_turn = s;
    defenders_turn.to_move = Side::Defenders;
    defenders_turn.outcome = 0;
    for (const NaiveMove& m : generate(rules, defenders_turn)) {
        State after = defenders_turn;
        after.b[m.tr][m.tf] = after.b[m.fr][m.ff];
        after.b[m.fr][m.ff] = kEmpty;
        for (auto [r, f] : captures_of(rules, after, m))
            if (ring[r][f]) return false;
    }
    return true;
}

// The encirclement verdict the rules ask for (only called when rules.encirclement).
bool encirclement_wins(const Rules& rules, const State& s) {
    return rules.encirclement_unbreakable ? encircled_unbreakably(rules, s) : encircled(s);
}

// OpenTafl's exit fort (EdgeFort::OpenTafl, `efe:y`), read from its GameState.checkEdgeFortEscape
// and checked after every move of either side:
//   - the fort squares: the king's own square and every square he reaches with a chain of his
//     moves (slides(), no jumps), each move judged from the kind of square he really stands on;
//   - if he stands on an edge he must have a move; otherwise a fort square must be on an edge;
//   - no fort square has an attacker next to it; every piece next to a fort square (the king too,
//     where a fort square is next to him) is a wall;
//   - a wall is safe unless three or more of its neighbours are neither fort squares nor occupied
//     by a defender (empty squares the king cannot reach count as open).
bool opentafl_fort(const Rules& rules, const State& s) {
    int kr, kf;
    if (!find_king(s, kr, kf)) return false;
    // checkVictory's first test: a defenders' shieldwall position surrounds the king, and he has
    // a move (getAllowableDestinations).
    for (const WallPosition& p : detect_shieldwall_positions(rules, s, Side::Defenders)) {
        const std::pair<int, int> king{kr, kf};
        if (std::find(p.surrounded->begin(), p.surrounded->end(), king) == p.surrounded->end())
            continue;
        std::vector<NaiveMove> moves;
        slides(rules, s, kr, kf, Piece::King, s.kind[kr][kf], moves);
        if (!moves.empty()) return true;
    }
    // An attacker next to a fort square means no fort, whatever else holds: the flood stops
    // at the first one (the same verdict, found sooner).
    auto attacker_beside = [&](int r, int f) {
        for (int d = 0; d < 4; ++d) {
            int nr = r + kDr[d], nf = f + kDf[d];
            if (on_board(s, nr, nf) && belongs_to(s.b[nr][nf], Side::Attackers)) return true;
        }
        return false;
    };
    if (attacker_beside(kr, kf)) return false;
    bool fort[kMaxBoardSize][kMaxBoardSize] = {};
    fort[kr][kf] = true;
    std::vector<std::pair<int, int>> todo = {{kr, kf}};
    std::vector<NaiveMove> moves;
    bool king_moves = false;
    while (!todo.empty()) {
        auto [r, f] = todo.back();
        todo.pop_back();
        moves.clear();
        slides(rules, s, r, f, Piece::King, s.kind[kr][kf], moves);
        if (r == kr && f == kf) king_moves = !moves.empty();
        for (const NaiveMove& m : moves)
            if (!fort[m.tr][m.tf]) {
                if (attacker_beside(m.tr, m.tf)) return false;
                fort[m.tr][m.tf] = true;
                todo.push_back({m.tr, m.tf});
            }
    }
    auto on_edge = [&](int r, int f) { return r == 0 || r == s.n - 1 || f == 0 || f == s.n - 1; };
    bool reaches_edge = false;
    for (int r = 0; r < s.n; ++r)
        for (int f = 0; f < s.n; ++f)
            if (fort[r][f] && on_edge(r, f)) reaches_edge = true;
    if (on_edge(kr, kf) ? !king_moves : !reaches_edge) return false;
    for (int r = 0; r < s.n; ++r) {
        for (int f = 0; f < s.n; ++f) {
            if (!fort[r][f]) continue;
            for (int d = 0; d < 4; ++d) {
                int wr = r + kDr[d], wf = f + kDf[d];
                if (!on_board(s, wr, wf) || s.b[wr][wf] == kEmpty) continue;
                if (belongs_to(s.b[wr][wf], Side::Attackers)) return false;
                int open = 0;
                for (int e = 0; e < 4; ++e) {
                    int nr = wr + kDr[e], nf = wf + kDf[e];
                    if (on_board(s, nr, nf) && !fort[nr][nf] &&
                        !belongs_to(s.b[nr][nf], Side::Defenders))
                        ++open;
                }
                if (open >= 3) return false;
            }
        }
    }
    return true;
}

// Exit fort (EdgeFort::Sealed; rules.md, Copenhagen), checked after a defender's move.
// Operationally:
//   - the king stands on an edge square;
//   - the area: the empty squares orthogonally connected to the king through empty squares (where
//     a king may stop everywhere, as in Copenhagen, exactly the squares he can reach);
//   - the area is not empty (he has an empty neighbour), holds no corner, and no square of it nor
//     the king's own square is orthogonally adjacent to an attacker. The text names only the
//     empty squares, but the real games (shared data/copenhagen-games.csv) go on, and some are
//     won by the attackers, from forts whose only contact with an attacker is one standing
//     beside the king on the edge (games 110, 247, 377, 448 and 16 more): so the king must not
//     touch an attacker either;
//   - every defender soldier orthogonally adjacent to a square of the area cannot be captured in
//     one move, which the text defines statically: on each of the two lines through it, at least
//     one neighbour is off the board, a defender piece (king included), or a square of the area
//     other than the throne. The king himself is not checked (he is never captured on the edge).
bool exit_fort(const Rules& rules, const State& s) {
    int kr, kf;
    if (!find_king(s, kr, kf)) return false;
    if (!(kr == 0 || kr == s.n - 1 || kf == 0 || kf == s.n - 1)) return false;
    // A corner or a square touching an attacker, among the area and the king's square.
    auto open = [&](int r, int f) {
        if (is_corner_sq(s, r, f)) return true;
        for (int d = 0; d < 4; ++d) {
            int nr = r + kDr[d], nf = f + kDf[d];
            if (on_board(s, nr, nf) && s.b[nr][nf] == 't') return true;
        }
        return false;
    };
    if (open(kr, kf)) return false;  // the king's own neighbours may not be attackers either
    bool area[kMaxBoardSize][kMaxBoardSize] = {};
    bool any = false;
    std::vector<std::pair<int, int>> stack = {{kr, kf}};
    while (!stack.empty()) {
        auto [r, f] = stack.back();
        stack.pop_back();
        for (int d = 0; d < 4; ++d) {
            int nr = r + kDr[d], nf = f + kDf[d];
            if (!on_board(s, nr, nf) || area[nr][nf] || s.b[nr][nf] != kEmpty) continue;
            if (open(nr, nf)) return false;  // (checked as it is found: the same, sooner)
            area[nr][nf] = true;
            any = true;
            stack.push_back({nr, nf});
        }
    }
    if (!any) return false;  // no empty neighbour
    auto safe_side = [&](int r, int f) {
        if (!on_board(s, r, f)) return true;
        if (belongs_to(s.b[r][f], Side::Defenders)) return true;
        return area[r][f] && !is_throne_sq(rules, s, r, f);
    };
    for (int r = 0; r < s.n; ++r) {
        for (int f = 0; f < s.n; ++f) {
            if (s.b[r][f] != 'T') continue;
            bool borders = false;
            for (int d = 0; d < 4; ++d) {
                int nr = r + kDr[d], nf = f + kDf[d];
                if (on_board(s, nr, nf) && area[nr][nf]) borders = true;
            }
            if (!borders) continue;
            // kDr/kDf: directions 0,1 are the vertical line, 2,3 the horizontal one.
            for (int line = 0; line < 2; ++line) {
                int d0 = 2 * line, d1 = 2 * line + 1;
                if (!safe_side(r + kDr[d0], f + kDf[d0]) && !safe_side(r + kDr[d1], f + kDf[d1]))
                    return false;
            }
        }
    }
    return true;
}

// Applies a legal move to s; returns the captured squares (row-major order).
std::vector<std::pair<int, int>> apply(const Rules& rules, State& s, const NaiveMove& m) {
    const Side mover = s.to_move;
    const Side enemy = opponent(mover);
    const char c = s.b[m.fr][m.ff];
    const Piece p = piece_of(c);

    // 1. Move.
    s.b[m.fr][m.ff] = kEmpty;
    s.b[m.tr][m.tf] = c;
    if (p == Piece::King && tracks_king_leaving(rules) && is_throne_sq(rules, s, m.fr, m.ff))
        s.king_left_throne = true;

    // 2. Captures (custodial, Linnaean, shieldwall).
    std::vector<std::pair<int, int>> caps = captures_of(rules, s, m);
    for (auto [r, f] : caps) s.b[r][f] = kEmpty;
    s.developed[m.fr][m.ff] = false;
    s.developed[m.tr][m.tf] = true;

    // 3. King escape / capture verdict.
    if (p == Piece::King && is_escape(rules, s, m.tr, m.tf)) s.outcome = 2;
    if (mover == Side::Attackers) {
        int kr, kf;
        if (find_king(s, kr, kf) && std::abs(kr - m.tr) + std::abs(kf - m.tf) == 1) {
            auto closed = [&](int r, int f) {
                if (!on_board(s, r, f)) return false;
                if (s.b[r][f] == 't') return true;
                return special_hostile_to(rules, s, r, f, Piece::King);
            };
            bool on_throne = is_throne_sq(rules, s, kr, kf);
            bool near_throne = false;  // next to a throne square (OpenTafl: any of its list)
            for (int d = 0; d < 4; ++d) {
                int nr = kr + kDr[d], nf = kf + kDf[d];
                if (on_board(s, nr, nf) && is_throne_sq(rules, s, nr, nf)) near_throne = true;
            }
            bool four = false;
            switch (rules.king_strength) {
                case KingStrength::Weak:
                    four = false;
                    break;
                case KingStrength::Strong:
                    four = true;
                    break;
                case KingStrength::StrongOnThrone:
                    four = on_throne;
                    break;
                case KingStrength::StrongNearThrone:
                    four = on_throne || near_throne;
                    break;
                case KingStrength::Middleweight:
                    four = false;
                    break;
            }
            bool captured;
            if (rules.king_strength == KingStrength::Middleweight) {
                // Every existing neighbour closed: 4 in the open, 3 on an edge, 2 in a corner.
                captured = true;
                for (int d = 0; d < 4; ++d) {
                    int nr = kr + kDr[d], nf = kf + kDf[d];
                    if (on_board(s, nr, nf) && !closed(nr, nf)) captured = false;
                }
            } else if (four) {
                captured = true;
                for (int d = 0; d < 4; ++d)
                    if (!closed(kr + kDr[d], kf + kDf[d])) captured = false;
            } else {
                captured = closed(kr + (kr - m.tr), kf + (kf - m.tf));
            }
            if (captured) s.outcome = 1;
        }
    }

    // 4. Forest removal.
    if (rules.forest_moves > 0) {
        for (int i = 0; i < 4; ++i) {
            int r, f;
            corner_coords(s, i, r, f);
            char q = s.b[r][f];
            if (!is_soldier(q)) {
                s.forest[i] = 0;
            } else if (side_of_char(q) == mover) {
                if (++s.forest[i] >= rules.forest_moves) {
                    s.b[r][f] = kEmpty;
                    s.forest[i] = 0;
                }
            }
        }
    }

    // 5. Exit fort, after a defender's move.
    if (s.outcome == 0 && rules.edge_fort == EdgeFort::Sealed && mover == Side::Defenders &&
        exit_fort(rules, s))
        s.outcome = 2;

    // 5b. OpenTafl's exit fort, after every move of either side.
    if (s.outcome == 0 && rules.edge_fort == EdgeFort::OpenTafl && opentafl_fort(rules, s))
        s.outcome = 2;

    // 6. Encirclement, after every move (a defender move can close the ring too).
    if (s.outcome == 0 && rules.encirclement && encirclement_wins(rules, s)) s.outcome = 1;

    s.to_move = enemy;
    return caps;
}

uint64_t perft_rec(const Rules& rules, const State& s, int depth) {
    if (depth == 0) return 1;
    uint64_t total = 0;
    for (const NaiveMove& m : generate(rules, s)) {
        State child = s;
        apply(rules, child, m);
        total += perft_rec(rules, child, depth - 1);
    }
    return total;
}

bool parse_square(const std::string& t, int n, int& r, int& f) {
    if (t.size() < 2 || t[0] < 'a' || t[0] >= 'a' + n) return false;
    f = t[0] - 'a';
    int v = 0;
    for (size_t i = 1; i < t.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
        v = v * 10 + (t[i] - '0');
        if (v > 99) return false;
    }
    r = v - 1;
    return r >= 0 && r < n;
}

}  // namespace

std::vector<std::string> legal_moves(const Rules& rules, const std::string& record, Side to_move) {
    State s = parse(rules, record, to_move);
    std::vector<std::string> out;
    for (const NaiveMove& m : generate(rules, s)) out.push_back(move_text(m));
    std::sort(out.begin(), out.end());
    return out;
}

uint64_t perft(const Rules& rules, const std::string& record, Side to_move, int depth) {
    State s = parse(rules, record, to_move);
    return perft_rec(rules, s, depth);
}

Played play(const Rules& rules, const std::string& record, Side to_move,
            const std::vector<std::string>& moves) {
    State s = parse(rules, record, to_move);
    Played result;
    for (const std::string& text : moves) {
        std::string core = text.substr(0, text.find('x'));
        size_t dash = core.find('-');
        int fr = 0, ff = 0, tr = 0, tf = 0;
        if (dash == std::string::npos || !parse_square(core.substr(0, dash), s.n, fr, ff) ||
            !parse_square(core.substr(dash + 1), s.n, tr, tf))
            throw std::runtime_error("naive_tafl: malformed move " + text);
        if (s.outcome != 0) throw std::runtime_error("naive_tafl: move after game end: " + text);
        bool legal = false;
        for (const NaiveMove& m : generate(rules, s))
            if (m.fr == fr && m.ff == ff && m.tr == tr && m.tf == tf) legal = true;
        if (!legal) throw std::runtime_error("naive_tafl: illegal move " + text);
        std::vector<std::pair<int, int>> caps = apply(rules, s, {fr, ff, tr, tf});
        std::vector<std::string> names;
        for (auto [r, f] : caps) names.push_back(square_name(r, f));
        std::sort(names.begin(), names.end());
        std::string joined;
        for (const std::string& nm : names) joined += (joined.empty() ? "" : ",") + nm;
        result.captures_per_move.push_back(joined);
    }
    result.record = serialize(s);
    result.to_move = s.to_move;
    result.outcome = s.outcome;
    return result;
}

}  // namespace branan::reference
