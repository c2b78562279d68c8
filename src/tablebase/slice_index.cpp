// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/slice_index.h"

#include <algorithm>
#include <stdexcept>

namespace branan::tablebase {
namespace {

// binomial(n, k) for n < 65, k < 13, from Pascal's triangle.
struct Binomials {
    uint64_t c[65][13] = {};
    Binomials() {
        for (int n = 0; n < 65; ++n) {
            c[n][0] = 1;
            for (int k = 1; k < 13 && k <= n; ++k) c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
        }
    }
};
const Binomials kBinomials;

uint64_t binomial(int n, int k) {
    return n < 0 || k < 0 || k > n ? 0 : kBinomials.c[n][k];
}

// The colexicographic rank of the ascending positions p[0] < p[1] < ... (sum of C(p[i], i+1)).
uint64_t colex_rank(const int* p, int count) {
    uint64_t rank = 0;
    for (int i = 0; i < count; ++i) rank += binomial(p[i], i + 1);
    return rank;
}

// The ascending positions of colexicographic rank `rank`, `count` of them.
void colex_unrank(uint64_t rank, int count, int* p) {
    for (int i = count; i >= 1; --i) {
        int n = i - 1;
        while (binomial(n + 1, i) <= rank) ++n;
        rank -= binomial(n, i);
        p[i - 1] = n;
    }
}

}  // namespace

SliceIndex::SliceIndex(const Symmetry& sym, BoardBits soldier_squares, BoardBits king_squares,
                       Material m)
    : sym_(&sym), material_(m), soldier_squares_(soldier_squares), king_squares_(king_squares) {
    if (m.attackers < 0 || m.defenders < 0 || m.pieces() > 12)
        throw std::invalid_argument("tablebase material out of range");
    class_of_.fill(-1);
    soldier_position_.fill(-1);
    int n = 0;
    for (BoardBits b = soldier_squares; b;) soldier_position_[pop_lsb(b)] = n++;
    for (BoardBits b = king_squares; b;) {
        const Square k = pop_lsb(b);
        if (sym.representative(k) != k) continue;
        KingClass c;
        c.king = k;
        for (BoardBits s = soldier_squares & ~square_bb<BoardBits>(k); s;)
            c.free.push_back(pop_lsb(s));
        const int free = static_cast<int>(c.free.size());
        c.offset = half_;
        c.defender_sets = binomial(free - m.attackers, m.defenders);
        half_ += binomial(free, m.attackers) * c.defender_sets;
        class_of_[k] = static_cast<int>(classes_.size());
        classes_.push_back(std::move(c));
    }
}

bool SliceIndex::fits(const Placement& p) const {
    return p.king >= 0 && p.king < 64 && test(king_squares_, p.king) &&
           !((p.attackers | p.defenders) & ~soldier_squares_) && !(p.attackers & p.defenders) &&
           !test(p.attackers | p.defenders, p.king) &&
           popcount(p.attackers) == material_.attackers &&
           popcount(p.defenders) == material_.defenders;
}

// The number of `p` as it stands (its king on his representative square).
uint64_t SliceIndex::index_as_is(const Placement& p) const {
    const KingClass& c = classes_[class_of_[p.king]];
    const int king_place = soldier_position_[p.king];  // -1 off the soldier squares
    auto place = [&](Square sq) {
        const int at = soldier_position_[sq];
        return king_place >= 0 && king_place < at ? at - 1 : at;
    };
    int a[12], d[12];
    int na = 0, nd = 0;
    uint64_t taken = 0;  // the attackers' places
    for (BoardBits b = p.attackers; b;) {
        a[na] = place(pop_lsb(b));
        taken |= uint64_t(1) << a[na++];
    }
    for (BoardBits b = p.defenders; b;) {
        const int at = place(pop_lsb(b));
        d[nd++] = at - popcount(taken & ((uint64_t(1) << at) - 1));
    }
    const uint64_t side = p.side == Side::Defenders ? half_ : 0;
    return side + c.offset + colex_rank(a, na) * c.defender_sets + colex_rank(d, nd);
}

uint64_t SliceIndex::index(const Placement& p) const {
    uint64_t best = UINT64_MAX;
    for (int t : sym_->to_representative(p.king))
        best = std::min(best, index_as_is(sym_->map(t, p)));
    return best;
}

Placement SliceIndex::placement(uint64_t i) const {
    Placement p;
    p.side = i >= half_ ? Side::Defenders : Side::Attackers;
    if (i >= half_) i -= half_;
    const auto next = std::upper_bound(classes_.begin(), classes_.end(), i,
                                       [](uint64_t v, const KingClass& c) { return v < c.offset; });
    const KingClass& c = *(next - 1);
    i -= c.offset;
    p.king = c.king;
    int a[12], d[12];
    colex_unrank(i / c.defender_sets, material_.attackers, a);
    colex_unrank(i % c.defender_sets, material_.defenders, d);
    Square left[64];
    int ai = 0, nl = 0;
    for (int at = 0; at < static_cast<int>(c.free.size()); ++at) {
        if (ai < material_.attackers && a[ai] == at) {
            p.attackers |= square_bb<BoardBits>(c.free[at]);
            ++ai;
        } else {
            left[nl++] = c.free[at];
        }
    }
    for (int j = 0; j < material_.defenders; ++j) p.defenders |= square_bb<BoardBits>(left[d[j]]);
    return p;
}

}  // namespace branan::tablebase
