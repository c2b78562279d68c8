// SPDX-License-Identifier: GPL-3.0-or-later
// Squares and moves as text (src/core/notation.h): round trips over whole boards, captures, and
// the error text of every kind of malformed input.
#include <string>
#include <vector>

#include "catch.h"
#include "core/notation.h"
#include "core/opentafl_notation.h"
#include "test_support.h"

using namespace branan;
using catch_compat::Contains;

namespace {

using testing::error_of;

Square sq_at(int file, int rank, int size) {
    return rank * size + file;
}

// The squares of the written captures, in order.
std::vector<Square> squares_of(const WrittenMove& wm) {
    std::vector<Square> squares;
    for (const auto& c : wm.captures) squares.push_back(c.square);
    return squares;
}

}  // namespace

TEST_CASE("square_name and parse_square round trip on every square", "[notation]") {
    for (int size : {5, 7, 9, 11}) {
        for (Square sq = 0; sq < size * size; ++sq) {
            const std::string name = square_name(sq, size);
            INFO("size " << size << " square " << sq << " name " << name);
            REQUIRE(name.size() >= 2);
            CHECK(name[0] == static_cast<char>('a' + sq % size));
            CHECK(std::stoi(name.substr(1)) == sq / size + 1);
            const auto parsed = parse_square(name, size);
            REQUIRE(parsed.ok());
            CHECK(*parsed == sq);
        }
    }
}

TEST_CASE("square names at the board's ends", "[notation]") {
    CHECK(square_name(0, 7) == "a1");
    CHECK(square_name(6, 7) == "g1");
    CHECK(square_name(42, 7) == "a7");
    CHECK(square_name(48, 7) == "g7");
    CHECK(square_name(24, 7) == "d4");
    CHECK(square_name(40, 9) == "e5");
    CHECK(square_name(80, 9) == "i9");
    CHECK(square_name(120, 11) == "k11");
    CHECK(square_name(99, 11) == "a10");
    CHECK(square_name(10, 11) == "k1");

    auto k11 = parse_square("k11", 11);
    REQUIRE(k11.ok());
    CHECK(*k11 == 120);
    auto a10 = parse_square("a10", 11);
    REQUIRE(a10.ok());
    CHECK(*a10 == 99);
    auto j10 = parse_square("j10", 11);
    REQUIRE(j10.ok());
    CHECK(*j10 == sq_at(9, 9, 11));
    auto d4 = parse_square("d4", 7);
    REQUIRE(d4.ok());
    CHECK(*d4 == 24);
    // The same text names different squares on different boards.
    auto e5_9 = parse_square("e5", 9);
    REQUIRE(e5_9.ok());
    CHECK(*e5_9 == 40);
}

TEST_CASE("parse_square refuses malformed or off-board squares with a precise error",
          "[notation]") {
    SECTION("empty") {
        auto r = parse_square("", 7);
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("empty"));
    }
    SECTION("file without rank") {
        auto r = parse_square("d", 7);
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("'d'"));
        CHECK_THAT(error_of(r), Contains("rank"));
    }
    SECTION("file beyond the board") {
        auto r = parse_square("z1", 7);
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("'z1'"));
        CHECK_THAT(error_of(r), Contains("7x7"));
        auto h1 = parse_square("h1", 7);
        CHECK_FALSE(h1.ok());
        CHECK_THAT(error_of(h1), Contains("'h1'"));
        auto l1 = parse_square("l1", 11);
        CHECK_FALSE(l1.ok());
        CHECK_THAT(error_of(l1), Contains("'l1'"));
    }
    SECTION("rank 0") {
        auto r = parse_square("a0", 7);
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("'a0'"));
        CHECK_THAT(error_of(r), Contains("rank"));
    }
    SECTION("rank beyond the board") {
        auto r = parse_square("a8", 7);
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("'a8'"));
        CHECK_THAT(error_of(r), Contains("7x7"));
        auto a10 = parse_square("a10", 9);
        CHECK_FALSE(a10.ok());
        CHECK_THAT(error_of(a10), Contains("'a10'"));
        CHECK_THAT(error_of(a10), Contains("9x9"));
    }
    SECTION("rank 12 on 11x11") {
        auto r = parse_square("a12", 11);
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("'a12'"));
        CHECK_THAT(error_of(r), Contains("11x11"));
    }
    SECTION("upper-case file, digit first, junk in the rank, too long") {
        for (const char* text : {"A1", "1a", "a1b", "a-1", "a01", "a100", "d 4", " d4"}) {
            INFO(text);
            auto r = parse_square(text, 11);
            CHECK_FALSE(r.ok());
            CHECK_THAT(error_of(r), Contains("'" + std::string(text) + "'"));
        }
    }
}

TEST_CASE("move_name and parse_written_move round trip for every orthogonal move", "[notation]") {
    for (int size : {7, 11, 19}) {
        int moves = 0;
        for (Square from = 0; from < size * size; ++from) {
            for (Square to = 0; to < size * size; ++to) {
                if (from == to || (from % size != to % size && from / size != to / size)) continue;
                const Move m{static_cast<uint16_t>(from), static_cast<uint16_t>(to)};
                const std::string text = move_name(m, size);
                CHECK(text == square_name(from, size) + "-" + square_name(to, size));
                const auto parsed = parse_written_move(text, size);
                INFO(text);
                REQUIRE(parsed.ok());
                CHECK(parsed->move == m);
                CHECK(parsed->captures.empty());
                ++moves;
            }
        }
        // Every square sees 2*(size-1) others on its rank and file.
        CHECK(moves == size * size * 2 * (size - 1));
    }
}

TEST_CASE("moves with captures", "[notation]") {
    SECTION("e2-d2xd3xc2 on 7x7") {
        const auto mt = parse_written_move("e2-d2xd3xc2", 7);
        REQUIRE(mt.ok());
        CHECK(mt->move ==
              Move{static_cast<uint16_t>(sq_at(4, 1, 7)), static_cast<uint16_t>(sq_at(3, 1, 7))});
        CHECK(squares_of(*mt) == std::vector<Square>{sq_at(3, 2, 7), sq_at(2, 1, 7)});
        CHECK(move_name(mt->move, 7, squares_of(*mt)) == "e2-d2xd3xc2");
    }
    SECTION("a single capture") {
        const auto mt = parse_written_move("e2-d2xd3", 7);
        REQUIRE(mt.ok());
        CHECK(squares_of(*mt) == std::vector<Square>{sq_at(3, 2, 7)});
    }
    SECTION("captures on two-digit ranks of 11x11") {
        const auto mt = parse_written_move("a10-j10xj11xk10xj9", 11);
        REQUIRE(mt.ok());
        CHECK(mt->move == Move{static_cast<uint16_t>(99), static_cast<uint16_t>(sq_at(9, 9, 11))});
        CHECK(squares_of(*mt) ==
              std::vector<Square>{sq_at(9, 10, 11), sq_at(10, 9, 11), sq_at(9, 8, 11)});
        CHECK(move_name(mt->move, 11, squares_of(*mt)) == "a10-j10xj11xk10xj9");
    }
    SECTION("a capture written twice is kept once") {
        const auto mt = parse_written_move("e2-d2xd3xd3", 7);
        REQUIRE(mt.ok());
        CHECK(squares_of(*mt) == std::vector<Square>{sq_at(3, 2, 7)});
        const auto mt2 = parse_written_move("e2-d2xd3xc2xd3xc2", 7);
        REQUIRE(mt2.ok());
        CHECK(squares_of(*mt2) == std::vector<Square>{sq_at(3, 2, 7), sq_at(2, 1, 7)});
    }
    SECTION("move_name with captures round trips") {
        const Move m{static_cast<uint16_t>(sq_at(1, 3, 9)), static_cast<uint16_t>(sq_at(1, 7, 9))};
        const std::vector<Square> caps{sq_at(0, 7, 9), sq_at(2, 7, 9), sq_at(1, 8, 9)};
        const std::string text = move_name(m, 9, caps);
        CHECK(text == "b4-b8xa8xc8xb9");
        const auto mt = parse_written_move(text, 9);
        REQUIRE(mt.ok());
        CHECK(mt->move == m);
        CHECK(squares_of(*mt) == caps);
        CHECK(move_name(m, 9, {}) == "b4-b8");
    }
}

TEST_CASE("parse_written_move refuses malformed moves with a precise error", "[notation]") {
    struct Case {
        const char* text;
        int size;
        std::vector<std::string> expected;  // substrings the error must contain
    };
    const std::vector<Case> cases = {
        {"", 7, {"''", "'-'"}},
        {"d", 7, {"'d'", "'-'"}},
        {"z1", 7, {"'z1'", "'-'"}},
        {"d2e2", 7, {"'d2e2'", "'-'"}},
        {"d2-", 7, {"'d2-'", "empty"}},
        {"-d2", 7, {"'-d2'", "empty"}},
        {"z1-z2", 7, {"'z1-z2'", "'z1'"}},
        {"a0-a1", 7, {"'a0-a1'", "'a0'"}},
        {"a7-a8", 7, {"'a7-a8'", "'a8'", "7x7"}},
        {"a11-a12", 11, {"'a11-a12'", "'a12'", "11x11"}},
        {"d2-e3", 7, {"'d2-e3'", "not along a rank or a file"}},
        {"a1-k11", 11, {"'a1-k11'", "not along a rank or a file"}},
        {"d2-d2", 7, {"'d2-d2'", "does not move"}},
        {"d2-e2x", 7, {"'d2-e2x'", "capture", "empty"}},
        {"d2-e2xq9", 7, {"'d2-e2xq9'", "capture", "'q9'"}},
        {"d2-e2xd3x", 7, {"'d2-e2xd3x'", "capture", "empty"}},
        {"d2-e2xd8", 7, {"'d2-e2xd8'", "capture", "'d8'"}},
        {"d2--e2", 7, {"'d2--e2'", "'--' between its squares"}},
        {"d2-e2-f2", 7, {"'d2-e2-f2'", "'e2-f2'"}},
        {"D2-E2", 7, {"'D2-E2'", "'D2'"}},
    };
    for (const auto& c : cases) {
        INFO("move text '" << c.text << "' on " << c.size << "x" << c.size);
        testing::check_refused(parse_written_move(c.text, c.size), c.expected);
    }
}
