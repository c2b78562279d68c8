// SPDX-License-Identifier: GPL-3.0-or-later
// The transposition table: the entry layout, hits and misses, what a store replaces, and the
// conversion of mate scores to and from the table.
#include <unistd.h>

#include <fstream>

#include "catch.h"
#include "engine/tt.h"

using namespace branan;

namespace {

TTData data(Move move, Score score, int depth, Bound bound, Score eval = 0) {
    TTData d;
    d.move = move;
    d.score = score;
    d.eval = eval;
    d.depth = depth;
    d.bound = bound;
    return d;
}

// With a 1 MiB table (16384 clusters) the cluster of a key is its top 14 bits: these keys
// share one cluster, four entries.
uint64_t same_cluster_key(int i) {
    return 0x5a5c'0000'0000'0000ULL + 0x1'0000ULL * static_cast<uint64_t>(i + 1);
}

// The machine's memory, in MiB (0 or less when the system does not say).
double machine_megabytes() {
    return double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE)) / (1 << 20);
}

// The process's resident memory (Linux), in MiB.
double resident_megabytes() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    return double(resident) * double(sysconf(_SC_PAGE_SIZE)) / (1 << 20);
}

bool hit(const TranspositionTable& tt, uint64_t key, TTData* out = nullptr) {
    TTData d;
    const bool found = tt.probe(key, d);
    if (out) *out = d;
    return found;
}

}  // namespace

TEST_CASE("tt: pack and unpack keep every field, the generation apart", "[tt]") {
    for (const TTData& d :
         {data(Move{12, 200}, -31999, 0, Bound::Exact, -32000),
          data(Move{255, 0}, 31999, 126, Bound::Lower, 32000),
          data(Move{}, 0, -1, Bound::Upper, -5), data(Move{3, 4}, -17, 254, Bound::None),
          data(Move{7, 9}, 40, 3, Bound::Lower, kNoEval)}) {
        for (uint8_t generation : {0, 1, 63}) {
            const uint64_t packed = TranspositionTable::pack(d, generation);
            CHECK((packed >> 58) == generation);
            const TTData u = TranspositionTable::unpack(packed);
            CHECK(u.move == d.move);
            CHECK(u.score == d.score);
            CHECK(u.eval == d.eval);
            CHECK(u.depth == d.depth);
            CHECK(u.bound == d.bound);
        }
    }
    // Depths beyond the 8 bits are clamped, not wrapped.
    CHECK(TranspositionTable::unpack(
              TranspositionTable::pack(data(Move{1, 2}, 0, 400, Bound::Exact), 0))
              .depth == 254);
}

TEST_CASE("tt: a stored entry is found by its key only", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(1));
    const uint64_t key = 0x0123'4567'89ab'cdefULL;
    CHECK_FALSE(hit(tt, key));
    tt.store(key, data(Move{5, 6}, 42, 7, Bound::Exact, 11));
    TTData d;
    REQUIRE(hit(tt, key, &d));
    CHECK(d.move == Move{5, 6});
    CHECK(d.score == 42);
    CHECK(d.eval == 11);
    CHECK(d.depth == 7);
    CHECK(d.bound == Bound::Exact);
    CHECK_FALSE(hit(tt, key ^ 1));  // the same cluster, another key
    CHECK_FALSE(hit(tt, ~key));
}

TEST_CASE("tt: a full cluster gives up its shallowest entry, then its oldest", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(1));
    const int depths[4] = {10, 2, 8, 6};
    for (int i = 0; i < 4; ++i)
        tt.store(same_cluster_key(i), data(Move{1, 2}, i, depths[i], Bound::Exact));
    for (int i = 0; i < 4; ++i) CHECK(hit(tt, same_cluster_key(i)));
    tt.store(same_cluster_key(4), data(Move{1, 2}, 4, 5, Bound::Exact));
    CHECK(hit(tt, same_cluster_key(4)));
    CHECK_FALSE(hit(tt, same_cluster_key(1)));  // depth 2: the least worth keeping
    for (int i : {0, 2, 3}) CHECK(hit(tt, same_cluster_key(i)));

    // After a new search an entry is worth its depth + 1 less 8 per search of age: old depths
    // 10, 5, 8, 6 are worth 3, -2, 1, -1; a new depth 3 is worth 4.
    tt.new_search();
    tt.store(same_cluster_key(5), data(Move{1, 2}, 5, 3, Bound::Exact));  // old depth 5 goes
    CHECK_FALSE(hit(tt, same_cluster_key(4)));
    tt.store(same_cluster_key(4), data(Move{1, 2}, 4, 5, Bound::Exact));  // old depth 6 goes
    CHECK_FALSE(hit(tt, same_cluster_key(3)));
    tt.store(same_cluster_key(3), data(Move{1, 2}, 3, 6, Bound::Exact));  // old depth 8 goes
    CHECK_FALSE(hit(tt, same_cluster_key(2)));
    CHECK(hit(tt, same_cluster_key(0)));  // old depth 10 (worth 3) outlives them
    CHECK(hit(tt, same_cluster_key(5)));  // and the new depth 3 (worth 4) too
}

TEST_CASE("tt: a shallower result for the same key keeps the deeper one and its move", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(1));
    const uint64_t key = 0x7777'0000'1234'5678ULL;
    TTData d;

    tt.store(key, data(Move{3, 4}, 50, 10, Bound::Lower));
    tt.store(key, data(Move{}, -20, 4, Bound::Upper));  // 6 plies shallower, no move: kept
    REQUIRE(hit(tt, key, &d));
    CHECK(d.depth == 10);
    CHECK(d.score == 50);
    CHECK(d.move == Move{3, 4});

    tt.store(key, data(Move{}, 7, 12, Bound::Lower));      // a deeper result without a move
    tt.store(key, data(Move{9, 10}, 8, 5, Bound::Upper));  // shallower, with a move: its move only
    REQUIRE(hit(tt, key, &d));
    CHECK(d.depth == 12);
    CHECK(d.score == 7);
    CHECK(d.move == Move{9, 10});

    tt.store(key, data(Move{1, 1}, 3, 2, Bound::Exact));  // an exact result always replaces
    REQUIRE(hit(tt, key, &d));
    CHECK(d.depth == 2);
    CHECK(d.bound == Bound::Exact);

    tt.store(key, data(Move{2, 2}, 4, 1, Bound::Lower));  // at most 2 plies shallower: replaces
    REQUIRE(hit(tt, key, &d));
    CHECK(d.depth == 1);
    CHECK(d.move == Move{2, 2});

    // From an older search a deeper entry is not kept.
    tt.store(key, data(Move{5, 5}, 4, 20, Bound::Lower));
    tt.new_search();
    tt.store(key, data(Move{6, 6}, 9, 3, Bound::Upper));
    REQUIRE(hit(tt, key, &d));
    CHECK(d.depth == 3);
    CHECK(d.move == Move{6, 6});
}

TEST_CASE("tt: a store without a move keeps the move found before for the same key", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(1));
    const uint64_t key = same_cluster_key(0);
    TTData d;

    // A fail-high with its move, then a fail-low of the same depth (no move): the new result,
    // the old move.
    tt.store(key, data(Move{3, 4}, 50, 6, Bound::Lower));
    tt.store(key, data(Move{}, -20, 6, Bound::Upper));
    REQUIRE(hit(tt, key, &d));
    CHECK(d.score == -20);
    CHECK(d.bound == Bound::Upper);
    CHECK(d.move == Move{3, 4});

    // Deeper or exact results without a move keep it too, and a new move replaces it.
    tt.store(key, data(Move{}, 10, 9, Bound::Exact));
    REQUIRE(hit(tt, key, &d));
    CHECK(d.depth == 9);
    CHECK(d.move == Move{3, 4});
    tt.store(key, data(Move{7, 8}, 11, 9, Bound::Lower));
    REQUIRE(hit(tt, key, &d));
    CHECK(d.move == Move{7, 8});

    // Another key's move is never taken over: a new entry in the same cluster has none.
    const uint64_t other = same_cluster_key(1);
    tt.store(other, data(Move{}, 0, 6, Bound::Upper));
    REQUIRE(hit(tt, other, &d));
    CHECK(d.move == Move{});
}

TEST_CASE("tt: mate scores are stored relative to the node", "[tt]") {
    // A mate in 5 plies from the root, found at ply 3: 2 plies from the node.
    CHECK(score_to_tt(mate_in(5), 3) == mate_in(2));
    CHECK(score_to_tt(mated_in(5), 3) == mated_in(2));
    // Read back at another ply (a transposition): counted from there.
    CHECK(score_from_tt(mate_in(2), 7) == mate_in(9));
    CHECK(score_from_tt(mated_in(2), 7) == mated_in(9));
    for (int ply : {0, 1, 17, 127})
        for (Score s : {0, 1, -1, 350, -350, kScoreMateBound - 1, -(kScoreMateBound - 1)}) {
            CHECK(score_to_tt(s, ply) == s);  // not a mate: unchanged
            CHECK(score_from_tt(s, ply) == s);
        }
    for (int ply : {0, 1, 17, 127})
        for (int plies : {ply, ply + 1, ply + 40}) {
            CHECK(score_from_tt(score_to_tt(mate_in(plies), ply), ply) == mate_in(plies));
            CHECK(score_from_tt(score_to_tt(mated_in(plies), ply), ply) == mated_in(plies));
        }
}

TEST_CASE("tt: hashfull, clear and resize", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(1));
    CHECK(tt.hashfull() == 0);
    // hashfull samples the first 250 clusters: fill them (their keys' top 14 bits are 0-249).
    for (uint64_t c = 0; c < 250; ++c)
        for (uint64_t i = 0; i < 4; ++i)
            tt.store(c << 50 | (i + 1), data(Move{1, 2}, 0, 5, Bound::Exact));
    CHECK(tt.hashfull() == 1000);
    tt.new_search();
    CHECK(tt.hashfull() == 0);  // written by an earlier search
    CHECK(hit(tt, 1));

    REQUIRE(tt.resize(1));  // the same size: nothing changes
    CHECK(hit(tt, 1));
    tt.clear();
    CHECK_FALSE(hit(tt, 1));

    tt.store(1, data(Move{1, 2}, 0, 5, Bound::Exact));
    REQUIRE(tt.resize(2));  // another size: a new, empty table
    CHECK(tt.megabytes() == 2);
    CHECK_FALSE(hit(tt, 1));
    tt.store(1, data(Move{1, 2}, 0, 5, Bound::Exact));
    CHECK(hit(tt, 1));

    // A large table (cleared by handing its pages back) works as a small one.
    REQUIRE(tt.resize(128));
    tt.store(1, data(Move{1, 2}, 0, 5, Bound::Exact));
    CHECK(hit(tt, 1));
    tt.clear();
    CHECK_FALSE(hit(tt, 1));
    tt.store(2, data(Move{1, 2}, 0, 5, Bound::Exact));
    CHECK(hit(tt, 2));

    // More than half the machine's memory is refused, the table unchanged.
    const double machine_mb = machine_megabytes();
    if (machine_mb > 0 && machine_mb < 2.0 * 65536) {
        CHECK_FALSE(tt.resize(65536));
        CHECK(tt.megabytes() == 128);
        CHECK(hit(tt, 2));
    }
}

TEST_CASE("tt: a table of up to 64 MiB is in memory once sized, before any search", "[tt]") {
    // Its pages are not left to fault in as search threads first touch them (tt.cpp,
    // kZeroInPlaceBytes). The default table (16 MiB) is made and then replaced by 48 MiB: the
    // process grows by the difference, 32 MiB, where lazily faulted tables would not grow it.
    const double before = resident_megabytes();
    TranspositionTable tt;
    const double with_default = resident_megabytes();
    CHECK(with_default - before > 14);
    REQUIRE(tt.resize(48));
    CHECK(resident_megabytes() - with_default > 30);
    // Cleared in place, it stays in memory.
    tt.clear();
    CHECK(resident_megabytes() - with_default > 30);
}

TEST_CASE("tt: made at the size asked for, or at the default one when resize would refuse it",
          "[tt]") {
    // A program that knows its size at start (the command line's --hash) makes only that table.
    // Made at 48 MiB (up to 64 MiB a table is written when made), the process grows by about 48.
    // (What it saves, writing the default 16 MiB first, is time, not memory: README.)
    const double before = resident_megabytes();
    TranspositionTable tt(48);
    CHECK(tt.megabytes() == 48);
    const double grown = resident_megabytes() - before;
    CHECK(grown > 40);
    CHECK(grown < 56);
    tt.store(1, data(Move{1, 2}, 0, 5, Bound::Exact));
    CHECK(hit(tt, 1));
    CHECK(tt.resize(48));  // the size it has: nothing to do, the contents stay
    CHECK(hit(tt, 1));
    CHECK(TranspositionTable(0).megabytes() == 1);

    const double machine_mb = machine_megabytes();
    if (machine_mb > 0 && machine_mb < 2.0 * 65536) {
        CHECK_FALSE(TranspositionTable::fits_in_memory(65536));
        TranspositionTable refused(65536);
        CHECK(refused.megabytes() == TranspositionTable::kDefaultMegabytes);
        CHECK_FALSE(refused.resize(65536));  // the caller learns of it so
    }
    CHECK(TranspositionTable::fits_in_memory(1));
}
