// SPDX-License-Identifier: GPL-3.0-or-later
// Position<BB>: the board, the side to move and the rule state, with make/unmake, move
// generation, bulk move counting and the rules' verdict after each move. BB is the bitboard
// type: uint64_t for 7x7, 128 bits for 9x9 and 11x11, wider ones beyond (core/bitboard.h). The
// verdicts a move brings (escape, king capture, encirclement, exit fort) are judged here;
// core/game_end.h adds repetition and the side without a move, and is what the rest of Branan asks.
// This file holds the class, its construction and the one make/unmake path; the rest of its
// definitions are in headers by job, included at the end: position_moves.h (move generation and
// counting), position_captures.h, position_verdicts.h, position_edge_rules.h (shieldwalls, forts,
// the unbreakable ring), position_opentafl_walls.h and position_special.h (special pieces).
// Some const methods write a hint (defender_edge_line_), so one Position is never to be read by
// two threads at once: each search thread has its own copy.
#pragma once

#include <array>
#include <cassert>
#include <vector>

#include "core/board_setup.h"
#include "core/rule_tables.h"
#include "core/zobrist.h"

namespace branan {

// More than any position on a board up to kMaxBoardSize squares a side can have. Every move runs
// along one rank or file, and a line of n squares holds at most 2(n-2) moves of one side: each
// empty square is reached along the line by at most the nearest piece on either side of it, so
// k >= 3 movers on the line give at most 2(n-k), two give at most 2(n-2) (at the two ends) and
// one at most n-1. With 2n lines: 4n(n-2), 1292 on 19x19 (396 on 11x11).
constexpr int kMaxMoves = 4 * kMaxBoardSize * (kMaxBoardSize - 2);

// A list of at most Capacity moves.
template <int Capacity>
struct BasicMoveList {
    // The moves are left uninitialised (zeroing 2 KB at every search node showed in profiles):
    // only the first `count` are ever read, and assigning one starts the array's lifetime.
    BasicMoveList() {}
    union {
        Move moves[Capacity];
    };
    int count = 0;
    void push(Move m) { moves[count++] = m; }
    const Move* begin() const { return moves; }
    const Move* end() const { return moves + count; }
    int size() const { return count; }
    const Move& operator[](int i) const { return moves[i]; }
};
using MoveList = BasicMoveList<kMaxMoves>;

// OpenTafl's shieldwall scan (core/position_opentafl_walls.h).
template <class BB>
struct WallPositions;
template <class BB>
struct WallBoard;

template <class BB>
class Position {
  public:
    using Bitboard = BB;

    // What a move changes, kept on a stack so that undo_move just steps back.
    struct State {
        uint64_t key = 0;
        Status status;
        bool king_left_throne = false;
        std::array<uint8_t, 4> forest{};  // consecutive own moves a soldier stood on corner c
        Move move;                        // the move that led here
        BB captured = 0;                  // enemy soldiers that move captured
        BB forest_removed = 0;            // own soldiers the forest took after that move
    };

    // `setup` must have been checked against the rules (see make_position in game.cpp).
    Position(const RuleTables<BB>& tables, const BoardSetup& setup, Side to_move);

    const RuleTables<BB>& tables() const { return *t_; }
    Side side_to_move() const { return to_move_; }
    // The move that led here, Move{} at the root of the game or after a null move.
    Move last_move() const { return states_.back().move; }
    BB soldiers(Side s) const { return soldiers_[index(s)]; }
    Square king() const { return king_; }
    BB king_bb() const { return square_bb<BB>(king_); }
    BB occupied() const { return soldiers_[0] | soldiers_[1] | king_bb(); }
    BB side_pieces(Side s) const {
        return s == Side::Attackers ? soldiers_[0] : soldiers_[1] | king_bb();
    }
    const State& state() const { return states_.back(); }
    uint64_t key() const { return state().key; }
    // The key after `m` if it captures nothing and changes no other keyed state (the throne,
    // the forest, OpenTafl's ranks and berserk turns): what a prefetch of the child's table entry
    // needs, before the move is made. Otherwise a key no position need have.
    uint64_t key_after(Move m) const {
        return key() ^ slide_key(piece_at(m.from), m) ^ zobrist::keys().side_defenders;
    }
    // The verdict of the last move (or of the set-up): repetition and no-legal-move excluded.
    Status status() const { return state().status; }
    // All states from the set-up to now; states()[0] is the set-up.
    const std::vector<State>& states() const { return states_; }
    // Whether some earlier state may have the current key: false means the position is new on
    // this path (a filter over every state's key; true can be a false alarm, never the other
    // way), so the repetition walk (core/game_end.h) need not run.
    bool key_seen_before() const { return key_counts_[bucket(key())] > 1; }
    // Whether `key` may be that of two states or more (false is exact, as key_seen_before).
    bool key_repeated(uint64_t k) const { return key_counts_[bucket(k)] > 1; }
    // '.', 't', 'T' or 'K'.
    char piece_char(Square sq) const;
    BoardSetup setup() const;

    // Plays a pseudo-legal move (one that generate() produces) and judges its outcome.
    void do_move(Move m);
    void undo_move();

    // The squares a piece of kind p standing on `from` may move to (whoever is to move).
    BB destinations(Square from, Piece p) const;
    // Whether `to` is one of destinations(from, p), found along the one line between them.
    bool reaches(Square from, Piece p, Square to) const;
    // Every move the side to move may make, repetition aside; none when the game is over.
    void generate(MoveList& list) const;
    // The moves generate() would produce that end on a square of `targets`, in no particular
    // order: for each empty target, the nearest piece along each of its four lines, when it is
    // the mover's and may slide there. Cheaper than generate() when the targets are few (the
    // captures' squares, the squares beside the king). Not under special rules, whose jumps
    // reach squares no line gives.
    void generate_to(MoveList& list, BB targets) const;
    // The king's moves as generate() lists them; none unless the defenders are to move.
    void generate_king(MoveList& list) const;
    // The number of moves generate() would produce, without producing them.
    int count_moves() const { return count_all_slides(false); }
    // Whether generate() would produce any move (stops counting at the first).
    bool has_moves() const { return count_all_slides(true) > 0; }
    // Whether generate() would produce `m`.
    bool is_pseudo_legal(Move m) const;
    // The squares whose enemy soldiers `m` would capture, without playing it; m must be
    // pseudo-legal.
    BB captures_of(Move m) const;
    // Whether an attacker arriving on `attacker_to` captures the king (false unless it is next
    // to him). The same before the arrival as after it: no move onto a square next to the king
    // changes his other sides (the mover comes from none of them; its captures are not next to
    // him).
    bool king_captured(Square attacker_to) const;
    // Whether no defender (king included) can reach the edge through squares free of attackers
    // and of `walls`. Without walls: the plain encirclement verdict (OpenTafl's `surf`).
    bool encircled(BB walls = 0) const;
    // The encirclement verdict of the rules: encircled(), and where the ring must be
    // unbreakable (Copenhagen), every defender in the king's area and no ring attacker
    // capturable in one move.
    bool encirclement_wins() const;
    // Passes the move to the other side without moving (threat tests only); undo_null_move()
    // takes it back. Not for a position whose game is over.
    void do_null_move();
    void undo_null_move();

    // OpenTafl's ranked soldiers of side s (subsets of soldiers(s)); empty without special rules.
    BB commanders(Side s) const { return t_->special ? special_.back().commanders[index(s)] : 0; }
    BB knights(Side s) const { return t_->special ? special_.back().knights[index(s)] : 0; }
    BB mercenaries(Side s) const { return t_->special ? special_.back().mercenaries[index(s)] : 0; }
    BB guards(Side s) const { return t_->special ? special_.back().guards[index(s)] : 0; }
    // The piece that must continue a berserk turn, or kNoSquare.
    Square berserker() const { return t_->special ? special_.back().berserker : kNoSquare; }
    // Starts the position in the middle of a berserk turn: the piece on `sq`, of the side to
    // move, must continue it. Only before the first move, under berserk rules, in a game not
    // over, and where the rules let the turn go on (the piece has a capturing move under ber:c,
    // any move under ber:m); otherwise nothing changes and the result says what stood in the way.
    BerserkStart begin_berserk_turn(Square sq);

    // The board's invariants: the two armies and the king on distinct squares of the board, the
    // king on it. Checked by assert() around make/unmake in Debug builds.
    bool is_consistent() const {
        const BB board = t_->geo.all;
        return !(soldiers_[0] & soldiers_[1]) && !((soldiers_[0] | soldiers_[1]) & ~board) &&
               king_ >= 0 && king_ < t_->geo.squares && !test(soldiers_[0] | soldiers_[1], king_);
    }

  private:
    // The change to the key of `piece` leaving m.from for m.to (begin_move's, key_after's).
    static uint64_t slide_key(Piece piece, Move m) {
        const auto& z = zobrist::keys();
        const int k = static_cast<int>(piece);
        return z.piece[k][m.from] ^ z.piece[k][m.to];
    }

    // Special rules' state (core/position_special.h), one entry per State. The special path is
    // kept out of line so that the ordinary variants' make/unmake stay as small as before.
    struct SpecialState {
        std::array<BB, 2> commanders{};
        std::array<BB, 2> knights{};
        std::array<BB, 2> mercenaries{};
        std::array<BB, 2> guards{};
        BB converted = 0;              // the mercenaries the move that led here won over
        Square berserker = kNoSquare;  // the piece that must continue a berserk turn
        Side mover = Side::Attackers;  // who made the move that led here
        // The rank bitboards in Zobrist order (zobrist::Keys::rank).
        std::array<std::array<BB, 2>*, 4> ranks() {
            return {&commanders, &knights, &mercenaries, &guards};
        }
    };
    // What a move does under special rules: the enemy soldiers it captures, whether it captures
    // the king.
    struct SpecialEffect {
        BB captured = 0;
        bool king = false;
    };
    JumpMode jump_mode(Square sq) const;
    [[gnu::always_inline]] inline void special_masks(Square from, Side side, BB& no_stop,
                                                     BB& no_pass) const;
    BB jumps_from(Square from, Side side) const;
    BB special_destinations(Square from) const { return special_destinations(from, to_move_); }
    BB special_destinations(Square from, Side side) const;
    int special_reach(Square from, Side side) const;
    BB special_movers() const;
    [[gnu::noinline]] void generate_special(MoveList& list) const;
    [[gnu::noinline]] int count_special(bool first_only) const;
    SpecialEffect special_sandwich(Move m, bool pre) const;
    [[gnu::noinline]] SpecialEffect special_effect(Move m) const;
    BB special_linnaean(Square to) const;
    BB special_shieldwall(Move m, BB captured) const;
    bool has_capturing_move(Square sq) const;
    bool can_step(Square sq) const;
    bool defender_jumps_to_edge() const;
    Status special_verdict() const;
    [[gnu::noinline]] void do_special_move(Move m);
    // The start of every move, plain or special: a new State for `m` (nothing captured yet), the
    // mover's key taken from m.from to m.to, and for the king his square and his leaving the
    // throne (where the rules track it). The soldiers' bitboards are the caller's. The mover.
    [[gnu::always_inline]] inline Piece begin_move(Move m);

    Piece piece_at(Square sq) const;  // only for occupied squares
    // Whether a defender (the king included) has a line to the edge free of attackers; the line
    // found is kept as defender_edge_line_.
    bool defender_sees_edge() const;
    // Whether "the king has left the throne" is state: only where he may not come back.
    bool tracks_throne_exit() const { return t_->throne_bb && !t_->king_reenters; }
    BB stop_forbidden(Piece p, int origin) const;
    BB pass_forbidden(Piece p, int origin) const;
    BB slide_targets(Square from, int reach, BB no_stop, BB no_pass) const;
    void push_slides(MoveList& list, Square from, Piece p) const;
    // Whether the piece of kind p on `from` may slide to `to`, along direction `dir` over empty
    // squares (the caller has checked them empty): within its reach, crossing no square it may
    // not cross, ending on one it may stop on (slide_targets' rules for one square).
    bool slides_to(Square from, Piece p, Square to, int dir) const;
    // Pushes the moves of the piece of kind p on `from` (generate()'s order).
    void add_slides(MoveList& list, Square from, Piece p) const;
    template <int origin>
    int count_slides(BB from, Piece p, BB empty, bool first_only) const;
    int count_fort_slides(BB from, Piece p, BB empty, bool first_only) const;
    [[gnu::noinline]] int count_all_fort_slides(bool first_only) const;
    int count_all_slides(bool first_only) const;
    BB capture_set(Square from, Square to, Piece mover, Side us, BB occ, BB own_soldiers,
                   Square king) const;
    BB custodial_set(Square to, Piece mover, Side us, BB occ, BB own_soldiers, Square king) const;
    BB shieldwall_set(Square to, Side us, BB own_soldiers, BB enemy_soldiers, Square king) const;
    void find_walls(const WallBoard<BB>& b, Side s, WallPositions<BB>& w) const;
    BB opentafl_wall_captures(Square to, Side us, bool developed, WallBoard<BB> b, BB keep,
                              BB mercenaries) const;
    bool king_in_defenders_wall() const;
    bool king_can_move() const;
    bool in_exit_fort() const;
    bool in_sealed_fort() const;
    bool in_opentafl_fort() const;
    BB king_reach() const;
    bool ring_unbreakable(BB region) const;
    bool ring_may_close(Side us, Square to, BB captured, BB forest_removed) const;
    bool closes_capture(Square beyond, Piece victim, BB anvils, BB occ) const;
    bool linnaean_anvil(Square victim_sq, Square beyond, BB attackers, Square king) const;
    bool king_captured_by(Square attacker_to, BB attackers) const;
    bool hostile_to_king(Square sq, BB occ, BB attackers) const;
    void update_forest(State& st, Side us);
    Status static_status() const;

    const RuleTables<BB>* t_;
    std::array<BB, 2> soldiers_{};
    Square king_ = kNoSquare;
    Side to_move_ = Side::Attackers;
    std::vector<State> states_;
    std::vector<SpecialState> special_;  // empty unless tables().special
    // The line by which a defender last saw the edge (defender_sees_edge): after most moves it
    // is still clear, and checking it is two bit tests where finding one takes a ray test per
    // direction of each defender. A hint, checked before every use, so moves and undos need not
    // keep it.
    mutable LineToEdge defender_edge_line_;
    // Every square a move has ended on, one entry per state, kept only when
    // tables().tracks_developed: a piece on one of them has moved (OpenTafl's DEVELOPED bit,
    // which its flanking shieldwall test reads; position_opentafl_walls.h). A record carries no
    // history: its pieces start undeveloped. Not in the key: OpenTafl's Zobrist hash
    // (GameState.getZobristTypeIndex) leaves the bit out of repetition too. Apart from State, so
    // that the other rules do not copy it with every move.
    std::vector<BB> developed_;
    BB developed() const { return developed_.back(); }
    void pop_state() {
        states_.pop_back();
        if (t_->tracks_developed) [[unlikely]]
            developed_.pop_back();
    }
    // How many states of states_ have a key in each bucket (see key_seen_before): counted when a
    // state's key is final (count_key), uncounted before it is popped (uncount_key).
    static constexpr int kKeyBuckets = 1024;
    static int bucket(uint64_t key) { return static_cast<int>(key & (kKeyBuckets - 1)); }
    void count_key() { ++key_counts_[bucket(states_.back().key)]; }
    void uncount_key() { --key_counts_[bucket(states_.back().key)]; }
    std::array<uint16_t, kKeyBuckets> key_counts_{};
};

// ---------------------------------------------------------------------------------------------

template <class BB>
Position<BB>::Position(const RuleTables<BB>& tables, const BoardSetup& setup, Side to_move)
    : t_(&tables), to_move_(to_move) {
    const auto& z = zobrist::keys();
    State st;
    for (Square sq = 0; sq < setup.size * setup.size; ++sq) {
        switch (setup.at(sq)) {
            case 't':
                soldiers_[0] |= square_bb<BB>(sq);
                st.key ^= z.piece[0][sq];
                break;
            case 'T':
                soldiers_[1] |= square_bb<BB>(sq);
                st.key ^= z.piece[1][sq];
                break;
            case 'K':
                king_ = sq;
                st.key ^= z.piece[2][sq];
                break;
            default:
                if (is_special_piece_letter(setup.at(sq))) {  // a soldier of rank
                    const int side = index(side_of(piece_of_letter(setup.at(sq))));
                    soldiers_[side] |= square_bb<BB>(sq);
                    st.key ^= z.piece[side][sq];
                }
                break;
        }
    }
    if (to_move == Side::Defenders) st.key ^= z.side_defenders;
    // A record carries no history: a king off the throne has left it; a soldier on a corner
    // arrived with its side's last move.
    if (tracks_throne_exit() && !test(t_->throne_bb, king_)) {
        st.king_left_throne = true;
        st.key ^= z.king_left_throne;
    }
    if (t_->rules.forest_moves > 0) {
        for (int c = 0; c < 4; ++c) {
            const Square sq = t_->geo.corner_squares[c];
            if (test(soldiers_[0] | soldiers_[1], sq)) {
                st.forest[c] = 1;
                st.key ^= z.forest[c][1];
            }
        }
    }
    if (t_->special) {
        SpecialState sp;
        for (Square sq = 0; sq < setup.size * setup.size; ++sq) {
            const char c = setup.at(sq);
            const int rank = c == 'c' || c == 'C'   ? 0
                             : c == 'n' || c == 'N' ? 1
                             : c == 'm' || c == 'M' ? 2
                             : c == 'g' || c == 'G' ? 3
                                                    : -1;
            if (rank < 0) continue;
            const int side = index(side_of(piece_of_letter(c)));
            (*sp.ranks()[rank])[side] |= square_bb<BB>(sq);
            st.key ^= z.rank[side][rank][sq];
        }
        special_.reserve(256);
        special_.push_back(sp);
    }
    states_.reserve(256);
    states_.push_back(st);
    if (t_->tracks_developed) developed_.push_back(0);
    states_.back().status = static_status();
    count_key();
}

template <class BB>
char Position<BB>::piece_char(Square sq) const {
    if (sq == king_) return 'K';
    if (t_->special) [[unlikely]] {
        const SpecialState& sp = special_.back();
        for (int side = 0; side < 2; ++side) {
            if (test(sp.commanders[side], sq)) return side ? 'C' : 'c';
            if (test(sp.knights[side], sq)) return side ? 'N' : 'n';
            if (test(sp.mercenaries[side], sq)) return side ? 'M' : 'm';
            if (test(sp.guards[side], sq)) return side ? 'G' : 'g';
        }
    }
    if (test(soldiers_[0], sq)) return 't';
    if (test(soldiers_[1], sq)) return 'T';
    return '.';
}

template <class BB>
BoardSetup Position<BB>::setup() const {
    BoardSetup s{t_->geo.size, std::vector<char>(t_->geo.squares, '.')};
    for (Square sq = 0; sq < t_->geo.squares; ++sq) s.cells[sq] = piece_char(sq);
    return s;
}

template <class BB>
Piece Position<BB>::piece_at(Square sq) const {
    if (sq == king_) return Piece::King;
    return test(soldiers_[0], sq) ? Piece::AttackerSoldier : Piece::DefenderSoldier;
}

// Advances the corner timers of side `us` after its move and removes the soldiers lost in the
// forest.
template <class BB>
void Position<BB>::update_forest(State& st, Side us) {
    const auto& z = zobrist::keys();
    const int limit = t_->rules.forest_moves;
    for (int c = 0; c < 4; ++c) {
        const Square sq = t_->geo.corner_squares[c];
        const int before = st.forest[c];
        int after = before;
        if (test(soldiers_[index(us)], sq)) {
            after = before + 1;
            if (after >= limit) {
                soldiers_[index(us)] &= ~square_bb<BB>(sq);
                st.forest_removed |= square_bb<BB>(sq);
                st.key ^= z.piece[index(us)][sq];
                after = 0;
            }
        } else if (!test(soldiers_[index(opponent(us))], sq)) {
            after = 0;
        }
        if (after != before) {
            st.key ^= z.forest[c][before] ^ z.forest[c][after];
            st.forest[c] = static_cast<uint8_t>(after);
        }
    }
}

template <class BB>
BB Position<BB>::captures_of(Move m) const {
    if (t_->special) [[unlikely]]
        return special_effect(m).captured;
    const Piece mover = piece_at(m.from);
    const BB moved = square_bb<BB>(m.from) | square_bb<BB>(m.to);
    const BB own = soldiers_[index(to_move_)] ^ (mover == Piece::King ? 0 : moved);
    return capture_set(m.from, m.to, mover, to_move_, occupied() ^ moved, own,
                       mover == Piece::King ? Square(m.to) : king_);
}

template <class BB>
Piece Position<BB>::begin_move(Move m) {
    const auto& z = zobrist::keys();
    states_.push_back(states_.back());
    if (t_->tracks_developed) [[unlikely]]
        developed_.push_back(developed_.back() | square_bb<BB>(m.to));
    State& st = states_.back();
    st.move = m;
    st.captured = st.forest_removed = 0;
    const Piece mover = piece_at(m.from);
    st.key ^= slide_key(mover, m);
    if (mover == Piece::King) {
        king_ = m.to;
        if (test(t_->throne_bb, m.from) && !test(t_->throne_bb, m.to) && tracks_throne_exit() &&
            !st.king_left_throne) {
            st.king_left_throne = true;
            st.key ^= z.king_left_throne;
        }
    }
    return mover;
}

template <class BB>
void Position<BB>::do_move(Move m) {
    const auto& z = zobrist::keys();
    const Side us = to_move_;
    // A pseudo-legal move: a piece of the side to move, to an empty square, in a game going on.
    assert(test(side_pieces(us), m.from) && !test(occupied(), m.to) && !status().over());
    if (t_->special) [[unlikely]] {
        do_special_move(m);
        count_key();
        return;
    }
    // 1. Move the piece.
    const Piece mover = begin_move(m);
    State& st = states_.back();
    const Square from = m.from, to = m.to;
    if (mover != Piece::King) soldiers_[index(us)] ^= square_bb<BB>(from) | square_bb<BB>(to);

    // 2. Custodial captures of enemy soldiers.
    const BB captured = capture_set(from, to, mover, us, occupied(), soldiers_[index(us)], king_);
    if (captured) {
        st.captured = captured;
        soldiers_[index(opponent(us))] &= ~captured;
        const int victim = index(opponent(us));
        for (BB b = captured; b;) st.key ^= z.piece[victim][pop_lsb(b)];
    }

    // 3. The verdicts a move can bring: escape, king capture, encirclement.
    if (mover == Piece::King && test(t_->escape, to)) {
        st.status = {Outcome::DefendersWin, OutcomeReason::KingEscaped};
    } else if (us == Side::Attackers && king_captured(to)) {
        st.status = {Outcome::AttackersWin, OutcomeReason::KingCaptured};
    }

    // 4. Soldiers lost in the forest.
    if (t_->rules.forest_moves > 0) update_forest(st, us);

    // Only a move that may close the ring (ring_may_close) is judged.
    if (t_->rules.encirclement && !st.status.over() &&
        ring_may_close(us, to, captured, st.forest_removed) && encirclement_wins())
        st.status = {Outcome::AttackersWin, OutcomeReason::Encircled};
    if (!st.status.over() && t_->rules.edge_fort != EdgeFort::None &&
        (us == Side::Defenders || t_->rules.edge_fort == EdgeFort::OpenTafl) && in_exit_fort())
        st.status = {Outcome::DefendersWin, OutcomeReason::ExitFort};

    to_move_ = opponent(us);
    st.key ^= z.side_defenders;
    count_key();
    assert(is_consistent());
}

template <class BB>
void Position<BB>::do_null_move() {
    assert(!status().over());
    states_.push_back(states_.back());
    if (t_->tracks_developed) [[unlikely]]
        developed_.push_back(developed_.back());
    State& st = states_.back();
    st.move = Move{};
    st.captured = st.forest_removed = 0;
    st.key ^= zobrist::keys().side_defenders;
    to_move_ = opponent(to_move_);
    if (t_->special) [[unlikely]] {
        // A pass ends a berserk turn.
        special_.push_back(special_.back());
        special_.back().mover = opponent(to_move_);
        if (const Square b = special_.back().berserker; b != kNoSquare) {
            st.key ^= zobrist::keys().berserker[b];
            special_.back().berserker = kNoSquare;
        }
    }
    count_key();
}

template <class BB>
void Position<BB>::undo_null_move() {
    assert(states_.size() > 1 && states_.back().move == Move{});
    to_move_ = opponent(to_move_);
    uncount_key();
    pop_state();
    if (t_->special) [[unlikely]]
        special_.pop_back();
}

template <class BB>
void Position<BB>::undo_move() {
    assert(states_.size() > 1);
    uncount_key();
    const State& st = states_.back();
    // The side that made the move: under special rules the moves of a berserk turn are all one
    // side's, so the side to move says nothing.
    const Side us = t_->special ? special_.back().mover : opponent(to_move_);
    const Square from = st.move.from, to = st.move.to;
    soldiers_[index(us)] |= st.forest_removed;
    soldiers_[index(opponent(us))] |= st.captured;
    if (t_->special) [[unlikely]]
        soldiers_[index(us)] &= ~special_.back().converted;  // the mercenaries it won over
    if (king_ == to)
        king_ = from;
    else
        soldiers_[index(us)] ^= square_bb<BB>(from) | square_bb<BB>(to);
    to_move_ = us;
    pop_state();
    if (t_->special) [[unlikely]]
        special_.pop_back();
    assert(is_consistent());
}

}  // namespace branan

#include "core/position_captures.h"
#include "core/position_edge_rules.h"
#include "core/position_moves.h"
#include "core/position_opentafl_walls.h"
#include "core/position_special.h"
#include "core/position_verdicts.h"
