// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/eval_weights.h"

#include <array>
#include <fstream>
#include <set>
#include <sstream>

#include "core/text.h"

namespace branan {

namespace {

std::array<std::string, kEvalTermCount> make_names() {
    std::array<std::string, kEvalTermCount> names;
    for (const ScalarTerm& s : kScalarTerms) names[s.term] = s.name;
    const char* const pieces[kPstPieceKinds] = {"attacker", "defender", "king"};
    for (int piece = 0; piece < kPstPieceKinds; ++piece)
        for (int n : kPstBoardSizes)
            for (int high = 0; high < (n + 1) / 2; ++high)
                for (int low = 0; low <= high; ++low) {
                    const int sq = high * n + low;  // file `low`, rank `high`
                    names[pst_term(static_cast<PstPiece>(piece), n, sq)] =
                        std::string("pst_") + pieces[piece] + "_" + std::to_string(n) + "_" +
                        static_cast<char>('a' + low) + std::to_string(high + 1);
                }
    return names;
}

}  // namespace

const char* EvalWeights::name(int term) {
    static const std::array<std::string, kEvalTermCount> names = make_names();
    return term >= 0 && term < kEvalTermCount ? names[term].c_str() : "?";
}

std::string EvalWeights::write() const {
    std::string out = "# Branan evaluation weights: <term> <weight>\n";
    for (int t = 0; t < kEvalTermCount; ++t)
        out += std::string(name(t)) + " " + std::to_string(weight[t]) + "\n";
    return out;
}

Expected<EvalWeights> EvalWeights::parse(std::string_view text) {
    EvalWeights w;
    std::set<int> seen;
    std::istringstream in{std::string(text)};
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream words(line);
        std::string key, value, extra;
        if (!(words >> key)) continue;
        const std::string where = "weights line " + std::to_string(number) + ": ";
        if (!(words >> value) || (words >> extra))
            return Error{where + "expected '<term> <weight>'"};
        int term = 0;
        while (term < kEvalTermCount && key != name(term)) ++term;
        if (term == kEvalTermCount) return Error{where + "unknown term " + branan::quoted(key)};
        if (!seen.insert(term).second)
            return Error{where + "term " + branan::quoted(key) + " given twice"};
        const std::optional<int> v = parse_in_range(value, -100000, 100000);
        if (!v)
            return Error{where + "weight " + branan::quoted(value) +
                         " is not a whole number from -100000 to 100000"};
        w.weight[term] = *v;
    }
    return w;
}

Expected<EvalWeights> EvalWeights::load(const std::string& path) {
    std::ifstream in(path);
    if (!in) return Error{"cannot open weights file " + branan::quoted(path)};
    std::stringstream text;
    text << in.rdbuf();
    auto w = parse(text.str());
    if (!w) return Error{path + ": " + w.error()};
    return w;
}

}  // namespace branan
