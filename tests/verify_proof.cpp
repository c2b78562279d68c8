// SPDX-License-Identifier: GPL-3.0-or-later
// verify_proof FILE [--tablebase DIR]: checks every proof of a `branan solve --proof` file with
// the rules core alone (proof_verifier.h), and its table leaves against the tables in DIR (a
// proof with table leaves is refused without them). Prints how many proofs hold, or the first
// that does not (status 1).
#include <fstream>
#include <iostream>
#include <string>

#include "proof_verifier.h"
#include "table_lookup.h"

int main(int argc, char** argv) {
    const bool with_tables = argc == 4 && std::string(argv[2]) == "--tablebase";
    if (argc != 2 && !with_tables) {
        std::cerr << "usage: verify_proof FILE [--tablebase DIR]\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << "verify_proof: cannot open '" << argv[1] << "'\n";
        return 2;
    }
    branan::testing::TableLookup lookup;
    if (with_tables) {
        auto tables = branan::tablebase::Tablebase::open(argv[3]);
        if (!tables) {
            std::cerr << "verify_proof: " << tables.error() << "\n";
            return 2;
        }
        lookup = branan::testing::table_lookup(*tables);
    }
    const auto check = branan::testing::check_proof_file(in, lookup);
    if (!check.error.empty()) {
        std::cerr << "verify_proof: " << check.error << "\n";
        return 1;
    }
    std::cout << "verified " << check.proofs << " proofs, " << check.nodes
              << " moves, longest line " << check.height << " plies";
    if (check.table_leaves) std::cout << ", " << check.table_leaves << " table leaves";
    std::cout << "\n";
    return 0;
}
