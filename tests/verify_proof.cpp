// SPDX-License-Identifier: GPL-3.0-or-later
// verify_proof FILE: checks every proof of a `branan solve --proof` file with the rules core
// alone (proof_verifier.h). Prints how many proofs hold, or the first that does not (status 1).
#include <fstream>
#include <iostream>

#include "proof_verifier.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: verify_proof FILE\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << "verify_proof: cannot open '" << argv[1] << "'\n";
        return 2;
    }
    const auto check = branan::testing::check_proof_file(in);
    if (!check.error.empty()) {
        std::cerr << "verify_proof: " << check.error << "\n";
        return 1;
    }
    std::cout << "verified " << check.proofs << " proofs, " << check.nodes
              << " moves, longest line " << check.height << " plies\n";
    return 0;
}
