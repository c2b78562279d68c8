// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/game_runner.h"

#include <algorithm>
#include <utility>

#include "core/game.h"

namespace branan::match {

const char* termination_name(Termination t) {
    switch (t) {
        case Termination::Rules:
            return "rules";
        case Termination::MaxPlies:
            return "max plies";
        case Termination::IllegalMove:
            return "illegal move";
        case Termination::Crash:
            return "crash";
        case Termination::Timeout:
            return "timeout";
        case Termination::Stall:
            return "stall";
        case Termination::Garbage:
            return "garbage";
        case Termination::Disconnect:
            return "disconnect";
        case Termination::StartFailure:
            return "start failure";
        case Termination::Adjudication:
            return "adjudication";
    }
    return "?";
}

namespace {

Termination termination_of(MoveReply::Kind kind) {
    switch (kind) {
        case MoveReply::Kind::Crash:
            return Termination::Crash;
        case MoveReply::Kind::Timeout:
            return Termination::Timeout;
        case MoveReply::Kind::Stall:
            return Termination::Stall;
        case MoveReply::Kind::Garbage:
            return Termination::Garbage;
        case MoveReply::Kind::Disconnect:
            return Termination::Disconnect;
        case MoveReply::Kind::Move:
            break;
    }
    return Termination::Garbage;
}

// "Foo crashed: ...". A time loss reads "time forfeit by Foo: ...": records.h keys the
// collections' "timeout" marker on that wording.
std::string failure_text(const std::string& name, MoveReply::Kind kind, const std::string& detail) {
    const std::string tail = detail.empty() ? "" : ": " + detail;
    if (kind == MoveReply::Kind::Timeout) return "time forfeit by " + name + tail;
    std::string what;
    switch (kind) {
        case MoveReply::Kind::Crash:
            what = " crashed";
            break;
        case MoveReply::Kind::Timeout:
            break;
        case MoveReply::Kind::Stall:
            what = " stalled";
            break;
        case MoveReply::Kind::Garbage:
            what = " sent garbage";
            break;
        case MoveReply::Kind::Disconnect:
            what = " disconnected";
            break;
        case MoveReply::Kind::Move:
            break;
    }
    return name + what + tail;
}

}  // namespace

GameOutcome play_game(Player& attackers, Player& defenders, const GameSetup& setup) {
    GameOutcome result;
    auto player_of = [&](Side s) -> Player& {
        return s == Side::Attackers ? attackers : defenders;
    };

    auto created = setup.start_record.empty()
                       ? Game::create(setup.rules)
                       : Game::create(setup.rules, setup.start_record, setup.start_side);
    if (!created) {
        result.termination = Termination::StartFailure;
        result.reason = "bad start position: " + created.error();
        return result;
    }
    Game game = std::move(created.value());
    for (const std::string& text : setup.opening_moves) {
        auto m = game.parse_move(text);
        if (!m) {
            result.termination = Termination::StartFailure;
            result.reason = "bad opening: " + m.error();
            result.final_record = game.record();
            return result;
        }
        result.moves.push_back(game.describe(*m));
        result.notes.emplace_back();
        game.play(*m);
    }
    result.opening_plies = static_cast<int>(result.moves.size());

    auto finish = [&](Outcome outcome, Termination termination, std::string reason) {
        result.outcome = outcome;
        result.termination = termination;
        result.reason = std::move(reason);
        result.final_record = game.record();
        if (outcome == Outcome::AttackersWin)
            result.loser_side = Side::Defenders;
        else if (outcome == Outcome::DefendersWin)
            result.loser_side = Side::Attackers;
        attackers.game_over(outcome);
        defenders.game_over(outcome);
        return result;
    };

    for (Side s : {Side::Attackers, Side::Defenders}) {
        Player& p = player_of(s);
        std::string error;
        if (!p.start(error) || !p.new_game(setup.rules, error)) {
            return finish(win_for(opponent(s)), Termination::StartFailure,
                          p.name() + " failed to start: " + error);
        }
    }

    // Clocks: each side's own time control; a side without a clock reports the other's.
    int64_t clock[2];
    for (Side s : {Side::Attackers, Side::Defenders}) {
        const TimeControl& tc = player_of(s).config().tc;
        clock[index(s)] = tc.clocked() ? tc.base_ms : 0;
    }
    auto shown = [&](Side s) {
        if (player_of(s).config().tc.clocked()) return clock[index(s)];
        const Side o = opponent(s);
        return player_of(o).config().tc.clocked() ? clock[index(o)] : int64_t{0};
    };

    Adjudicator adjudicator(setup.draw, setup.resign);
    for (;;) {
        const Status status = game.status();
        if (status.over())
            return finish(status.outcome, Termination::Rules, reason_name(status.reason));
        if (setup.max_plies > 0 && static_cast<int>(game.moves_played().size()) >= setup.max_plies)
            return finish(Outcome::Draw, Termination::MaxPlies,
                          "max plies (" + std::to_string(setup.max_plies) + ") reached");

        const Side me = game.side_to_move();
        Player& p = player_of(me);
        const MoveReply reply =
            p.request_move(game, shown(Side::Attackers), shown(Side::Defenders));
        result.time_ms[index(me)] += reply.elapsed_ms;
        if (reply.kind != MoveReply::Kind::Move)
            return finish(win_for(opponent(me)), termination_of(reply.kind),
                          failure_text(p.name(), reply.kind, reply.detail));

        auto m = game.parse_move(reply.text);
        if (!m) {
            // Game's error reads "move 'x' is illegal: why"; keep the why.
            std::string why = m.error();
            if (const size_t colon = why.find(": ");
                colon != std::string::npos && why.rfind("move '", 0) == 0)
                why = why.substr(colon + 2);
            p.abandon();  // in an unknown state: a fresh process for the next game
            return finish(win_for(opponent(me)), Termination::IllegalMove,
                          "illegal move " + reply.text + " by " + p.name() + ": " + why);
        }
        result.moves.push_back(game.describe(*m));
        result.notes.push_back(reply.note);
        game.play(*m);

        const TimeControl& tc = p.config().tc;
        if (tc.clocked()) {
            int64_t& c = clock[index(me)];
            c = std::max<int64_t>(0, c - reply.elapsed_ms) + tc.inc_ms;
            if (tc.moves > 0 && moves_by(game, me) % tc.moves == 0) c += tc.base_ms;
        }
        if (game.status().over()) continue;  // the rules' result comes first
        if (auto verdict = adjudicator.after_move(me, reply.score,
                                                  static_cast<int>(game.moves_played().size()))) {
            if (verdict->outcome == Outcome::Draw)
                return finish(Outcome::Draw, Termination::Adjudication, verdict->reason);
            const Side loser =
                verdict->outcome == Outcome::AttackersWin ? Side::Defenders : Side::Attackers;
            return finish(verdict->outcome, Termination::Adjudication,
                          player_of(loser).name() + " " + verdict->reason);
        }
    }
}

}  // namespace branan::match
