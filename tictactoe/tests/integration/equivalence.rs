//! The core searches agree with plain minimax on tic-tac-toe: `alpha_beta`, `pvs` and the
//! `Searcher` (with its transposition table, shared across positions) return exactly the
//! root value of `minimax` on every reachable 3×3 position (full depth, `ZeroEval`), and
//! on random 4×4 (k = 4) positions at fixed depths with a deterministic evaluator seeded
//! by the position's hash.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tictactoe::enumerate::reachable_positions;
use tictactoe::{Board, Game, Score, Shape};
use zerosum::search::{Limits, Searcher, alpha_beta, minimax, pvs};
use zerosum::testing::play_random;
use zerosum::{Evaluator, ZeroEval};

/// Checks that `alpha_beta`, `pvs` and `searcher`'s fixed-depth search return the value
/// of `minimax` at `b` to `depth` plies with `eval`; returns that value.
fn assert_searches_equal_minimax(
    b: &Board,
    depth: u32,
    eval: &mut impl Evaluator<Board>,
    searcher: &mut Searcher<Board>,
) -> Score {
    let reference = minimax(&mut b.clone(), depth, eval);
    let inf = Score::INFINITE;
    let values = [
        alpha_beta(&mut b.clone(), depth, -inf, inf, eval),
        pvs(&mut b.clone(), depth, -inf, inf, eval),
        searcher.search_depth(&mut b.clone(), eval, depth, -inf, inf),
    ];
    assert_eq!(
        values, [reference; 3],
        "alpha_beta, pvs, search_depth at {b} depth {depth}"
    );
    reference
}

#[test]
fn core_searches_equal_minimax_on_every_reachable_position() {
    let mut searcher = Searcher::<Board>::new(4);
    for b in reachable_positions(&Board::default()) {
        let depth = b.empty_count();
        let reference = assert_searches_equal_minimax(&b, depth, &mut ZeroEval, &mut searcher);
        let r = searcher.search(&mut b.clone(), &mut ZeroEval, &Limits::default(), |_| {});
        assert_eq!(r.score, reference, "Searcher::search at {b}");
        if b.outcome().is_none() {
            let mv = r.best_move.expect("a move");
            let mut after = b.clone();
            after.play(mv);
            let v = -minimax(&mut after, depth, &mut ZeroEval);
            assert_eq!(v.signum(), reference.signum(), "best move {mv} at {b}");
        }
    }
}

/// A deterministic pseudo-evaluation: a hash of the position mapped to −100..=100.
fn hashed_eval(b: &Board) -> Score {
    let mut z = b.hash() ^ 0x5DEE_CE66_D1CE_4E5B;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    Score::heuristic((z % 201) as i32 - 100)
}

/// `count` unfinished 4×4 (k = 4) positions after 0 to 9 random moves (ChaCha8, `seed`).
fn random_4x4_positions(count: usize, seed: u64) -> Vec<Board> {
    let shape = Shape::new(4, 4, 4).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut b = Board::new(shape);
        let plies = rng.random_range(0..10);
        for _ in 0..plies {
            if !play_random(&mut b, &mut rng) {
                break;
            }
        }
        if b.outcome().is_none() {
            out.push(b);
        }
    }
    out
}

#[test]
fn core_searches_equal_minimax_on_random_4x4_positions_at_fixed_depth() {
    let mut shared = Searcher::<Board>::new(4);
    for (i, b) in random_4x4_positions(60, 7).into_iter().enumerate() {
        let depth = 1 + (i as u32 % 4);
        let mut eval = hashed_eval;
        let reference = assert_searches_equal_minimax(&b, depth, &mut eval, &mut shared);
        let mut fresh = Searcher::<Board>::new(1);
        let r = fresh.search(&mut b.clone(), &mut eval, &Limits::depth(depth), |_| {});
        assert_eq!(
            r.score, reference,
            "fresh Searcher::search at {b} depth {depth}"
        );
        let r = shared.search(&mut b.clone(), &mut eval, &Limits::depth(depth), |_| {});
        assert_eq!(
            r.score, reference,
            "shared Searcher::search at {b} depth {depth}"
        );
    }
}

#[test]
fn searcher_reused_along_a_game_keeps_deepening() {
    // A searcher that keeps its table between the moves of a game must still search to
    // the depth asked for: entries from the previous move's search must not make a
    // shallower iteration look "proven".
    let mut searcher = Searcher::<Board>::new(4);
    let mut eval = hashed_eval;
    for b in random_4x4_positions(40, 11) {
        let mut game = b.clone();
        for _ in 0..3 {
            if game.outcome().is_some() {
                break;
            }
            let depth = 4;
            let reference = minimax(&mut game.clone(), depth, &mut eval);
            let r = searcher.search(&mut game.clone(), &mut eval, &Limits::depth(depth), |_| {});
            assert_eq!(r.score, reference, "at {game} (depth reached {})", r.depth);
            game.play(r.best_move.unwrap());
        }
    }
}

#[test]
fn searcher_reused_on_the_same_position_reaches_the_depth_asked() {
    let mut searcher = Searcher::<Board>::new(4);
    let mut eval = hashed_eval;
    for b in random_4x4_positions(40, 13) {
        for depth in 2..=4 {
            let reference = minimax(&mut b.clone(), depth, &mut eval);
            let r = searcher.search(&mut b.clone(), &mut eval, &Limits::depth(depth), |_| {});
            assert_eq!(
                (r.score, r.depth),
                (reference, depth),
                "at {b} depth {depth}"
            );
        }
    }
}

#[test]
fn searcher_root_moves_are_exact_in_analysis_mode_and_bounds_otherwise() {
    let mut analysis = Searcher::<Board>::new(4);
    analysis.set_analysis(true);
    let mut normal = Searcher::<Board>::new(4);
    for b in reachable_positions(&Board::default()) {
        if b.outcome().is_some() {
            continue;
        }
        let depth = b.empty_count();
        // The value of a move for the side to move at `b`: the child's value negated,
        // decisive distances counted one ply further from `b`.
        let exact = |mv| {
            let mut after = b.clone();
            after.play(mv);
            let v = minimax(&mut after, depth, &mut ZeroEval);
            match v.plies_to_end() {
                Some(n) if v.is_win() => Score::loss_in(n + 1),
                Some(n) => Score::win_in(n + 1),
                None => -v,
            }
        };
        let r = analysis.search(&mut b.clone(), &mut ZeroEval, &Limits::default(), |_| {});
        assert_eq!(r.root_moves.len(), b.empty_count() as usize);
        for rm in &r.root_moves {
            assert_eq!(rm.score, exact(rm.mv), "analysis score of {} at {b}", rm.mv);
        }
        let r = normal.search(&mut b.clone(), &mut ZeroEval, &Limits::default(), |_| {});
        assert_eq!(
            r.root_moves[0].score,
            exact(r.root_moves[0].mv),
            "best move at {b}"
        );
        // The other moves are only proven no better than the best (their scores and
        // bounds refer to the depth reached, which stops early once the best is proven).
        let best = exact(r.root_moves[0].mv);
        for rm in &r.root_moves[1..] {
            assert!(exact(rm.mv) <= best, "{} at {b}", rm.mv);
            assert!(rm.score <= r.root_moves[0].score, "{} at {b}", rm.mv);
        }
    }
}

#[test]
fn searcher_under_a_node_limit_still_returns_a_legal_move() {
    let mut searcher = Searcher::<Board>::new(1);
    for b in random_4x4_positions(20, 3) {
        for nodes in [1, 10, 100, 1000] {
            let r = searcher.search(&mut b.clone(), &mut ZeroEval, &Limits::nodes(nodes), |_| {});
            let mv = r.best_move.expect("a move");
            assert!(b.is_legal(mv), "{mv} at {b}");
        }
    }
}

/// An analysis that its node limit cuts answers with the last iteration it finished:
/// every root move valued at that one depth, as plain minimax values it (before, a cut
/// iteration's root moves mixed its values with the previous iteration's).
#[test]
fn a_cut_analysis_values_every_move_at_the_depth_it_finished() {
    let mut analysis = Searcher::<Board>::new(4);
    analysis.set_analysis(true);
    let mut eval = hashed_eval;
    let mut cut = 0;
    for b in random_4x4_positions(30, 21) {
        for nodes in [1, 30, 300, 3000] {
            analysis.clear();
            let r = analysis.search(&mut b.clone(), &mut eval, &Limits::nodes(nodes), |_| {});
            assert!(r.depth >= 1, "at {b}");
            cut += usize::from(r.depth < b.empty_count());
            assert_eq!(r.root_moves.len(), b.empty_count() as usize, "at {b}");
            for rm in &r.root_moves {
                let mut after = b.clone();
                after.play(rm.mv);
                let v = minimax(&mut after, r.depth - 1, &mut eval);
                let expected = match v.plies_to_end() {
                    Some(n) if v.is_win() => Score::loss_in(n + 1),
                    Some(n) => Score::win_in(n + 1),
                    None => -v,
                };
                assert_eq!(
                    rm.score, expected,
                    "{} at {b}, {nodes} nodes, depth {}",
                    rm.mv, r.depth
                );
            }
        }
    }
    assert!(cut > 30, "the limits cut only {cut} analyses");
}
