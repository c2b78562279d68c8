// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the UTI command parser. One Engine/Output/UtiSession lives for the whole run (static);
// each input is reset to brandubh's start position first, then every line of the input is
// handled, then the whole input (lines joined) as the moves of "position startpos moves ...",
// then "query result" and "isready".
// To keep every input fast and bounded, no search is ever started: a "go" line is dropped unless
// it is "go perft <n>" with n <= 3 (a larger n becomes 2), and "setoption name Hash/Threads"
// with a value above 64 is dropped.
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "core/position_command.h"
#include "core/presets.h"
#include "engine/engine.h"
#include "fuzz_common.h"
#include "protocol/output.h"
#include "protocol/uti.h"

namespace {

struct Harness {
    std::ostringstream text;
    branan::Engine engine;
    branan::Output out{text};
    branan::UtiSession session{engine, out, *branan::preset("brandubh")};
};

Harness& harness() {
    static Harness* h = new Harness;  // never destroyed: no shutdown-order surprises at exit
    return *h;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// A whole number as the session reads it (std::from_chars, the whole text); false otherwise.
bool whole_number(const std::string& s, int64_t& v) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size();
}

// The line to feed for `line`, or false to drop it.
bool filter(std::string& line) {
    const std::vector<std::string> words = branan::split_words(line);
    if (words.empty()) return true;
    if (words[0] == "go") {
        if (words.size() != 3 || words[1] != "perft") {
            // Malformed perft lines only print an error; anything else might start a search.
            return words.size() >= 2 && words[1] == "perft";
        }
        int64_t n = 0;
        if (whole_number(words[2], n) && n > 3)
            line = "go perft 2";
        else if (!whole_number(words[2], n) && !words[2].empty() &&
                 words[2].find_first_not_of("0123456789") == std::string::npos)
            line = "go perft 2";  // digits too many for int64: refused anyway, keep it cheap
        return true;
    }
    if (words[0] == "setoption") {
        // The option name and value exactly as UtiSession::setoption takes them apart.
        std::string name;
        size_t i = 2;
        for (; i < words.size() && words[i] != "value"; ++i)
            name += (name.empty() ? "" : " ") + words[i];
        const std::string id = lower(name);
        if (i < words.size() && (id == "hash" || id == "threads")) {
            const size_t at = line.find(" value ");
            std::string value = at == std::string::npos ? "" : line.substr(at + 7);
            while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
                value.erase(0, 1);
            while (!value.empty() && (value.back() == ' ' || value.back() == '\t'))
                value.pop_back();
            int64_t v = 0;
            if (whole_number(value, v) && v > 64) return false;
        }
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Harness& h = harness();
    h.text.str("");
    h.session.handle("setoption name UTI_Variant value brandubh");
    h.session.handle("position startpos");

    const std::string input(reinterpret_cast<const char*>(data), size);
    std::string joined;
    for (size_t start = 0; start <= input.size();) {
        size_t end = input.find('\n', start);
        if (end == std::string::npos) end = input.size();
        std::string line = input.substr(start, end - start);
        start = end + 1;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        joined += line + ' ';
        if (!filter(line)) continue;
        if (!h.session.handle(line)) continue;  // quit: nothing to do in a fuzzer
        FUZZ_CHECK(!h.engine.searching(), "a search is running after '%s'", line.c_str());
    }
    // The input as moves from the start position of the rules the lines have set.
    h.session.handle("position startpos moves " + joined);
    h.session.handle("query result");
    h.session.handle("isready");
    const std::string out = h.text.str();
    FUZZ_CHECK(out.size() >= 8 && out.compare(out.size() - 8, 8, "readyok\n") == 0,
               "isready not answered last");
    return 0;
}
