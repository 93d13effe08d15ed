//! The exact solver against slow references on random positions near the end: zerosum's
//! plain minimax (full tree, no pruning) and its plain alpha-beta (no table, no
//! ordering), both with the zero evaluator, converted to Pons' scores by the ply of the
//! winning stone.

use connect4::score::from_core;
use connect4::{Column, Game, Position, Solution, Solver};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use zerosum::search::{alpha_beta, minimax};
use zerosum::{MoveList, Score, ZeroEval};

/// A random unfinished position with `stones` stones (random games, retried until one
/// reaches that length unfinished).
pub(crate) fn random_position(rng: &mut ChaCha8Rng, stones: u32) -> Position {
    'retry: loop {
        let mut p = Position::new();
        while p.moves() < stones {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                continue 'retry;
            }
            p.play(moves[rng.random_range(0..moves.len())]);
            if p.is_over() {
                continue 'retry;
            }
        }
        return p;
    }
}

#[test]
fn solver_equals_plain_minimax_near_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut solver = Solver::new();
    for i in 0..300 {
        let stones = 33 + (i % 8) as u32;
        let mut p = random_position(&mut rng, stones);
        let want = from_core(minimax(&mut p, 64, &mut ZeroEval), stones);
        assert_eq!(solver.solve(&p), want, "strong solve of {p:?}");
        assert_eq!(solver.solve_weak(&p), want.signum(), "weak solve of {p:?}");
        // The shared solution shape: the score, no root move, this solve's nodes.
        let before = solver.nodes();
        let s = solver.try_solve(&p, false).unwrap();
        let nodes = solver.nodes() - before;
        let expect = Solution {
            score: want,
            best_move: None,
            nodes,
        };
        assert_eq!(s, expect, "try_solve of {p:?}");
        // Every column: the solver's analysis against minimax on the child.
        let scores = solver.analyze(&p, false).unwrap();
        for col in Column::ALL {
            let expect = p.can_play(col).then(|| {
                p.play(col);
                // Plies counted from the child, which has one stone more.
                let v = -minimax(&mut p, 64, &mut ZeroEval);
                p.undo();
                from_core(v, stones + 1)
            });
            assert_eq!(scores[col.index()], expect, "column {col} of {p:?}");
        }
        // The best move: the highest score of the analysis, centre-first among equals.
        let (col, score) = solver.best_move(&p).unwrap().expect("a move");
        assert_eq!(Some(score), scores.iter().flatten().copied().max(), "{p:?}");
        assert_eq!(scores[col.index()], Some(score));
    }
}

#[test]
fn solver_equals_plain_alpha_beta_in_the_late_middle_game() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // A fresh table each time: no help from earlier positions.
    for i in 0..40 {
        let stones = 26 + (i % 6) as u32;
        let mut p = random_position(&mut rng, stones);
        let v = alpha_beta(&mut p, 64, -Score::INFINITE, Score::INFINITE, &mut ZeroEval);
        let mut solver = Solver::new();
        assert_eq!(solver.solve(&p), from_core(v, stones), "{p:?}");
    }
}

#[test]
fn finished_games_score_their_result() {
    let mut solver = Solver::new();
    // The first player has just won with their 4th stone (the 7th of the game).
    let p = Position::from_moves("1212121").unwrap();
    assert_eq!(solver.solve(&p), -18);
    assert_eq!(solver.solve_weak(&p), -1);
    assert_eq!(solver.analyze(&p, false).unwrap(), [None; 7]);
    // A full board without four in a row is a draw: find one among random games.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let drawn = (0..100_000)
        .find_map(|_| {
            let mut p = Position::new();
            let mut moves = MoveList::new();
            loop {
                moves.clear();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    return (p.winner().is_none()).then_some(p);
                }
                p.play(moves[rng.random_range(0..moves.len())]);
            }
        })
        .expect("a drawn random game");
    assert_eq!(drawn.moves(), 42);
    assert_eq!(solver.solve(&drawn), 0);
    let mut before_last = drawn.clone();
    before_last.undo();
    assert_eq!(solver.solve(&before_last), 0);
}
