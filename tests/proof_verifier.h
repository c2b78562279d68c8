// SPDX-License-Identifier: GPL-3.0-or-later
// An independent checker of the proofs `branan solve --proof` writes, built on the rules core's
// Game only (none of the solver's code). It replays a proof: at the winner's turns the one move
// given is legal; at the loser's turns every legal reply is there, none more; every line ends in
// a game end that Game::status() (the rules' verdict, repetition through the game's history
// included) gives to the winner, and no line goes on after a game end.
//
// A proof file is a list of blocks:
//   proof
//   rules <OpenTafl rules string>
//   position otn <record> side <side> [moves m1 m2 ...]
//   winner <side>
//   <the tree: a move a line, indented by two spaces per ply below the position>
//   end
// Lines starting with '#' are comments.
//
// A table leaf: below a move, one line "tablebase win D" or "tablebase loss D" in place of the
// moves that follow: the endgame tables' value of the position there for its side to move (a win
// or a loss in D plies, the block's winner winning). It is checked against the tables through a
// TableLookup (verify_proof --tablebase DIR); without one a proof with table leaves is refused.
// The tables themselves are checked against the rules core by `branan tablebase verify`.
#pragma once

#include <algorithm>
#include <functional>
#include <istream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rules_string.h"
#include "core/text.h"

namespace branan::testing {

struct ProofCheck {
    std::string error;  // empty when the proof holds
    int height = 0;     // plies of the longest line
    size_t nodes = 0;   // moves in the tree
    int proofs = 0;     // blocks checked (check_proof_file)
    size_t table_leaves = 0;
};

// The tables' value of `game`'s position for its side to move, as a table leaf writes it ("win D",
// "loss D"), or "no win" or "outside"; an error when they cannot answer for this game (other
// rules, a history in which a position the tables decide occurred twice since the last capture:
// their winning line might make its third occurrence).
using TableLookup = std::function<Expected<std::string>(const Game&)>;

namespace detail {

struct TreeNode {
    std::string move;
    std::vector<TreeNode> children;
};

// The tree of indented move lines; an empty error when well formed.
inline std::string parse_tree(const std::vector<std::string>& lines, TreeNode& root) {
    std::vector<TreeNode*> stack{&root};  // stack[ply] is the parent of moves at that ply
    for (const std::string& line : lines) {
        const size_t indent = line.find_first_not_of(' ');
        if (indent == std::string::npos || indent % 2) return "bad indentation: '" + line + "'";
        const size_t ply = indent / 2;
        if (ply + 1 > stack.size()) return "a move two plies below its parent: '" + line + "'";
        stack.resize(ply + 1);
        stack.back()->children.push_back({line.substr(indent), {}});
        stack.push_back(&stack.back()->children.back());
    }
    return "";
}

inline constexpr const char* kTableLeaf = "tablebase ";

// Checks the table leaf `leaf` (the only child of a node) at `game`'s position.
inline void check_table_leaf(const Game& game, Side winner, const TreeNode& leaf,
                             const std::string& path, int ply, const TableLookup& tables,
                             ProofCheck& out) {
    const std::string claim = leaf.move.substr(std::string(kTableLeaf).size());
    const std::string word = game.side_to_move() == winner ? "win " : "loss ";
    int distance = -1;
    if (claim.rfind(word, 0) == 0) {
        const std::string d = claim.substr(word.size());
        if (!d.empty() && d.size() < 6 && std::all_of(d.begin(), d.end(), ::isdigit))
            distance = std::stoi(d);
    }
    if (!leaf.children.empty())
        out.error = path + ": moves below a table leaf";
    else if (game.status().over())
        out.error = path + ": a table leaf after the game ended";
    else if (distance < 1)
        out.error = path + ": table leaf '" + leaf.move + "': expected '" + kTableLeaf + word +
                    "<plies>' (" + side_name(winner) + " winning, " +
                    side_name(game.side_to_move()) + " to move)";
    else if (!tables)
        out.error = path + ": a table leaf ('" + leaf.move +
                    "') and no tables to check it against (give the tablebase directory)";
    if (!out.error.empty()) return;
    const Expected<std::string> value = tables(game);
    if (!value)
        out.error = path + ": table leaf: " + value.error();
    else if (*value != claim)
        out.error = path + ": the tables give '" + *value + "', the proof '" + claim + "'";
    out.height = std::max(out.height, ply + distance);
    ++out.table_leaves;
}

inline void check_node(Game& game, Side winner, const TreeNode& node, const std::string& path,
                       int ply, const TableLookup& tables, ProofCheck& out) {
    if (!out.error.empty()) return;
    if (node.children.size() == 1 && node.children[0].move.rfind(kTableLeaf, 0) == 0)
        return check_table_leaf(game, winner, node.children[0], path, ply, tables, out);
    const Status s = game.status();
    out.height = std::max(out.height, ply);
    if (s.over()) {
        if (!node.children.empty())
            out.error = path + ": moves after the game ended";
        else if (s.outcome != win_for(winner))
            out.error = path + ": the line ends " + outcome_name(s.outcome) + " (" +
                        reason_name(s.reason) + "), not a win for " + side_name(winner);
        return;
    }
    if (node.children.empty()) {
        out.error = path + ": the line stops while the game goes on";
        return;
    }
    const std::vector<Move> legal = game.legal_moves();
    if (game.side_to_move() == winner && node.children.size() != 1) {
        out.error = path + ": " + std::to_string(node.children.size()) +
                    " moves at the winner's turn (one expected)";
        return;
    }
    if (game.side_to_move() != winner && node.children.size() != legal.size()) {
        out.error = path + ": " + std::to_string(node.children.size()) + " replies of " +
                    std::to_string(legal.size()) + " legal ones";
        return;
    }
    std::vector<Move> seen;
    for (const TreeNode& child : node.children) {
        auto m = game.parse_move(child.move);
        if (!m) {
            out.error = path + ": " + m.error();
            return;
        }
        if (std::find(seen.begin(), seen.end(), *m) != seen.end()) {
            out.error = path + ": the reply " + child.move + " twice";
            return;
        }
        seen.push_back(*m);
        ++out.nodes;
        game.play(*m);
        check_node(game, winner, child, path + " " + child.move, ply + 1, tables, out);
        game.undo();
        if (!out.error.empty()) return;
    }
}

// The game of a block's "rules" and "position" lines.
inline Expected<Game> block_game(const std::string& rules_text, const std::string& position) {
    auto rules = parse_rules_string(rules_text);
    if (!rules) return Error{"rules: " + rules.error()};
    const std::vector<std::string> w = split_words(position);
    if (w.size() < 4 || w[0] != "otn" || w[2] != "side" || !side_from_name(w[3]) ||
        (w.size() > 4 && w[4] != "moves"))
        return Error{"position: expected 'otn <record> side <side> [moves ...]'"};
    auto game = Game::create(*rules, w[1], *side_from_name(w[3]));
    if (!game) return Error{"position: " + game.error()};
    for (size_t i = 5; i < w.size(); ++i)
        if (auto m = game.value().play(w[i]); !m) return Error{"position: " + m.error()};
    return game;
}

}  // namespace detail

// Checks the proof tree `lines` that `winner` wins from `game`; table leaves through `tables`.
inline ProofCheck check_proof_tree(const Game& game, Side winner,
                                   const std::vector<std::string>& lines,
                                   const TableLookup& tables = {}) {
    ProofCheck out;
    detail::TreeNode root;
    out.error = detail::parse_tree(lines, root);
    if (!out.error.empty()) return out;
    Game g = game;
    detail::check_node(g, winner, root, "at the root", 0, tables, out);
    return out;
}

// Checks every block of a proof file (see above); the error names the block's first line.
inline ProofCheck check_proof_file(std::istream& in, const TableLookup& tables = {}) {
    ProofCheck total;
    std::string line, rules, position, winner;
    std::vector<std::string> tree;
    int number = 0, block_start = 0;
    bool in_block = false;
    auto fail = [&](const std::string& why) {
        total.error = "proof at line " + std::to_string(block_start) + ": " + why;
        return total;
    };
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!in_block) {
            if (line.empty() || line[0] == '#') continue;
            if (line != "proof") return fail("expected 'proof', got '" + line + "'");
            in_block = true;
            block_start = number;
            rules = position = winner = "";
            tree.clear();
        } else if (line.rfind("rules ", 0) == 0 && rules.empty()) {
            rules = line.substr(6);
        } else if (line.rfind("position ", 0) == 0 && position.empty()) {
            position = line.substr(9);
        } else if (line.rfind("winner ", 0) == 0 && winner.empty()) {
            winner = line.substr(7);
        } else if (line == "end") {
            in_block = false;
            auto game = detail::block_game(rules, position);
            if (!game) return fail(game.error());
            auto side = side_from_name(winner);
            if (!side) return fail("winner '" + winner + "' is not a side");
            const ProofCheck c = check_proof_tree(*game, *side, tree, tables);
            if (!c.error.empty()) return fail(c.error);
            total.height = std::max(total.height, c.height);
            total.nodes += c.nodes;
            total.table_leaves += c.table_leaves;
            ++total.proofs;
        } else {
            tree.push_back(line);
        }
    }
    if (in_block) return fail("no 'end'");
    return total;
}

}  // namespace branan::testing
