//! Every search returns the same root value as plain minimax (after minimax-rs'
//! `tests/strategies.rs`), on thousands of random positions of a small test game.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use zerosum::search::{Limits, Searcher, alpha_beta, minimax, pvs};
use zerosum::testing::{Drop, hash_eval, play_random};
use zerosum::{Game, Score, ZeroEval};

fn random_position(rng: &mut ChaCha8Rng, w: usize, h: usize, k: usize) -> Drop {
    let mut g = Drop::new(w, h, k);
    let plies = rng.random_range(0..w * h);
    for _ in 0..plies {
        if !play_random(&mut g, rng) {
            break;
        }
        if g.outcome().is_some() {
            g.undo();
            break;
        }
    }
    g
}

#[test]
fn all_searches_agree_with_minimax_at_fixed_depth() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut searcher = Searcher::<Drop>::new(1);
    let mut id_searcher = Searcher::<Drop>::new(1);
    let mut checked = 0;
    for i in 0..2000 {
        let mut g = random_position(&mut rng, 4, 4, 3);
        let depth = 1 + (i % 5) as u32;
        let reference = minimax(&mut g, depth, &mut hash_eval);
        let full = (-Score::INFINITE, Score::INFINITE);
        assert_eq!(
            alpha_beta(&mut g, depth, full.0, full.1, &mut hash_eval),
            reference,
            "alpha-beta, depth {depth}: {g:?}"
        );
        assert_eq!(
            pvs(&mut g, depth, full.0, full.1, &mut hash_eval),
            reference,
            "pvs, depth {depth}: {g:?}"
        );
        assert_eq!(
            searcher.search_depth(&mut g, &mut hash_eval, depth, full.0, full.1),
            reference,
            "PVS + TT, depth {depth}: {g:?}"
        );
        let result = id_searcher.search(&mut g, &mut hash_eval, &Limits::depth(depth), |_| {});
        assert_eq!(
            result.score, reference,
            "iterative deepening, depth {depth}: {g:?}"
        );
        // The best move really has the root value.
        if let Some(mv) = result.best_move {
            g.play(mv);
            let child = if g.outcome().is_some() {
                g.outcome().unwrap().score_for(g.side_to_move(), 0)
            } else {
                minimax(&mut g, depth - 1, &mut hash_eval)
            };
            g.undo();
            let expected = if reference.is_decisive() {
                reference
            } else {
                -child
            };
            if !reference.is_decisive() {
                assert_eq!(expected, reference, "best move value, depth {depth}: {g:?}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 2000);
}

#[test]
fn windows_give_correct_bounds() {
    // Fail-soft contract: a value <= alpha is an upper bound, >= beta a lower bound.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut searcher = Searcher::<Drop>::new(1);
    for _ in 0..500 {
        let mut g = random_position(&mut rng, 4, 4, 3);
        let truth = minimax(&mut g, 4, &mut hash_eval);
        let a = Score::heuristic(rng.random_range(-60..40));
        let b = a + rng.random_range(1..40);
        for v in [
            alpha_beta(&mut g, 4, a, b, &mut hash_eval),
            pvs(&mut g, 4, a, b, &mut hash_eval),
            searcher.search_depth(&mut g, &mut hash_eval, 4, a, b),
        ] {
            if v <= a {
                assert!(truth <= v, "upper bound {v} below truth {truth}");
            } else if v >= b {
                assert!(truth >= v, "lower bound {v} above truth {truth}");
            } else {
                assert_eq!(v, truth);
            }
        }
    }
}

#[test]
fn exact_solve_agrees_with_minimax_and_prefers_fast_wins() {
    // With ZeroEval and no depth limit the search is an exact solver: 4x4, three in a row.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut searcher = Searcher::<Drop>::new(4);
    for _ in 0..300 {
        let mut g = random_position(&mut rng, 4, 4, 3);
        let remaining = 16 - g.ply();
        let truth = minimax(&mut g, remaining, &mut ZeroEval);
        let result = searcher.search(&mut g, &mut ZeroEval, &Limits::default(), |_| {});
        assert_eq!(result.score, truth, "{g:?}");
        assert!(result.score.is_decisive() || result.score == Score::DRAW);
    }
}
