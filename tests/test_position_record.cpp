// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl position records (src/core/position_record.h): round trips for every preset and for
// mid-game records, the squares a record puts pieces on, and the error text of malformed records.
#include <string>
#include <vector>

#include "catch.h"
#include "core/position_record.h"
#include "core/presets.h"
#include "test_support.h"

using namespace branan;
using catch_compat::Contains;

namespace {

using testing::error_of;

char cell(const BoardSetup& s, int file, int rank) {
    return s.at(rank * s.size + file);
}

int count(const BoardSetup& s, char c) {
    int n = 0;
    for (char x : s.cells) n += x == c;
    return n;
}

}  // namespace

TEST_CASE("every preset's start record round trips", "[record]") {
    REQUIRE_FALSE(preset_names().empty());
    for (const auto& name : preset_names()) {
        INFO("preset " << name);
        const auto rules = preset(name);
        REQUIRE(rules.has_value());
        const auto setup = parse_position_record(rules->start);
        REQUIRE(setup.ok());
        CHECK(setup->size == rules->size);
        CHECK(setup->cells.size() == static_cast<size_t>(rules->size * rules->size));
        CHECK(count(*setup, 'K') == 1);
        CHECK(write_position_record(*setup) == rules->start);
    }
}

TEST_CASE("a record puts the pieces on the right squares, rank 1 first", "[record]") {
    const auto s = parse_position_record("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    REQUIRE(s.ok());
    CHECK(s->size == 7);
    CHECK(cell(*s, 3, 0) == 't');  // d1
    CHECK(cell(*s, 3, 3) == 'K');  // d4
    CHECK(cell(*s, 2, 3) == 'T');  // c4
    CHECK(cell(*s, 0, 3) == 't');  // a4
    CHECK(cell(*s, 0, 0) == '.');  // a1
    CHECK(count(*s, 't') == 8);
    CHECK(count(*s, 'T') == 4);
    CHECK(count(*s, '.') == 49 - 13);

    // An asymmetric record: rank 1 is the first row.
    const auto a = parse_position_record("/t6/7/7/3K3/7/7/6T/");
    REQUIRE(a.ok());
    CHECK(cell(*a, 0, 0) == 't');  // a1
    CHECK(cell(*a, 6, 6) == 'T');  // g7
    CHECK(cell(*a, 0, 6) == '.');
}

TEST_CASE("mid-game records with multi-digit runs round trip", "[record]") {
    const std::vector<std::string> records = {
        "/11/11/11/11/11/5K5/11/11/11/11/11/",
        "/t10/11/10T/11/3t7/t4K4t/11/1T9/11/11/10t/",
        "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
        "/4t6/11/11/11/11/11/11/11/11/1K9/T10/",
        "/9/9/9/9/4K4/9/9/9/t8/",
        "/3ttt3/4t4/4T4/t3T3t/tt1TK2tt/t3T3t/9/4t4/3ttt3/",
        "/7/7/7/6K/7/7/7/",
        "/5/5/2K2/5/5/",
        "/ttttttttttt/TTTTTTTTTTT/11/11/11/K10/11/11/11/11/ttttttttttt/",
    };
    for (const auto& rec : records) {
        INFO(rec);
        const auto s = parse_position_record(rec);
        REQUIRE(s.ok());
        CHECK(write_position_record(*s) == rec);
    }
    const auto s = parse_position_record("/t10/11/10T/11/3t7/t4K4t/11/1T9/11/11/10t/");
    REQUIRE(s.ok());
    CHECK(s->size == 11);
    CHECK(cell(*s, 0, 0) == 't');    // a1
    CHECK(cell(*s, 10, 2) == 'T');   // k3
    CHECK(cell(*s, 3, 4) == 't');    // d5
    CHECK(cell(*s, 5, 5) == 'K');    // f6
    CHECK(cell(*s, 1, 7) == 'T');    // b8
    CHECK(cell(*s, 10, 10) == 't');  // k11
    CHECK(count(*s, '.') == 121 - 8);
}

TEST_CASE("commanders and knights of both sides read and write back", "[record]") {
    const char* text = "/3c3/3n3/3T3/ttTKTtt/3C3/3N3/3t3/";
    const auto setup = parse_position_record(text);
    REQUIRE(setup.ok());
    CHECK(setup->at(3) == 'c');
    CHECK(setup->at(10) == 'n');
    CHECK(setup->at(31) == 'C');
    CHECK(setup->at(38) == 'N');
    CHECK(write_position_record(*setup) == text);
}

TEST_CASE("mercenaries and guards of both sides read and write back", "[record]") {
    const char* text = "/3t3/3m3/3T3/ttTKTtt/3G3/m2M3/3t2g/";
    const auto setup = parse_position_record(text);
    REQUIRE(setup.ok());
    CHECK(setup->at(10) == 'm');
    CHECK(setup->at(31) == 'G');
    CHECK(setup->at(35) == 'm');
    CHECK(setup->at(38) == 'M');
    CHECK(setup->at(48) == 'g');
    CHECK(write_position_record(*setup) == text);
}

TEST_CASE("write_position_record of a hand-made setup", "[record]") {
    BoardSetup setup{5, std::vector<char>(25, '.')};
    setup.cells[12] = 'K';
    setup.cells[0] = 't';
    setup.cells[24] = 'T';
    setup.cells[4] = 't';
    CHECK(write_position_record(setup) == "/t3t/5/2K2/5/4T/");
    const auto back = parse_position_record("/t3t/5/2K2/5/4T/");
    REQUIRE(back.ok());
    CHECK(*back == setup);
}

TEST_CASE("malformed position records are refused, naming the row or the character", "[record]") {
    struct Case {
        const char* text;
        std::vector<std::string> expected;  // substrings the error must contain
    };
    const std::vector<Case> cases = {
        {"", {"'/'"}},
        {"/", {"'/'"}},
        {"3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", {"start and end with '/'"}},
        {"/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3", {"start and end with '/'"}},
        // Row 4 too long by a piece, by a run; row 1 too long.
        {"/3t3/3t3/3T3/ttTKTttt/3T3/3t3/3t3/", {"row 4", "'ttTKTttt'", "longer than 7"}},
        {"/3t3/3t3/3T3/ttTKTtt1/3T3/3t3/3t3/", {"row 4", "longer than 7"}},
        {"/3t4/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", {"row 1", "'3t4'", "longer than 7"}},
        // Too short.
        {"/3t3/3t3/3T3/ttTKTt/3T3/3t3/3t3/", {"row 4", "'ttTKTt'", "6 squares", "expected 7"}},
        {"/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t2/", {"row 7", "6 squares", "expected 7"}},
        {"/3t3/3t3//ttTKTtt/3T3/3t3/3t3/", {"row 3", "0 squares"}},
        // Rows count.
        {"/1t2/4/1K2/4/", {"4 rows"}},
        // Even: no centre square (once "row 1 '3t3' has 7 squares, expected 8").
        {"/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/7/", {"8 rows", "odd-sized"}},
        {"/20/20/20/20/20/20/20/20/20/20/9K10/20/20/20/20/20/20/20/20/20/", {"20 rows", "19x19"}},
        // Kings.
        {"/3t3/3t3/3T3/ttKKTtt/3T3/3t3/3t3/", {"row 4", "second king on d4"}},
        {"/3t3/3t3/3T3/ttTTTtt/3T3/3t3/3t3/", {"no king"}},
        // Pieces Branan does not play, and junk.
        {"/3t3/3t3/3T3/ttTkTtt/3T3/3t3/3t3/", {"row 4", "square d4", "'k'", "king"}},
        {"/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3x3/", {"row 7", "'x'"}},
        {"/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 /", {"row 7", "' '"}},
        // A run of zero squares.
        {"/3t3/3t0t3/3T3/ttTKTtt/3T3/3t3/3t3/", {"row 2", "0"}},
        {"/0/7/7/3K3/7/7/7/", {"row 1", "0"}},
    };
    for (const auto& c : cases) {
        INFO("record '" << c.text << "'");
        testing::check_refused(parse_position_record(c.text), c.expected);
    }
}

// A run whose digits overflow an int must not wrap around to a plausible length:
// 4294967303 = 2^32 + 7, 4294967299 = 2^32 + 3.
TEST_CASE("a run too long for an int is refused, not wrapped", "[record]") {
    for (const char* text :
         {"/3t3/4294967303/3T3/ttTKTtt/3T3/3t3/3t3/", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/4294967299t2/",
          "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t99999999999999999999/"}) {
        INFO("record '" << text << "'");
        const auto r = parse_position_record(text);
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("longer than 7"));
    }
    // Leading zeros are only digits of the run (OpenTafl accumulates digits too).
    const auto z = parse_position_record("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/0003t3/");
    REQUIRE(z.ok());
    CHECK(write_position_record(*z) == "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
}

// A second king is named with its row and square.
TEST_CASE("a second king is refused, naming its row", "[record]") {
    const auto r = parse_position_record("/3t3/3t3/3T3/ttTKTtt/3T3/3K3/3t3/");
    CHECK_FALSE(r.ok());
    CHECK_THAT(error_of(r), Contains("row 6"));
}
