// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation's running sum: each term's feature times its weight, and, when asked, the
// trace of every term for the protocol's `eval` command and for the Texel fit.
#pragma once

#include <algorithm>
#include <vector>

#include "engine/eval_weights.h"
#include "engine/score.h"

namespace branan {

// One term of the evaluation, from the attackers' point of view: value = feature x weight.
struct EvalTraceTerm {
    EvalTerm term;
    int feature = 0;
    Score value = 0;
};

struct EvalTrace {
    std::vector<EvalTraceTerm> terms;
    Score total_for_attackers = 0;
    // The rules' zero point, for the attackers, that the search subtracts (set by
    // Engine::evaluate; see eval_zero_point in engine.cpp).
    Score zero_point = 0;
};

// The sum of the terms so far, for the attackers, and the trace they go to (if any).
struct EvalSum {
    const EvalWeights& w;
    EvalTrace* trace = nullptr;
    Score total = 0;

    // A term's feature, counted once.
    void add(EvalTerm id, int feature) {
        total += feature * w[id];
        if (trace) [[unlikely]]
            record(id, feature);
    }
    // One piece on a square of table entry `id` (sign -1 for a defender's piece): the trace
    // keeps one line per entry, its feature the pieces' count.
    void add_table_piece(int id, int sign) {
        total += sign * w.weight[id];
        if (trace) [[unlikely]]
            record_table_piece(id, sign);
    }

  private:
    // The trace's lines, out of the hot path (add() is inlined into every term).
    [[gnu::noinline]] void record(EvalTerm id, int feature) {
        trace->terms.push_back({id, feature, feature * w[id]});
    }
    [[gnu::noinline]] void record_table_piece(int id, int sign) {
        auto same = std::find_if(trace->terms.begin(), trace->terms.end(),
                                 [&](const EvalTraceTerm& x) { return x.term == id; });
        if (same == trace->terms.end()) same = trace->terms.insert(same, {EvalTerm(id), 0, 0});
        same->feature += sign;
        same->value += sign * w.weight[id];
    }
};

}  // namespace branan
