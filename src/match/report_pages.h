// SPDX-License-Identifier: GPL-3.0-or-later
// The report pages of a match (branan-match --report DIR): a finished game's HTML report
// (report/html_report.h) as "<DIR>/round<R>-game<G>.html", named like its .otg record, with a
// quick analysis (kReportDepth plies a position, less on wide boards: report::default_report_depth)
// so that a page takes a moment, not a game's time. The opening's plies (the first moves, without
// an engine's note) are shown but not judged; a side with a clock has it shown after each move,
// and each move its thinking time. Pages are written as games finish; a resumed run does not
// write those of earlier games.
#pragma once

#include <string>

#include "core/expected.h"
#include "match/records.h"

namespace branan::match {

constexpr int kReportDepth = 4;

// Creates the folder (and its parents); the error names it and says why it cannot be.
Expected<bool> make_report_dir(const std::string& dir);

// Analyses the game and writes its page; false with `error` naming the page and the problem.
bool write_report_page(const GameRecord& g, const std::string& dir, std::string& error);

}  // namespace branan::match
