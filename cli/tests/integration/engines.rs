//! Every game's engine at its top level on a position where an exact solve takes minutes
//! (issue 10's four: Othello with 26 empties, Connect Four after 4 plies, 5×5 tic-tac-toe
//! with k = 5, a Gomoku middle game). The bounds are on what the engine reports — nodes,
//! and its own clock driven by a `TickClock` — never on the wall clock:
//!
//! - a stop flag raised before the call ends the search, the perfect solvers included,
//!   with a legal move, within two poll intervals of nodes plus the first iteration of
//!   the search (the root and each of its moves once);
//! - a 200 ms limit is used to at least 75 % and overrun by at most a few clock readings.

use std::time::Duration;
use zerosum::time::POLL_INTERVAL;
use zerosum::{Engine, Game, Level, MoveList, Notation};

fn tictactoe_5x5() -> tictactoe::Board {
    "...../...../...../...../..... k=5".parse().unwrap()
}

fn connect4_after_4_plies() -> connect4::Position {
    // Off the opening book and the play book, its children too (seconds to solve).
    "1111".parse().unwrap()
}

fn othello_26_empties() -> othello::Othello {
    othello::Othello::from_obf_line(
        "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X",
    )
    .unwrap()
}

fn gomoku_middle_game() -> gomoku::Board {
    gomoku::Board::parse_position("15f:h8i7e9j6e7i9g7").unwrap()
}

/// The engine's move at its strongest level with the stop flag already raised; checks it
/// and returns the nodes it reports.
fn stopped_nodes<E: Engine>(mut engine: E, game: &E::Game) -> u64 {
    engine.set_level(*E::Level::all().last().unwrap());
    let r = zerosum::testing::think_stopped(&mut engine, game);
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let bound = 2 * u64::from(POLL_INTERVAL) + 2 * (moves.len() as u64 + 1);
    assert!(
        r.stats.nodes <= bound,
        "{} nodes after a stop (bound {bound})",
        r.stats.nodes
    );
    r.stats.nodes
}

#[test]
fn a_stop_ends_every_engine_at_its_strongest_level() {
    stopped_nodes(tictactoe::Engine::default(), &tictactoe_5x5());
    stopped_nodes(connect4::Engine::new(8), &connect4_after_4_plies());
    stopped_nodes(othello::Engine::new(4), &othello_26_empties());
}

/// Gomoku under the same bounds: its search, VCF and VCT poll the core budget (every
/// node, every 8 VCF nodes), so a preset stop ends even the root threat searches, and
/// every reading of time goes through the injected clock. (Before, 5,364 nodes after a
/// stop and 210-212 ms for 200 ms in two of nine runs.)
#[test]
fn gomoku_keeps_to_a_stop_and_a_time_limit() {
    stopped_nodes(gomoku::Engine::new(4), &gomoku_middle_game());
    time_used(
        gomoku::Engine::new(4),
        &gomoku_middle_game(),
        Duration::from_micros(500),
    );
}

/// The engine's time at its strongest level under a 200 ms limit on a clock that advances
/// `step` a reading.
fn time_used<E: Engine>(mut engine: E, game: &E::Game, step: Duration) {
    engine.set_level(*E::Level::all().last().unwrap());
    zerosum::testing::check_time_use(&mut engine, game, step, 8);
}

#[test]
fn every_engine_uses_a_time_limit_and_keeps_to_it() {
    let step = Duration::from_micros(500);
    time_used(tictactoe::Engine::default(), &tictactoe_5x5(), step);
    time_used(connect4::Engine::new(8), &connect4_after_4_plies(), step);
    time_used(othello::Engine::new(4), &othello_26_empties(), step);
}
