// SPDX-License-Identifier: GPL-3.0-or-later
// `branan report --input FILE --out PAGE.html`: a game's report as one self-contained HTML page
// (report/html_report.h): the boards, the moves with the engine's best moves and the mistakes,
// the evaluation graph.
#pragma once

#include <string>
#include <vector>

namespace branan::cli {

int run_report(const std::vector<std::string>& args);

}  // namespace branan::cli
