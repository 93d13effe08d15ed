//! The principal variation of a `perfect` move: the whole perfect line to the game's
//! end, each move keeping the value, checked by plain alpha-beta (no table, no
//! ordering) on random late positions and by the published value of the empty board.

use crate::solver_vs_minimax::random_position;
use connect4::prelude::*;
use connect4::score::from_core;
use connect4::{Column, Engine, Level, Limits, Position};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use zerosum::search::alpha_beta;
use zerosum::{Score, ZeroEval};

/// The exact value of `p` in Pons' scores by plain alpha-beta.
fn reference(p: &Position) -> i32 {
    let mut q = p.clone();
    let v = alpha_beta(&mut q, 64, -Score::INFINITE, Score::INFINITE, &mut ZeroEval);
    from_core(v, p.moves())
}

/// Plays `line` from `p`, checking that every move is legal and keeps the value (in
/// Pons' scores a best move's child scores the parent's negation), and returns the
/// position at its end.
fn follow(p: &Position, line: &[Column]) -> Position {
    let mut q = p.clone();
    let mut value = reference(&q);
    for &col in line {
        assert!(!q.is_over() && q.can_play(col), "{col} after {q:?}");
        q.play(col);
        let next = reference(&q);
        assert_eq!(next, -value, "{col} gives up the value at {q:?}");
        value = next;
    }
    q
}

#[test]
fn a_perfect_move_comes_with_its_line_to_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    let mut engine = Engine::default();
    engine.set_level(Level::Perfect);
    let (mut wins, mut draws) = (0, 0);
    for i in 0..24 {
        let p = random_position(&mut rng, 28 + (i % 6));
        let r = engine.think(&p, &Limits::default(), &mut |_| {});
        assert!(r.exact, "{p:?}");
        assert_eq!(r.pv.first().copied(), r.best_move, "{p:?}");
        let end = follow(&p, &r.pv);
        assert!(end.is_over(), "the line stops short at {end:?}");
        match r.score.plies_to_end() {
            Some(n) => {
                assert_eq!(r.pv.len() as u32, n, "{p:?}: {}", r.score);
                // The side that moves last on the line is the winner.
                let winner_moved_first = r.pv.len() % 2 == 1;
                assert_eq!(r.score.is_win(), winner_moved_first, "{p:?}");
                wins += 1;
            }
            None => {
                assert_eq!(end.moves(), 42, "a draw is played out: {p:?}");
                draws += 1;
            }
        }
    }
    assert!(wins >= 10 && draws >= 1, "{wins} decided, {draws} drawn");
}

/// The empty board is a first-player win with the first player's last stone, the 41st
/// ply (Allis 1988; Pons' score +1): the line from it is 41 moves long and ends in the
/// first player's four.
#[test]
fn the_line_from_the_empty_board_is_forty_one_plies() {
    let mut engine = Engine::default();
    engine.set_level(Level::Perfect);
    let p = Position::new();
    let r = engine.think(&p, &Limits::default(), &mut |_| {});
    assert_eq!(r.score, Score::win_in(41));
    assert_eq!(r.pv.len(), 41);
    let mut q = p.clone();
    for &col in &r.pv {
        assert!(!q.is_over() && q.can_play(col), "{col} after {q:?}");
        q.play(col);
    }
    assert!(q.is_over() && q.moves() == 41, "{q:?}");
    // The last half of the line is small enough for plain alpha-beta.
    let mut q = p.clone();
    for &col in &r.pv[..27] {
        q.play(col);
    }
    follow(&q, &r.pv[27..]);
}
